import DTOKit
import Foundation
import XCTest

// Enums as `KeepUnknownEnumValues: True` generates them: no raw values, an `unknown` case, the case
// table with each case's text and number.

/// Names with an `[EnumMember]` text; read and written as text.
enum Tier: CaseIterable, Hashable, Sendable {
    case Gold
    case OnHold
    case unknown(UnknownEnumValue)

    static let allCases: [Tier] = [.Gold, .OnHold]

    var unknownValue: UnknownEnumValue? {
        if case .unknown(let value) = self { return value }
        return nil
    }
}

extension Tier: JsonOpenEnum {
    static let jsonCases = JsonEnumCases<Tier>([
        (.Gold, "Gold", 0),
        (.OnHold, "on-hold", 1),
    ])
}

extension Tier: Codable {
    init(from decoder: any Decoder) throws { self = try JsonEnumCoding.decode(Tier.self, from: decoder) }
    func encode(to encoder: any Encoder) throws { try JsonEnumCoding.encode(self, to: encoder) }
}

/// Explicit values, written as numbers (`TreatEnumAsInteger`).
enum Severity: CaseIterable, Hashable, Sendable {
    case Low
    case High
    case unknown(UnknownEnumValue)

    static let allCases: [Severity] = [.Low, .High]

    var unknownValue: UnknownEnumValue? {
        if case .unknown(let value) = self { return value }
        return nil
    }
}

extension Severity: JsonOpenEnum {
    static let jsonCases = JsonEnumCases<Severity>([(.Low, "Low", 10), (.High, "High", 20)], encoding: .integer)
}

final class Ticket {
    var tier = Tier.Gold
    var severity: Severity?
    var history: [Tier]?
    var byTeam: [String: Tier]?
    required init() {}
}

extension Ticket: JsonSerializable {
    static let metadata = Metadata.create([
        Property<Ticket>.value("tier", get: { $0.tier }, set: { $0.tier = $1 }),
        Property<Ticket>.optional("severity", get: { $0.severity }, set: { $0.severity = $1 }),
        Property<Ticket>.optionalArray("history", get: { $0.history }, set: { $0.history = $1 }),
        Property<Ticket>.optionalDictionary("byTeam", get: { $0.byTeam }, set: { $0.byTeam = $1 }),
    ])
}

