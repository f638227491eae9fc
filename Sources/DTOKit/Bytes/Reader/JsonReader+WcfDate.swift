import Foundation

extension JsonReader {
    /// The form ServiceStack writes, `"\/Date(1523942312513)\/"` (also with `/` unescaped, without
    /// slashes, or with a `±hhmm` offset), read straight from the document's bytes: the same value
    /// `DateFormats.parse(_:)` gives, without unescaping the string first. Returns nil, the
    /// cursor untouched, for anything else (the general path then reads it). (Inlined into
    /// `Date.read(from:)`, its one caller: no call per date.)
    @inline(__always)
    mutating func readWcfDateInPlace() -> Date? {
        var p = unsafe _cursor
        let end = unsafe self._end
        var hasSlash = false
        if unsafe end - p >= 8,
            unsafe UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)) == JsonReader.wcfDatePrefix
        {
            // What ServiceStack writes, `"\/Date(`, as one word.
            unsafe p += 8
            hasSlash = true
        } else {
            guard unsafe p < end, unsafe p.pointee == .quote else { return nil }
            unsafe p += 1
            if unsafe end - p >= 2, unsafe p[0] == .backslash, unsafe p[1] == .slash {
                unsafe p += 2
                hasSlash = true
            } else if unsafe p < end, unsafe p.pointee == .slash {
                unsafe p += 1
                hasSlash = true
            }
            guard unsafe end - p >= 5, unsafe p[0] == UInt8(ascii: "D"), unsafe p[1] == UInt8(ascii: "a"),
                unsafe p[2] == UInt8(ascii: "t"),
                unsafe p[3] == UInt8(ascii: "e"), unsafe p[4] == UInt8(ascii: "(")
            else { return nil }
            unsafe p += 5
        }
        var isNegative = false
        if unsafe p < end, unsafe p.pointee == .minus {
            isNegative = true
            unsafe p += 1
        }
        // Up to 18 digits cannot overflow (the general path handles longer ones). Milliseconds
        // have 13: the first eight are converted at once when they are all digits.
        var magnitude: Int64 = 0
        let digitsStart = unsafe p
        if unsafe end - p >= 8 {
            let word = unsafe UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
            if JsonReader.isEightDigits(word), unsafe end - p >= 16 {
                magnitude = Int64(JsonReader.valueOfEightDigits(word))
                unsafe p += 8
                // The other five (up to seven) in one go too.
                let rest = unsafe UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
                let count = JsonReader.leadingDigitCount(rest)
                if count < 8 {
                    magnitude =
                        magnitude &* JsonReader.powerOfTen(count)
                        &+ Int64(JsonReader.valueOfLeadingDigits(rest, count: count))
                    unsafe p += count
                }
            }
        }
        while unsafe p < end, unsafe p.pointee.isDigit {
            guard unsafe p - digitsStart < 18 else { return nil }
            magnitude = unsafe magnitude &* 10 &+ Int64(p.pointee &- .zero)
            unsafe p += 1
        }
        guard unsafe p > digitsStart else { return nil }
        let milliseconds = isNegative ? -magnitude : magnitude
        // What ServiceStack writes for a date of unspecified kind, `-0000)\/"`, as one word and a quote.
        if hasSlash, unsafe end - p >= 9, unsafe p[8] == .quote,
            unsafe UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
                == JsonReader.wcfUnspecifiedSuffix
        {
            unsafe _cursor = unsafe p + 9
            return JsonReader.date(milliseconds: milliseconds)
        }
        if unsafe p < end, unsafe p.pointee == .plus || p.pointee == .minus {
            guard unsafe end - p >= 5, unsafe p[1].isDigit, unsafe p[2].isDigit, unsafe p[3].isDigit,
                unsafe p[4].isDigit
            else { return nil }
            unsafe p += 5
        }
        guard unsafe p < end, unsafe p.pointee == UInt8(ascii: ")") else { return nil }
        unsafe p += 1
        if hasSlash {
            if unsafe end - p >= 2, unsafe p[0] == .backslash, unsafe p[1] == .slash {
                unsafe p += 2
            } else if unsafe p < end, unsafe p.pointee == .slash {
                unsafe p += 1
            } else {
                return nil
            }
        }
        guard unsafe p < end, unsafe p.pointee == .quote else { return nil }
        unsafe _cursor = unsafe p + 1
        return JsonReader.date(milliseconds: milliseconds)
    }

    /// The date `milliseconds` after 1970, as `DateFormats.parse(_:)` makes it.
    @inline(__always)
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(milliseconds - DateFormats.referenceDateMilliseconds) / 1000)
    }

    /// `"\/Date(` as a little-endian word: `"` 22, `\` 5C, `/` 2F, `Date(` 44 61 74 65 28.
    static var wcfDatePrefix: UInt64 { 0x2865_7461_442F_5C22 }

    /// `-0000)\/` as a little-endian word: `-` 2D, `0000` 30 30 30 30, `)` 29, `\` 5C, `/` 2F.
    static var wcfUnspecifiedSuffix: UInt64 { 0x2F5C_2930_3030_302D }

    /// Whether all eight bytes of `word` (read little-endian) are ASCII digits.
    @inline(__always)
    static func isEightDigits(_ word: UInt64) -> Bool {
        nonDigitBytes(word) == 0
    }

    /// How many of the eight bytes of `word` (read little-endian) are ASCII digits before the first
    /// that is not, 0 to 8.
    @inline(__always)
    static func leadingDigitCount(_ word: UInt64) -> Int {
        let notDigits = nonDigitBytes(word)
        return notDigits == 0 ? 8 : notDigits.trailingZeroBitCount &>> 3
    }

    /// The high bit of each byte of `word` set where that byte is not an ASCII digit, at least up to
    /// the first such byte (read little-endian): later bytes may be flagged by a borrow or carry.
    @inline(__always)
    static func nonDigitBytes(_ word: UInt64) -> UInt64 {
        // A byte below "0" borrows into its high bit, one above "9" carries into it when 0x46 is
        // added, and non-ASCII bytes have it set already. Borrows and carries only move towards
        // later bytes, so the first byte flagged is the first that is not a digit.
        ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030) | word) & 0x8080_8080_8080_8080
    }

    /// The number the first `count` (0 to 7) bytes of `word`, all ASCII digits, stand for.
    @inline(__always)
    static func valueOfLeadingDigits(_ word: UInt64, count: Int) -> UInt64 {
        guard count > 0 else { return 0 }
        // The digits moved to the end of the word and zeros put before them: eight digits.
        let digitBits = UInt64(truncatingIfNeeded: count) &* 8
        let zeros: UInt64 = 0x3030_3030_3030_3030
        return valueOfEightDigits((word &<< (64 &- digitBits)) | (zeros &>> digitBits))
    }

    /// 10 to the power `exponent` (0 to 7).
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Int64 {
        var power: Int64 = 1
        for _ in 0..<exponent { power &*= 10 }
        return power
    }

    /// The number eight ASCII digits stand for (first byte most significant), without a loop.
    @inline(__always)
    static func valueOfEightDigits(_ word: UInt64) -> UInt64 {
        // Typed constants: as one expression of untyped literals this took the type checker a second.
        let zeros: UInt64 = 0x3030_3030_3030_3030
        let pairs: UInt64 = 0x0000_00FF_0000_00FF
        let hundredAndMillion: UInt64 = 100 + 1_000_000 << 32
        let oneAndTenThousand: UInt64 = 1 + 10_000 << 32
        var value = word &- zeros
        value = (value &* 10) &+ (value &>> 8)
        let low = (value & pairs) &* hundredAndMillion
        let high = ((value &>> 16) & pairs) &* oneAndTenThousand
        return (low &+ high) &>> 32
    }
}
