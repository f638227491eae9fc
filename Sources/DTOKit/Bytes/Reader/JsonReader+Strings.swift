import Foundation

extension JsonReader {
    /// Where a string's closing quote is and whether it needs unescaping.
    @safe
    @usableFromInline
    struct StringScan {
        @usableFromInline let _closingQuote: UnsafePointer<UInt8>
        @usableFromInline let hasEscapes: Bool
        /// No byte of the raw content is at or above 0x80 (escapes may still stand for non-ASCII).
        @usableFromInline let isASCII: Bool
        /// The scan stopped at the first backslash (`stoppingAtEscape`), which `_closingQuote` then
        /// points at; `isASCII` covers the content before it.
        @usableFromInline var stoppedAtEscape = false
    }

    /// Reads a JSON string value.
    public mutating func readString() throws -> String {
        skipWhitespace()
        guard unsafe _cursor < _end, unsafe _cursor.pointee == .quote else { throw error("a string") }
        let contentStart = unsafe _cursor + 1
        // Most strings are plain ASCII up to their closing quote: found here, sixteen bytes at a
        // time, without the general scan's call; anything else resumes there where this stopped.
        var p = unsafe contentStart
        while unsafe _end - p >= 16 {
            let offset = unsafe JsonReader.firstSpecialByte16(p)
            unsafe p += offset
            guard offset == 16 else { break }
        }
        if unsafe p < _end, unsafe p.pointee == .quote {
            unsafe _cursor = unsafe p + 1
            return unsafe JsonReader.makeString(
                validUTF8: UnsafeBufferPointer(start: contentStart, count: p - contentStart),
                isASCII: true, readableEnd: _end, smallStringsFromWords: makesSmallStringsFromWords,
                revalidating: options.revalidatesStrings)
        }
        let scan = unsafe try scanString(from: contentStart, resumingAt: p, stoppingAtEscape: true)
        if scan.stoppedAtEscape {
            return unsafe try readEscapedString(from: contentStart, escape: scan._closingQuote, isASCII: scan.isASCII)
        }
        unsafe _cursor = unsafe scan._closingQuote + 1
        let content = unsafe UnsafeBufferPointer(start: contentStart, count: scan._closingQuote - contentStart)
        return unsafe JsonReader.makeString(
            validUTF8: content, isASCII: scan.isASCII, readableEnd: _end,
            smallStringsFromWords: makesSmallStringsFromWords,
            revalidating: options.revalidatesStrings)
    }

