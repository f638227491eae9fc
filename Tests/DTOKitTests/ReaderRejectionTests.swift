import DTOKit
import Foundation
import XCTest

/// RFC 8259 conformance of the reader: every class of invalid document is rejected with an error
/// that says where (byte, line:column, JSON path) and what (expected vs found); valid edge cases
/// are accepted. Type and range mismatches in DTO members are errors too, never silent defaults.
final class ReaderRejectionTests: XCTestCase {
    /// Parses raw bytes (for documents that are not valid UTF-8) expecting a failure.
    @discardableResult
    private func assertBytesFail(
        _ bytes: [UInt8], offset: Int, expected: String, found: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> JsonDecodingError? {
        do {
            _ = try JsonValue(parsing: Data(bytes))
            XCTFail("\(bytes) should not parse", file: file, line: line)
            return nil
        } catch let error as JsonDecodingError {
            XCTAssertEqual(error.offset, offset, error.description, file: file, line: line)
            XCTAssertTrue(error.expected.contains(expected), error.description, file: file, line: line)
            XCTAssertTrue(error.found.contains(found), error.description, file: file, line: line)
            return error
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
            return nil
        }
    }

    // MARK: Trailing commas

    func testTrailingCommas() {
        assertDecodingFails(
            JsonValue.self, "[1,2,]", path: "$[2]", offset: 5, line: 1, column: 6,
            expected: "a value", found: "']'")
        assertDecodingFails(
            JsonValue.self, #"{"a":1,}"#, path: "$", offset: 7, line: 1, column: 8,
            expected: "a member name in double quotes", found: "'}'")
        assertDecodingFails([Int].self, "[1,]", path: "$[1]", offset: 3, found: "']'")
        let json = """
            {
              "results": [
                {"id": 1},
                {"id": 2,}
              ]
            }
            """
        assertDecodingFails(
            Page<Child>.self, json, path: "$.results[1]", offset: 45, line: 4, column: 14,
            expected: "a member name in double quotes", found: "'}'")
    }

    func testErrorDescriptionReadsAsDocumented() throws {
        let json = #"{"offset":0,"results":[{"id":1},{"id":2},{"id":3},{"id":4,"name":5}]}"#
        let error = try XCTUnwrap(
            assertDecodingFails(
                Page<Child>.self, json, path: "$.results[3].name", offset: 65,
                line: 1, column: 66, expected: "a string", found: "the number 5"))
        XCTAssertEqual(
            error.description,
            "JSON decoding failed at $.results[3].name (line 1, column 66, byte 65): expected a string, found the number 5"
        )
        XCTAssertEqual(error.path, [.key("results"), .index(3), .key("name")])
    }

    // MARK: Numbers

    func testLeadingZerosAndMalformedNumbers() {
        assertDecodingFails(
            JsonValue.self, "[01]", path: "$[0]", offset: 1, expected: "a number without leading zeros",
            found: "a leading zero")
        assertDecodingFails(Child.self, #"{"id":007}"#, path: "$.id", offset: 6, expected: "without leading zeros")
        assertDecodingFails(JsonValue.self, "-01", path: "$", offset: 1, expected: "without leading zeros")
        assertDecodingFails(JsonValue.self, "1.", path: "$", offset: 2, expected: "a digit after the decimal point")
        assertDecodingFails(
            JsonValue.self, "[1.e5]", path: "$[0]", offset: 3, expected: "a digit after the decimal point")
        assertDecodingFails(JsonValue.self, "1e", path: "$", offset: 2, expected: "a digit in the exponent")
        assertDecodingFails(JsonValue.self, "1e+", path: "$", offset: 3, expected: "a digit in the exponent")
        assertDecodingFails(JsonValue.self, ".5", path: "$", offset: 0, expected: "a value", found: "'.'")
        assertDecodingFails(JsonValue.self, "+1", path: "$", offset: 0, expected: "a value", found: "'+'")
        assertDecodingFails(
            JsonValue.self, "-", path: "$", offset: 1, expected: "a digit after '-'",
            found: "the end of the document")
        assertDecodingFails(
            JsonValue.self, "0x10", path: "$", offset: 1, expected: "the end of the document", found: "'x'")
        assertDecodingFails(Scalars.self, #"{"count":1.}"#, path: "$.count", offset: 11)
    }

    func testNaNAndInfinityLiteralsAreRejected() {
        assertDecodingFails(JsonValue.self, "[NaN]", path: "$[0]", offset: 1, expected: "a value", found: "'N'")
        assertDecodingFails(JsonValue.self, "[Infinity]", path: "$[0]", offset: 1, expected: "a value", found: "'I'")
        assertDecodingFails(
            JsonValue.self, "[-Infinity]", path: "$[0]", offset: 2, expected: "a digit after '-'",
            found: "'I'")
        assertDecodingFails(Scalars.self, #"{"optRatio":NaN}"#, path: "$.optRatio", offset: 12, found: "'N'")
        assertDecodingFails(Scalars.self, #"{"ratio":Infinity}"#, path: "$.ratio", offset: 9, found: "'I'")
    }

    // MARK: Comments, quotes, bare words

    func testCommentsAreRejected() {
        assertDecodingFails(
            JsonValue.self, "{\"a\":1 // note\n}", path: "$", offset: 7,
            expected: "',' or '}' after an object member", found: "'/'")
        assertDecodingFails(JsonValue.self, "/* c */ {}", path: "$", offset: 0, expected: "a value", found: "'/'")
        assertDecodingFails(Child.self, "/* c */ {}", path: "$", offset: 0, expected: "an object", found: "'/'")
        assertDecodingFails(JsonValue.self, "[1, # hash\n 2]", path: "$[1]", offset: 4, found: "'#'")
    }

    func testSingleQuotesAreRejected() {
        assertDecodingFails(
            JsonValue.self, "{'a':1}", path: "$", offset: 1, expected: "a member name in double quotes",
            found: "'''")
        assertDecodingFails(JsonValue.self, "['x']", path: "$[0]", offset: 1, expected: "a value", found: "'''")
        assertDecodingFails(Child.self, "{\"name\":'x'}", path: "$.name", offset: 8, expected: "a string", found: "'''")
    }

    func testBareWordsAreRejected() {
        assertDecodingFails(JsonValue.self, "hello", path: "$", offset: 0, expected: "a value", found: "'h'")
        assertDecodingFails(JsonValue.self, #"{"a":yes}"#, path: "$.a", offset: 5, expected: "a value", found: "'y'")
        assertDecodingFails(JsonValue.self, "[tru]", path: "$[0]", offset: 1, expected: "a boolean")
        assertDecodingFails(JsonValue.self, "[nul]", path: "$[0]", offset: 1, expected: "a value", found: "'n'")
        assertDecodingFails(JsonValue.self, "True", path: "$", offset: 0, found: "'T'")
        assertDecodingFails(JsonValue.self, "undefined", path: "$", offset: 0, found: "'u'")
        assertDecodingFails(Scalars.self, #"{"flag":True}"#, path: "$.flag", offset: 8, expected: "a boolean")
        assertDecodingFails(Child.self, #"{"unknown":nope,"id":1}"#, path: "$.unknown", offset: 11, expected: "a value")
    }

    // MARK: Strings

    func testUnescapedControlCharactersInStrings() {
        assertDecodingFails(
            JsonValue.self, "[\"a\tb\"]", path: "$[0]", offset: 3, line: 1, column: 4,
            expected: "control characters must be escaped",
            found: "the unescaped control character 0x09")
        assertDecodingFails(
            JsonValue.self, "[\"a\nb\"]", path: "$[0]", offset: 3, line: 1, column: 4,
            found: "the unescaped control character 0x0A")
        assertDecodingFails(JsonValue.self, "\"\u{0}\"", path: "$", offset: 1, found: "0x00")
        assertDecodingFails(Child.self, "{\"name\":\"x\u{1F}\"}", path: "$.name", offset: 10, found: "0x1F")
        // In member names as well, and in members that are only skipped.
        assertDecodingFails(Child.self, "{\"na\rme\":1}", path: "$", offset: 4, found: "0x0D")
        assertDecodingFails(Child.self, "{\"skip\":\"\u{7}\",\"id\":1}", path: "$.skip", offset: 9, found: "0x07")
    }

    func testBadEscapes() {
        assertDecodingFails(
            JsonValue.self, #"["\x41"]"#, path: "$[0]", offset: 2, expected: "an escape sequence",
            found: #"the invalid escape '\x'"#)
        assertDecodingFails(JsonValue.self, #"["\'"]"#, path: "$[0]", offset: 2, found: #"'\''"#)
        // Unpaired surrogates are errors in strict mode (by default they read as U+FFFD; see
        // DotNetWireFormatTests).
        let strict = JsonDecodingOptions(unpairedSurrogates: .reject)
        assertDecodingFails(
            JsonValue.self, #"["\uD800"]"#, path: "$[0]", offset: 2,
            expected: "a low surrogate escape", found: #"an unpaired UTF-16 surrogate \uD800"#,
            options: strict)
        assertDecodingFails(
            JsonValue.self, #"["\uD800\u0041"]"#, path: "$[0]", offset: 2, found: #"\uD800"#,
            options: strict)
        assertDecodingFails(
            JsonValue.self, #"["\uDC00x"]"#, path: "$[0]", offset: 2,
            expected: "a high surrogate", found: #"\uDC00"#, options: strict)
        assertDecodingFails(
            JsonValue.self, #"["\u12G4"]"#, path: "$[0]", offset: 6, expected: "four hex digits",
            found: "'G'")
        assertDecodingFails(JsonValue.self, #"["\u12"]"#, path: "$[0]", offset: 6, expected: "four hex digits")
        assertDecodingFails(JsonValue.self, #""\"#, path: "$", offset: 1, expected: "an escape sequence")
        assertDecodingFails(Child.self, #"{"id":1,"name":"\q"}"#, path: "$.name", offset: 16, found: #"'\q'"#)
    }

    func testInvalidUTF8IsRejected() {
        let quoteOpen: [UInt8] = [0x5B, 0x22]
        let quoteClose: [UInt8] = [0x22, 0x5D]
        assertBytesFail(
            quoteOpen + [0xFF] + quoteClose, offset: 2, expected: "valid UTF-8",
            found: "the invalid UTF-8 byte 0xFF")
        assertBytesFail(quoteOpen + [0x61, 0x80] + quoteClose, offset: 3, expected: "valid UTF-8", found: "0x80")
        assertBytesFail(quoteOpen + [0xC0, 0xAF] + quoteClose, offset: 2, expected: "valid UTF-8", found: "0xC0")
        assertBytesFail(quoteOpen + [0xE0, 0x80, 0xAF] + quoteClose, offset: 2, expected: "valid UTF-8", found: "0xE0")
        assertBytesFail(quoteOpen + [0xED, 0xA0, 0x80] + quoteClose, offset: 2, expected: "valid UTF-8", found: "0xED")
        assertBytesFail(
            quoteOpen + [0xF4, 0x90, 0x80, 0x80] + quoteClose, offset: 2, expected: "valid UTF-8", found: "0xF4")
        assertBytesFail(quoteOpen + [0xE2, 0x82] + quoteClose, offset: 2, expected: "valid UTF-8", found: "0xE2")
        assertBytesFail(quoteOpen + [0xF0, 0x9F, 0x90], offset: 2, expected: "valid UTF-8", found: "0xF0")
        // Outside strings.
        assertBytesFail([0x5B, 0xFF, 0x5D], offset: 1, expected: "a value", found: "the byte 0xFF")
        // In a member name that is only matched, never turned into a String.
        do {
            _ = try Child.fromJson(Data([0x7B, 0x22, 0x69, 0xC3, 0x22, 0x3A, 0x31, 0x7D]))
            XCTFail("invalid UTF-8 in a member name must be rejected")
        } catch let error as JsonDecodingError {
            XCTAssertEqual(error.offset, 3)
            XCTAssertTrue(error.found.contains("0xC3"), error.description)
        } catch {
            XCTFail("\(error)")
        }
    }

    // MARK: Structure

    func testGarbageAfterTheValue() {
        assertDecodingFails(
            JsonValue.self, "{} x", path: "$", offset: 3, expected: "the end of the document", found: "'x'")
        assertDecodingFails(
            JsonValue.self, "[1]]", path: "$", offset: 3, expected: "the end of the document", found: "']'")
        assertDecodingFails(JsonValue.self, "1 2", path: "$", offset: 2, found: "the number 2")
        assertDecodingFails(JsonValue.self, #""a""b""#, path: "$", offset: 3, found: #"the string "b""#)
        assertDecodingFails(
            Child.self, "{\"id\":1}\n{\"id\":2}", path: "$", offset: 9, line: 2, column: 1,
            expected: "the end of the document", found: "an object")
        assertDecodingFails(JsonValue.self, "nullx", path: "$", offset: 4, found: "'x'")
    }

    func testUnterminatedValues() {
        assertDecodingFails(
            JsonValue.self, #""abc"#, path: "$", offset: 0, expected: "a closing '\"'",
            found: "the end of the document inside this string")
        assertDecodingFails(
            JsonValue.self, "[1,2", path: "$", offset: 4, expected: "',' or ']' after an array element",
            found: "the end of the document")
        assertDecodingFails(
            JsonValue.self, #"{"a":1"#, path: "$", offset: 6, expected: "',' or '}' after an object member",
            found: "the end of the document")
        assertDecodingFails(
            JsonValue.self, #"{"a":"#, path: "$.a", offset: 5, expected: "a value",
            found: "the end of the document")
        assertDecodingFails(JsonValue.self, #"{"a"#, path: "$", offset: 1, expected: "a closing")
        assertDecodingFails(JsonValue.self, "[", path: "$[0]", offset: 1, found: "the end of the document")
        assertDecodingFails(JsonValue.self, "{", path: "$", offset: 1, found: "the end of the document")
        assertDecodingFails(
            Page<Child>.self, #"{"results":[{"id":1}"#, path: "$.results", offset: 20,
            expected: "',' or ']'")
        assertDecodingFails(Child.self, "{\"name\":\"abc", path: "$.name", offset: 8, expected: "a closing")
        assertDecodingFails(JsonValue.self, "tr", path: "$", offset: 0, expected: "a boolean")
    }

    func testMissingColonAndMissingCommas() {
        assertDecodingFails(
            JsonValue.self, #"{"a" 1}"#, path: "$", offset: 5, expected: "':' after the member name",
            found: "the number 1")
        assertDecodingFails(Child.self, #"{"id"}"#, path: "$", offset: 5, expected: "':'", found: "'}'")
        assertDecodingFails(
            JsonValue.self, "[1 2]", path: "$", offset: 3, expected: "',' or ']'", found: "the number 2")
        assertDecodingFails(
            JsonValue.self, #"{"a":1 "b":2}"#, path: "$", offset: 7, expected: "',' or '}'",
            found: #"the string "b""#)
        assertDecodingFails(JsonValue.self, #"{"a"::1}"#, path: "$.a", offset: 5, expected: "a value", found: "':'")
        assertDecodingFails(
            JsonValue.self, #"{1:2}"#, path: "$", offset: 1, expected: "a member name", found: "the number 1")
        assertDecodingFails(JsonValue.self, "[,1]", path: "$[0]", offset: 1, expected: "a value", found: "','")
    }

    func testEmptyDocuments() {
        assertDecodingFails(
            JsonValue.self, "", path: "$", offset: 0, line: 1, column: 1, expected: "a JSON value",
            found: "an empty document")
        assertDecodingFails(
            Child.self, " \n ", path: "$", offset: 3, line: 2, column: 2, expected: "an object",
            found: "the end of the document")
    }

    func testLineAndColumnCountCharactersNotBytes() {
        assertDecodingFails(JsonValue.self, #"{"é": [1,]}"#, path: #"$["é"][1]"#, offset: 10, line: 1, column: 10)
        assertDecodingFails(JsonValue.self, "{\n  \"a\": [1,\n  2,]\n}", path: "$.a[2]", offset: 17, line: 3, column: 5)
        assertDecodingFails(JsonValue.self, "\r\n\r\n  x", path: "$", offset: 6, line: 3, column: 3)
        // Member names that are not plain identifiers are bracketed in the path.
        assertDecodingFails(JsonValue.self, #"{"a b":{"c.d":[x]}}"#, path: #"$["a b"]["c.d"][0]"#, offset: 15)
        assertDecodingFails(JsonValue.self, #"{"1st":x}"#, path: #"$["1st"]"#, offset: 7)
        assertDecodingFails(JsonValue.self, #"{"_a1":{"":{"q\"\\":x}}}"#, path: #"$._a1[""]["q\"\\"]"#, offset: 20)
    }

    // MARK: Type mismatches in members

    func testTypeMismatchesAreErrorsNotDefaults() {
        assertDecodingFails(Scalars.self, #"{"count":"abc"}"#, path: "$.count", offset: 9, found: #"the string "abc""#)
        assertDecodingFails(Scalars.self, #"{"count":true}"#, path: "$.count", offset: 9, found: "a boolean")
        assertDecodingFails(
            Scalars.self, #"{"name":1}"#, path: "$.name", offset: 8, expected: "a string",
            found: "the number 1")
        assertDecodingFails(
            Scalars.self, #"{"optFlag":1}"#, path: "$.optFlag", offset: 11, expected: "a boolean",
            found: "the number 1")
        assertDecodingFails(Scalars.self, #"{"ratio":[1]}"#, path: "$.ratio", offset: 9, found: "an array")
        assertDecodingFails(
            Collections.self, #"{"children":{}}"#, path: "$.children", offset: 12,
            expected: "an array", found: "an object")
        assertDecodingFails(
            Collections.self, #"{"lookup":[]}"#, path: "$.lookup", offset: 10,
            expected: "an object", found: "an array")
        assertDecodingFails(
            Collections.self, #"{"tagsByName":{"a":"b"}}"#, path: "$.tagsByName.a", offset: 19,
            expected: "an array", found: #"the string "b""#)
        assertDecodingFails(
            Collections.self, #"{"optChildGrid":{"a":{"b":[]}}}"#, path: "$.optChildGrid.a.b", offset: 26,
            expected: "an object", found: "an array")
        assertDecodingFails(
            Parent.self, #"{"first":[]}"#, path: "$.first", offset: 9, expected: "an object",
            found: "an array")
        assertDecodingFails(Parent.self, #"{"second":"x"}"#, path: "$.second", offset: 10, expected: "an object")
        assertDecodingFails(Collections.self, #"{"maybeInts":[1,null,"x"]}"#, path: "$.maybeInts[2]", offset: 21)
        assertDecodingFails(Child.self, "[]", path: "$", offset: 0, expected: "an object", found: "an array")
        assertDecodingFails(
            [Child].self, #"[{"id":1},{"child":{"child":{"name":false}}}]"#,
            path: "$[1].child.child.name", offset: 36, found: "a boolean")
    }

    // MARK: Valid edge cases

    func testValidEdgeCasesAreAccepted() throws {
        XCTAssertEqual(try JsonValue(parsing: "{}"), .object([:]))
        XCTAssertEqual(try JsonValue(parsing: "[]"), .array([]))
        XCTAssertEqual(try JsonValue(parsing: "[[],{},[{}]]"), [[], [:], [[:]]])
        XCTAssertEqual(try JsonValue(parsing: #""""#), "")
        XCTAssertEqual(
            try JsonValue(parsing: " \t\n\r{ \"a\" :\n[ 1 ,\t2 ] , \"b\"\r:\"c\" } \n\t"), ["a": [1, 2], "b": "c"])
        XCTAssertEqual(try JsonValue(parsing: "null"), .null)
        XCTAssertEqual(try JsonValue(parsing: " true "), true)
        XCTAssertEqual(try JsonValue(parsing: "42"), 42)
        XCTAssertEqual(try JsonValue(parsing: #""\u0000""#), .string("\u{0}"))
        XCTAssertEqual(try String.fromJson(#""a\u0000b""#).utf8.count, 3)
        XCTAssertEqual(try String.fromJson(#""\uD83D\uDE00""#), "😀")
        XCTAssertEqual(try String.fromJson(#""\ud83d\ude00 and \u00e9\u4E2D""#), "😀 and é中")
        XCTAssertEqual(try String.fromJson(#""\"\\\/\b\f\n\r\t""#), "\"\\/\u{8}\u{C}\n\r\t")
        XCTAssertEqual(try String.fromJson("\"日本語 🐳 déjà\""), "日本語 🐳 déjà")
        XCTAssertEqual(try String.fromJson("\"\u{7F}\""), "\u{7F}", "DEL needs no escape")
        XCTAssertEqual(
            try [Double].fromJson("[1e5,1E5,1e+5,1e-5,1.5E-3,0e0,-0,0.0,-0.0e-0,10]"),
            [1e5, 1e5, 1e5, 1e-5, 1.5e-3, 0, 0, 0, 0, 10])
        XCTAssertEqual(try JsonValue(parsing: "-0"), .int(0))
        XCTAssertEqual(try JsonValue(parsing: "[1.5e3]"), [.double(1500)])
        // A UTF-8 byte order mark is allowed before the value.
        XCTAssertEqual(try JsonValue(parsing: Data([0xEF, 0xBB, 0xBF, 0x5B, 0x5D])), .array([]))
        // Long strings with escapes far from the start (past the 8-byte fast path).
        let long = String(repeating: "abcdefgh", count: 50)
        XCTAssertEqual(try String.fromJson("\"" + long + "\\n" + long + "\""), long + "\n" + long)
    }

    func testDeepButLegalNestingIsAccepted() throws {
        let depth = JsonDecodingOptions().maxDepth
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JsonValue(parsing: arrays)
        var levels = 1
        while case .array(let elements) = value, let first = elements.first {
            value = first
            levels += 1
        }
        XCTAssertEqual(levels, depth)

        let objects = String(repeating: #"{"a":"#, count: depth - 1) + "1" + String(repeating: "}", count: depth - 1)
        XCTAssertNoThrow(try JsonValue(parsing: objects))
        // Skipped members count their depth too, and stay within the limit.
        XCTAssertEqual(
            try Child.fromJson(
                #"{"x":"# + String(repeating: "[", count: depth - 1)
                    + String(repeating: "]", count: depth - 1) + #","id":1}"#
            ).id, 1)
    }

    // MARK: Nesting limit

    func testHundredThousandNestedArraysIsAnErrorNotAStackOverflow() throws {
        let json = String(repeating: "[", count: 100_000)
        let error = try XCTUnwrap(
            assertDecodingFails(
                JsonValue.self, json,
                path: "$" + String(repeating: "[0]", count: 256),
                offset: 256, line: 1, column: 257,
                expected: "at most 256 levels of nesting",
                found: "deeper nesting"))
        XCTAssertTrue(error.description.contains("JsonDecodingOptions.maxDepth"))
        // Closed properly it is still too deep.
        XCTAssertThrowsError(try JsonValue(parsing: json + String(repeating: "]", count: 100_000)))
    }

    func testDeepNestingInEveryDecodingPath() {
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        assertDecodingFails(
            JsonValue.self, objects, path: "$" + String(repeating: ".a", count: 256), offset: 256 * 5,
            expected: "at most 256 levels")
        let children = String(repeating: #"{"child":"#, count: 100_000)
        assertDecodingFails(
            Child.self, children, path: "$" + String(repeating: ".child", count: 256),
            offset: 256 * 9, expected: "at most 256 levels")
        let skipped = #"{"id":1,"unknown":"# + String(repeating: "[", count: 100_000)
        assertDecodingFails(
            Child.self, skipped, path: "$.unknown" + String(repeating: "[0]", count: 255),
            offset: 18 + 255, expected: "at most 256 levels")
        assertDecodingFails([[[Int]]].self, "[[[[1]]]]", path: "$[0][0][0]", offset: 3, found: "an array")
        let grid = String(repeating: "[", count: 100_000)
        assertDecodingFails(Collections.self, #"{"grid":"# + grid, path: "$.grid[0][0]", offset: 10, found: "an array")
    }

    func testNestingLimitIsConfigurable() throws {
        let ten = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        let eleven = "[" + ten + "]"
        let options = JsonDecodingOptions(maxDepth: 10)
        XCTAssertEqual(options.maxDepth, 10)
        XCTAssertNoThrow(try JsonValue(parsing: ten, options: options))
        assertDecodingFails(
            JsonValue.self, eleven, path: "$" + String(repeating: "[0]", count: 10), offset: 10,
            expected: "at most 10 levels", options: options)
        assertDecodingFails(
            Child.self, String(repeating: #"{"child":"#, count: 3) + "{}}}}", path: "$.child.child",
            offset: 18, expected: "at most 2 levels", options: JsonDecodingOptions(maxDepth: 2))
        XCTAssertEqual(try Child.fromJson(#"{"child":{}}"#, options: JsonDecodingOptions(maxDepth: 2)).child?.id, nil)

        let deep = 1500
        let deepJson = String(repeating: "[", count: deep) + String(repeating: "]", count: deep)
        XCTAssertThrowsError(try JsonValue(parsing: deepJson))
        XCTAssertNoThrow(try JsonValue(parsing: deepJson, options: JsonDecodingOptions(maxDepth: 2000)))
        XCTAssertEqual(JsonDecodingOptions().maxDepth, 256)
        XCTAssertEqual(JsonDecodingOptions(maxDepth: 0).maxDepth, 1)
    }
}
