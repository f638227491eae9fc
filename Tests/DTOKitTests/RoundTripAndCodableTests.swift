import DTOKit
import Foundation
import XCTest

// MARK: - A DTO and its Codable twin

/// A DTO mixing the common member kinds, with a Codable twin below to compare against Foundation.
public class Catalog {
    public var id: Int = 0
    public var name: String?
    public var price: Double?
    public var small: Int8?
    public var big: Int64?
    public var huge: UInt64?
    public var active: Bool?
    public var tags: [String]?
    public var scores: [Double]?
    public var maybeNames: [String?]?
    public var counts: [String: Int]?
    public var children: [Child]?
    public var childById: [Int: Child]?
    public var groups: [String: [Child]]?
    public var grid: [String: [String: Double]]?
    public var color: Color?
    public var created: Date?
    public var blob: Data?
    public var main: Child?

    required public init() {}
}

extension Catalog: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<Catalog>.value("id", get: { $0.id }, set: { $0.id = $1 }),
        Property<Catalog>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
        Property<Catalog>.optional("price", get: { $0.price }, set: { $0.price = $1 }),
        Property<Catalog>.optional("small", get: { $0.small }, set: { $0.small = $1 }),
        Property<Catalog>.optional("big", get: { $0.big }, set: { $0.big = $1 }),
        Property<Catalog>.optional("huge", get: { $0.huge }, set: { $0.huge = $1 }),
        Property<Catalog>.optional("active", get: { $0.active }, set: { $0.active = $1 }),
        Property<Catalog>.optionalArray("tags", get: { $0.tags }, set: { $0.tags = $1 }),
        Property<Catalog>.optionalArray("scores", get: { $0.scores }, set: { $0.scores = $1 }),
        Property<Catalog>.optionalArray("maybeNames", get: { $0.maybeNames }, set: { $0.maybeNames = $1 }),
        Property<Catalog>.optionalDictionary("counts", get: { $0.counts }, set: { $0.counts = $1 }),
        Property<Catalog>.optionalArray("children", get: { $0.children }, set: { $0.children = $1 }),
        Property<Catalog>.optionalDictionary("childById", get: { $0.childById }, set: { $0.childById = $1 }),
        Property<Catalog>.optionalDictionary("groups", get: { $0.groups }, set: { $0.groups = $1 }),
        Property<Catalog>.optionalDictionary("grid", get: { $0.grid }, set: { $0.grid = $1 }),
        Property<Catalog>.optional("color", get: { $0.color }, set: { $0.color = $1 }),
        Property<Catalog>.optional("created", get: { $0.created }, set: { $0.created = $1 }),
        Property<Catalog>.optional("blob", get: { $0.blob }, set: { $0.blob = $1 }),
        Property<Catalog>.optionalObject("main", get: { $0.main }, set: { $0.main = $1 }),
    ])
}

/// `Child` as Codable (a class, since it nests itself).
final class ChildTwin: Codable, Equatable, CustomStringConvertible {
    let id: Int?
    let name: String?
    let child: ChildTwin?

    init(id: Int?, name: String?, child: ChildTwin?) {
        self.id = id
        self.name = name
        self.child = child
    }

    static func == (lhs: ChildTwin, rhs: ChildTwin) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.child == rhs.child
    }

    var description: String {
        "ChildTwin(id: \(id.map(String.init) ?? "nil"), name: \(name ?? "nil"), child: \(child.map(\.description) ?? "nil"))"
    }
}

enum ColorTwin: String, Codable {
    case Red, Green, Blue
}

/// `Catalog` as Codable.
struct CatalogTwin: Codable, Equatable {
    var id: Int = 0
    var name: String?
    var price: Double?
    var small: Int8?
    var big: Int64?
    var huge: UInt64?
    var active: Bool?
    var tags: [String]?
    var scores: [Double]?
    var maybeNames: [String?]?
    var counts: [String: Int]?
    var children: [ChildTwin]?
    var childById: [Int: ChildTwin]?
    var groups: [String: [ChildTwin]]?
    var grid: [String: [String: Double]]?
    var color: ColorTwin?
    var created: Date?
    var blob: Data?
    var main: ChildTwin?
}

extension Child {
    var twin: ChildTwin { ChildTwin(id: id, name: name, child: child?.twin) }
}

