extension JsonReader {
    /// The parts of a JSON number, found in one pass over its bytes: the value is
    /// `significand × 10^decimalExponent`, exactly unless `isTruncated`.
    @safe
    @usableFromInline
    struct NumberScan {
        @usableFromInline var isNegative = false
        @usableFromInline var significand: UInt64 = 0
        @usableFromInline var decimalExponent = 0
        /// Digits beyond what `significand` holds were dropped (the value is then approximate).
        @usableFromInline var isTruncated = false
        /// No fraction and no exponent were written.
        @usableFromInline var isInteger = true
        @usableFromInline var _text: UnsafeBufferPointer<UInt8>
    }

    /// Reads a JSON number (or a string holding one, as ServiceStack allows) into any integer type.
    /// Values that are not whole numbers or do not fit `T` are errors, never traps.
    @inlinable
    public mutating func readInteger<T: FixedWidthInteger>(_ type: T.Type = T.self) throws -> T {
        skipWhitespace()
        let valueStart = unsafe _cursor
        if let plain = readPlainInteger() {
            if let value = T(exactly: plain) { return value }
            unsafe _cursor = unsafe valueStart
        }
        let scan = try scanNumberValue()
        if let value = JsonReader.integer(T.self, from: scan) { return value }
        unsafe _cursor = unsafe valueStart
        throw error("\(JsonReader.integerDescription(T.self))")
    }

    /// The common case of ``readInteger(_:)``: up to 18 digits, optionally negative, no fraction or
    /// exponent, no leading zero. Returns nil, the cursor untouched, for anything else.
    @usableFromInline @inline(__always)
    mutating func readPlainInteger() -> Int64? {
        var p = unsafe _cursor
        let isNegative = unsafe p < _end && p.pointee == .minus
        if isNegative { unsafe p += 1 }
        let digitsStart = unsafe p
        var magnitude: Int64 = 0
        while unsafe p < _end, unsafe p.pointee.isDigit {
            guard unsafe p - digitsStart < 18 else { return nil }
            magnitude = unsafe magnitude &* 10 &+ Int64(p.pointee &- .zero)
            unsafe p += 1
        }
        let digitCount = unsafe p - digitsStart
        guard digitCount > 0, unsafe digitCount == 1 || digitsStart.pointee != .zero else { return nil }
        if unsafe p < _end, unsafe p.pointee == .dot || p.pointee | 0x20 == UInt8(ascii: "e") { return nil }
        unsafe _cursor = unsafe p
        return isNegative ? -magnitude : magnitude
    }

    /// Reads a JSON number (or a string holding one, including "NaN" and "Infinity") as a Double.
    /// The result is the nearest Double to the decimal text, as RFC 8259 expects.
    public mutating func readDouble() throws -> Double {
        skipWhitespace()
        if unsafe _cursor < _end, unsafe _cursor.pointee == .quote, let special = try readSpecialFloatString() {
            return special
        }
        let scan = try scanNumberValue()
        return JsonReader.double(from: scan)
    }

    /// Reads a number as a Float, rounding the decimal text once (not via Double).
    public mutating func readFloat() throws -> Float {
        skipWhitespace()
        if unsafe _cursor < _end, unsafe _cursor.pointee == .quote, let special = try readSpecialFloatString() {
            return Float(special)
        }
        let scan = try scanNumberValue()
        return unsafe Float(String(decoding: scan._text, as: UTF8.self)) ?? Float(JsonReader.double(from: scan))
    }

    /// Reads the text of a number (for types such as Decimal that parse it themselves).
    public mutating func readNumberText() throws -> String {
        skipWhitespace()
        let scan = try scanNumberValue()
        return unsafe String(decoding: scan._text, as: UTF8.self)
    }

