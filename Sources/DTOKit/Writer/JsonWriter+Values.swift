extension JsonWriter {
    // MARK: Strings

    /// Writes `text` as a JSON string. Non-ASCII text is written as UTF-8, as ServiceStack does;
    /// quotes, backslashes and control characters are escaped.
    public mutating func writeString(_ text: String) {
        var text = text
        text.withUTF8 { writeString(utf8: $0) }
    }

    /// Writes valid UTF-8 bytes as a JSON string.
    public mutating func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        // Worst case every byte becomes a six-byte \u00XX escape; reserve for the common case
        // and grow on the rare escape.
        reserve(bytes.count + 2)
        buffer[count] = .quote
        count += 1
        guard var run = bytes.baseAddress else {
            writeRaw(.quote)
            return
        }
        let end = run + bytes.count
        var p = run
        while p < end {
            // Sixteen, then eight bytes at a time while none needs escaping, then straight to the
            // first that may.
            while end - p >= 16, !JsonWriter.containsEscapingByte16(p) {
                p += 16
            }
            while end - p >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
                let escapes = JsonWriter.escapingBytes(word)
                if escapes != 0 {
                    p += escapes.trailingZeroBitCount &>> 3
                    break
                }
                p += 8
            }
            guard p < end else { break }
            let byte = p.pointee
            if byte == .quote || byte == .backslash || byte < 0x20 {
                writeRaw(UnsafeBufferPointer(start: run, count: p - run))
                writeEscape(for: byte)
                p += 1
                run = p
            } else {
                p += 1
            }
        }
        writeRaw(UnsafeBufferPointer(start: run, count: end - run))
        writeRaw(.quote)
    }

    /// True when any of the 16 bytes at `p` is `"`, `\` or below 0x20 (one SIMD comparison each).
    @inline(__always)
    static func containsEscapingByte16(_ p: UnsafePointer<UInt8>) -> Bool {
        // Literal constants (not the `UInt8.quote` statics), so that the vectors fold at compile time.
        let bytes = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
        return any((bytes .== SIMD16<UInt8>(repeating: 0x22)) .| (bytes .== SIMD16<UInt8>(repeating: 0x5C))
                   .| (bytes .< SIMD16<UInt8>(repeating: 0x20)))
    }

    /// True when any byte of `word` is `"`, `\` or below 0x20 (bytes ≥ 0x80 are written as they are).
    @inline(__always)
    static func needsEscaping(_ word: UInt64) -> Bool {
        escapingBytes(word) != 0
    }

    /// The high bit of each byte of `word` (read little-endian) that may be `"`, `\` or below 0x20;
    /// the lowest set bit is exact, so it marks the first byte to escape.
    @inline(__always)
    static func escapingBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8.quote))
        let backslashes = word ^ (ones &* UInt64(UInt8.backslash))
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- (ones &* 0x20)) & ~word
        return (hasQuote | hasBackslash | hasControl) & highBits
    }

    mutating func writeEscape(for byte: UInt8) {
        // The two-character escapes straight into the buffer; the rest as \u00XX.
        let short: UInt8
        switch byte {
        case .quote: short = .quote
        case .backslash: short = .backslash
        case .lineFeed: short = UInt8(ascii: "n")
        case .carriageReturn: short = UInt8(ascii: "r")
        case .tab: short = UInt8(ascii: "t")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        default: short = 0
        }
        if short != 0 {
            reserve(2)
            buffer[count] = .backslash
            buffer[count + 1] = short
            count += 2
            return
        }
        switch byte {
        case .quote: writeRaw("\\\"")
        case .backslash: writeRaw("\\\\")
        case .lineFeed: writeRaw("\\n")
        case .carriageReturn: writeRaw("\\r")
        case .tab: writeRaw("\\t")
        case 0x08: writeRaw("\\b")
        case 0x0C: writeRaw("\\f")
        default:
            let hex: StaticString = "0123456789abcdef"
            writeRaw("\\u00")
            writeRaw(hex.utf8Start[Int(byte >> 4)])
            writeRaw(hex.utf8Start[Int(byte & 0xF)])
        }
    }

    // MARK: Numbers

    /// Writes an integer in decimal.
    @inlinable
    public mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        if T.isSigned {
            writeInt64(Int64(truncatingIfNeeded: value), isUnsigned: false)
        } else {
            writeUInt64(UInt64(truncatingIfNeeded: value))
        }
    }

    @usableFromInline
    mutating func writeInt64(_ value: Int64, isUnsigned: Bool) {
        if value < 0 {
            writeRaw(.minus)
            writeUInt64(value.magnitude)
        } else {
            writeUInt64(UInt64(value))
        }
    }

    @usableFromInline
    mutating func writeUInt64(_ value: UInt64) {
        if value < 10 {
            writeRaw(UInt8(truncatingIfNeeded: value) &+ .zero)
            return
        }
        // Two digits per division, right to left into 20 bytes of scratch, then one copy.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { digits in
            let pairs = JsonWriter.digitPairs.utf8Start
            var position = digits.count
            var remaining = value
            while remaining >= 100 {
                let (quotient, pair) = remaining.quotientAndRemainder(dividingBy: 100)
                position -= 2
                digits[position] = pairs[Int(pair) &* 2]
                digits[position + 1] = pairs[Int(pair) &* 2 &+ 1]
                remaining = quotient
            }
            if remaining >= 10 {
                position -= 2
                digits[position] = pairs[Int(remaining) &* 2]
                digits[position + 1] = pairs[Int(remaining) &* 2 &+ 1]
            } else {
                position -= 1
                digits[position] = UInt8(truncatingIfNeeded: remaining) &+ .zero
            }
            let length = digits.count - position
            reserve(length)
            if let source = digits.baseAddress {
                UnsafeMutableRawPointer(buffer + count).copyMemory(from: source + position, byteCount: length)
            }
            count += length
        }
    }

    /// "00", "01", … "99" back to back.
    static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Writes a Double so that reading it back gives exactly the same value (shortest form).
    /// JSON has no NaN or infinity: they are written as the strings "NaN", "Infinity" and
    /// "-Infinity", which ServiceStack (and DTOKit's reader) parse back.
    public mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            writeRaw(value.isNaN ? "\"NaN\"" : value < 0 ? "\"-Infinity\"" : "\"Infinity\"")
            return
        }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            // Whole numbers are common (counts, ids sent as doubles) and exact as integers.
            if value == 0 && value.sign == .minus { writeRaw("-0.0") } else { writeInt64(Int64(value), isUnsigned: false) }
            return
        }
        writeASCII(value.description)
    }

    /// Writes a Float in its shortest exact form.
    public mutating func writeFloat(_ value: Float) {
        guard value.isFinite else {
            writeDouble(Double(value))
            return
        }
        writeASCII(value.description)
    }

    /// Appends ASCII text that is already valid JSON (a number's digits).
    mutating func writeASCII(_ text: String) {
        var text = text
        text.withUTF8 { writeRaw($0) }
    }
}
