import DTOKit
import DTOKitStructs
import Foundation
import XCTest

@testable import DTOKitGenerator

/// What the generator knows of the runtime, checked against the runtime itself: the built-in
/// ServiceStack classes it does not generate (names, kinds, stored properties and their types) and the
/// property builders it calls.
final class RuntimeAgreementTests: XCTestCase {
    /// An instance of each built-in class, by the CLR name the generator's table uses; every generic
    /// parameter is `EmptyResponse`.
    private let runtimeClasses: [String: AnyObject] = [
        "QueryBase": QueryBase(), "QueryDb`1": QueryDb<EmptyResponse>(),
        "QueryDb`2": QueryDb2<EmptyResponse, EmptyResponse>(), "QueryData`1": QueryData<EmptyResponse>(),
        "QueryData`2": QueryData2<EmptyResponse, EmptyResponse>(), "AuditBase": AuditBase(),
        "QueryResponse`1": QueryResponse<EmptyResponse>(), "ResponseStatus": ResponseStatus(),
        "ResponseError": ResponseError(), "ErrorResponse": ErrorResponse(), "EmptyResponse": EmptyResponse(),
        "IdResponse": IdResponse(), "BoolResponse": BoolResponse(), "StringResponse": StringResponse(),
        "StringsResponse": StringsResponse(), "Authenticate": Authenticate(),
        "AuthenticateResponse": AuthenticateResponse(), "GetAccessToken": GetAccessToken(),
        "GetAccessTokenResponse": GetAccessTokenResponse(),
        "KeyValuePair`2": KeyValuePair<EmptyResponse, EmptyResponse>(),
    ]

    func testTheBuiltInClassTableMatchesTheRuntimesClasses() throws {
        XCTAssertEqual(Set(BuiltInTypes.classes.keys), Set(runtimeClasses.keys))
        for (clrName, entry) in BuiltInTypes.classes.sorted(by: { $0.key < $1.key }) {
            let object = try XCTUnwrap(runtimeClasses[clrName], clrName)
            let runtimeName = String(describing: type(of: object))
            XCTAssertEqual(runtimeName.prefix { $0 != "<" }, Substring(entry.swiftName), clrName)
            XCTAssertEqual(
                type(of: object) is any JsonSerializable.Type, entry.isSerializable, "\(clrName): JsonSerializable")
            XCTAssertEqual(object is QueryBase, entry.isQuery, "\(clrName): an AutoQuery base")
            let expected = entry.properties.map {
                "\($0.name): \(Self.runtimeSpelling($0.type, parameters: entry.genericParameters))"
            }
            XCTAssertEqual(Self.storedProperties(of: object), expected, clrName)
        }
    }

    /// The struct forms of the built-ins (`ExportAsStructs`): one for every built-in that is not only a
    /// base class, named as ``BuiltInTypes/valueName(of:)`` says, with the class's members in value forms.
    func testTheBuiltInsStructFormsMatchTheClasses() throws {
        let values: [String: Any] = [
            "QueryResponse`1": QueryResponseValue<EmptyResponseValue>(), "ResponseStatus": ResponseStatusValue(),
            "ResponseError": ResponseErrorValue(), "ErrorResponse": ErrorResponseValue(),
            "EmptyResponse": EmptyResponseValue(),
            "IdResponse": IdResponseValue(), "BoolResponse": BoolResponseValue(),
            "StringResponse": StringResponseValue(),
            "StringsResponse": StringsResponseValue(), "Authenticate": AuthenticateValue(),
            "AuthenticateResponse": AuthenticateResponseValue(), "GetAccessToken": GetAccessTokenValue(),
            "GetAccessTokenResponse": GetAccessTokenResponseValue(),
            "KeyValuePair`2": KeyValuePairValue<EmptyResponseValue, EmptyResponseValue>(),
        ]
        XCTAssertEqual(Set(values.keys), Set(BuiltInTypes.classes.filter { $0.value.isSerializable }.keys))
        for (clrName, value) in values.sorted(by: { $0.key < $1.key }) {
            let entry = try XCTUnwrap(BuiltInTypes.classes[clrName])
            XCTAssertEqual(
                String(describing: type(of: value)).prefix { $0 != "<" },
                Substring(BuiltInTypes.valueName(of: entry.swiftName)))
            XCTAssertTrue(type(of: value) is any JsonStruct.Type, clrName)
            let expected = entry.properties.map {
                "\($0.name): \(Self.runtimeSpelling(BuiltInTypes.valueForms($0.type), parameters: entry.genericParameters, bound: "EmptyResponseValue"))"
            }
            XCTAssertEqual(
                Mirror(reflecting: value).children.map {
                    "\($0.label ?? "?"): \(String(describing: type(of: $0.value)))"
                },
                expected, clrName)
        }
    }

