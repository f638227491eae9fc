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

    func testMissingReferencedTypeNamesPropertyAndPath() throws {
        let snapshot = "{\"types\":[\n" + Snippet.type("Holder", Snippet.property("Thing", "Missing", namespace: "My.ServiceModel")) + "\n]}"
        let error = try XCTUnwrap(Snippet.error(snapshot))
        XCTAssertEqual(error.jsonPath, "$.types[0].properties[0].type")
        XCTAssertEqual(error.line, 2)
        XCTAssertTrue(error.message.contains("type `Missing` is not defined in the snapshot (used by `Holder.Thing`)"), error.message)
    }

    func testDuplicateTypeNamesInDifferentNamespaces() throws {
        let types = #"{"name":"Item","namespace":"A","properties":[]},{"name":"Item","namespace":"B","properties":[]}"#
        let error = try XCTUnwrap(Snippet.error(Snippet.snapshot(types: types)))
        XCTAssertTrue(error.message.contains("two types are both named `Item`"), error.message)
        XCTAssertTrue(error.hint?.contains("ExcludeTypes: Item") == true)
    }

    func testTypeWithoutNameAndInvalidIdentifiers() throws {
        XCTAssertEqual(Snippet.error(#"{"types":[{"namespace":"A"}]}"#)?.jsonPath, "$.types[0].name")
        let badName = Snippet.error(Snippet.snapshot(types: #"{"name":"My-Type","namespace":"A","properties":[]}"#))
        XCTAssertTrue(badName?.message.contains("not a valid Swift identifier") == true)
        let badEnum = Snippet.error(Snippet.snapshot(types: #"{"name":"E","namespace":"A","isEnum":true,"enumNames":["A","B"],"enumValues":["1","x"]}"#))
        XCTAssertEqual(badEnum?.jsonPath, "$.types[0].enumValues[1]")
        let mismatched = Snippet.error(Snippet.snapshot(types: #"{"name":"E","namespace":"A","isEnum":true,"enumNames":["A","B"],"enumValues":["1"]}"#))
        XCTAssertEqual(mismatched?.jsonPath, "$.types[0].enumValues")
    }

    func testEmptySnapshotGeneratesAValidHeaderOnlyFile() throws {
        let output = try Snippet.generate(#"{"types":[],"operations":[]}"#)
        XCTAssertTrue(output.contains("import DTOKit"))
        XCTAssertFalse(output.contains("class "))
    }
}