extension Catalog {
    /// The same values as a Codable twin.
    var twin: CatalogTwin {
        CatalogTwin(
            id: id, name: name, price: price, small: small, big: big, huge: huge, active: active, tags: tags,
            scores: scores, maybeNames: maybeNames, counts: counts, children: children?.map(\.twin),
            childById: childById?.mapValues(\.twin), groups: groups?.mapValues { $0.map(\.twin) }, grid: grid,
            color: color.map { ColorTwin(rawValue: $0.rawValue) ?? .Red }, created: created, blob: blob,
            main: main?.twin)
    }
}

/// Compares twins; dates are compared to the millisecond, since Foundation computes
/// `Date(timeIntervalSince1970: ms / 1000)` and DTOKit the (more exact) `ms / 1000` since 2001.
func assertSameValues(
    _ a: CatalogTwin, _ b: CatalogTwin, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(milliseconds(a.created), milliseconds(b.created), "created " + message, file: file, line: line)
    var a = a
    var b = b
    a.created = nil
    b.created = nil
    XCTAssertEqual(a, b, message, file: file, line: line)
    if let scores = a.scores, let other = b.scores {
        XCTAssertEqual(
            scores.map(\.bitPattern), other.map(\.bitPattern), "scores bit for bit " + message, file: file, line: line)
    }
}

// MARK: - Tests

/// Round trips through DTOKit alone, and agreement with Foundation's JSONDecoder/JSONEncoder.
final class RoundTripAndCodableTests: XCTestCase {
    static let documents: [String] = [
        // Everything present.
        """
        {"id":1,"name":"Widget \\"Pro\\" \\u00e9 \\uD83D\\uDE00 日本","price":19.99,"small":-128,
         "big":-9223372036854775808,"huge":18446744073709551615,"active":true,"tags":["a","",
         "tab\\there","line\\nbreak","back\\\\slash","\\/"],
         "scores":[0.1,1e-320,1.7976931348623157e308,-0.0,5e-324,0.30000000000000004,123456.789e3,1E2,-7],
         "maybeNames":["x",null,"z"],"counts":{"one":1,"two":2,"":0},
         "children":[{"id":1,"name":"c1","child":{"id":11,"child":{"id":111}}},{"id":2}],
         "childById":{"5":{"id":5,"name":"five"},"-1":{}},"groups":{"g":[{"id":7}],"empty":[]},
         "grid":{"r1":{"c1":1.5,"c2":-2.25},"r2":{}},"color":"Blue","created":1523942312513,
         "blob":"AAEC/w==","main":{"name":"main"}}
        """,
        // Sparse, with nulls and unknown members.
        #"{"id":2,"name":null,"price":null,"tags":null,"unknown":{"deep":[1,2,{"x":null}]},"main":null,"created":-86400000}"#,
        // Empty collections.
        #"{"id":3,"tags":[],"scores":[],"maybeNames":[],"counts":{},"children":[],"childById":{},"groups":{},"grid":{}}"#,
        // Whitespace everywhere and a pre-1970 date (not before 1582: Foundation's ISO-8601
        // formatter switches to the Julian calendar there, .NET and DTOKit do not).
        "  {\n\t\"id\" : 4 ,\r\n \"created\" : -2208988800000 , \"price\" : 1e-7 , \"blob\" : \"\" }  ",
        // Only the required member.
        #"{"id":0}"#,
    ]

