import DTOKit
import DTOKitStructs
import Foundation
import XCTest

// DTO structs written as the struct form of generated code has them: a `JsonStruct` extension with
// one `StructProperty` builder per property, setters that take the struct `inout`.

struct Gadget: Hashable, Sendable {
    var id: Int?
    var name = ""
    var price: Double?
    var released: Date?
    var warranty: TimeInterval?
    var checksum: [UInt8]?
    var color: Color?
    var tags: [String]?
    var parts: [Part]?
    var maker: Part?
    var specs: [String: Int]?
    var extra: JsonValue?
    init() {}
}

extension Gadget: JsonStruct {
    static let metadata = StructMetadata.create([
        StructProperty<Gadget>.optionalInt("id", get: { $0.id }, set: { $0.id = $1 }),
        StructProperty<Gadget>.string("name", get: { $0.name }, set: { $0.name = $1 }),
        StructProperty<Gadget>.optionalDouble("price", get: { $0.price }, set: { $0.price = $1 }),
        StructProperty<Gadget>.optionalDate("released", get: { $0.released }, set: { $0.released = $1 }),
        StructProperty<Gadget>.optionalFormatted(
            "warranty", as: TimeSpan.self, get: { $0.warranty }, set: { $0.warranty = $1 }),
        StructProperty<Gadget>.optionalFormatted(
            "checksum", as: Base64Bytes.self, get: { $0.checksum }, set: { $0.checksum = $1 }),
        StructProperty<Gadget>.optional("color", get: { $0.color }, set: { $0.color = $1 }),
        StructProperty<Gadget>.optionalArray("tags", get: { $0.tags }, set: { $0.tags = $1 }),
        StructProperty<Gadget>.optionalArray("parts", get: { $0.parts }, set: { $0.parts = $1 }),
        StructProperty<Gadget>.optionalObject("maker", get: { $0.maker }, set: { $0.maker = $1 }),
        StructProperty<Gadget>.optionalDictionary("specs", get: { $0.specs }, set: { $0.specs = $1 }),
        StructProperty<Gadget>.optionalJson("extra", get: { $0.extra }, set: { $0.extra = $1 }),
    ])
}

struct Part: Hashable, Sendable {
    var name: String?
    var count = 0
    init() {}
}

extension Part: JsonStruct {
    static let metadata = StructMetadata.create(
        typeName: "GadgetPart",
        [
            StructProperty<Part>.optionalString("name", get: { $0.name }, set: { $0.name = $1 }),
            StructProperty<Part>.int("count", get: { $0.count }, set: { $0.count = $1 }),
        ])
}

/// A generic struct: its table is built once per specialization.
struct StructPage<Item: JsonConvertible & Sendable>: Sendable {
    var items: [Item]?
    var total = 0
    init() {}
}

extension StructPage: JsonStruct {
    static var metadata: StructMetadata<StructPage<Item>> {
        StructMetadata.cached {
            StructMetadata.create([
                StructProperty<StructPage<Item>>.optionalArray("items", get: { $0.items }, set: { $0.items = $1 }),
                StructProperty<StructPage<Item>>.int("total", get: { $0.total }, set: { $0.total = $1 }),
            ])
        }
    }
}

/// A struct that contains itself, through an array (which Swift allows: the array is a reference).
struct TreeNode: Hashable, Sendable {
    var children: [TreeNode]?
    init() {}

    var depth: Int { 1 + (children?.map(\.depth).max() ?? 0) }
}

extension TreeNode: JsonStruct {
    static let metadata = StructMetadata.create([
        StructProperty<TreeNode>.optionalArray("children", get: { $0.children }, set: { $0.children = $1 })
    ])
}

/// A struct that holds one of its own kind in place: through ``Indirect``, as the generator stores it.
struct Comment: Hashable, Sendable, Codable {
    var text: String?
    var replyTo: Comment? {
        get { _replyTo.value }
        set { _replyTo.value = newValue }
    }
    private var _replyTo = Indirect<Comment?>(nil)
    init() {}

    private enum CodingKeys: String, CodingKey { case text, replyTo }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        replyTo = try container.decodeIfPresent(Comment.self, forKey: .replyTo)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(text, forKey: .text)
        try container.encodeIfPresent(replyTo, forKey: .replyTo)
    }
}

extension Comment: JsonStruct {
    static let metadata = StructMetadata<Comment>.create([
        StructProperty<Comment>.optionalString("text", get: { $0.text }, set: { $0.text = $1 }),
        StructProperty<Comment>.optionalObject("replyTo", get: { $0.replyTo }, set: { $0.replyTo = $1 }),
    ])
}

