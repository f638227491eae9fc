import DTOKit
import DTOKitStructs
import Foundation
import XCTest

// A wire format of the app's own, declared outside DTOKit as an app would: amounts the server sends
// as whole numbers of cents, held as `Decimal` in the DTOs.

struct Cents: JsonFormat {
    var value: Decimal

    init(_ value: Decimal) {
        self.value = value
    }

    static func read(from reader: inout JsonReader) throws -> Cents {
        let start = reader.offset
        let cents = try Int.read(from: &reader)
        guard cents >= 0 else {
            throw reader.error(expected: "an amount of cents, not negative", found: "\(cents)", valueStartingAt: start)
        }
        return Cents(Decimal(cents) / 100)
    }

    func write(to writer: inout JsonWriter) {
        NSDecimalNumber(decimal: value * 100).intValue.write(to: &writer)
    }
}

/// A class DTO with a member of every shape in the app's format.
final class Bill: JsonSerializable {
    var total: Decimal = 0
    var discount: Decimal?
    var lines: [Decimal] = []
    var refunds: [Decimal]?
    var byTax: [String: Decimal] = [:]
    var byMonth: [Int: Decimal]?
    var attachments: [[UInt8]]?

    init() {}

    static let metadata = Metadata.create([
        Property<Bill>.formatted("total", as: Cents.self, get: { $0.total }, set: { $0.total = $1 }),
        Property<Bill>.optionalFormatted("discount", as: Cents.self, get: { $0.discount }, set: { $0.discount = $1 }),
        Property<Bill>.formattedArray("lines", as: Cents.self, get: { $0.lines }, set: { $0.lines = $1 }),
        Property<Bill>.optionalFormattedArray("refunds", as: Cents.self, get: { $0.refunds }, set: { $0.refunds = $1 }),
        Property<Bill>.formattedDictionary("byTax", as: Cents.self, get: { $0.byTax }, set: { $0.byTax = $1 }),
        Property<Bill>.optionalFormattedDictionary(
            "byMonth", as: Cents.self, get: { $0.byMonth }, set: { $0.byMonth = $1 }),
        Property<Bill>.optionalFormattedArray(
            "attachments", as: Base64Bytes.self,
            get: { $0.attachments }, set: { $0.attachments = $1 }),
    ])
}

/// The same members in a struct DTO.
struct BillValue: JsonStruct, Equatable {
    var total: Decimal = 0
    var discount: Decimal?
    var lines: [Decimal] = []
    var refunds: [Decimal]?
    var byTax: [String: Decimal] = [:]
    var byMonth: [Int: Decimal]?
    var attachments: [[UInt8]]?

    static let metadata = StructMetadata.create([
        StructProperty<BillValue>.formatted("total", as: Cents.self, get: { $0.total }, set: { $0.total = $1 }),
        StructProperty<BillValue>.optionalFormatted(
            "discount", as: Cents.self, get: { $0.discount }, set: { $0.discount = $1 }),
        StructProperty<BillValue>.formattedArray("lines", as: Cents.self, get: { $0.lines }, set: { $0.lines = $1 }),
        StructProperty<BillValue>.optionalFormattedArray(
            "refunds", as: Cents.self, get: { $0.refunds }, set: { $0.refunds = $1 }),
        StructProperty<BillValue>.formattedDictionary(
            "byTax", as: Cents.self, get: { $0.byTax }, set: { $0.byTax = $1 }),
        StructProperty<BillValue>.optionalFormattedDictionary(
            "byMonth", as: Cents.self,
            get: { $0.byMonth }, set: { $0.byMonth = $1 }),
        StructProperty<BillValue>.optionalFormattedArray(
            "attachments", as: Base64Bytes.self,
            get: { $0.attachments }, set: { $0.attachments = $1 }),
    ])
}

