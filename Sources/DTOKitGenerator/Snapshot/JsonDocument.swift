/// A parsed JSON document: a tree of values that remember where in the file they start.
///
/// The generator reads snapshots with this small parser of its own instead of the DTOKit runtime,
/// so the plugin's tool builds without compiling the runtime a second time (a new user's first build
/// is faster), and every value keeps its byte offset for `file:line:column` diagnostics.
package struct JsonNode: Sendable {
    package enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number as written (`1`, `-2.5e3`): the generator only ever needs a few small integers.
        case number(String)
        case string(String)
        case array([JsonNode])
        /// Members in document order; a repeated name keeps every occurrence (readers take the first).
        case object([(name: String, value: JsonNode)])
    }

    package var value: Value
    /// Byte offset of the value's first byte in the document.
    package var offset: Int

    /// What kind of value this is, for "expected …, found …" messages.
    var kindName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The first member named `name`, if this is an object that has one.
    package func member(_ name: String) -> JsonNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.name == name }?.value
    }
}

/// A syntax error: where (byte offset) and what was expected.
struct JsonSyntaxError: Error, Sendable {
    var offset: Int
    var expected: String
    var found: String
}

/// Parses RFC 8259 JSON from UTF-8 bytes (a leading byte order mark is allowed).
package struct JsonParser {
    /// Deeper documents are rejected rather than risking the stack: metadata nests about 8 levels.
    static let maxDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The document's root value.
    /// - Throws: ``JsonSyntaxError`` at the first byte that is not valid JSON.
    package static func parse(_ bytes: [UInt8]) throws -> JsonNode {
        var parser = JsonParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let root = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.failure("the end of the document") }
        return root
    }

    // MARK: Values

    private mutating func parseValue() throws -> JsonNode {
        skipWhitespace()
        let start = index
        guard index < bytes.count else { throw failure("a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JsonNode(value: try parseObject(), offset: start)
        case UInt8(ascii: "["): return JsonNode(value: try parseArray(), offset: start)
        case UInt8(ascii: "\""): return JsonNode(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JsonNode(value: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JsonNode(value: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JsonNode(value: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JsonNode(value: .number(try parseNumber()), offset: start)
        default:
            throw failure("a value")
        }
    }

    private mutating func parseObject() throws -> JsonNode.Value {
        try enterNesting()
        defer { depth -= 1 }
        index += 1
        var members: [(name: String, value: JsonNode)] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("a member name in quotes")
            }
            let name = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw failure("':' after the member name") }
            members.append((name, try parseValue()))
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw failure("',' or '}' in the object") }
        return .object(members)
    }

    private mutating func parseArray() throws -> JsonNode.Value {
        try enterNesting()
        defer { depth -= 1 }
        index += 1
        var elements: [JsonNode] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try parseValue())
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw failure("',' or ']' in the array") }
        return .array(elements)
    }

    private mutating func enterNesting() throws {
        guard depth < Self.maxDepth else { throw failure("at most \(Self.maxDepth) nested arrays and objects") }
        depth += 1
    }

    // MARK: Scalars

    private mutating func parseString() throws -> String {
        index += 1
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                // A snapshot with broken text is rejected, not mangled.
                guard Self.isValidUTF8(utf8) else { throw failure("UTF-8 text in the string") }
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try appendEscape(to: &utf8)
            case 0..<0x20:
                throw failure("a control character to be escaped in the string")
            default:
                utf8.append(byte)
                index += 1
            }
        }
        throw failure("'\"' to end the string")
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws {
        guard index < bytes.count else { throw failure("an escape after '\\'") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by `\u` and a low one.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw failure("a low surrogate escape after the high surrogate")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw failure("a low surrogate escape after the high surrogate")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("a high surrogate before the low surrogate escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("a Unicode scalar value") }
            utf8.append(contentsOf: String(Character(unicode)).utf8)
        default:
            index -= 1
            throw failure("one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u after '\\'")
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw failure("four hex digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() throws -> String {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            // No leading zeros.
        } else if !consumeDigits() {
            throw failure("a digit")
        }
        if consume(UInt8(ascii: ".")), !consumeDigits() { throw failure("a digit after the decimal point") }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            if !consumeDigits() { throw failure("a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func consumeDigits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start
    }

    private mutating func expectWord(_ word: String) throws {
        let text = word.utf8
        guard bytes.count - index >= text.count, bytes[index..<index + text.count].elementsEqual(text) else {
            throw failure("a value")
        }
        index += text.count
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private func failure(_ expected: String) -> JsonSyntaxError {
        let found: String
        if index >= bytes.count {
            found = "the end of the document"
        } else {
            let byte = bytes[index]
            found =
                (0x21..<0x7F).contains(byte)
                ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
        return JsonSyntaxError(offset: index, expected: expected, found: found)
    }
}

/// Line and column (1-based) of a byte offset, for diagnostics.
enum SourcePosition {
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
