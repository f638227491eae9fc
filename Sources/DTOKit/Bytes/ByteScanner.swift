/// A tiny cursor for parsing short texts held as bytes (dates, durations) without creating Strings.
///
/// It reads memory it does not own, so it exists only inside the calls that make one
/// (``scanning(_:_:)``, `JsonReader.withStringScanner(_:)`): it is non-copyable and handed out `inout`.
/// It never reads outside its bytes: the subscript checks, the other reads guard their ranges, and the
/// position moves only forward within the bounds (``advance(_:)``, ``move(to:)``).
@safe
struct ByteScanner: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The part of `bytes` being scanned (all of it, or less once whitespace is trimmed).
    private(set) var startIndex = 0
    private(set) var endIndex: Int
    /// The next byte to read; `endIndex` at the end.
    private(set) var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        unsafe self.bytes = unsafe bytes
        endIndex = bytes.count
    }

    /// Runs `body` with a scanner over the UTF-8 bytes of `text`.
    static func scanning<T>(_ text: String, _ body: (inout ByteScanner) throws -> T) rethrows -> T {
        var text = text
        return try text.withUTF8 { bytes in
            var scanner = unsafe ByteScanner(bytes)
            return try body(&scanner)
        }
    }

    /// Runs `body` with a scanner over bytes that stay valid for the call (for the reader).
    static func scanning<T>(unsafeBytes bytes: UnsafeBufferPointer<UInt8>, _ body: (inout ByteScanner) throws -> T)
        rethrows -> T
    {
        var scanner = unsafe ByteScanner(bytes)
        return try body(&scanner)
    }

    /// The byte at `position`, which must be in `startIndex..<endIndex`.
    subscript(position: Int) -> UInt8 {
        precondition(position >= startIndex && position < endIndex, "DTOKit: a ByteScanner read out of its bounds")
        return unsafe bytes[position]
    }

    var isAtEnd: Bool { index >= endIndex }
    var remaining: Int { endIndex - index }

    func peek(_ offset: Int = 0) -> UInt8? {
        let position = index + offset
        return unsafe position >= startIndex && position < endIndex ? bytes[position] : nil
    }

    /// Moves past `count` bytes (at most to the end).
    mutating func advance(_ count: Int = 1) {
        index = min(index + max(0, count), endIndex)
    }

    /// Moves to `position`, a place between the current one and the end (where a caller's own scan
    /// with the subscript stopped).
    mutating func move(to position: Int) {
        precondition(position >= index && position <= endIndex, "DTOKit: a ByteScanner moved outside its bytes")
        index = position
    }

    /// Back to the first byte of all the bytes.
    mutating func restart() {
        startIndex = 0
        endIndex = unsafe bytes.count
        index = 0
    }

    /// Leaves out the white space around the bytes (.NET's parsers allow it) and starts again at the first.
    mutating func trimWhitespace() {
        func isWhitespace(_ byte: UInt8) -> Bool {
            byte == .space || byte == .tab || byte == .lineFeed || byte == .carriageReturn
        }
        while startIndex < endIndex, unsafe isWhitespace(bytes[startIndex]) { startIndex += 1 }
        while endIndex > startIndex, unsafe isWhitespace(bytes[endIndex - 1]) { endIndex -= 1 }
        index = startIndex
    }

    /// Whether `byte` is among the bytes being scanned.
    func contains(_ byte: UInt8) -> Bool {
        (startIndex..<endIndex).contains { unsafe bytes[$0] == byte }
    }

    /// The bytes being scanned as text.
    var text: String {
        unsafe String(decoding: UnsafeBufferPointer(rebasing: bytes[startIndex..<endIndex]), as: UTF8.self)
    }

    /// The bytes being scanned as `NaN`, `Infinity`, `-Infinity` (what DTOKit writes for
    /// non-finite numbers); nil for anything else.
    func specialFloat() -> Double? {
        unsafe JsonReader.specialFloat(UnsafeBufferPointer(rebasing: bytes[startIndex..<endIndex]))
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
            var expected = unsafe text.utf8Start[i]
            var actual = unsafe bytes[index + i]
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
            let byte = unsafe bytes[index + i]
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
        while index < endIndex, unsafe bytes[index].isDigit {
            let byte = unsafe bytes[index]
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
