import Foundation

/// A forward-only cursor over the UTF-8 bytes of one JSON document (RFC 8259).
///
/// Generated code never touches the reader directly: property builders and ``JsonConvertible``
/// conformances do. Write your own conformance with it when a type needs a custom wire format.
///
/// The reader points into the bytes being decoded, so it exists only inside the decoding call:
/// it is non-copyable, reached only as an `inout` parameter, and cannot be stored or escape.
///
/// ```swift
/// extension Money: JsonConvertible {
///     static func read(from reader: inout JsonReader) throws -> Money {
///         let start = reader.offset
///         let text = try reader.readString()          // "12.50 EUR"
///         guard let money = Money(text) else {
///             throw reader.error(expected: "an amount and a currency", found: "\"\(text)\"", valueStartingAt: start)
///         }
///         return money
///     }
///     func write(to writer: inout JsonWriter) { writer.writeString(description) }
/// }
/// ```
@safe
public struct JsonReader: ~Copyable {
    @usableFromInline let _start: UnsafePointer<UInt8>
    @usableFromInline let _end: UnsafePointer<UInt8>
    @usableFromInline var _cursor: UnsafePointer<UInt8>
    @usableFromInline var depth: Int = 0
    /// Stack bytes that collections being read may still use for their items (see `ItemCollector`).
    var collectBudget: Int = ItemCollector.stackBudget
    /// The options this document is read with.
    public let options: JsonDecodingOptions
    /// ``SmallStringLayout/isVerified``, read once per document rather than once per string.
    let makesSmallStringsFromWords: Bool
    /// Members skipped under ``InvalidMembers/skip(reportingTo:)``: each error, its path relative to
    /// the member's value, and where the value starts; reported with full paths when the document is read.
    var skippedMembers: [(error: JsonDecodingError, valueOffset: Int)] = []
    /// Members skipped beyond the ones kept in `skippedMembers` (see `maxReportedSkips`).
    var omittedSkips = 0

    @usableFromInline
    init(start: UnsafePointer<UInt8>, count: Int, options: JsonDecodingOptions) {
        unsafe self._start = unsafe start
        unsafe self._end = unsafe start + count
        unsafe self._cursor = unsafe start
        self.options = options
        self.makesSmallStringsFromWords = SmallStringLayout.isVerified
    }

    /// Runs `body` with a reader over `bytes` (`Data`, `[UInt8]`, …), then checks that only
    /// whitespace follows the value.
    ///
    /// ```swift
    /// let money = try JsonReader.read(data) { try Money.read(from: &$0) }
    /// ```
    @inlinable
    public static func read<Bytes: ContiguousBytes, T>(
        _ bytes: Bytes,
        options: JsonDecodingOptions = JsonDecodingOptions(),
        _ body: (inout JsonReader) throws -> T
    ) throws -> T {
        unsafe try bytes.withUnsafeBytes { unsafe try read(unsafeBytes: $0, options: options, body) }
    }

    /// ``read(_:options:_:)`` over the UTF-8 of a String (its own contiguous storage: no copy when
    /// it is native).
    @inlinable
    static func read<T>(utf8 text: String, options: JsonDecodingOptions, _ body: (inout JsonReader) throws -> T) throws
        -> T
    {
        var text = text
        return try text.withUTF8 { unsafe try read(unsafeBytes: UnsafeRawBufferPointer($0), options: options, body) }
    }

