import DTOKit
@testable import DTOKitGenerator
import Foundation
import XCTest

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
        "GetAccessTokenResponse": GetAccessTokenResponse(), "KeyValuePair`2": KeyValuePair<EmptyResponse, EmptyResponse>(),
    ]

    func testTheBuiltInClassTableMatchesTheRuntimesClasses() throws {
        XCTAssertEqual(Set(BuiltInTypes.classes.keys), Set(runtimeClasses.keys))
        for (clrName, entry) in BuiltInTypes.classes.sorted(by: { $0.key < $1.key }) {
            let object = try XCTUnwrap(runtimeClasses[clrName], clrName)
            let runtimeName = String(describing: type(of: object))
            XCTAssertEqual(runtimeName.prefix { $0 != "<" }, Substring(entry.swiftName), clrName)
            XCTAssertEqual(type(of: object) is any JsonSerializable.Type, entry.isSerializable, "\(clrName): JsonSerializable")
            XCTAssertEqual(object is QueryBase, entry.isQuery, "\(clrName): an AutoQuery base")
            let expected = entry.properties.map { "\($0.name): \(Self.runtimeSpelling($0.type, parameters: entry.genericParameters))" }
            XCTAssertEqual(Self.storedProperties(of: object), expected, clrName)
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

    /// Every builder the generator calls is one DTOKit declares, and the edge-case snapshot reaches each
    /// of DTOKit's builders, with its options (EdgeCaseDTOs, compiled by this package's tests) and with
    /// required members (the compile matrix's `MakePropertiesOptional: False`, `InitializeCollections: True`).
    func testTheEdgeCaseSnapshotCallsEveryRuntimeBuilder() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fixture = root.appendingPathComponent("Tests/Fixtures/EdgeCaseDTOs")
        let options = try OptionsFile.parse(String(contentsOf: fixture.appendingPathComponent("edgecases.options"), encoding: .utf8),
                                            fileName: "edgecases.options")
        var required = options
        required.makePropertiesOptional = false
        required.initializeCollections = true
        let snapshot = try Data(contentsOf: fixture.appendingPathComponent("edgecases.metadata.json"))
        var called = Set<String>()
        for options in [options, required] {
            let files = try DTOGenerator(options: options).generate(snapshot: snapshot, snapshotName: "edgecases.metadata.json")
            called.formUnion(Self.matches(of: #"Property<[^\n]*?>\.([a-zA-Z]+)\("#, in: files.map(\.contents).joined()))
        }

        var declared = Set<String>()
        let runtime = root.appendingPathComponent("Sources/DTOKit/Serialization")
        for name in try FileManager.default.contentsOfDirectory(atPath: runtime.path) where name.hasPrefix("Property") {
            let text = try String(contentsOf: runtime.appendingPathComponent(name), encoding: .utf8)
            if text.contains("extension Property") || text.contains("struct Property<") || text.contains("enum Property<") {
                declared.formUnion(Self.matches(of: #"\n    public static func ([a-zA-Z]+)[<(]"#, in: text))
            }
        }
        XCTAssertFalse(declared.isEmpty)
        XCTAssertEqual(called.subtracting(declared), [], "builders the generator calls that DTOKit lacks")
        XCTAssertEqual(declared.subtracting(called), [], "DTOKit builders the edge-case snapshot does not reach")
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
    private static func runtimeSpelling(_ type: SwiftType, parameters: [String]) -> String {
        switch type {
        case .optional(let wrapped): return "Optional<\(runtimeSpelling(wrapped, parameters: parameters))>"
        case .array(let element): return "Array<\(runtimeSpelling(element, parameters: parameters))>"
        case .dictionary(let key, let value):
            return "Dictionary<\(runtimeSpelling(key, parameters: parameters)), \(runtimeSpelling(value, parameters: parameters))>"
        case .named(let name, _, _, _): return parameters.contains(name) ? "EmptyResponse" : name
        }
    }

    private static func matches(of pattern: String, in text: String) -> Set<String> {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return Set(expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        })
    }
}
