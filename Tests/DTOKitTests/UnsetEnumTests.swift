import DTOKit
import DTOKitStructs
import Foundation
import XCTest

/// ServiceStack's unset enum: a .NET enum property nobody set is 0 whatever its members, written `"0"`
/// by ServiceStack.Text and `0` by System.Text.Json. When no case has the value 0, such a member
/// leaves its property as it was — strict decoding included — and the rest of the document is read.
final class UnsetEnumTests: XCTestCase {
    func testAnUnsetMemberKeepsItsInitialValueAsEachServerWritesIt() throws {
        for zero in [#""0""#, "0"] {
            let formats = try Formats.fromJson(
                #"{"priority":\#(zero),"optPriority":\#(zero),"level":\#(zero),"color":"Blue","duration":"PT1S"}"#)
            XCTAssertEqual(formats.priority, .Low, "the property's initial value (\(zero))")
            XCTAssertNil(formats.optPriority, zero)
            XCTAssertNil(formats.level, zero)
            XCTAssertEqual(formats.color, .Blue, "the rest is read (\(zero))")
            XCTAssertEqual(formats.duration, 1, zero)
        }
    }

    func testAnEnumWithACaseZeroReadsThatCase() throws {
        let formats = try Formats.fromJson(#"{"color":"0","status":0}"#)
        XCTAssertEqual(formats.color, .Red)
        XCTAssertEqual(formats.status, .Active)
    }

    func testSkippingInvalidMembersReportsIt() throws {
        let report = SkippedMembers()
        let formats = try Formats.fromJson(
            #"{"optPriority":"0","color":"Green"}"#,
            options: JsonDecodingOptions(invalidMembers: .skip(reportingTo: report)))
        XCTAssertNil(formats.optPriority)
        XCTAssertEqual(formats.color, .Green)
        XCTAssertEqual(report.all.map(\.jsonPath), ["$.optPriority"])
        XCTAssertEqual(report.all.first?.found, #"the string "0""#)
    }

    /// Only 0 means unset: any other value no case has still fails strict decoding, naming the member.
    func testOtherUnknownValuesStillFail() {
        for value in ["5", #""5""#, #""00""#, #""Lowest""#, "-0", "0.0", "true"] {
            XCTAssertThrowsError(try Formats.fromJson(#"{"optPriority":\#(value)}"#), value) { error in
                XCTAssertEqual((error as? JsonDecodingError)?.jsonPath, "$.optPriority", value)
            }
        }
    }

    /// A 0 inside an array or a dictionary is no unset member: there is no property to leave as it was,
    /// and dropping the whole collection would lose the values beside it.
    func testAZeroInsideACollectionStillFails() {
        XCTAssertThrowsError(try Ranking.fromJson(#"{"priorities":["High","0"]}"#)) { error in
            XCTAssertEqual((error as? JsonDecodingError)?.jsonPath, "$.priorities[1]")
        }
        XCTAssertThrowsError(try Ranking.fromJson(#"{"byName":{"a":0}}"#)) { error in
            XCTAssertEqual((error as? JsonDecodingError)?.jsonPath, "$.byName.a")
        }
        XCTAssertThrowsError(try [Priority].fromJson(#"["0"]"#))
        XCTAssertThrowsError(try Priority.fromJson(#""0""#), "a document that is only the value has no member")
    }

    func testNestedDtosAndStructsAlike() throws {
        let ranking = try Ranking.fromJson(#"{"top":"0","inner":{"top":0,"priorities":["Medium"]}}"#)
        XCTAssertNil(ranking.top)
        XCTAssertNil(ranking.inner?.top)
        XCTAssertEqual(ranking.inner?.priorities, [.Medium])

        let value = try RankingValue.fromJson(#"{"top":"0","name":"kept"}"#)
        XCTAssertEqual(value.top, .High, "the struct's initial value")
        XCTAssertEqual(value.name, "kept")
    }

    /// An enum that keeps unknown values keeps this one too, as it was written.
    func testAnOpenEnumKeepsTheZero() throws {
        let ticket = try Ticket.fromJson(#"{"severity":0}"#)
        XCTAssertEqual(ticket.severity?.unknownValue?.json, "0")
    }

    /// Generated Codable conformances (`AddCodable`) read an enum member with
    /// `container.decodeIfPresent(E.self, forKey:)`, which follows the same rule through JSONDecoder.
    func testTheCodablePathFollowsTheSameRule() throws {
        for zero in [#""0""#, "0"] {
            let decoded = try JSONDecoder.serviceStack().decode(
                CodableRanking.self, from: Data(#"{"top":\#(zero),"name":"kept"}"#.utf8))
            XCTAssertNil(decoded.top, zero)
            XCTAssertEqual(decoded.name, "kept", zero)
        }
        XCTAssertEqual(
            try JSONDecoder().decode(CodableRanking.self, from: Data(#"{"top":"High"}"#.utf8)).top, .High)
        for other in [#""1""#, "5", #""Highest""#, #""0x""#] {
            XCTAssertThrowsError(
                try JSONDecoder().decode(CodableRanking.self, from: Data(#"{"top":\#(other)}"#.utf8)), other)
        }
    }
}

/// What the generator writes for a class with `AddCodable: True`.
final class CodableRanking: Decodable {
    var top: Priority?
    var name: String?

    private enum CodingKeys: String, CodingKey {
        case top
        case name
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        top = try container.decodeIfPresent(Priority.self, forKey: .top)
        name = try container.decodeIfPresent(String.self, forKey: .name)
    }
}

extension Priority: Decodable {
    public init(from decoder: any Decoder) throws { self = try JsonEnumCoding.decode(Priority.self, from: decoder) }
}

final class Ranking {
    var top: Priority?
    var priorities: [Priority]?
    var byName: [String: Priority]?
    var inner: Ranking?
    required init() {}
}

extension Ranking: JsonSerializable {
    static let metadata = Metadata.create([
        Property<Ranking>.optional("top", get: { $0.top }, set: { $0.top = $1 }),
        Property<Ranking>.optionalArray("priorities", get: { $0.priorities }, set: { $0.priorities = $1 }),
        Property<Ranking>.optionalDictionary("byName", get: { $0.byName }, set: { $0.byName = $1 }),
        Property<Ranking>.optionalObject("inner", get: { $0.inner }, set: { $0.inner = $1 }),
    ])
}

struct RankingValue: Hashable, Sendable {
    var top = Priority.High
    var name: String?
    init() {}
}

extension RankingValue: JsonStruct {
    static let metadata = StructMetadata.create([
        StructProperty<RankingValue>.value("top", get: { $0.top }, set: { $0.top = $1 }),
        StructProperty<RankingValue>.optionalString("name", get: { $0.name }, set: { $0.name = $1 }),
    ])
}
