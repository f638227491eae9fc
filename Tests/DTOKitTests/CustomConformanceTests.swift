import DTOKit
import Foundation
import XCTest

/// A type of the user's own with a custom wire format, as the DocC article "Using the DTOs" shows: the public reader and
/// writer API is enough, and errors from it carry the path like DTOKit's own.
final class CustomConformanceTests: XCTestCase {
    func testCustomConformanceReadsWritesAndReportsErrors() throws {
        let invoice = try Invoice.fromJson(#"{"total":"12.50 EUR","lines":["1.00 EUR","2 CHF"]}"#)
        XCTAssertEqual(invoice.total, Money(amount: 12.5, currency: "EUR"))
        XCTAssertEqual(invoice.lines, [Money(amount: 1, currency: "EUR"), Money(amount: 2, currency: "CHF")])
        XCTAssertEqual(invoice.toJson(), #"{"total":"12.5 EUR","lines":["1.0 EUR","2.0 CHF"]}"#)

        assertDecodingFails(
            Invoice.self, #"{"lines":["1 EUR","twelve"]}"#, path: "$.lines[1]", offset: 18,
            expected: "an amount and a currency", found: #""twelve""#)
        assertDecodingFails(Invoice.self, #"{"total":12}"#, path: "$.total", offset: 9, expected: "a string")
    }

    func testHandWrittenPropertiesFromAnotherClassOfTheHierarchy() throws {
        // A subclass table may reuse the base class's property: both owners accept a subclass object.
        let value = try Premium.fromJson(#"{"total":"3 USD","level":2}"#)
        XCTAssertEqual(value.total, Money(amount: 3, currency: "USD"))
        XCTAssertEqual(value.level, 2)
        XCTAssertEqual(value.toJson(), #"{"total":"3.0 USD","level":2}"#)
    }
}

struct Money: Equatable, CustomStringConvertible {
    var amount: Double
    var currency: String

    init(amount: Double, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    init?(_ text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let amount = Double(parts[0]) else { return nil }
        self.init(amount: amount, currency: String(parts[1]))
    }

    var description: String { "\(amount) \(currency)" }
}

extension Money: JsonConvertible {
    static func read(from reader: inout JsonReader) throws -> Money {
        let start = reader.offset
        let text = try reader.readString()
        guard let money = Money(text) else {
            throw reader.error(expected: "an amount and a currency", found: "\"\(text)\"", valueStartingAt: start)
        }
        return money
    }

    func write(to writer: inout JsonWriter) {
        writer.writeString(description)
    }
}

class Invoice: JsonSerializable {
    var total: Money?
    var lines: [Money]?

    required init() {}

    class var metadata: Metadata { invoiceMetadata }

    static let invoiceMetadata = Metadata.create([
        Property<Invoice>.optional("total", get: { $0.total }, set: { $0.total = $1 }),
        Property<Invoice>.optionalArray("lines", get: { $0.lines }, set: { $0.lines = $1 }),
    ])
}

final class Premium: Invoice {
    var level = 0

    override class var metadata: Metadata { premiumMetadata }

    static let premiumMetadata = Metadata.create([
        // The base class's property, reused as is: its accessors were made for `Invoice`.
        Invoice.invoiceMetadata.properties[0],
        PropertyMetadata(
            name: "level", of: Premium.self,
            decode: { reader, premium in premium.level = try reader.readInteger() },
            encode: { premium, writer in
                writer.writeKey(JsonKey("level"))
                writer.writeInteger(premium.level)
            }),
    ])
}
