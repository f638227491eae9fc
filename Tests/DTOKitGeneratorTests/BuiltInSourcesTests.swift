import Foundation
import XCTest

@testable import DTOKitGenerator

/// DTOKit's built-in classes and DTOKitStructs' struct forms are what the generator writes from its
/// table of them (BuiltInTypes+Table.swift): the runtime and the generator agree by construction. After
/// changing the table or the emitters, write the files again with
///
///     DTOKIT_RECORD_REFERENCES=1 DTOKIT_FAST_TESTS=1 swift test --filter BuiltInSourcesTests
final class BuiltInSourcesTests: XCTestCase {
    func testTheRuntimesBuiltInsAreWhatTheGeneratorWrites() throws {
        let record = ProcessInfo.processInfo.environment["DTOKIT_RECORD_REFERENCES"] == "1"
        for file in BuiltInSources.files() {
            let url = repositoryRoot.appendingPathComponent(file.path)
            if record {
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let checkedIn = try String(contentsOf: url, encoding: .utf8)
            let lines = (checkedIn.split(separator: "\n"), file.contents.split(separator: "\n"))
            let difference = zip(lines.0, lines.1).enumerated().first { $0.element.0 != $0.element.1 }
            XCTAssertTrue(
                checkedIn == file.contents,
                """
                \(file.path) is not what the generator writes from its table of built-ins \
                (line \((difference?.offset ?? min(lines.0.count, lines.1.count)) + 1): \
                "\(difference?.element.0 ?? "")" where the generator writes "\(difference?.element.1 ?? "")"). \
                Change BuiltInTypes+Table.swift rather than the file, then write it again with \
                DTOKIT_RECORD_REFERENCES=1 DTOKIT_FAST_TESTS=1 swift test --filter BuiltInSourcesTests
                """)
        }
    }

    /// Every built-in the table defines has its declaration in the files, and a struct form exactly
    /// when it is a DTO of its own; a table line that is not understood defines nothing.
    func testTheTableDefinesEveryBuiltInWithItsMembers() {
        XCTAssertEqual(BuiltInTypes.orderedClasses.count, 20)
        XCTAssertEqual(BuiltInTypes.classes.count, BuiltInTypes.orderedClasses.count)
        let files = BuiltInSources.files()
        for builtIn in BuiltInTypes.orderedClasses {
            XCTAssertFalse(builtIn.documentation.isEmpty, builtIn.clrName)
            XCTAssertTrue(
                builtIn.properties.allSatisfy { !$0.documentation.isEmpty }, "\(builtIn.clrName): a member's docs")
            XCTAssertTrue(files[0].contents.contains("open nonisolated class \(builtIn.swiftName)"), builtIn.clrName)
            XCTAssertEqual(
                files[1].contents.contains("struct \(BuiltInTypes.valueName(of: builtIn.swiftName))"),
                builtIn.isSerializable, builtIn.clrName)
        }
        let authenticate = BuiltInTypes.classes["Authenticate"]
        XCTAssertEqual(authenticate?.returnType, "AuthenticateResponse")
        XCTAssertEqual(authenticate?.protocols, ["IPost"])
        XCTAssertEqual(BuiltInTypes.classes["QueryResponse`1"]?.protocols, ["IQueryResponse"])
        XCTAssertEqual(authenticate?.routes.map(\.path), ["/auth", "/auth/{provider}"])
        XCTAssertEqual(BuiltInTypes.classes["QueryDb`2"]?.baseName, "QueryBase")
        XCTAssertEqual(BuiltInTypes.classes["QueryDb`2"]?.genericParameters, ["From", "Into"])
        XCTAssertEqual(BuiltInTypes.queryBaseProperties.map(\.name).last, "meta")
    }
}
