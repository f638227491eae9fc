import Foundation
import XCTest

@testable import DTOKit

/// What watchOS (arm64_32, a 32-bit `Int`) runs, on a 64-bit machine: `Int` and `Int32` members read
/// through the same generic integer code (`JsonInteger`), so an `Int32` member here behaves as an `Int`
/// member does there. (This toolchain has no 32-bit target; Scripts/lint-32bit.py checks the
/// conversions that only a 32-bit `Int` would trap on.)
final class Int32PlatformTests: XCTestCase {
    func testA32BitIntegerTakesItsRangeAndRejectsTheRest() throws {
        XCTAssertEqual(try Scalars.fromJson(#"{"int32":2147483647}"#).int32, .max)
        XCTAssertEqual(try Scalars.fromJson(#"{"int32":-2147483648}"#).int32, .min)
        XCTAssertEqual(try Scalars.fromJson(#"{"int32":"2147483647"}"#).int32, .max, "numbers sent as strings too")
        for outside in ["2147483648", "-2147483649", "9223372036854775807", "1e10"] {
            XCTAssertThrowsError(try Scalars.fromJson(#"{"name":"x","int32":\#(outside)}"#), outside) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains("$.int32"), text)
                XCTAssertTrue(text.contains("-2147483648...2147483647"), text)
            }
        }
    }

    /// On a 32-bit platform the error for an `Int` member says why a C# `long` does not fit.
    func testTheErrorSaysWhenIntHas32Bits() {
        let watch = JsonReader.integerDescription(Int.self, wordBitWidth: 32)
        XCTAssertEqual(
            watch, "a whole number that fits Int (-2147483648...2147483647, Int being 32 bits on this platform)")
        XCTAssertEqual(
            JsonReader.integerDescription(UInt.self, wordBitWidth: 32),
            "a whole number that fits UInt (0...4294967295, UInt being 32 bits on this platform)")
        XCTAssertEqual(
            JsonReader.integerDescription(Int.self, wordBitWidth: 64),
            "a whole number that fits Int (-9223372036854775808...9223372036854775807)")
        XCTAssertEqual(
            JsonReader.integerDescription(Int32.self, wordBitWidth: 32),
            "a whole number that fits Int32 (-2147483648...2147483647)", "only Int and UInt depend on the platform")
    }

    /// A one-byte enum with every byte value: the table that indexes cases by their byte (which
    /// converted `UInt32.max` into `Int` before, a trap on watchOS) holds all 256.
    func testAnEnumOfAllByteValuesIndexesEveryCase() throws {
        let entries = (0...255).map { (Byte(rawValue: UInt8($0)), name: "b\($0)", value: $0) }
        let table = JsonEnumCases<Byte>(entries)
        XCTAssertEqual(table.indexOfByte.count, 256)
        for value in [0, 1, 127, 128, 255] {
            XCTAssertEqual(table.name(of: Byte(rawValue: UInt8(value))), "b\(value)")
        }
    }

    struct Byte: Hashable, Sendable { let rawValue: UInt8 }
}
