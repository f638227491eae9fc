import DTOKit
import DTOKitStructs
import Foundation
import XCTest

@testable import DTOKitGenerator

/// What the generator knows of the runtime, checked against the runtime itself: the marker protocols,
/// value formats and property builders it names. (The built-in ServiceStack types need no such check:
/// the generator writes them, BuiltInSourcesTests.)
final class RuntimeAgreementTests: XCTestCase {
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
        let runtime = [
            "TimeSpan": values(of: TimeSpan.self), "Base64Bytes": values(of: Base64Bytes.self),
            "DateOnly": values(of: DateOnly.self),
        ]
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

    private static func matches(of pattern: String, in text: String) -> Set<String> {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            expression.matches(in: text, range: range).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
    }
}
