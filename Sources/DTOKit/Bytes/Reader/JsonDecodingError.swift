/// Why a document could not be decoded, and exactly where.
///
/// The description reads like
/// `JSON decoding failed at $.results[3].owner.id (line 1, column 5012, byte 5011): expected a whole number that fits Int, found the string "abc"`.
public struct JsonDecodingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// One step on the way from the document's root to the failing value.
    public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
        case key(String)
        case index(Int)

        public var description: String {
            switch self {
            case .index(let index): return "[\(index)]"
            case .key(let key):
                // JSONPath's `.name` shorthand is for identifiers: a letter or `_` first, then
                // letters, digits or `_`. Anything else (`"1"`, `"a b"`, `""`) is bracketed.
                let isPlain =
                    key.utf8.first.map { first in first < 0x30 || first > 0x39 } == true
                    && key.utf8.allSatisfy { byte in
                        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F
                    }
                if isPlain { return ".\(key)" }
                var quoted = "[\""
                for scalar in key.unicodeScalars {
                    if scalar == "\"" || scalar == "\\" { quoted.unicodeScalars.append("\\") }
                    quoted.unicodeScalars.append(scalar)
                }
                return quoted + "\"]"
            }
        }
    }

    /// Byte offset of the problem from the start of the document (0-based).
    public let offset: Int
    /// Line of the problem (1-based).
    public let line: Int
    /// Column of the problem in characters (1-based).
    public let column: Int
    /// What the decoder was looking for.
    public let expected: String
    /// What it found instead.
    public let found: String
    /// Path components innermost-first: they are added while the error travels up the stack.
    var reversedPath: [PathComponent] = []
    /// The value is `0` or `"0"` for an enum none of whose cases is 0: ServiceStack's unset enum
    /// (see ``JsonEnum``), which leaves the member's property as it was instead of failing.
    var isUnsetEnumValue = false

    /// Where in the document's structure the problem is, from the root.
    public var path: [PathComponent] { reversedPath.reversed() }

    /// The path in JSONPath notation, e.g. `$.results[3].name`.
    public var jsonPath: String { "$" + path.map(\.description).joined() }

    public var description: String {
        "JSON decoding failed at \(jsonPath) (line \(line), column \(column), byte \(offset)): expected \(expected), found \(found)"
    }

    /// Creates an error at a position in the document the reader is reading.
    @usableFromInline
    init(reader: borrowing JsonReader, at position: UnsafePointer<UInt8>, expected: String, found: String) {
        let location = unsafe JsonDecodingError.location(of: position, in: reader._start)
        self.offset = unsafe position - reader._start
        self.line = location.line
        self.column = location.column
        self.expected = expected
        self.found = found
    }

    /// Creates an error for a value that was read but could not be used (an unknown enum name, a bad date).
    public init(reader: borrowing JsonReader, valueStartingAt offset: Int, expected: String, found: String) {
        let clamped = unsafe min(max(0, offset), reader._end - reader._start)
        unsafe self.init(reader: reader, at: reader._start + clamped, expected: expected, found: found)
    }

    private init(offset: Int, line: Int, column: Int, expected: String, found: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
    }

    @usableFromInline
    static func emptyDocument() -> JsonDecodingError {
        JsonDecodingError(offset: 0, line: 1, column: 1, expected: "a JSON value", found: "an empty document")
    }

    /// The same error one level further out: `component` is prepended to the path.
    public func prefixed(with component: PathComponent) -> JsonDecodingError {
        var copy = self
        copy.reversedPath.append(component)
        return copy
    }

    /// Line and column (in Unicode scalars) of `position`; computed only when an error is thrown.
    static func location(of position: UnsafePointer<UInt8>, in start: UnsafePointer<UInt8>) -> (line: Int, column: Int)
    {
        var line = 1
        var lineStart = unsafe start
        var p = unsafe start
        while unsafe p < position {
            if unsafe p.pointee == .lineFeed {
                line += 1
                unsafe lineStart = unsafe p + 1
            }
            unsafe p += 1
        }
        var column = 1
        unsafe p = unsafe lineStart
        while unsafe p < position {
            if unsafe p.pointee & 0xC0 != 0x80 { column += 1 }
            unsafe p += 1
        }
        return (line, column)
    }
}

extension JsonReader {
    /// An error at the cursor: `expected` against a description of what is actually there.
    @usableFromInline
    func error(_ expected: String) -> JsonDecodingError {
        unsafe JsonDecodingError(reader: self, at: _cursor, expected: expected, found: describeValue(at: _cursor))
    }

    /// An error about the value that starts at `offset` (for values read whole and then rejected).
    public func error(expected: String, found: String, valueStartingAt offset: Int) -> JsonDecodingError {
        JsonDecodingError(reader: self, valueStartingAt: offset, expected: expected, found: found)
    }

    /// The text of the string value that starts at byte `offset`, escapes decoded, for error
    /// messages about a string read whole and then rejected; "" when no valid string is there.
    /// The cursor does not move.
    func text(ofStringAt offset: Int) -> String {
        guard offset >= 0, unsafe offset < _end - _start else { return "" }
        return unsafe stringText(at: _start + offset) ?? ""
    }

    /// The text of the string whose opening quote is at `quote`, escapes decoded; nil when no
    /// valid string starts there.
    func stringText(at quote: UnsafePointer<UInt8>) -> String? {
        guard unsafe quote < _end, unsafe quote.pointee == .quote, let scan = unsafe try? scanString(from: quote + 1)
        else { return nil }
        let content = unsafe UnsafeBufferPointer(start: quote + 1, count: scan._closingQuote - (quote + 1))
        return unsafe scan.hasEscapes ? JsonReader.unescape(content) : String(decoding: content, as: UTF8.self)
    }

    /// A short human description of the token at `p`: `the string "abc"`, `the number 1.5`, `'}'`.
    func describeValue(at p: UnsafePointer<UInt8>) -> String {
        guard unsafe p < _end else { return "the end of the document" }
        var probe = unsafe JsonReader(start: _start, count: _end - _start, options: options)
        unsafe probe._cursor = unsafe p
        switch unsafe p.pointee {
        case .quote:
            if let text = unsafe stringText(at: p) {
                return "the string \"\(JsonDecodingError.abbreviate(text))\""
            }
            return "an unterminated string"
        case .openBrace: return "an object"
        case .openBracket: return "an array"
        case .minus, .zero ... .nine:
            if let scan = try? probe.scanNumber() {
                return unsafe "the number \(String(decoding: scan._text, as: UTF8.self))"
            }
            return "a malformed number"
        default:
            if probe.matchLiteral("true") || probe.matchLiteral("false") { return "a boolean" }
            if probe.matchLiteral("null") { return "null" }
            if unsafe p.pointee >= 0x80 { return unsafe "the byte \(JsonReader.hexByte(p.pointee))" }
            return unsafe "'\(JsonReader.printable(p.pointee))'"
        }
    }
}

extension JsonDecodingError {
    static func abbreviate(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
}
