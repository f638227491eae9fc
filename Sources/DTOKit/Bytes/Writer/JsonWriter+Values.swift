extension JsonWriter {
    // MARK: Strings

    /// Writes `text` as a JSON string. Non-ASCII text is written as UTF-8, as ServiceStack does;
    /// quotes, backslashes and control characters are escaped.
    public mutating func writeString(_ text: String) {
        // Up to 15 bytes, a String holds its bytes in its own two words: written from there,
        // without asking the String for a pointer to them.
        if writesSmallStringsFromWords, let small = SmallStringLayout.smallWords(of: text),
            writeSmallString(small.low, small.high, count: small.count)
        {
            return
        }
        var text = text
        text.withUTF8 { unsafe writeString(unsafeUTF8: $0) }
    }

    /// Writes the small String whose bytes are `low` then `high` (little-endian, `count` < 16 of
    /// them) as one quote, two word stores and another quote; returns false, having written
    /// nothing, when a byte needs escaping.
    @inline(__always)
    mutating func writeSmallString(_ low: UInt64, _ high: UInt64, count length: Int) -> Bool {
        // Flags above the text's bytes (its padding and the String's flag byte) are ignored; a
        // flag on a text byte is exact, since false flags only appear above a true one.
        let lowBits = UInt64(truncatingIfNeeded: min(length, 8) &* 8)
        let highBits = UInt64(truncatingIfNeeded: max(length &- 8, 0) &* 8)
        let lowMask: UInt64 = lowBits == 64 ? ~0 : (1 &<< lowBits) &- 1
        let highMask: UInt64 = (1 &<< highBits) &- 1
        guard JsonWriter.escapingBytes(low) & lowMask == 0, JsonWriter.escapingBytes(high) & highMask == 0 else {
            return false
        }
        reserve(18)
        let out = unsafe UnsafeMutableRawPointer(_buffer + count)
        unsafe out.storeBytes(of: UInt8.quote, as: UInt8.self)
        unsafe out.storeBytes(of: low.littleEndian, toByteOffset: 1, as: UInt64.self)
        unsafe out.storeBytes(of: high.littleEndian, toByteOffset: 9, as: UInt64.self)
        // Over the first byte past the text, which may be padding or the flag byte.
        unsafe out.storeBytes(of: UInt8.quote, toByteOffset: 1 &+ length, as: UInt8.self)
        count += length &+ 2
        return true
    }

    /// Writes UTF-8 bytes as a JSON string: a `[UInt8]`, a `Substring`'s `utf8`, `Data`… The bytes must
    /// be valid UTF-8 (they are copied as they are, escapes aside): for text of unknown origin, make a
    /// `String` first (`String(decoding:as:)`) and write that.
    public mutating func writeString<Bytes: Collection>(utf8 bytes: Bytes) where Bytes.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ unsafe writeString(unsafeUTF8: $0) }) == nil {
            unsafe Array(bytes).withUnsafeBufferPointer { unsafe writeString(unsafeUTF8: $0) }
        }
    }

    /// ``writeString(utf8:)`` over memory the caller keeps valid for the call.
    mutating func writeString(unsafeUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        // Worst case every byte becomes a six-byte \u00XX escape; reserve for the common case
        // and grow on the rare escape.
        reserve(bytes.count + 2)
        unsafe _buffer[count] = .quote
        count += 1
        guard let start = bytes.baseAddress else {
            writeRaw(.quote)
            return
        }
        let end = unsafe start + bytes.count
        // `run` is the first byte not copied yet: runs without escapes are copied whole.
        var run = unsafe start
        var p = unsafe start
        while true {
            if unsafe end - p >= 16 {
                // Sixteen bytes at a time, straight to the first that needs escaping.
                let lane = unsafe JsonWriter.firstEscapingLane(p, from: 0)
                unsafe p += lane
                if lane == 16 { continue }
            } else if unsafe p == end {
                break
            } else if unsafe end - start >= 16 {
                // The last bytes: the sixteen that end the text, those already seen left out.
                let skipped = unsafe 16 &- (end - p)
                let lane = unsafe JsonWriter.firstEscapingLane(end - 16, from: skipped)
                if lane == 16 { break }
                unsafe p = unsafe end - 16 + lane
            } else {
                // A text under sixteen bytes: a word at a time, then byte by byte.
                if unsafe end - p >= 8 {
                    let escapes = unsafe JsonWriter.escapingBytes(
                        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)))
                    if escapes == 0 {
                        unsafe p += 8
                        continue
                    }
                    unsafe p += escapes.trailingZeroBitCount &>> 3
                } else {
                    while unsafe p < end, unsafe !JsonWriter.needsEscaping(p.pointee) { unsafe p += 1 }
                    if unsafe p == end { break }
                }
            }
            unsafe copyRaw(from: run, count: p - run)
            unsafe writeEscape(for: p.pointee)
            unsafe p += 1
            unsafe run = unsafe p
        }
        unsafe copyRaw(from: run, count: end - run)
        writeRaw(.quote)
    }

    /// Whether `byte` is written as an escape: `"`, `\` or below 0x20.
    @inline(__always)
    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == .quote || byte == .backslash || byte < 0x20
    }

    /// The index of the first of the 16 bytes at `p`, from lane `first` on, that needs escaping,
    /// or 16 when none does.
    @inline(__always)
    static func firstEscapingLane(_ p: UnsafePointer<UInt8>, from first: Int) -> Int {
        // Literal constants (not the `UInt8.quote` statics), so that the vectors fold at compile time.
        let bytes = unsafe UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
        let lanes = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let escaping =
            ((bytes .== SIMD16<UInt8>(repeating: 0x22)) .| (bytes .== SIMD16<UInt8>(repeating: 0x5C))
                .| (bytes .< SIMD16<UInt8>(repeating: 0x20)))
            .& (lanes .>= SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: first)))
        return JsonReader.firstSetLane(escaping)
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

    /// Writes the escape for `byte`, a byte that needs one: the two-character escapes in line, the
    /// rare others as `\u00XX` in a call.
    @inline(__always)
    mutating func writeEscape(for byte: UInt8) {
        let short: UInt8
        switch byte {
        case .quote: short = .quote
        case .backslash: short = .backslash
        case .lineFeed: short = UInt8(ascii: "n")
        case .carriageReturn: short = UInt8(ascii: "r")
        case .tab: short = UInt8(ascii: "t")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        default:
            writeUnicodeEscape(for: byte)
            return
        }
        reserve(2)
        unsafe _buffer[count] = .backslash
        unsafe _buffer[count + 1] = short
        count += 2
    }

    @inline(never)
    mutating func writeUnicodeEscape(for byte: UInt8) {
        let hex: StaticString = "0123456789abcdef"
        writeRaw("\\u00")
        unsafe writeRaw(hex.utf8Start[Int(byte >> 4)])
        unsafe writeRaw(hex.utf8Start[Int(byte & 0xF)])
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
        // Two digits per division, right to left, straight into the buffer: the length is known
        // first from the number of bits.
        let length = JsonWriter.decimalLength(value)
        reserve(length)
        let pairs = unsafe UnsafeRawPointer(JsonWriter.digitPairs.utf8Start)
        let digits = unsafe UnsafeMutableRawPointer(_buffer + count)
        var position = length
        var remaining = value
        while remaining >= 100 {
            let (quotient, pair) = remaining.quotientAndRemainder(dividingBy: 100)
            position &-= 2
            unsafe digits.storeBytes(
                of: pairs.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: pair) &* 2, as: UInt16.self),
                toByteOffset: position, as: UInt16.self)
            remaining = quotient
        }
        if remaining >= 10 {
            unsafe digits.storeBytes(
                of: pairs.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: remaining) &* 2, as: UInt16.self),
                as: UInt16.self)
        } else {
            unsafe digits.storeBytes(of: UInt8(truncatingIfNeeded: remaining) &+ .zero, as: UInt8.self)
        }
        count += length
    }

    /// The number of decimal digits of `value` (at least 1): about log10(2) digits per bit, and
    /// one more when the value reaches the next power of ten.
    @inline(__always)
    static func decimalLength(_ value: UInt64) -> Int {
        let bits = 64 &- value.leadingZeroBitCount
        let guess = (bits &* 1233) &>> 12
        return guess &+ (value >= powerOfTen(guess) ? 1 : 0)
    }

    /// 10 to the power `exponent` (0…19), from a table the compiler makes of the switch.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// "00", "01", … "99" back to back.
    static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

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
            if value == 0 && value.sign == .minus {
                writeRaw("-0.0")
            } else {
                writeInt64(Int64(value), isUnsigned: false)
            }
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
        text.withUTF8 { unsafe writeRaw($0) }
    }
}
