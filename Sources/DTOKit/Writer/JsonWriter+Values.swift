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
            while end - p >= 8 {
                let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
                if JsonWriter.needsEscaping(word) { break }
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

    /// True when any byte of `word` is `"`, `\` or below 0x20 (bytes ≥ 0x80 are written as they are).
    @inline(__always)
    static func needsEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8.quote))
        let backslashes = word ^ (ones &* UInt64(UInt8.backslash))
        let hasQuote = (quotes &- ones) & ~quotes
        let hasBackslash = (backslashes &- ones) & ~backslashes
        let hasControl = (word &- (ones &* 0x20)) & ~word
        return ((hasQuote | hasBackslash | hasControl) & highBits) != 0
    }

    mutating func writeEscape(for byte: UInt8) {
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
        var length = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            length += 1
        }
        reserve(length)
        // Digits are produced right to left, straight into place.
        var remaining = value
        var position = count + length
        repeat {
            position -= 1
            buffer[position] = UInt8(truncatingIfNeeded: remaining % 10) + .zero
            remaining /= 10
        } while remaining != 0
        count += length
    }

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