    func testTheRuntimeProvidesEveryMarkerProtocolTheGeneratorConformsTo() {
        let runtime: [String: Any.Type] = [
            "IGet": (any IGet).self, "IPost": (any IPost).self, "IPut": (any IPut).self, "IDelete": (any IDelete).self,
            "IPatch": (any IPatch).self, "IHasBearerToken": (any IHasBearerToken).self,
            "IHasSessionId": (any IHasSessionId).self, "IHasVersion": (any IHasVersion).self, "IMeta": (any IMeta).self,
        ]
        XCTAssertEqual(BuiltInTypes.protocols, Set(runtime.keys))
        for (name, type) in runtime {
            XCTAssertEqual(String(describing: type), name)
        }
    }

    /// Each of the generator's value formats names a `JsonFormat` of DTOKit whose values are the
    /// members' Swift type.
    func testEveryValueFormatIsARuntimeFormatOfItsMembersType() {
        func values<Format: JsonFormat>(of _: Format.Type) -> String { String(describing: Format.Value.self) }
        let runtime = ["TimeSpan": values(of: TimeSpan.self), "Base64Bytes": values(of: Base64Bytes.self)]
        XCTAssertEqual(Set(ValueFormat.all.map(\.formatType)), Set(runtime.keys))
        let aliases = ["TimeInterval": "Double"]
        for format in ValueFormat.all {
            let element = aliases[format.swiftName] ?? format.swiftName
            XCTAssertEqual(
                runtime[format.formatType], format.isArray ? "Array<\(element)>" : element, format.formatType)
        }
    }

    /// Every builder the generator calls is one DTOKit declares, and the edge-case snapshot reaches each
    /// (generated with its options, and again with required members), for classes and for structs.
    func testTheEdgeCaseSnapshotCallsEveryRuntimeBuilder() throws {
        try checkBuilders(family: "Property", structs: false)
        try checkBuilders(family: "StructProperty", structs: true)
    }

    private func checkBuilders(family: String, structs: Bool) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let fixture = root.appendingPathComponent("Tests/Fixtures/EdgeCaseDTOs")
        var options = try OptionsFile.parse(
            String(contentsOf: fixture.appendingPathComponent("edgecases.options"), encoding: .utf8),
            fileName: "edgecases.options")
        options.exportAsStructs = structs
        var required = options
        required.makePropertiesOptional = false
        required.initializeCollections = true
        let snapshot = try Data(contentsOf: fixture.appendingPathComponent("edgecases.metadata.json"))
        var called = Set<String>()
        for options in [options, required] {
            let files = try DTOGenerator(options: options).generate(
                snapshot: snapshot, snapshotName: "edgecases.metadata.json")
            called.formUnion(
                Self.matches(of: #"\b"# + family + #"<[^\n]*?>\.([a-zA-Z]+)\("#, in: files.map(\.contents).joined()))
        }

        // The builders are written once for both families (`Serialization/Builders`, linked into
        // DTOKitStructs).
        var declared = Set<String>()
        let builders = root.appendingPathComponent("Sources/DTOKit/Serialization/Builders")
        for name in try FileManager.default.contentsOfDirectory(atPath: builders.path)
        where !name.hasSuffix("+Deprecated.swift") {
            let text = try String(contentsOf: builders.appendingPathComponent(name), encoding: .utf8)
            declared.formUnion(Self.matches(of: #"\n    public static func ([a-zA-Z]+)[<(]"#, in: text))
        }
        XCTAssertFalse(declared.isEmpty, family)
        XCTAssertEqual(called.subtracting(declared), [], "\(family) builders the generator calls that DTOKit lacks")
        XCTAssertEqual(
            declared.subtracting(called), [], "DTOKit \(family) builders the edge-case snapshot does not reach")
    }

    // MARK: Helpers

    /// `name: Type` for each stored property, base class first, as `String(describing:)` spells the type.
    private static func storedProperties(of object: AnyObject) -> [String] {
        var mirrors: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            mirrors.insert(current, at: 0)
            mirror = current.superclassMirror
        }
        return mirrors.flatMap { mirror in
            mirror.children.map { "\($0.label ?? "?"): \(String(describing: type(of: $0.value)))" }
        }
    }

    /// The generator's type as the runtime spells it, generic parameters bound to `EmptyResponse`.
    private static func runtimeSpelling(_ type: SwiftType, parameters: [String], bound: String = "EmptyResponse")
        -> String
    {
        func spelling(_ type: SwiftType) -> String { runtimeSpelling(type, parameters: parameters, bound: bound) }
        switch type {
        case .optional(let wrapped): return "Optional<\(spelling(wrapped))>"
        case .array(let element): return "Array<\(spelling(element))>"
        case .dictionary(let key, let value): return "Dictionary<\(spelling(key)), \(spelling(value))>"
        case .named(let name, _, _, _): return parameters.contains(name) ? bound : name
        }
    }

    private static func matches(of pattern: String, in text: String) -> Set<String> {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            expression.matches(in: text, range: range).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
    }
}
