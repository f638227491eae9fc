/// A tiny cursor for parsing short texts held as bytes (dates, durations) without creating Strings.
struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }
    var remaining: Int { bytes.count - index }

    func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// Consumes `byte` if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// Consumes `text` (ASCII) if it is next, comparing case-insensitively when asked.
    mutating func consume(_ text: StaticString, ignoringCase: Bool = false) -> Bool {
        let count = text.utf8CodeUnitCount
        guard remaining >= count else { return false }
        for i in 0..<count {
            var expected = text.utf8Start[i]
            var actual = bytes[index + i]
            if ignoringCase {
                expected = expected | 0x20
                actual = actual | 0x20
            }
            if expected != actual { return false }
        }
        index += count
        return true
    }

    /// Exactly `count` decimal digits as a number.
    mutating func digits(_ count: Int) -> Int? {
        guard remaining >= count else { return nil }
        var value = 0
        for i in 0..<count {
            let byte = bytes[index + i]
            guard byte.isDigit else { return nil }
            value = value * 10 + Int(byte - .zero)
        }
        index += count
        return value
    }

    /// One or more decimal digits as an Int64; nil when there are none or the value overflows.
    mutating func unsignedInteger() -> Int64? {
        let start = index
        var value: Int64 = 0
        while let byte = peek(), byte.isDigit {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - .zero))
            if overflow1 || overflow2 { return nil }
            value = sum
            index += 1
        }
        return index > start ? value : nil
    }

    /// One or more decimal digits as a UInt64: nil when there are none, `.some(nil)` when the
    /// value does not fit (the digits are consumed either way).
    @inline(__always)
    mutating func unsignedMagnitude() -> UInt64?? {
        let start = index
        var value: UInt64 = 0
        var overflowed = false
        while index < bytes.count, bytes[index].isDigit {
            let byte = bytes[index]
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte &- .zero))
            if overflow1 || overflow2 { overflowed = true } else { value = sum }
            index += 1
        }
        guard index > start else { return nil }
        return overflowed ? .some(nil) : value
    }

    /// Consumes decimal digits; returns how many.
    mutating func skipDigits() -> Int {
        let start = index
        while let byte = peek(), byte.isDigit { index += 1 }
        return index - start
    }

    /// Consumes and returns the next byte.
    mutating func next() -> UInt8? {
        guard let byte = peek() else { return nil }
        index += 1
        return byte
    }

    /// Digits after a decimal point as a count of 100-nanosecond ticks (the first seven digits;
    /// more are accepted and ignored, as .NET truncates them).
    mutating func fractionTicks() -> Int64? {
        var ticks: Int64 = 0
        var digitCount = 0
        while let byte = peek(), byte.isDigit {
            if digitCount < 7 {
                ticks = ticks * 10 + Int64(byte - .zero)
            }
            digitCount += 1
            index += 1
        }
        guard digitCount > 0 else { return nil }
        for _ in digitCount..<max(digitCount, 7) { ticks *= 10 }
        return ticks
    }
}