    /// Reads a JSON string and hands its unescaped UTF-8 bytes to `body` without creating a String
    /// (dates, numbers in strings, enum names). Escaped content is unescaped into temporary storage.
    /// (Not public: the bytes are valid only inside `body`.)
    mutating func withStringBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
        skipWhitespace()
        guard unsafe _cursor < _end, unsafe _cursor.pointee == .quote else { throw error("a string") }
        let contentStart = unsafe _cursor + 1
        let scan = unsafe try scanString(from: contentStart)
        unsafe _cursor = unsafe scan._closingQuote + 1
        let content = unsafe UnsafeBufferPointer(start: contentStart, count: scan._closingQuote - contentStart)
        if !scan.hasEscapes { return unsafe try body(content) }
        return unsafe try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: content.count) { storage in
            let length = unsafe JsonReader.unescape(content, into: storage).count
            return unsafe try body(UnsafeBufferPointer(rebasing: storage[..<length]))
        }
    }

    /// Reads a JSON string and hands a scanner over its unescaped UTF-8 bytes to `body` (dates,
    /// durations), without creating a String.
    mutating func withStringScanner<T>(_ body: (inout ByteScanner) throws -> T) throws -> T {
        unsafe try withStringBytes { bytes in unsafe try ByteScanner.scanning(unsafeBytes: bytes, body) }
    }

    /// Finds the closing quote of the string whose content starts at `start`, validating as it goes:
    /// escapes, control characters and UTF-8 are checked here, so every string that gets past this
    /// function (including ones that are only skipped) is valid RFC 8259 text.
    ///
    /// `resumingAt` (from `start` on) is where a caller's own scan stopped: every byte before it is
    /// plain ASCII content. `stoppingAtEscape` ends the scan at the first backslash, for a caller
    /// that unescapes the rest as it validates it (``readEscapedString(from:escape:isASCII:)``).
    @usableFromInline
    func scanString(
        from start: UnsafePointer<UInt8>, resumingAt resume: UnsafePointer<UInt8>? = nil,
        stoppingAtEscape: Bool = false
    ) throws -> StringScan {
        let end = unsafe self._end
        var p = unsafe resume ?? start
        var hasEscapes = false
        var isASCII = true
        while true {
            // Sixteen bytes at a time (one SIMD comparison of each kind), straight to the first
            // that is a quote, a backslash, a control character or part of a multi-byte sequence:
            // most string content is plain ASCII. The document's last bytes one at a time.
            if unsafe end - p >= 16 {
                let offset = unsafe JsonReader.firstSpecialByte16(p)
                unsafe p += offset
                if offset == 16 { continue }
            } else {
                guard unsafe p < end else { throw unsafe unterminatedString(from: start) }
                if unsafe !JsonReader.isSpecialByte(p.pointee) {
                    unsafe p += 1
                    continue
                }
            }
            let byte = unsafe p.pointee
            if byte == .quote { return unsafe StringScan(_closingQuote: p, hasEscapes: hasEscapes, isASCII: isASCII) }
            if byte == .backslash {
                if stoppingAtEscape {
                    return unsafe StringScan(
                        _closingQuote: p, hasEscapes: true, isASCII: isASCII, stoppedAtEscape: true)
                }
                hasEscapes = true
                // The two-byte escapes here; `\u` escapes and invalid ones in validateEscape.
                if unsafe end - p >= 2, unsafe JsonReader.isShortEscape(p[1]) {
                    unsafe p += 2
                } else {
                    unsafe p = unsafe try validateEscape(at: p)
                }
            } else if byte >= 0x80 {
                isASCII = false
                unsafe p = unsafe try endOfUTF8Sequence(at: p)
            } else if byte < 0x20 {
                throw unsafe unescapedControlCharacter(at: p)
            } else {
                unsafe p += 1
            }
        }
    }

    /// The byte after the multi-byte UTF-8 sequence whose lead byte is at `p`, once validated.
    @usableFromInline @inline(__always)
    func endOfUTF8Sequence(at p: UnsafePointer<UInt8>) throws -> UnsafePointer<UInt8> {
        // Two-byte sequences and three-byte ones without range exceptions (accented letters, most
        // scripts) here; the rest in validateUTF8Sequence.
        let byte = unsafe p.pointee
        if byte &- 0xC2 < 0x1E, unsafe _end - p >= 2, unsafe p[1] & 0xC0 == 0x80 { return unsafe p + 2 }
        if byte &- 0xE1 < 0x0F, byte != 0xED, unsafe _end - p >= 3, unsafe p[1] & 0xC0 == 0x80,
            unsafe p[2] & 0xC0 == 0x80
        {
            return unsafe p + 3
        }
        return unsafe try validateUTF8Sequence(at: p)
    }

    /// The error for a string whose content starts at `start` and that the document ends inside.
    @usableFromInline
    func unterminatedString(from start: UnsafePointer<UInt8>) -> JsonDecodingError {
        unsafe JsonDecodingError(
            reader: self, at: start - 1, expected: "a closing '\"'",
            found: "the end of the document inside this string")
    }

    /// The error for the control character at `p`, inside a string.
    @usableFromInline
    func unescapedControlCharacter(at p: UnsafePointer<UInt8>) -> JsonDecodingError {
        unsafe JsonDecodingError(
            reader: self, at: p,
            expected: "a character (control characters must be escaped in strings)",
            found: unsafe "the unescaped control character \(JsonReader.hexByte(p.pointee))")
    }

    /// Whether `byte` ends a run of plain string content: `"`, `\`, below 0x20 or at/above 0x80.
    @usableFromInline @inline(__always)
    static func isSpecialByte(_ byte: UInt8) -> Bool {
        byte == .quote || byte == .backslash || byte &- 0x20 >= 0x60
    }

    /// The character `\` followed by `byte` stands for when the two are a complete escape
    /// (`\" \\ \/ \b \f \n \r \t`); 0 otherwise (`\u` and invalid escapes).
    @usableFromInline @inline(__always)
    static func shortEscapeReplacement(_ byte: UInt8) -> UInt8 {
        switch byte {
        case .quote, .backslash, .slash: return byte
        case UInt8(ascii: "n"): return .lineFeed
        case UInt8(ascii: "t"): return .tab
        case UInt8(ascii: "r"): return .carriageReturn
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        default: return 0
        }
    }

    /// Whether `\` followed by `byte` is a complete escape: `\" \\ \/ \b \f \n \r \t`.
    @usableFromInline @inline(__always)
    static func isShortEscape(_ byte: UInt8) -> Bool {
        shortEscapeReplacement(byte) != 0
    }

    /// The offset of the first of the 16 bytes at `p` that is `"`, `\`, below 0x20 or at/above
    /// 0x80, or 16 when none is. (As signed bytes, control characters and non-ASCII bytes are
    /// both below 0x20.)
    @usableFromInline @inline(__always)
    static func firstSpecialByte16(_ p: UnsafePointer<UInt8>) -> Int {
        unsafe firstSpecialByte(in: UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self))
    }

    /// ``firstSpecialByte16(_:)`` of sixteen bytes already loaded.
    @usableFromInline @inline(__always)
    static func firstSpecialByte(in bytes: SIMD16<UInt8>) -> Int {
        firstSetLane(specialBytes(in: bytes))
    }

    /// Which of the sixteen bytes are `"`, `\`, below 0x20 or at/above 0x80. (As signed bytes,
    /// control characters and non-ASCII bytes are both below 0x20.)
    @usableFromInline @inline(__always)
    static func specialBytes(in bytes: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        // Literal constants (not the `UInt8.quote` statics), so that the vectors fold at compile time.
        let signed = unsafe unsafeBitCast(bytes, to: SIMD16<Int8>.self)
        return (bytes .== SIMD16<UInt8>(repeating: 0x22)) .| (bytes .== SIMD16<UInt8>(repeating: 0x5C))
            .| (signed .< SIMD16<Int8>(repeating: 0x20))
    }

    /// The index of the first true lane of `mask`, or 16 when none is.
    @usableFromInline @inline(__always)
    static func firstSetLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        // A true lane is all ones: the lowest set bit of the two halves (read little-endian) is
        // the first true lane's lowest bit. (Not `any(_:)`, which a loop may call out of line.)
        let halves = unsafe unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: halves[0])
        if low != 0 { return low.trailingZeroBitCount &>> 3 }
        let high = UInt64(littleEndian: halves[1])
        return high != 0 ? 8 &+ high.trailingZeroBitCount &>> 3 : 16
    }

    /// Checks the escape sequence starting at the backslash `p` and returns the byte after it.
    @usableFromInline
    func validateEscape(at p: UnsafePointer<UInt8>) throws -> UnsafePointer<UInt8> {
        guard unsafe _end - p >= 2 else {
            throw unsafe JsonDecodingError(
                reader: self, at: p, expected: "an escape sequence",
                found: "the end of the document")
        }
        if unsafe JsonReader.isShortEscape(p[1]) { return unsafe p + 2 }
        switch unsafe p[1] {
        case UInt8(ascii: "u"):
            let unit = unsafe try hexQuad(at: p)
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate followed by an escaped low surrogate is one character. Swift
                // strings (like UTF-8 itself) cannot hold half of a pair: alone, it becomes U+FFFD
                // when unescaped, or an error in strict mode. (A malformed escape after it is
                // still an error, when it is validated in turn.)
                if unsafe JsonReader.isLowSurrogateEscape(at: p + 6, end: _end) { return unsafe p + 12 }
                guard options.unpairedSurrogates == .replace else {
                    throw unsafe JsonDecodingError(
                        reader: self, at: p, expected: "a low surrogate escape after this high surrogate",
                        found: "an unpaired UTF-16 surrogate \\u\(JsonReader.hex4(unit))")
                }
                return unsafe p + 6
            case 0xDC00...0xDFFF:
                guard options.unpairedSurrogates == .replace else {
                    throw unsafe JsonDecodingError(
                        reader: self, at: p, expected: "a high surrogate before this low surrogate",
                        found: "an unpaired UTF-16 surrogate \\u\(JsonReader.hex4(unit))")
                }
                return unsafe p + 6
            default:
                return unsafe p + 6
            }
        default:
            throw unsafe JsonDecodingError(
                reader: self, at: p,
                expected: "an escape sequence (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)",
                found: unsafe "the invalid escape '\\\(JsonReader.printable(p[1]))'")
        }
    }

    /// Whether `\uDC00`…`\uDFFF` (an escaped low surrogate) starts at `p`.
    @usableFromInline
    static func isLowSurrogateEscape(at p: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Bool {
        guard unsafe end - p >= 6, unsafe p[0] == .backslash, unsafe p[1] == UInt8(ascii: "u") else { return false }
        var value: UInt16 = 0
        for i in 2..<6 {
            guard let digit = unsafe hexValue(p[i]) else { return false }
            value = value << 4 | UInt16(digit)
        }
        return value >= 0xDC00 && value <= 0xDFFF
    }

    /// The value of the four hex digits after `\u` at `p` (the backslash).
    @usableFromInline
    func hexQuad(at p: UnsafePointer<UInt8>) throws -> UInt16 {
        guard unsafe _end - p >= 6 else {
            throw unsafe JsonDecodingError(
                reader: self, at: p, expected: "four hex digits after \\u",
                found: "the end of the document")
        }
        var value: UInt16 = 0
        for i in 2..<6 {
            guard let digit = unsafe JsonReader.hexValue(p[i]) else {
                throw unsafe JsonDecodingError(
                    reader: self, at: p + i, expected: "four hex digits after \\u",
                    found: unsafe "'\(JsonReader.printable(p[i]))'")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Validates the UTF-8 sequence whose lead byte is at `p` (RFC 3629: no overlongs, no surrogates,
    /// nothing above U+10FFFF) and returns the byte after it.
    @usableFromInline
    func validateUTF8Sequence(at p: UnsafePointer<UInt8>) throws -> UnsafePointer<UInt8> {
        let lead = unsafe p.pointee
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default:
            throw unsafe invalidUTF8(at: p)
        }
        guard unsafe _end - p >= length, unsafe secondRange.contains(p[1]) else { throw unsafe invalidUTF8(at: p) }
        for i in 2..<length where unsafe p[i] & 0xC0 != 0x80 {
            throw unsafe invalidUTF8(at: p)
        }
        return unsafe p + length
    }

    @usableFromInline
    func invalidUTF8(at p: UnsafePointer<UInt8>) -> JsonDecodingError {
        unsafe JsonDecodingError(
            reader: self, at: p, expected: "valid UTF-8 text",
            found: unsafe "the invalid UTF-8 byte \(JsonReader.hexByte(p.pointee))")
    }

    /// Decodes the escapes of already-validated string content straight into a new String's storage.
    @usableFromInline @inline(never)
    static func unescape(_ content: UnsafeBufferPointer<UInt8>) -> String {
        unsafe unescape(content, isASCII: isASCII(content))
    }

    /// Unescapes validated string content. `isASCII` false says that the escaped content has a
    /// byte at or above 0x80, so the text is not ASCII; true that only `\u` escapes can make it
    /// non-ASCII (the unescaping says whether one did).
    @usableFromInline @inline(never)
    static func unescape(_ content: UnsafeBufferPointer<UInt8>, isASCII contentIsASCII: Bool) -> String {
        // Unescaped text is never longer than its escaped form. Up to 1 KB (what the standard
        // library puts on the stack without checking the thread's stack bounds) it is decoded into
        // stack storage and copied into the String once, without validating it again; longer
        // text is decoded straight into the String's storage (one allocation either way).
        guard content.count <= 1024 else {
            return unsafe String(unsafeUninitializedCapacity: content.count) {
                unsafe unescape(content, into: $0).count
            }
        }
        return unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(content.count, 1)) { storage in
            guard let start = storage.baseAddress else { return "" }
            let (length, addedNonASCII) = unsafe unescape(content, into: storage)
            // Bytes past the text are uninitialized: a small string's bytes are read one by one.
            return unsafe makeString(
                validUTF8: UnsafeBufferPointer(start: start, count: length),
                isASCII: contentIsASCII && !addedNonASCII, readableEnd: start + length,
                smallStringsFromWords: SmallStringLayout.isVerified)
        }
    }

    /// Whether every byte is below 0x80, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var p = bytes.baseAddress else { return true }
        let end = unsafe p + bytes.count
        var seen: UInt64 = 0
        while unsafe end - p >= 8 {
            unsafe seen |= UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
            unsafe p += 8
        }
        while unsafe p < end {
            unsafe seen |= UInt64(p.pointee)
            unsafe p += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    /// Decodes the escapes of already-validated string content into `output`, which must hold at
    /// least `content.count` bytes. Returns the number of bytes written, and whether a `\u`
    /// escape wrote a non-ASCII character.
    @usableFromInline
    static func unescape(
        _ content: UnsafeBufferPointer<UInt8>,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) -> (count: Int, addedNonASCII: Bool) {
        guard let base = content.baseAddress, let out = output.baseAddress else { return (0, false) }
        var read = unsafe base
        let end = unsafe base + content.count
        var written = 0
        var addedNonASCII = false
        while unsafe read < end {
            // Copy the run up to the next backslash in one go (memchr and memcpy use the widest
            // vectors the processor has).
            let runEnd =
                unsafe memchr(read, Int32(UInt8.backslash), end - read)
                .map { unsafe UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) } ?? end
            let runLength = unsafe runEnd - read
            if runLength > 0 {
                unsafe (out + written).update(from: read, count: runLength)
                written += runLength
            }
            unsafe read = unsafe runEnd
            guard unsafe read < end else { break }
            let decoded = unsafe decodeEscape(at: read, end: end, into: out + written)
            unsafe read = unsafe decoded.next
            unsafe written += decoded.count
            if unsafe decoded.isNonASCII { addedNonASCII = true }
        }
        return (written, addedNonASCII)
    }

    /// Writes the character of the validated escape at `escape` (the backslash) to `out`, which
    /// must have room for four bytes. Returns the byte after the escape, the number of bytes
    /// written and whether the character is not ASCII. An unpaired surrogate, which the scan let
    /// through (``UnpairedSurrogates/replace``), becomes U+FFFD.
    @usableFromInline @inline(__always)
    static func decodeEscape(
        at escape: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
        into out: UnsafeMutablePointer<UInt8>
    ) -> (next: UnsafePointer<UInt8>, count: Int, isNonASCII: Bool) {
        let replacement = unsafe shortEscapeReplacement(escape[1])
        if replacement != 0 {
            unsafe out[0] = replacement
            return unsafe (escape + 2, 1, false)
        }
        // `\uXXXX`, possibly the first half of a surrogate pair.
        var next = unsafe escape + 6
        var scalar = unsafe UInt32(hexQuadUnchecked(escape + 2))
        if scalar >= 0xD800 && scalar <= 0xDFFF {
            if scalar <= 0xDBFF, unsafe isLowSurrogateEscape(at: next, end: end) {
                let low = unsafe UInt32(hexQuadUnchecked(next + 2))
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                unsafe next += 6
            } else {
                scalar = 0xFFFD
            }
        }
        return unsafe (next, encodeUTF8(scalar, into: out), scalar >= 0x80)
    }

    @usableFromInline
    static func hexQuadUnchecked(_ p: UnsafePointer<UInt8>) -> UInt16 {
        var value: UInt16 = 0
        for i in 0..<4 { value = unsafe value << 4 | UInt16(hexValue(p[i]) ?? 0) }
        return value
    }

    @usableFromInline
    static func encodeUTF8(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            unsafe out[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            unsafe out[0] = UInt8(0xC0 | (scalar >> 6))
            unsafe out[1] = UInt8(0x80 | (scalar & 0x3F))
            return 2
        case 0x800..<0x10000:
            unsafe out[0] = UInt8(0xE0 | (scalar >> 12))
            unsafe out[1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            unsafe out[2] = UInt8(0x80 | (scalar & 0x3F))
            return 3
        default:
            unsafe out[0] = UInt8(0xF0 | (scalar >> 18))
            unsafe out[1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
            unsafe out[2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            unsafe out[3] = UInt8(0x80 | (scalar & 0x3F))
            return 4
        }
    }

    @usableFromInline
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }

    /// A byte as it should appear in an error message.
    static func printable(_ byte: UInt8) -> String {
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : hexByte(byte)
    }
}