final class StructDTOTests: XCTestCase {
    func testAStructThatHoldsItsOwnKindKeepsValueSemantics() throws {
        let json = #"{"text":"c","replyTo":{"text":"b","replyTo":{"text":"a"}}}"#
        let comment = try Comment.fromJson(json)
        XCTAssertEqual(comment.replyTo?.replyTo?.text, "a")
        XCTAssertEqual(comment.toJson(), json)
        var edited = comment
        edited.replyTo?.replyTo?.text = "A"
        XCTAssertEqual(comment.replyTo?.replyTo?.text, "a", "the original keeps its nested values")
        XCTAssertEqual(edited.replyTo?.replyTo?.text, "A")
        XCTAssertNotEqual(edited, comment)
        XCTAssertEqual(Set([comment, try Comment.fromJson(json), edited]).count, 2)
        let viaCodable = try JSONDecoder().decode(Comment.self, from: Data(json.utf8))
        XCTAssertEqual(viaCodable, comment)
        XCTAssertEqual(try JSONDecoder().decode(Comment.self, from: JSONEncoder().encode(edited)), edited)
    }

    private let json = #"""
        {"id":7,"name":"Phone","price":499.5,"released":"\/Date(1514764800000)\/","warranty":"P365D",
         "checksum":"AQID","color":"Green","tags":["a","b"],"parts":[{"name":"Screen","count":1},{"count":2}],
         "maker":{"name":"Acme"},"specs":{"ram":8},"extra":{"any":[1,true]}}
        """#

    func testEveryBuilderShapeRoundTrips() throws {
        let gadget = try Gadget.fromJson(json)
        XCTAssertEqual(gadget.id, 7)
        XCTAssertEqual(gadget.name, "Phone")
        XCTAssertEqual(gadget.price, 499.5)
        XCTAssertEqual(gadget.released, Date(timeIntervalSince1970: 1_514_764_800))
        XCTAssertEqual(gadget.warranty, 365 * 86_400)
        XCTAssertEqual(gadget.checksum, [1, 2, 3])
        XCTAssertEqual(gadget.color, .Green)
        XCTAssertEqual(gadget.tags, ["a", "b"])
        XCTAssertEqual(gadget.parts?.map(\.name), ["Screen", nil])
        XCTAssertEqual(gadget.parts?.map(\.count), [1, 2])
        XCTAssertEqual(gadget.maker?.name, "Acme")
        XCTAssertEqual(gadget.specs, ["ram": 8])
        XCTAssertEqual(gadget.extra, try JsonValue(parsing: Data(#"{"any":[1,true]}"#.utf8)))
        let written = gadget.toJson()
        XCTAssertEqual(
            written,
            #"{"id":7,"name":"Phone","price":499.5,"released":"\/Date(1514764800000)\/","warranty":"P365D","checksum":"AQID","color":"Green","tags":["a","b"],"parts":[{"name":"Screen","count":1},{"count":2}],"maker":{"name":"Acme","count":0},"specs":{"ram":8},"extra":{"any":[1,true]}}"#
        )
        XCTAssertEqual(try Gadget.fromJson(written), gadget, "a value: equal after a round trip")
    }

    /// `regression-struct-nan-duration.json` (the fuzzer): NaN and infinite numbers and durations are
    /// written as "NaN" and "Infinity" and read back as they were written; a struct that holds a NaN is
    /// not equal even to another read of the same text (Double's `==`, as for any Swift value with a
    /// Double member), so the fuzzer compares such values by their text.
    func testNonFiniteNumbersAndDurationsReadBackAsWritten() throws {
        let notANumber = try Gadget.fromJson(#"{"price":"NaN","warranty":"NaN"}"#)
        XCTAssertEqual(notANumber.price?.isNaN, true)
        XCTAssertEqual(notANumber.warranty?.isNaN, true)
        let written = notANumber.toJson()
        XCTAssertEqual(written, #"{"name":"","price":"NaN","warranty":"NaN"}"#)
        XCTAssertEqual(try Gadget.fromJson(written).toJson(), written)
        XCTAssertNotEqual(try Gadget.fromJson(written), try Gadget.fromJson(written))
        let infinite = try Gadget.fromJson(#"{"price":"-Infinity","warranty":"Infinity"}"#)
        XCTAssertEqual(infinite.warranty, .infinity)
        XCTAssertEqual(try Gadget.fromJson(infinite.toJson()), infinite)
        // The input's last duration, days as .NET's TimeSpan.ToString() writes them with leading zeros.
        let formats = try Formats.fromJson(#"{"durations":["00000000000010215444.00:00:00","-P"]}"#)
        XCTAssertEqual(formats.durations, [10_215_444 * 86_400, 0])
        XCTAssertTrue(formats.toJson().contains(#""durations":["P10215444D","PT0S"]"#), formats.toJson())
    }

    func testStructsAreValues() throws {
        let original = try Gadget.fromJson(json)
        var copy = original
        copy.parts?[0].name = "Glass"
        XCTAssertEqual(original.parts?[0].name, "Screen", "changing a copy leaves the original alone")
        XCTAssertNotEqual(copy, original)
        XCTAssertEqual(Set([original, original, copy]).count, 2, "Hashable")
    }

    func testNamesMatchAsForClassesAndUnknownMembersAreSkipped() throws {
        let gadget = try Gadget.fromJson(#"{"ID":1,"Name":"x","unknown":{"deep":[1,2]},"parts":[]}"#)
        XCTAssertEqual(gadget.id, 1)
        XCTAssertEqual(gadget.name, "x")
        XCTAssertEqual(gadget.parts, [])
        XCTAssertEqual(try Gadget.fromJson("{}"), Gadget())
        XCTAssertEqual(try Gadget.fromJson(#"{"name":null,"id":null}"#), Gadget(), "null keeps the initial value")
    }

    func testErrorsNameThePathAndLenientDecodingSkips() throws {
        XCTAssertThrowsError(try Gadget.fromJson(#"{"parts":[{"count":1},{"count":"many"}]}"#)) { error in
            XCTAssertEqual((error as? JsonDecodingError)?.jsonPath, "$.parts[1].count", "\(error)")
        }
        let skipped = SkippedMembers()
        let gadget = try Gadget.fromJson(
            #"{"id":"seven","name":"y","parts":[{"count":"many","name":"z"}]}"#,
            options: JsonDecodingOptions(invalidMembers: .skip(reportingTo: skipped)))
        XCTAssertNil(gadget.id)
        XCTAssertEqual(gadget.name, "y")
        XCTAssertEqual(gadget.parts?.first?.name, "z")
        XCTAssertEqual(skipped.all.map(\.jsonPath), ["$.id", "$.parts[0].count"])
    }

    func testArraysTypeNamesAndGenericTables() throws {
        let parts = try [Part].fromJson(#"[{"name":"a"},{"count":3}]"#)
        XCTAssertEqual(parts.map(\.count), [0, 3])
        XCTAssertEqual(Part.typeName, "GadgetPart")
        XCTAssertEqual(Gadget.typeName, "Gadget")
        XCTAssertEqual(StructPage<Part>.typeName, "StructPage")
        let page = try StructPage<Part>.fromJson(#"{"items":[{"name":"a"}],"total":1}"#)
        XCTAssertEqual(page.items?.first?.name, "a")
        XCTAssertEqual(page.total, 1)
        XCTAssertTrue(StructPage<Part>.metadata === StructPage<Part>.metadata, "one table per specialization")
        XCTAssertFalse((StructPage<Part>.metadata as AnyObject) === (StructPage<Int>.metadata as AnyObject))
        XCTAssertEqual(try StructPage<Int>.fromJson(#"{"items":[1,2]}"#).items, [1, 2])
        XCTAssertEqual(Gadget.metadata.propertyNames.prefix(3), ["id", "name", "price"])
    }

    func testDeepNestingIsBoundedForStructsToo() throws {
        func document(depth: Int) -> String {
            String(repeating: #"{"children":["#, count: depth) + "{}" + String(repeating: "]}", count: depth)
        }
        XCTAssertEqual(try TreeNode.fromJson(document(depth: 100)).depth, 101)
        XCTAssertThrowsError(try TreeNode.fromJson(document(depth: 300))) { error in
            XCTAssertTrue("\(error)".contains("nest"), "\(error)")
        }
    }

    func testInspectAndTheBuiltInsStructFormsThroughCodable() throws {
        XCTAssertEqual(
            Inspect.dump(try Part.fromJson(#"{"name":"a","count":2}"#)),
            "GadgetPart {\n  \"name\": \"a\",\n  \"count\": 2\n}\n")
        let json =
            #"{"offset":0,"results":[{"name":"a","count":1}],"responseStatus":{"errorCode":"E","errors":[{"fieldName":"f"}]}}"#
        let decoded = try JSONDecoder().decode(QueryResponseValue<Part>.self, from: Data(json.utf8))
        XCTAssertEqual(decoded.results?.first?.name, "a")
        XCTAssertEqual(decoded.responseStatus?.errors?.first?.fieldName, "f")
        XCTAssertEqual(decoded, try QueryResponseValue<Part>.fromJson(json), "Codable reads what the table reads")
        let reencoded = try JSONDecoder().decode(QueryResponseValue<Part>.self, from: JSONEncoder().encode(decoded))
        XCTAssertEqual(reencoded, decoded)
        XCTAssertThrowsError(try JSONDecoder().decode(ResponseStatusValue.self, from: Data(#"{"errors":5}"#.utf8))) {
            error in
            XCTAssertTrue(error is DecodingError, "\(error)")
        }
    }
}
