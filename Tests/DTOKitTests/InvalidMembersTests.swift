import DTOKit
import Foundation
import XCTest

/// `JsonDecodingOptions.invalidMembers`: a member whose value is valid JSON but does not fit its
/// property fails the document by default, or is skipped and reported, as ServiceStack.Text does.
final class InvalidMembersTests: XCTestCase {
    private func skipping(_ report: SkippedMembers) -> JsonDecodingOptions {
        JsonDecodingOptions(invalidMembers: .skip(reportingTo: report))
    }

    func testStrictByDefault() {
        XCTAssertEqual(JsonDecodingOptions().invalidMembers, .fail)
        XCTAssertThrowsError(try Child.fromJson(#"{"id":"x","name":"a"}"#)) { error in
            XCTAssertEqual((error as? JsonDecodingError)?.jsonPath, "$.id")
        }
    }

    func testAMemberThatDoesNotFitIsSkippedAndReported() throws {
        let report = SkippedMembers()
        let child = try Child.fromJson(#"{"id":"x","name":"a","child":{"id":2}}"#, options: skipping(report))
        XCTAssertNil(child.id)
        XCTAssertEqual(child.name, "a")
        XCTAssertEqual(child.child?.id, 2)
        XCTAssertEqual(report.all.count, 1)
        let skipped = try XCTUnwrap(report.all.first)
        XCTAssertEqual(skipped.jsonPath, "$.id")
        XCTAssertEqual(skipped.offset, 6)
        XCTAssertTrue(skipped.expected.contains("number"), skipped.expected)
        XCTAssertEqual(skipped.found, #"the string "x""#)
    }

    func testAReportStaysBoundedHoweverManyMembersAreSkipped() throws {
        let report = SkippedMembers()
        let seen = Counter()
        let counting = SkippedMembers { _ in seen.increment() }
        let rows = Array(repeating: #"{"id":"x","name":"n"}"#, count: 100).joined(separator: ",")
        let page = try Page<Child>.fromJson(#"{"results":[\#(rows)]}"#, options: skipping(report))
        XCTAssertEqual(page.results?.count, 100)
        XCTAssertEqual(report.all.count, 32, "paths for the first ones only")
        XCTAssertEqual(report.all.last?.jsonPath, "$.results[31].id")
        XCTAssertEqual(report.omittedCount, 100 - report.all.count)
        XCTAssertTrue(report.description.hasSuffix("… and 68 more"), report.description)

        for _ in 0..<40 {
            _ = try Page<Child>.fromJson(#"{"results":[\#(rows)]}"#, options: skipping(counting))
        }
        XCTAssertEqual(counting.all.count, SkippedMembers.capacity)
        XCTAssertEqual(counting.omittedCount, 40 * 100 - SkippedMembers.capacity)
        XCTAssertEqual(seen.value, 40 * 32, "the handler sees every member reported with its path")
        counting.removeAll()
        XCTAssertEqual(counting.all.count + counting.omittedCount, 0)
    }

    func testPathsFromTheRootThroughArraysAndObjects() throws {
        let report = SkippedMembers()
        let json = #"""
            {"results":[{"id":1,"name":"one"},{"id":true,"name":"two","child":{"id":[1],"name":"grandchild"}}],"total":2}
            """#
        let page = try Page<Child>.fromJson(json, options: skipping(report))
        XCTAssertEqual(page.results?.map(\.name), ["one", "two"])
        XCTAssertEqual(page.results?.map(\.id), [1, nil])
        XCTAssertEqual(page.results?.last?.child?.name, "grandchild")
        XCTAssertEqual(page.total, 2)
        XCTAssertEqual(report.all.map(\.jsonPath), ["$.results[1].id", "$.results[1].child.id"])
    }

    func testACollectionMemberIsSkippedWholeWithThePathOfTheBadElement() throws {
        let report = SkippedMembers()
        let json = #"{"ints":[1,2],"grid":[[1],[2,"three"]],"optStrings":["a"],"lookup":{"a":1,"b":"x"}}"#
        let collections = try Collections.fromJson(json, options: skipping(report))
        XCTAssertEqual(collections.ints, [1, 2])
        XCTAssertNil(collections.grid)
        XCTAssertEqual(collections.optStrings, ["a"])
        XCTAssertEqual(collections.lookup, [:])
        XCTAssertEqual(report.all.map(\.jsonPath), ["$.grid[1][1]", "$.lookup.b"])
    }

    func testOddValueFormatsAreSkipped() throws {
        let report = SkippedMembers()
        let json =
            #"{"when":"last tuesday","duration":"a while","priority":"Urgent","color":"Red","guid":"not-a-guid"}"#
        let formats = try Formats.fromJson(json, options: skipping(report))
        XCTAssertNil(formats.when)
        XCTAssertEqual(formats.duration, 0)
        XCTAssertEqual(formats.priority, .Low)
        XCTAssertEqual(formats.color, .Red)
        XCTAssertEqual(report.all.map(\.jsonPath), ["$.when", "$.duration", "$.priority", "$.guid"])
    }

    func testSyntaxErrorsStillFailTheDocument() {
        let report = SkippedMembers()
        for json in [
            #"{"id":"x","name":}"#, #"{"id":[1,2,"name":"a"}"#, #"{"id":"unterminated}"#, #"{"id":tru,"name":"a"}"#,
        ] {
            XCTAssertThrowsError(try Child.fromJson(json, options: skipping(report)), json)
        }
        XCTAssertEqual(report.all.count, 0, "\(report)")
    }

    func testTheNestingLimitStillHolds() {
        let report = SkippedMembers()
        let deep = #"{"id":"# + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}"
        XCTAssertThrowsError(try Child.fromJson(deep, options: skipping(report))) { error in
            XCTAssertTrue("\(error)".contains("levels of nesting"), "\(error)")
        }
        XCTAssertEqual(report.all.count, 0)
    }

    func testTheHandlerSeesEachMemberAsItIsSkipped() throws {
        let seen = Locked<[String]>([])
        let report = SkippedMembers { error in seen.withLock { $0.append(error.jsonPath) } }
        _ = try Child.fromJson(#"{"id":"x","child":{"id":"y"}}"#, options: skipping(report))
        _ = try Child.fromJson(#"{"id":"z"}"#, options: skipping(report))
        XCTAssertEqual(seen.current, ["$.id", "$.child.id", "$.id"])
        XCTAssertEqual(report.all.count, 3)
        report.removeAll()
        XCTAssertEqual(report.all.count, 0)
    }

    func testWhitespaceAroundSkippedValuesAndTheMembersAfterThem() throws {
        let report = SkippedMembers()
        let json = "{\n  \"id\" :  \"x\" ,\n  \"name\": \"after\"\n}"
        let child = try Child.fromJson(json, options: skipping(report))
        XCTAssertEqual(child.name, "after")
        XCTAssertEqual(report.all.first?.jsonPath, "$.id")
        XCTAssertEqual(report.all.first?.line, 2)
    }
}

/// A count shared with a `@Sendable` handler.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