    private func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }

    func testDTOKitAgreesWithJSONDecoderOnTheSameDocuments() throws {
        for document in Self.documents {
            let ours = try Catalog.fromJson(document).twin
            let theirs = try jsonDecoder().decode(CatalogTwin.self, from: Data(document.utf8))
            assertSameValues(ours, theirs, document)
        }
        // Spot checks that the comparison compares something.
        let full = try Catalog.fromJson(Self.documents[0])
        XCTAssertEqual(full.name, "Widget \"Pro\" é 😀 日本")
        XCTAssertEqual(full.scores?[1], Double(bitPattern: 0x7E8), "1e-320")
        XCTAssertEqual(full.scores?[3].sign, .minus)
        XCTAssertEqual(full.childById?[-1]?.id, nil)
        XCTAssertEqual(full.children?.first?.child?.child?.id, 111)
        XCTAssertEqual(full.tags?[5], "/")
        XCTAssertEqual(full.blob, Data([0, 1, 2, 255]))
    }

    func testJSONDecoderReadsDTOKitOutputBackToTheSameValues() throws {
        for document in Self.documents {
            let dto = try Catalog.fromJson(document)

            // ISO dates, read by Foundation's own ISO-8601 parser.
            let iso = dto.toJsonData(options: JsonEncodingOptions(dateFormat: .iso8601))
            let isoDecoder = JSONDecoder()
            isoDecoder.dateDecodingStrategy = .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                if let date = formatter.date(from: text) { return date }
                formatter.formatOptions = [.withInternetDateTime]
                if let date = formatter.date(from: text) { return date }
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
            }
            assertSameValues(
                try isoDecoder.decode(CatalogTwin.self, from: iso), dto.twin, String(decoding: iso, as: UTF8.self))

            // WCF dates (the default), taken apart by hand.
            let wcf = dto.toJsonData()
            let wcfDecoder = JSONDecoder()
            wcfDecoder.dateDecodingStrategy = .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                guard text.hasPrefix("/Date("), text.hasSuffix(")/"),
                    let ms = Int64(text.dropFirst(6).dropLast(2))
                else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
                }
                return Date(timeIntervalSince1970: Double(ms) / 1000)
            }
            assertSameValues(
                try wcfDecoder.decode(CatalogTwin.self, from: wcf), dto.twin, String(decoding: wcf, as: UTF8.self))

            // And Foundation's generic parser accepts the text as JSON.
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: wcf))
        }
    }

    func testDTOKitReadsJSONEncoderOutput() throws {
        for document in Self.documents {
            let twin = try jsonDecoder().decode(CatalogTwin.self, from: Data(document.utf8))
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .millisecondsSince1970
            let data = try encoder.encode(twin)
            assertSameValues(try Catalog.fromJson(data).twin, twin, String(decoding: data, as: UTF8.self))
        }
    }

    func testDecodeEncodeDecodeGivesEqualValues() throws {
        for document in Self.documents {
            let first = try Catalog.fromJson(document)
            let text = first.toJson()
            let second = try Catalog.fromJson(text)
            assertSameValues(first.twin, second.twin, text)
            XCTAssertEqual(second.toJson(), text)
            let data = first.toJsonData()
            assertSameValues(try Catalog.fromJson(data).twin, first.twin)
        }
    }

    func testNilMembersAreOmittedAndOutputIsExact() throws {
        XCTAssertEqual(Catalog().toJson(), #"{"id":0}"#)
        let value = try Catalog.fromJson(Self.documents[1])
        XCTAssertEqual(value.toJson(), #"{"id":2,"created":"\/Date(-86400000)\/"}"#)

        let small = Catalog()
        small.id = 9
        small.tags = ["x"]
        small.counts = ["b": 2, "a": 1]
        small.main = Child(id: nil, name: "m")
        small.color = .Red
        small.active = false
        XCTAssertEqual(
            small.toJson(),
            #"{"id":9,"active":false,"tags":["x"],"counts":{"a":1,"b":2},"color":"Red","main":{"name":"m"}}"#)
    }

    func testDecodingFromDataStringAndBytesAgree() throws {
        let document = Self.documents[0]
        let fromString = try Catalog.fromJson(document).toJson()
        let fromData = try Catalog.fromJson(Data(document.utf8)).toJson()
        let fromBytes = unsafe try Array(document.utf8).withUnsafeBytes {
            unsafe try Catalog.fromJson(bytes: $0).toJson()
        }
        XCTAssertEqual(fromString, fromData)
        XCTAssertEqual(fromString, fromBytes)
        // A Data slice that does not start at index 0.
        let padded = Data(("xx" + document).utf8).dropFirst(2)
        XCTAssertEqual(try Catalog.fromJson(Data(padded)).toJson(), fromString)
        XCTAssertEqual(try Catalog.fromJson(padded).toJson(), fromString)
    }

    // MARK: The runtime's Codable support (for types generated with AddCodable: True)

    func testBuiltInDTOsThroughCodableMatchTheJsonSerializablePath() throws {
        let decoded = try JSONDecoder.serviceStack().decode(ErrorResponse.self, from: Data(validationErrorBody.utf8))
        let ours = try ErrorResponse.fromJson(validationErrorBody)
        XCTAssertEqual(decoded.toJson(), ours.toJson())
        XCTAssertEqual(decoded.responseStatus?.errors?[3].meta?["MaxLength"], "740")
        let encoded = try JSONEncoder.serviceStack().encode(ours)
        XCTAssertEqual(try JsonValue(parsing: encoded), try JsonValue(parsing: validationErrorBody))

        let page = try JSONDecoder().decode(
            QueryResponse<String>.self, from: Data(#"{"offset":1,"results":["a","b"]}"#.utf8))
        XCTAssertEqual(page.offset, 1)
        XCTAssertEqual(page.results, ["a", "b"])
        XCTAssertEqual(try JsonValue(parsing: JSONEncoder().encode(page)), try JsonValue(parsing: page.toJson()))
    }

    func testValueWrappersAndCodersThroughCodable() throws {
        struct Row: Codable, Equatable {
            var duration: TimeSpan
            var bytes: Base64Bytes
            var any: JsonValue
            var when: Date
        }
        let json =
            #"{"duration":"P1DT2H3M4.5S","bytes":"AAEC/w==","any":{"a":[1,2.5,null,"x",true]},"when":"\/Date(1523942312513+0100)\/"}"#
        let row = try JSONDecoder.serviceStack().decode(Row.self, from: Data(json.utf8))
        XCTAssertEqual(row.duration.seconds, 93_784.5)
        XCTAssertEqual(row.bytes.bytes, [0, 1, 2, 255])
        XCTAssertEqual(row.any, ["a": [1, 2.5, nil, "x", true]])
        XCTAssertEqual(milliseconds(row.when), 1_523_942_312_513)

        let iso = try JSONDecoder.serviceStack().decode(
            Row.self,
            from: Data(
                #"{"duration":"01:00:00","bytes":"","any":null,"when":"2018-04-17T07:18:32.513+02:00"}"#.utf8))
        XCTAssertEqual(iso.duration.seconds, 3600)
        XCTAssertEqual(iso.any, .null)
        XCTAssertEqual(milliseconds(iso.when), 1_523_942_312_513)

        let text = String(decoding: try JSONEncoder.serviceStack().encode(row), as: UTF8.self)
        XCTAssertTrue(text.contains(#""duration":"P1DT2H3M4.5S""#), text)
        XCTAssertTrue(text.contains(#""bytes":"AAEC\/w==""#) || text.contains(#""bytes":"AAEC/w==""#), text)
        XCTAssertTrue(text.contains(#"Date(1523942312513)"#), text)
        let isoText = String(decoding: try JSONEncoder.serviceStack(dateFormat: .iso8601).encode(row), as: UTF8.self)
        XCTAssertTrue(isoText.contains(#""when":"2018-04-17T05:18:32.5130000Z""#), isoText)
        XCTAssertThrowsError(
            try JSONDecoder.serviceStack().decode(
                Row.self,
                from: Data(
                    #"{"duration":"soon","bytes":"","any":1,"when":0}"#.utf8)))
    }

    func testEnumsThroughCodable() throws {
        struct Holder: Codable {
            var status: Status
            var level: Level

            init(status: Status, level: Level) {
                self.status = status
                self.level = level
            }

            enum CodingKeys: String, CodingKey { case status, level }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                status = try JsonEnumCoding.decode(Status.self, from: container.superDecoder(forKey: .status))
                level = try JsonEnumCoding.decode(Level.self, from: container.superDecoder(forKey: .level))
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try JsonEnumCoding.encode(status, to: container.superEncoder(forKey: .status))
                try JsonEnumCoding.encode(level, to: container.superEncoder(forKey: .level))
            }
        }
        let holder = try JSONDecoder().decode(Holder.self, from: Data(#"{"status":"ON-HOLD","level":"Error"}"#.utf8))
        XCTAssertEqual(holder.status, .OnHold)
        XCTAssertEqual(holder.level, .Error)
        XCTAssertEqual(try JSONDecoder().decode(Holder.self, from: Data(#"{"status":2,"level":2}"#.utf8)).status, .Done)
        let text = String(decoding: try JSONEncoder().encode(Holder(status: .OnHold, level: .Info)), as: UTF8.self)
        XCTAssertTrue(text.contains(#""status":"on-hold""#), text)
        XCTAssertTrue(text.contains(#""level":2"#), text)
        XCTAssertThrowsError(try JSONDecoder().decode(Holder.self, from: Data(#"{"status":"Paused","level":1}"#.utf8)))
    }

    func testLargeArraysRoundTrip() throws {
        let children = (0..<5000).map { (index: Int) in Child(id: index, name: "name \(index) \u{e9}\"") }
        let text = children.toJson()
        let back = try [Child].fromJson(text)
        XCTAssertEqual(back.count, 5000)
        XCTAssertEqual(back[4999].id, 4999)
        XCTAssertEqual(back[1234].name, "name 1234 \u{e9}\"")
        XCTAssertEqual(back.toJson(), text)
        let twins = try JSONDecoder().decode([ChildTwin].self, from: Data(text.utf8))
        XCTAssertEqual(twins, back.map(\.twin))
    }
}