    /// ``read(_:options:_:)`` over memory the caller keeps valid until it returns.
    @usableFromInline
    static func read<T>(
        unsafeBytes bytes: UnsafeRawBufferPointer,
        options: JsonDecodingOptions,
        _ body: (inout JsonReader) throws -> T
    ) throws -> T {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw JsonDecodingError.emptyDocument()
        }
        let start = unsafe base.assumingMemoryBound(to: UInt8.self)
        var reader = unsafe JsonReader(start: start, count: bytes.count, options: options)
        // The reader cannot be copied, but `body` could swap it with the reader of a nested call
        // over other bytes, which would then outlive those bytes: stop rather than read freed memory.
        defer { unsafe reader.checkIsReader(over: start) }
        reader.skipByteOrderMark()
        let value = try body(&reader)
        try reader.expectEndOfDocument()
        if let report = options.invalidMembers.report, !reader.skippedMembers.isEmpty || reader.omittedSkips > 0 {
            reader.reportSkippedMembers(to: report)
        }
        return value
    }

    @usableFromInline
    func checkIsReader(over bytes: UnsafePointer<UInt8>) {
        if unsafe _start != bytes {
            fatalError("DTOKit: a JsonReader was swapped out of the decoding call that created it")
        }
    }

    /// The byte offset of the cursor from the start of the document.
    public var offset: Int { unsafe _cursor - _start }

    /// Moves the cursor back to `offset`, a place it has been (to read a value again another way).
    mutating func rewind(to offset: Int) {
        unsafe precondition(
            offset >= 0 && offset <= _cursor - _start, "DTOKit: a reader can only go back to where it was")
        unsafe _cursor = unsafe _start + offset
    }

    /// The document's bytes from `offset` (a place the cursor has been) to the cursor, as text: a
    /// value exactly as it was written, for writing it back unchanged (``UnknownEnumValue``).
    func text(from offset: Int) -> String {
        unsafe precondition(
            offset >= 0 && offset <= _cursor - _start, "DTOKit: text can only be taken from where the reader was")
        return unsafe String(
            decoding: UnsafeBufferPointer(start: _start + offset, count: _cursor - _start - offset), as: UTF8.self)
    }

    // MARK: Whitespace and single bytes

    /// RFC 8259 lets a parser ignore a leading byte order mark; JSON from Windows tools sometimes has one.
    @usableFromInline
    mutating func skipByteOrderMark() {
        if unsafe _end - _cursor >= 3, unsafe _cursor[0] == 0xEF, unsafe _cursor[1] == 0xBB, unsafe _cursor[2] == 0xBF {
            unsafe _cursor += 3
        }
    }

    @inlinable @inline(__always)
    mutating func skipWhitespace() {
        while unsafe _cursor < _end {
            switch unsafe _cursor.pointee {
            case .space, .tab, .lineFeed, .carriageReturn: unsafe _cursor += 1
            default: return
            }
        }
    }

    /// The next significant byte, or nil at the end of the document. Does not consume it.
    @inlinable @inline(__always)
    public mutating func peek() -> UInt8? {
        skipWhitespace()
        return unsafe _cursor < _end ? _cursor.pointee : nil
    }

    @usableFromInline
    mutating func expectEndOfDocument() throws {
        skipWhitespace()
        if unsafe _cursor < _end {
            throw error("the end of the document")
        }
    }

    /// Consumes `byte` after optional whitespace, or throws naming `expected`.
    @inlinable @inline(__always)
    mutating func expect(_ byte: UInt8, _ expected: @autoclosure () -> String) throws {
        skipWhitespace()
        guard unsafe _cursor < _end, unsafe _cursor.pointee == byte else { throw error(expected()) }
        unsafe _cursor += 1
    }

    // MARK: Literals

    /// Consumes `null` if it is the next value and returns true; otherwise leaves the cursor alone.
    @inlinable @inline(__always)
    public mutating func consumeNull() -> Bool {
        skipWhitespace()
        // One compare of the first byte for the usual non-null value, one word for `null`.
        if unsafe _cursor < _end, unsafe _cursor.pointee == UInt8(ascii: "n"), unsafe _end - _cursor >= 4,
            unsafe UInt32(littleEndian: UnsafeRawPointer(_cursor).loadUnaligned(as: UInt32.self)) == JsonReader.nullWord
        {
            unsafe _cursor += 4
            return true
        }
        return false
    }

    /// `null` as a little-endian word.
    @usableFromInline static var nullWord: UInt32 { 0x6C6C_756E }
    /// `true` and `fals` as little-endian words.
    static var trueWord: UInt32 { 0x6575_7274 }
    static var falsWord: UInt32 { 0x736C_6166 }

    /// Reads `true` or `false`; also the strings `"true"`/`"false"`, which some servers send for booleans.
    public mutating func readBool() throws -> Bool {
        skipWhitespace()
        // Each literal compared as one word (`true`, then `fals` and `e`).
        if unsafe _end - _cursor >= 4 {
            let word = unsafe UInt32(littleEndian: UnsafeRawPointer(_cursor).loadUnaligned(as: UInt32.self))
            if word == JsonReader.trueWord {
                unsafe _cursor += 4
                return true
            }
            if word == JsonReader.falsWord, unsafe _end - _cursor >= 5, unsafe _cursor[4] == UInt8(ascii: "e") {
                unsafe _cursor += 5
                return false
            }
        }
        if unsafe _cursor < _end, unsafe _cursor.pointee == .quote {
            let saved = unsafe _cursor
            let text = try readString()
            switch text.lowercased() {
            case "true": return true
            case "false": return false
            default:
                unsafe _cursor = unsafe saved
                throw error("a boolean")
            }
        }
        throw error("a boolean")
    }

    @usableFromInline
    mutating func matchLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard unsafe _end - _cursor >= count, unsafe memcmp(_cursor, literal.utf8Start, count) == 0 else {
            return false
        }
        unsafe _cursor += count
        return true
    }

    // MARK: Objects and arrays

    /// Consumes `{`. Returns false (having consumed the `}` too) for an empty object.
    ///
    /// For a non-empty object, read each member with ``readMemberName()``,
    /// then its value, then call ``nextMember()`` until it returns false.
    @inlinable
    public mutating func beginObject() throws -> Bool {
        try expect(.openBrace, "an object")
        try enterNesting()
        skipWhitespace()
        if unsafe _cursor < _end, unsafe _cursor.pointee == .closeBrace {
            unsafe _cursor += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After a member's value: consumes `,` and returns true, or consumes `}` and returns false.
    @inlinable
    public mutating func nextMember() throws -> Bool {
        // Compact JSON: the comma right after the value.
        if unsafe _cursor < _end, unsafe _cursor.pointee == .comma {
            unsafe _cursor += 1
            return true
        }
        skipWhitespace()
        if unsafe _cursor < _end {
            if unsafe _cursor.pointee == .comma {
                unsafe _cursor += 1
                return true
            }
            if unsafe _cursor.pointee == .closeBrace {
                unsafe _cursor += 1
                depth -= 1
                return false
            }
        }
        throw error("',' or '}' after an object member")
    }

    /// Consumes `[`. Returns false (having consumed the `]` too) for an empty array.
    @inlinable
    public mutating func beginArray() throws -> Bool {
        try expect(.openBracket, "an array")
        try enterNesting()
        skipWhitespace()
        if unsafe _cursor < _end, unsafe _cursor.pointee == .closeBracket {
            unsafe _cursor += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After an element: consumes `,` and returns true, or consumes `]` and returns false.
    @inlinable
    public mutating func nextElement() throws -> Bool {
        if unsafe _cursor < _end, unsafe _cursor.pointee == .comma {
            unsafe _cursor += 1
            return true
        }
        skipWhitespace()
        if unsafe _cursor < _end {
            if unsafe _cursor.pointee == .comma {
                unsafe _cursor += 1
                return true
            }
            if unsafe _cursor.pointee == .closeBracket {
                unsafe _cursor += 1
                depth -= 1
                return false
            }
        }
        throw error("',' or ']' after an array element")
    }

    @inlinable @inline(__always)
    mutating func enterNesting() throws {
        depth += 1
        if depth > options.maxDepth {
            unsafe _cursor -= 1
            throw unsafe JsonDecodingError(
                reader: self, at: _cursor,
                expected: "at most \(options.maxDepth) levels of nesting (JsonDecodingOptions.maxDepth)",
                found: "deeper nesting")
        }
    }

    /// The raw bytes of an object member's name, with the `:` after it consumed.
    ///
    /// `bytes` points into the document and is valid for the rest of the decoding call (which is
    /// why this is not public). When `hasEscapes` is true the bytes are still escaped;
    /// ``MemberKey/decodedName`` unescapes them.
    @safe
    struct MemberKey {
        /// The bytes between the quotes, exactly as they appear in the document.
        let bytes: UnsafeBufferPointer<UInt8>
        /// Whether the name contains backslash escapes.
        let hasEscapes: Bool

        /// The member name as a String, escapes decoded.
        var decodedName: String {
            unsafe hasEscapes ? JsonReader.unescape(bytes) : String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Reads a member name and the `:` after it, without creating a String.
    mutating func readMemberKey() throws -> MemberKey {
        skipWhitespace()
        guard unsafe _cursor < _end, unsafe _cursor.pointee == .quote else {
            throw error("a member name in double quotes")
        }
        let contentStart = unsafe _cursor + 1
        let scan = unsafe try scanString(from: contentStart)
        unsafe _cursor = unsafe scan._closingQuote + 1
        try expect(.colon, "':' after the member name")
        return unsafe MemberKey(
            bytes: UnsafeBufferPointer(start: contentStart, count: scan._closingQuote - contentStart),
            hasEscapes: scan.hasEscapes)
    }

    /// Reads a member name as a String, and the `:` after it (for dictionaries).
    public mutating func readMemberName() throws -> String {
        skipWhitespace()
        guard unsafe _cursor < _end, unsafe _cursor.pointee == .quote else {
            throw error("a member name in double quotes")
        }
        let name = try readString()
        try expect(.colon, "':' after the member name")
        return name
    }
}

// Computed rather than stored: a stored constant is reached through an accessor call from the
// inlinable reading code that runs in the DTOs' module; these fold to immediates there.
extension UInt8 {
    @inlinable static var space: UInt8 { UInt8(ascii: " ") }
    @inlinable static var tab: UInt8 { UInt8(ascii: "\t") }
    @inlinable static var lineFeed: UInt8 { UInt8(ascii: "\n") }
    @inlinable static var carriageReturn: UInt8 { UInt8(ascii: "\r") }
    @inlinable static var quote: UInt8 { UInt8(ascii: "\"") }
    @inlinable static var backslash: UInt8 { UInt8(ascii: "\\") }
    @inlinable static var slash: UInt8 { UInt8(ascii: "/") }
    @inlinable static var comma: UInt8 { UInt8(ascii: ",") }
    @inlinable static var colon: UInt8 { UInt8(ascii: ":") }
    @inlinable static var openBrace: UInt8 { UInt8(ascii: "{") }
    @inlinable static var closeBrace: UInt8 { UInt8(ascii: "}") }
    @inlinable static var openBracket: UInt8 { UInt8(ascii: "[") }
    @inlinable static var closeBracket: UInt8 { UInt8(ascii: "]") }
    @inlinable static var minus: UInt8 { UInt8(ascii: "-") }
    @inlinable static var plus: UInt8 { UInt8(ascii: "+") }
    @inlinable static var zero: UInt8 { UInt8(ascii: "0") }
    @inlinable static var nine: UInt8 { UInt8(ascii: "9") }
    @inlinable static var dot: UInt8 { UInt8(ascii: ".") }
}