final class OpenEnumTests: XCTestCase {
    func testListedCasesReadAsEveryEnumReadsThem() throws {
        XCTAssertEqual(try Tier.fromJson(#""on-hold""#), .OnHold)
        XCTAssertEqual(try Tier.fromJson(#""ON-HOLD""#), .OnHold, "case-insensitive, as ServiceStack binds")
        XCTAssertEqual(try Tier.fromJson("1"), .OnHold, "by number")
        XCTAssertEqual(try Tier.fromJson(#""1""#), .OnHold, "by numeric string")
        XCTAssertEqual(try Severity.fromJson("20"), .High)
        XCTAssertEqual(try Severity.fromJson(#""high""#), .High)
        XCTAssertEqual(Tier.OnHold.toJson(), #""on-hold""#)
        XCTAssertEqual(Severity.High.toJson(), "20")
    }

    func testAnUnlistedStringOrNumberIsKeptAndWrittenBackUnchanged() throws {
        for json in [#""Platinum""#, #""Caf\u00e9 \"x\"""#, "7", "-3", #""12""#] {
            let tier = try Tier.fromJson(json)
            XCTAssertEqual(tier.unknownValue?.json, json)
            XCTAssertEqual(tier.toJson(), json, "written back byte for byte")
        }
        XCTAssertEqual(try Tier.fromJson(#""Platinum""#), .unknown(UnknownEnumValue("Platinum")))
        XCTAssertEqual(try Tier.fromJson(#""Caf\u00e9""#).unknownValue?.string, "Café")
        XCTAssertEqual(try Severity.fromJson("30"), .unknown(UnknownEnumValue(30)))
        XCTAssertEqual(try Severity.fromJson("30").unknownValue?.number, 30)
        XCTAssertNil(try Severity.fromJson("30").unknownValue?.string)
        XCTAssertEqual(Tier.allCases, [.Gold, .OnHold], "allCases lists the snapshot's cases only")
    }

    func testValuesThatAreNoEnumValueAreStillErrors() {
        for json in ["true", "{}", "[]", "1.5", "99999999999999999999"] {
            XCTAssertThrowsError(try Tier.fromJson(json), json)
        }
        XCTAssertThrowsError(try Ticket.fromJson(#"{"tier":false}"#)) { error in
            XCTAssertTrue("\(error)".contains("$.tier"), "\(error)")
        }
    }

    func testMembersArraysAndDictionariesKeepUnlistedValues() throws {
        let json =
            #"{"tier":"Platinum","severity":30,"history":["Gold","Bronze",1],"byTeam":{"a":"on-hold","b":"New"}}"#
        let ticket = try Ticket.fromJson(json)
        XCTAssertEqual(ticket.tier, .unknown(UnknownEnumValue("Platinum")))
        XCTAssertEqual(ticket.severity, .unknown(UnknownEnumValue(30)))
        XCTAssertEqual(ticket.history, [.Gold, .unknown(UnknownEnumValue("Bronze")), .OnHold])
        XCTAssertEqual(ticket.byTeam, ["a": .OnHold, "b": .unknown(UnknownEnumValue("New"))])
        XCTAssertEqual(
            ticket.toJson(),
            #"{"tier":"Platinum","severity":30,"history":["Gold","Bronze","on-hold"],"byTeam":{"a":"on-hold","b":"New"}}"#
        )
    }

    func testClosedEnumsStillRejectUnlistedValues() {
        XCTAssertThrowsError(try Color.fromJson(#""Purple""#)) { error in
            XCTAssertTrue("\(error)".contains(#"found the string "Purple""#), "\(error)")
        }
        XCTAssertThrowsError(try Level.fromJson("3")) { error in
            XCTAssertTrue("\(error)".contains("found the number 3"), "\(error)")
        }
    }

    func testCodableKeepsUnlistedValuesToo() throws {
        let decoded = try JSONDecoder().decode([Tier].self, from: Data(#"["Gold","Platinum",5,"ON-HOLD"]"#.utf8))
        XCTAssertEqual(
            decoded, [.Gold, .unknown(UnknownEnumValue("Platinum")), .unknown(UnknownEnumValue(5)), .OnHold])
        let encoded = try String(decoding: JSONEncoder().encode(decoded), as: UTF8.self)
        XCTAssertEqual(encoded, #"["Gold","Platinum",5,"on-hold"]"#)
        // A closed enum's Codable bridge still fails on an unlisted value.
        XCTAssertThrowsError(try JSONDecoder().decode(ClosedColor.self, from: Data(#""Purple""#.utf8)))
    }

    func testUnknownValuesMadeInCode() {
        XCTAssertEqual(UnknownEnumValue("a \"b\"").json, #""a \"b\"""#)
        XCTAssertEqual(UnknownEnumValue("a \"b\"").string, #"a "b""#)
        XCTAssertEqual(UnknownEnumValue("a").description, "a")
        XCTAssertEqual(UnknownEnumValue(-4).json, "-4")
        XCTAssertEqual(UnknownEnumValue(-4).description, "-4")
        XCTAssertNil(UnknownEnumValue("4").number, "a string is not a number")
        XCTAssertEqual(Tier.unknown(UnknownEnumValue("Diamond")).toJson(), #""Diamond""#)
    }
}

/// `Color` with the Codable bridge, for the closed case.
private struct ClosedColor: Decodable {
    let color: Color
    init(from decoder: any Decoder) throws { color = try JsonEnumCoding.decode(Color.self, from: decoder) }
}