final class JsonFormatTests: XCTestCase {
    private let json = #"""
        {"total":12345,"discount":500,"lines":[100,2245],"refunds":[],"byTax":{"vat":1999,"none":0},\#
        "byMonth":{"11":250},"attachments":["AQID","/w=="]}
        """#

    func testAClassReadsAndWritesMembersThroughAFormatOfItsOwn() throws {
        let invoice = try Bill.fromJson(json)
        XCTAssertEqual(invoice.total, Decimal(string: "123.45"))
        XCTAssertEqual(invoice.discount, 5)
        XCTAssertEqual(invoice.lines, [1, Decimal(string: "22.45")!])
        XCTAssertEqual(invoice.refunds, [])
        XCTAssertEqual(invoice.byTax, ["vat": Decimal(string: "19.99")!, "none": 0])
        XCTAssertEqual(invoice.byMonth, [11: Decimal(string: "2.5")!])
        XCTAssertEqual(invoice.attachments, [[1, 2, 3], [255]], "an array of byte[] is an array of Base64 strings")
        // Written back as it came (members in table order, dictionary keys sorted).
        XCTAssertEqual(
            invoice.toJson(),
            #"{"total":12345,"discount":500,"lines":[100,2245],"refunds":[],"byTax":{"none":0,"vat":1999},"#
                + #""byMonth":{"11":250},"attachments":["AQID","/w=="]}"#)
    }

    func testAStructReadsAndWritesTheSameAsTheClass() throws {
        let value = try BillValue.fromJson(json)
        let object = try Bill.fromJson(json)
        XCTAssertEqual(value.total, object.total)
        XCTAssertEqual(value.byMonth, object.byMonth)
        XCTAssertEqual(value.attachments, object.attachments)
        XCTAssertEqual(value.toJson(), object.toJson())
        XCTAssertEqual(try BillValue.fromJson(value.toJson()), value)
    }

    func testNullAndAbsentMembersKeepTheirValuesAndNilIsNotWritten() throws {
        let invoice = try Bill.fromJson(#"{"total":null,"discount":null,"lines":null}"#)
        XCTAssertEqual(invoice.total, 0)
        XCTAssertNil(invoice.discount)
        XCTAssertEqual(invoice.lines, [])
        XCTAssertEqual(invoice.toJson(), #"{"total":0,"lines":[],"byTax":{}}"#)
        XCTAssertEqual(try BillValue.fromJson("{}").toJson(), #"{"total":0,"lines":[],"byTax":{}}"#)
    }

    func testTheFormatsErrorsNameTheMember() {
        let cases = [
            (#"{"lines":[100,-1]}"#, "$.lines[1]", "an amount of cents, not negative"),
            (#"{"byTax":{"vat":"x"}}"#, "$.byTax.vat", "a number"),
            (#"{"attachments":["AQID","not base64!"]}"#, "$.attachments[1]", "Base64"),
        ]
        for (json, path, expected) in cases {
            for decode in [{ _ = try Bill.fromJson(json) }, { _ = try BillValue.fromJson(json) }] {
                XCTAssertThrowsError(try decode(), json) { error in
                    let error = error as? JsonDecodingError
                    XCTAssertEqual(error?.jsonPath, path, json)
                    XCTAssertTrue(
                        error?.expected.contains(expected) ?? false, "\(error?.expected ?? "no JsonDecodingError")")
                }
            }
        }
    }
}

/// .NET's `DateOnly`: written as the day in UTC, `yyyy-MM-dd`, read from any date form.
final class DateOnlyFormatTests: XCTestCase {
    func testADayIsWrittenAsDotNetWritesADateOnly() throws {
        let cases: [(TimeInterval, String)] = [
            (1_523_923_200, "2018-04-17"), (1_523_923_200 + 86_399.9, "2018-04-17"), (-1, "1969-12-31"),
            (-62_135_596_800, "0001-01-01"), (253_402_300_799, "9999-12-31"), (-1e18, "0001-01-01"),
        ]
        for (seconds, day) in cases {
            XCTAssertEqual(DateOnly(Date(timeIntervalSince1970: seconds)).toJson(), "\"\(day)\"", "\(seconds)")
        }
    }

    func testADayIsReadFromEveryFormAndComesBackTheSame() throws {
        let midnight = Date(timeIntervalSince1970: 1_523_923_200)
        for json in [#""2018-04-17""#, #""\/Date(1523923200000)\/""#, #""2018-04-17T00:00:00.0000000Z""#] {
            let read = try DateOnly.fromJson(json)
            XCTAssertEqual(read.value, midnight, json)
            XCTAssertEqual(read.toJson(), #""2018-04-17""#, json)
        }
        XCTAssertThrowsError(try DateOnly.fromJson(#""April""#))
    }
}
