import Foundation
import XCTest

@testable import DTOKit

/// The reader's fast paths against the general ones: strings of every length up to past the
/// 15-byte small-string limit and the 16-byte scan, at every distance from the document's end;
/// UTF-8 sequences on both sides of the inline checks; member names matched as one `"name":`
/// pattern (short, exactly 16 bytes, longer, near misses, out of order, pretty-printed).
final class ReaderFastPathTests: XCTestCase {
    /// Both ways of making a long String from validated bytes give the same String: with `UTF8Span`
    /// (Linux, Apple's OS 26+) and with `String(decoding:as:)` (Apple's OS before 26).
    func testStringsAreTheSameWithAndWithoutUTF8Span() {
        let texts = [
            "", String(repeating: "a", count: 16), String(repeating: "ascii text ", count: 40),
            "Größe über 16 Bytes – mit Umlauten", String(repeating: "日本語🐘", count: 30), "\u{7F}\u{80}\u{FFFD}",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let isASCII = bytes.allSatisfy { $0 < 0x80 }
            unsafe bytes.withUnsafeBufferPointer { buffer in
                unsafe XCTAssertEqual(JsonReader.makeStringValidatingAgain(buffer), text)
                unsafe XCTAssertEqual(JsonReader.makeString(validUTF8: buffer, isASCII: isASCII), text)
                #if compiler(>=6.2)
                if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                    unsafe XCTAssertEqual(JsonReader.makeStringWithoutValidating(buffer, isASCII: isASCII), text)
                }
                #endif
            }
        }
    }

    /// Characters of every UTF-8 length, and ones written as escapes.
    private let pieces = [
        "a", "Z", "é", "ß", "€", "日", "🐘", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", "\u{FFFD}",
    ]

    /// JSON text of `text`, escaping what JSON must escape (and `/` as ServiceStack does).
    private func quoted(_ text: String) -> String {
        jsonQuoted(text, escapingSlash: true)
    }

    /// The raw words of a String value (its inline bytes and flags when it is small).
    private func words(of text: String) -> [UInt64] {
        unsafe withUnsafeBytes(of: text) { unsafe Array($0.bindMemory(to: UInt64.self)) }
    }

    /// A deterministic text of `length` pieces, starting at piece `seed`.
    private func sample(length: Int, seed: Int) -> String {
        (0..<length).map { pieces[($0 &* 7 &+ seed) % pieces.count] }.joined()
    }

    func testStringsOfEveryLengthDecodeToEqualWorkingStrings() throws {
        for length in 0...40 {
            for seed in [0, 1, 5, 7] {
                // ASCII-only texts too, to reach the small-string path with 0–15 bytes.
                let ascii = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + ($0 + seed) % 26))) })
                for text in [ascii, sample(length: length, seed: seed)] {
                    // As the last value (the string ends next to the buffer's end) and with padding after it.
                    for padding in ["", " ", String(repeating: " ", count: 17)] {
                        let decoded = try String.fromJson(quoted(text) + padding)
                        XCTAssertEqual(decoded, text, "length \(length) seed \(seed)")
                        XCTAssertEqual(Array(decoded.utf8), Array(text.utf8))
                        XCTAssertEqual(decoded.hashValue, text.hashValue)
                        XCTAssertEqual(decoded.count, text.count)
                        if text.utf8.count < 16 {
                            // Up to 15 bytes, the very words the standard library makes (count, ASCII flag).
                            XCTAssertEqual(
                                words(of: decoded), words(of: String(decoding: Array(text.utf8), as: UTF8.self)))
                        }
                        // The String works as one the standard library made: mutation, comparison.
                        var grown = decoded
                        grown += "é!"
                        XCTAssertEqual(grown, text + "é!")
                        XCTAssertEqual(decoded < text + "\u{0}", true)
                    }
                }
            }
        }
    }

    func testStringsInsideObjectsKeepTheirNeighbours() throws {
        for length in 0...20 {
            let text = sample(length: length, seed: length)
            let json = #"{"id":\#(length),"name":\#(quoted(text)),"child":{"id":1,"name":\#(quoted(text))}}"#
            let child = try Child.fromJson(json)
            XCTAssertEqual(child.id, length)
            XCTAssertEqual(child.name, text)
            XCTAssertEqual(child.child?.name, text)
            XCTAssertEqual(try Child.fromJson(child.toJson()).name, text)
        }
    }

    func testUTF8SequencesAroundTheInlineChecks() throws {
        let accepted: [[UInt8]] = [
            [0xC2, 0x80], [0xDF, 0xBF],  // two bytes, both ends
            [0xE0, 0xA0, 0x80], [0xE1, 0x80, 0x80], [0xEC, 0xBF, 0xBF], [0xED, 0x9F, 0xBF],
            [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],  // three bytes, around E0 and ED
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],  // four bytes
        ]
        for sequence in accepted {
            for prefix in [0, 3, 14, 15, 16, 17] {
                let content = [UInt8](repeating: 0x61, count: prefix) + sequence
                let value = try JsonValue(parsing: Data([0x22] + content + [0x22]))
                XCTAssertEqual(value, .string(String(decoding: content, as: UTF8.self)), "\(sequence) after \(prefix)")
            }
        }
        let rejected: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xDF, 0xC0],
            [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
            [0xE1, 0x80], [0xE1, 0x41, 0x80], [0xE1, 0x80, 0x41], [0xEF, 0xBF],
            [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80],
        ]
        for sequence in rejected {
            for prefix in [0, 3, 14, 15, 16, 17] {
                let content = [UInt8](repeating: 0x61, count: prefix) + sequence
                // Closed, and cut off by the document's end.
                for document in [[0x22] + content + [0x22], [0x22] + content] {
                    XCTAssertThrowsError(try JsonValue(parsing: Data(document)), "\(sequence) after \(prefix)") {
                        error in
                        XCTAssertTrue(error is JsonDecodingError, "\(error)")
                    }
                }
            }
        }
    }

    func testEscapesOfEveryKindAtEveryOffset() throws {
        let escapes = [
            (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{8}"), (#"\f"#, "\u{C}"),
            (#"\n"#, "\n"), (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\u00e9"#, "é"), (#"\ud83d\udc18"#, "🐘"),
        ]
        for (escape, character) in escapes {
            for prefix in [0, 1, 14, 15, 16, 30] {
                let filler = String(repeating: "x", count: prefix)
                XCTAssertEqual(try String.fromJson("\"\(filler)\(escape)\""), filler + character)
                XCTAssertEqual(try String.fromJson("\"\(filler)\(escape)y\""), filler + character + "y")
            }
        }
        for invalid in [#""\x""#, #""\u12""#, #""\u12G4""#, #""\"#, #""abc\"#] {
            XCTAssertThrowsError(try String.fromJson(invalid), invalid)
        }
    }

    /// After its first escape a string is validated and unescaped in one pass (into stack storage,
    /// or, past its capacity, by a scan and then an unescaping): the same text and the same errors,
    /// at the same places, as a string whose first bytes are plain.
    func testEscapedStringsAreValidatedAsTheyAreUnescaped() throws {
        let accepted: [[UInt8]] = [[0xC3, 0xA9], [0xE2, 0x80, 0x94], [0xED, 0x9F, 0xBF], [0xF0, 0x9F, 0x90, 0x98]]
        let rejected: [[UInt8]] = [
            [0xC0, 0x80], [0xC2, 0x41], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xFF], [0x80], [0x01], [0x1F], [0x5C, 0x78], [0x5C, 0x75, 0x31, 0x32, 0x47, 0x34],
        ]
        for prefix in [0, 3, 14, 15, 16, 17, 30] {
            let filler = [UInt8](repeating: 0x61, count: prefix)
            for sequence in accepted {
                for tail in [[], [0x62], [UInt8](repeating: 0x62, count: 17)] {
                    let escaped = [0x22, 0x5C, 0x6E] + filler + sequence + tail + [0x22]
                    let expected = "\n" + String(decoding: filler + sequence + tail, as: UTF8.self)
                    XCTAssertEqual(try String.fromJson(Data(escaped)), expected, "\(sequence) after \(prefix)")
                }
            }
            for sequence in rejected {
                // `\n` and `xx` are as long: the error is at the same offset, with the same words.
                for document in [
                    [0x22, 0x5C, 0x6E] + filler + sequence + [0x22], [0x22, 0x5C, 0x6E] + filler + sequence,
                ] {
                    let plain = [0x22, 0x78, 0x78] + document.dropFirst(3)
                    let escapedError = decodingError { try String.fromJson(Data(document)) }
                    let plainError = decodingError { try String.fromJson(Data(plain)) }
                    XCTAssertNotNil(escapedError, "\(sequence) after \(prefix)")
                    XCTAssertEqual(escapedError?.offset, plainError?.offset, "\(sequence) after \(prefix)")
                    XCTAssertEqual(escapedError?.expected, plainError?.expected, "\(sequence) after \(prefix)")
                    XCTAssertEqual(escapedError?.found, plainError?.found, "\(sequence) after \(prefix)")
                }
            }
        }
        // Around the stack storage's 1024 bytes, escapes early and late, and far past it.
        for length in [1000, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1040, 3000] {
            for (index, piece) in ["\"", "\n", "é", "🐘", "\u{1}"].enumerated() {
                let text =
                    piece + String(repeating: "lorem ", count: length / 6) + piece + "z"
                    + String(repeating: "y", count: index)
                let json = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
                XCTAssertEqual(try String.fromJson(json), text, "\(length), \(piece)")
                XCTAssertEqual(try String.fromJson(json + " "), text, "\(length), \(piece)")
            }
        }
        let unterminated = decodingError { try String.fromJson("\"\\n" + String(repeating: "x", count: 2000)) }
        XCTAssertEqual(unterminated?.offset, 0)
        XCTAssertEqual(unterminated?.expected, "a closing '\"'")
    }

    /// `"\/Date(ms)\/"` is read in place, its first eight digits and then up to seven more at once:
    /// every count of digits, signs and offsets gives the date the general parser gives.
    func testWcfDatesOfEveryLengthReadInPlaceAsTheGeneralParserReadsThem() throws {
        let digits = "123456789012345678"
        for count in 1...18 {
            let number = String(digits.prefix(count))
            for sign in ["", "-"] {
                for offset in ["", "-0000", "+0100"] {
                    for (opening, closing) in [(#"\/"#, #"\/"#), ("/", "/")] {
                        let text = "/Date(\(sign)\(number)\(offset))/"
                        let expected = try XCTUnwrap(DateFormats.parse(text), text)
                        let json = "\"\(opening)Date(\(sign)\(number)\(offset))\(closing)\""
                        XCTAssertEqual(try Date.fromJson(json), expected, json)
                        XCTAssertEqual(try Date.fromJson(json + String(repeating: " ", count: 16)), expected, json)
                    }
                }
            }
        }
        // Near misses of the forms read in one go are errors, as the general parser finds them.
        for tail in [#"-0000)\/x"#, #"-0000)\/ "#, #"-0000)/x"#, #"-0000)\"#, #"-0001)\/x"#, #"-000)\/"#, #")\/x"#] {
            let json = "\"\\/Date(1523942312513\(tail)\""
            XCTAssertNil(
                DateFormats.parse("/Date(1523942312513" + tail.replacingOccurrences(of: "\\/", with: "/")), json)
            XCTAssertThrowsError(try Date.fromJson(json), json)
        }
    }

    private func decodingError(_ body: () throws -> Any) -> JsonDecodingError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? JsonDecodingError
        }
    }

    func testMemberNamesMatchedAsOnePatternOrByTheGeneralPath() throws {
        let value = LongNames()
        value.a = 1
        value.thirteenChars = 2
        value.fourteenCharsX = 3
        value.aMuchLongerPropertyName = 4
        value.aMuchLongerPropertyNameToo = 5
        let compact = value.toJson()
        XCTAssertEqual(
            compact,
            #"{"a":1,"thirteenChars":2,"fourteenCharsX":3,"aMuchLongerPropertyName":4,"aMuchLongerPropertyNameToo":5}"#)
        let variants = [
            compact,
            // Out of order: each expected-member check misses.
            #"{"aMuchLongerPropertyNameToo":5,"aMuchLongerPropertyName":4,"fourteenCharsX":3,"thirteenChars":2,"a":1}"#,
            // Pretty: whitespace before names and after colons.
            "{\n  \"a\" : 1,\n  \"thirteenChars\":\t2,\n  \"fourteenCharsX\" :3,\n  \"aMuchLongerPropertyName\": 4,\n  \"aMuchLongerPropertyNameToo\": 5\n}",
            // Other case (ServiceStack matches names case-insensitively) and unknown members between.
            #"{"A":1,"thirteenchars":2,"x":[1,{"a":9}],"FourteenCharsX":3,"aMuchLongerPropertyNamX":7,"aMuchLongerPropertyName":4,"aMuchLongerPropertyNameToo":5}"#,
            // Escaped names equal the plain ones.
            #"{"\u0061":1,"thirteen\u0043hars":2,"fourteenCharsX":3,"aMuchLongerPropertyName":4,"aMuchLongerPropertyNameToo":5}"#,
        ]
        for json in variants {
            let decoded = try LongNames.fromJson(json)
            XCTAssertEqual(
                [
                    decoded.a, decoded.thirteenChars, decoded.fourteenCharsX, decoded.aMuchLongerPropertyName,
                    decoded.aMuchLongerPropertyNameToo,
                ], [1, 2, 3, 4, 5], json)
        }
        // A name that is the expected one's prefix, or shares its first 16 bytes, is another member.
        let nearMisses = try LongNames.fromJson(
            #"{"a":1,"thirteenChar":9,"aMuchLongerPropertyNameT":9,"aMuchLongerPropertyName":4}"#)
        XCTAssertEqual(nearMisses.thirteenChars, nil)
        XCTAssertEqual(nearMisses.aMuchLongerPropertyName, 4)
        XCTAssertEqual(nearMisses.aMuchLongerPropertyNameToo, nil)
        // The document ends inside a name the pattern would have matched.
        for cut in 1..<compact.utf8.count {
            let prefix = String(decoding: compact.utf8.prefix(cut), as: UTF8.self)
            XCTAssertThrowsError(try LongNames.fromJson(prefix), prefix)
        }
    }
}

/// Property names of 1, 13 (a 16-byte `"name":` pattern), 14 (17 bytes) and over 20 bytes.
final class LongNames {
    var a: Int?
    var thirteenChars: Int?
    var fourteenCharsX: Int?
    var aMuchLongerPropertyName: Int?
    var aMuchLongerPropertyNameToo: Int?

    required init() {}
}

extension LongNames: JsonSerializable {
    static let metadata = Metadata.create([
        Property<LongNames>.optional("a", get: { $0.a }, set: { $0.a = $1 }),
        Property<LongNames>.optional("thirteenChars", get: { $0.thirteenChars }, set: { $0.thirteenChars = $1 }),
        Property<LongNames>.optional("fourteenCharsX", get: { $0.fourteenCharsX }, set: { $0.fourteenCharsX = $1 }),
        Property<LongNames>.optional(
            "aMuchLongerPropertyName", get: { $0.aMuchLongerPropertyName },
            set: { $0.aMuchLongerPropertyName = $1 }),
        Property<LongNames>.optional(
            "aMuchLongerPropertyNameToo", get: { $0.aMuchLongerPropertyNameToo },
            set: { $0.aMuchLongerPropertyNameToo = $1 }),
    ])
}
