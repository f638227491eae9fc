import DTOKit
import Foundation
import XCTest

/// The writer's fast paths against a plain reference: small Strings written from their own two
/// words, longer ones sixteen bytes at a time (the last sixteen overlapping what was already
/// seen), runs copied without memmove, integers straight into the buffer, enum cases found by
/// their byte.
final class WriterFastPathTests: XCTestCase {
    /// Characters of every UTF-8 length, and ones the writer escapes.
    private let pieces = ["a", "Z", "é", "ß", "€", "日", "🐘", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{1F}", "\u{7F}"]

    /// What the writer must produce: `"`, `\` and control characters escaped, the rest as UTF-8.
    private func reference(_ text: String) -> String {
        jsonQuoted(text)
    }

    /// Texts of 0 to 70 bytes: plain ASCII, mixed pieces, and one escape at every offset.
    private func texts() -> [String] {
        var result: [String] = []
        for length in 0...70 {
            let ascii = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            result.append(ascii)
            result.append((0..<length).map { pieces[($0 &* 7 &+ length) % pieces.count] }.joined())
            if length > 0 {
                for offset in Set([0, length / 2, length - 1]) {
                    for escaped in ["\"", "\\", "\n", "\u{1}"] {
                        var characters = Array(ascii)
                        characters[offset] = Character(escaped)
                        result.append(String(characters))
                    }
                }
            }
        }
        return result
    }

    func testStringsOfEveryLengthAndEscapeOffsetMatchTheReference() throws {
        for text in texts() {
            let expected = reference(text)
            // From a String (small ones from their words), and from raw bytes.
            XCTAssertEqual(JsonWriter.writeString { $0.writeString(text) }, expected, text.debugDescription)
            let fromBytes = unsafe Array(text.utf8).withUnsafeBufferPointer { bytes in
                JsonWriter.writeString { unsafe $0.writeString(utf8: bytes) }
            }
            XCTAssertEqual(fromBytes, expected, text.debugDescription)
            // After other output (the buffer not at its start) and growing the buffer mid-string.
            let many = Array(repeating: text, count: 40)
            XCTAssertEqual(many.toJson(), "[" + Array(repeating: expected, count: 40).joined(separator: ",") + "]")
            // Read back unchanged.
            XCTAssertEqual(try String.fromJson(expected), text)
        }
    }

    func testStringsOfEveryRepresentationAreWrittenTheSame() {
        let literal = "literal"
        let grown = String(repeating: "é", count: 3) + "x"  // native, small after appending
        let fromSubstring = String("  trimmed  ".dropFirst(2).dropLast(2))
        let fromData = String(decoding: Data("from data".utf8), as: UTF8.self)
        let large = String(repeating: "large ", count: 8)  // native, allocated
        let largeLiteral = "a literal of more than fifteen bytes"  // immortal, not small
        var shortNative = String()  // 3 bytes in allocated storage
        shortNative.reserveCapacity(64)
        shortNative += "a\"b"
        for text in [literal, grown, fromSubstring, fromData, large, largeLiteral, shortNative, "", "123456789012345"] {
            XCTAssertEqual(JsonWriter.writeString { $0.writeString(text) }, reference(text))
        }
    }

    func testIntegersAroundEveryPowerOfTen() throws {
        var values: [UInt64] = [0, 1, 9, UInt64.max, UInt64.max - 1, UInt64(Int64.max)]
        var power: UInt64 = 1
        for _ in 1...19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        for value in values {
            XCTAssertEqual(value.toJson(), String(value))
            XCTAssertEqual(try UInt64.fromJson(value.toJson()), value)
        }
        for value: Int64 in [Int64.min, Int64.min + 1, -1, -10, -99, -100, Int64.max, -1_000_000_000_000_000_000] {
            XCTAssertEqual(value.toJson(), String(value))
        }
        XCTAssertEqual([Int32.min, 0, Int32.max].toJson(), "[\(Int32.min),0,\(Int32.max)]")
    }

    func testEnumCasesAreWrittenByTheirByteOrTheirEquality() throws {
        XCTAssertEqual(Color.allCases.toJson(), #"["Red","Green","Blue"]"#)
        XCTAssertEqual(Status.allCases.toJson(), #"["active","on-hold","Done"]"#)
        XCTAssertEqual([Priority.High, .Low].toJson(), #"["High","Low"]"#)
        XCTAssertEqual(Level.allCases.toJson(), "[1,2,4]")
        // A one-byte type whose equality is coarser than its bytes: values not listed are
        // found through equality; equal listed values keep the first one's text.
        XCTAssertEqual([Parity(0), Parity(1), Parity(2), Parity(5)].toJson(), #"["even","odd","even","odd"]"#)
        XCTAssertEqual(Parity.jsonCases.name(of: Parity(3)), "odd")
        XCTAssertEqual(Parity.jsonCases.name(of: Parity(4)), "even")
        XCTAssertEqual(try [Parity].fromJson(#"["odd","even"]"#), [Parity(1), Parity(0)])
    }
}

/// A one-byte value whose equality ignores all but the lowest bit.
struct Parity: Hashable, Sendable {
    let raw: UInt8
    init(_ raw: UInt8) { self.raw = raw }
    static func == (lhs: Parity, rhs: Parity) -> Bool { lhs.raw % 2 == rhs.raw % 2 }
    func hash(into hasher: inout Hasher) { hasher.combine(raw % 2) }
}

extension Parity: JsonEnum {
    static let jsonCases = JsonEnumCases<Parity>([
        (Parity(0), "even", 0), (Parity(1), "odd", 1), (Parity(3), "odd again", 3),
    ])
}
