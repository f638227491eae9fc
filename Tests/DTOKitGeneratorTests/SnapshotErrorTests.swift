import DTOKitGenerator
import XCTest

/// Bad snapshots give precise diagnostics: file, line, JSON path, what to do.
final class SnapshotErrorTests: XCTestCase {
    func testMalformedJsonNamesLineAndColumn() throws {
        let error = try XCTUnwrap(Snippet.error("{\n  \"types\": [\n    {\"name\": \"A\",}\n  ]\n}"))
        XCTAssertEqual(error.file, "test.metadata.json")
        XCTAssertEqual(error.line, 3)
        XCTAssertTrue(error.description.hasPrefix("test.metadata.json:3:"), error.description)
        XCTAssertTrue(error.description.contains("not valid metadata JSON"), error.description)
    }

    func testValidJsonThatIsNotMetadata() throws {
        let error = try XCTUnwrap(Snippet.error(#"{"name":"package.json","version":"1.0"}"#))
        XCTAssertTrue(error.message.contains("not a ServiceStack metadata snapshot"))
        XCTAssertNotNil(error.hint)
    }

    func testWrongMemberTypeNamesThePath() throws {
        let error = try XCTUnwrap(Snippet.error(#"{"types":[{"name":"A","properties":{"oops":1}}]}"#))
        XCTAssertEqual(error.jsonPath, "$.types[0].properties")
        XCTAssertEqual(error.line, 1)
    }

    func testMissingReferencedTypeFallsBackToJsonValueWithAWarning() throws {
        let snapshot =
            "{\"types\":[\n"
            + Snippet.type("Holder", Snippet.property("Thing", "Missing", namespace: "My.ServiceModel")) + "\n]}"
        let (output, warnings) = try Snippet.run(snapshot)
        XCTAssertEqual(warnings.count, 1)
        let warning = try XCTUnwrap(warnings.first)
        XCTAssertEqual(warning.jsonPath, "$.types[0].properties[0].type")
        XCTAssertEqual(warning.line, 2)
        XCTAssertTrue(
            warning.message.hasPrefix("`Holder.thing`, typed `Missing`: the snapshot does not define `Missing`"),
            warning.message)
        XCTAssertTrue(warning.description.hasPrefix("test.metadata.json:2:"), warning.description)
        XCTAssertTrue(warning.description.contains(": warning: "), warning.description)
        assertLines(output, contain: ["public final var thing: JsonValue?"])
    }

    func testDuplicateTypeNamesInDifferentNamespacesKeepTheFirst() throws {
        let types = #"{"name":"Item","namespace":"A","properties":[]},{"name":"Item","namespace":"B","properties":[]}"#
        let (output, warnings) = try Snippet.run(Snippet.snapshot(types: types))
        XCTAssertEqual(output.components(separatedBy: "nonisolated class Item").count, 2, output)
        XCTAssertEqual(warnings.map(\.jsonPath), ["$.types[1]"])
        XCTAssertTrue(warnings.first?.message.contains("two types are both named `Item`") == true, "\(warnings)")
        XCTAssertTrue(warnings.first?.message.contains("ExcludeTypes: Item") == true)
    }

    func testTypeWithoutNameFailsAndInvalidIdentifiersDegrade() throws {
        XCTAssertEqual(Snippet.error(#"{"types":[{"namespace":"A"}]}"#)?.jsonPath, "$.types[0].name")
        let badName = try Snippet.run(Snippet.snapshot(types: #"{"name":"My-Type","namespace":"A","properties":[]}"#))
        XCTAssertTrue(badName.warnings.first?.message.contains("not a valid Swift identifier") == true)
        XCTAssertFalse(badName.output.contains("nonisolated class "), badName.output)
        let badEnum = try Snippet.run(
            Snippet.snapshot(
                types: #"{"name":"E","namespace":"A","isEnum":true,"enumNames":["A","B"],"enumValues":["1","x"]}"#))
        XCTAssertEqual(badEnum.warnings.map(\.jsonPath), ["$.types[0].enumValues[1]"])
        assertLines(badEnum.output, contain: ["case A = 1", "case B = 2"])
        let mismatched = Snippet.error(
            Snippet.snapshot(
                types: #"{"name":"E","namespace":"A","isEnum":true,"enumNames":["A","B"],"enumValues":["1"]}"#))
        XCTAssertEqual(mismatched?.jsonPath, "$.types[0].enumValues")
    }

    func testEmptySnapshotGeneratesAValidHeaderOnlyFile() throws {
        let output = try Snippet.generate(#"{"types":[],"operations":[]}"#)
        XCTAssertTrue(output.contains("import DTOKit"))
        XCTAssertFalse(output.contains("nonisolated class "))
    }
}