    /// `"NaN"`, `"Infinity"` and `"-Infinity"` strings, which DTOKit writes for non-finite values
    /// (JSON has no literal for them). Returns nil, cursor untouched, for any other string.
    @usableFromInline
    mutating func readSpecialFloatString() throws -> Double? {
        let saved = unsafe _cursor
        let special = unsafe try withStringBytes { unsafe JsonReader.specialFloat($0) }
        if special == nil { unsafe _cursor = unsafe saved }
        return special
    }

    /// The value of `NaN`, `Infinity`, `+Infinity` or `-Infinity`; nil for any other text.
    static func specialFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        switch unsafe String(decoding: bytes, as: UTF8.self) {
        case "NaN": return .nan
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: return nil
        }
    }

    /// Scans a number, or a string whose whole content is a number.
    @usableFromInline
    mutating func scanNumberValue() throws -> NumberScan {
        guard unsafe _cursor < _end else { throw error("a number") }
        if unsafe _cursor.pointee != .quote {
            return try scanNumber()
        }
        // ServiceStack accepts numbers sent as strings ("42"); the content must still be a JSON number.
        let quote = unsafe _cursor
        let scan = unsafe try scanString(from: quote + 1)
        guard !scan.hasEscapes, unsafe scan._closingQuote > quote + 1 else {
            throw error("a number")
        }
        var inner = unsafe JsonReader(start: quote + 1, count: scan._closingQuote - quote - 1, options: options)
        guard let number = try? inner.scanNumber(), unsafe inner._cursor == inner._end else {
            throw error("a number")
        }
        unsafe _cursor = unsafe scan._closingQuote + 1
        return number
    }

    /// Scans `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at the cursor.
    @usableFromInline
    mutating func scanNumber() throws -> NumberScan {
        let numberStart = unsafe _cursor
        var scan = unsafe NumberScan(_text: UnsafeBufferPointer(start: numberStart, count: 0))
        var p = unsafe _cursor
        if unsafe p < _end, unsafe p.pointee == .minus {
            scan.isNegative = true
            unsafe p += 1
        }
        guard unsafe p < _end, unsafe p.pointee.isDigit else {
            unsafe _cursor = unsafe p
            throw unsafe error(p == numberStart ? "a value" : "a digit after '-'")
        }
        if unsafe p.pointee == .zero {
            unsafe p += 1
            if unsafe p < _end, unsafe p.pointee.isDigit {
                unsafe _cursor = unsafe p - 1
                throw unsafe JsonDecodingError(
                    reader: self, at: p - 1, expected: "a number without leading zeros",
                    found: "a leading zero")
            }
        } else {
            unsafe p = unsafe accumulateDigits(from: p, into: &scan, isFraction: false)
        }
        if unsafe p < _end, unsafe p.pointee == .dot {
            scan.isInteger = false
            unsafe p += 1
            guard unsafe p < _end, unsafe p.pointee.isDigit else {
                unsafe _cursor = unsafe p
                throw error("a digit after the decimal point")
            }
            unsafe p = unsafe accumulateDigits(from: p, into: &scan, isFraction: true)
        }
        if unsafe p < _end, unsafe p.pointee | 0x20 == UInt8(ascii: "e") {
            scan.isInteger = false
            unsafe p += 1
            var exponentNegative = false
            if unsafe p < _end, unsafe p.pointee == .minus || p.pointee == .plus {
                exponentNegative = unsafe p.pointee == .minus
                unsafe p += 1
            }
            guard unsafe p < _end, unsafe p.pointee.isDigit else {
                unsafe _cursor = unsafe p
                throw error("a digit in the exponent")
            }
            var exponent = 0
            while unsafe p < _end, unsafe p.pointee.isDigit {
                // Saturate: anything beyond ±100000 is zero or infinity for every type anyway.
                if exponent < 100_000 { exponent = unsafe exponent * 10 + Int(p.pointee - .zero) }
                unsafe p += 1
            }
            scan.decimalExponent += exponentNegative ? -exponent : exponent
        }
        unsafe _cursor = unsafe p
        unsafe scan._text = unsafe UnsafeBufferPointer(start: numberStart, count: p - numberStart)
        return scan
    }

    /// Adds the digits at `start` to `scan`; fraction digits also lower its decimal exponent.
    @usableFromInline @inline(__always)
    func accumulateDigits(
        from start: UnsafePointer<UInt8>, into scan: inout NumberScan,
        isFraction: Bool
    ) -> UnsafePointer<UInt8> {
        var p = unsafe start
        while unsafe p < _end, unsafe p.pointee.isDigit {
            let digit = unsafe UInt64(p.pointee - .zero)
            let (times10, overflow1) = scan.significand.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            if !scan.isTruncated && !overflow1 && !overflow2 {
                scan.significand = sum
                if isFraction { scan.decimalExponent -= 1 }
            } else {
                // Keep the magnitude, drop the precision: the slow path re-reads the text.
                scan.isTruncated = true
                if !isFraction { scan.decimalExponent += 1 }
            }
            unsafe p += 1
        }
        return unsafe p
    }

    /// The integer value of `scan` if it is a whole number that fits `T`.
    @usableFromInline
    static func integer<T: FixedWidthInteger>(_: T.Type, from scan: NumberScan) -> T? {
        if scan.isInteger && !scan.isTruncated {
            if scan.isNegative {
                guard T.isSigned else { return scan.significand == 0 ? 0 : nil }
                // -(2^63) is the one magnitude that fits only when negated.
                if scan.significand <= UInt64(Int64.max) {
                    return T(exactly: -Int64(scan.significand))
                }
                return scan.significand == UInt64(Int64.max) + 1 ? T(exactly: Int64.min) : nil
            }
            return T(exactly: scan.significand)
        }
        // 1.0, 1e3 and 100.00 are whole numbers too; accept them when exactly representable.
        let value = double(from: scan)
        guard value.isFinite, value == value.rounded(), abs(value) <= 9_007_199_254_740_992 else { return nil }
        return T(exactly: value)
    }

    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The Double nearest to the number's decimal text.
    @usableFromInline
    static func double(from scan: NumberScan) -> Double {
        // Clinger's fast path: when the significand and the power of ten are both exact doubles,
        // one IEEE multiplication or division rounds correctly.
        let scale = scan.decimalExponent
        if !scan.isTruncated, scan.significand <= 1 << 53, scale >= -22, scale <= 22 {
            var value = Double(scan.significand)
            if scale >= 0 { value *= exactPowersOfTen[scale] } else { value /= exactPowersOfTen[-scale] }
            return scan.isNegative ? -value : value
        }
        if scan.significand == 0 && !scan.isTruncated {
            return scan.isNegative ? -0.0 : 0.0
        }
        // Otherwise the standard library's correctly rounded parser reads the (validated) text.
        return unsafe Double(String(decoding: scan._text, as: UTF8.self)) ?? .nan
    }

    @usableFromInline
    static func integerDescription<T: FixedWidthInteger>(_: T.Type) -> String {
        integerDescription(T.self, wordBitWidth: Int.bitWidth)
    }

    /// Where `Int` has 32 bits (watchOS on arm64_32), C# `long` values past ±2^31 do not fit the
    /// `Int` they map to: the error says so rather than leave a reader wondering about a range.
    static func integerDescription<T: FixedWidthInteger>(_: T.Type, wordBitWidth: Int) -> String {
        let isWord = T.self == Int.self || T.self == UInt.self
        let range =
            isWord && wordBitWidth == 32
            ? (T.isSigned ? "-2147483648...2147483647" : "0...4294967295")
            : "\(T.min)...\(T.max)"
        let word = isWord && wordBitWidth == 32 ? ", \(T.self) being 32 bits on this platform" : ""
        return "a whole number that fits \(T.self) (\(range)\(word))"
    }
}

extension UInt8 {
    @usableFromInline var isDigit: Bool { self &- UInt8.zero < 10 }
}
