import Foundation

/// Names (a type's member names, an enum's case texts) as UTF-8 bytes back to back in memory of the
/// table's own, matched against the document where they stand: no String per name read.
///
/// Non-copyable: it owns its memory and frees it when it goes, so no copy can outlive it.
@safe
struct NameTable: ~Copyable, @unchecked Sendable {
    // Immutable after `init`, so the table can be shared between threads (hence `@unchecked`).
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Where each name starts in `bytes`, plus one entry for the end of the last.
    private let starts: UnsafeMutablePointer<Int>
    let count: Int
    /// No name contains a byte that JSON must escape, so a name written without escapes can be
    /// compared with the names right where it stands in the document.
    let matchesInPlace: Bool

    init(_ names: [String]) {
        self.init(utf8: names.map { Array($0.utf8) })
    }

    /// A table of byte strings, e.g. names as JSON writes them (quoted and escaped), for the writer.
    init(utf8 names: [[UInt8]]) {
        var allBytes: [UInt8] = []
        var startList: [Int] = []
        for name in names {
            startList.append(allBytes.count)
            allBytes.append(contentsOf: name)
        }
        startList.append(allBytes.count)
        count = names.count
        matchesInPlace = !allBytes.contains { $0 == .quote || $0 == .backslash || $0 < 0x20 }
        unsafe bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, allBytes.count))
        unsafe bytes.initialize(from: allBytes, count: allBytes.count)
        unsafe starts = UnsafeMutablePointer<Int>.allocate(capacity: startList.count)
        unsafe starts.initialize(from: startList, count: startList.count)
    }

    deinit {
        unsafe bytes.deallocate()
        unsafe starts.deallocate()
    }

    /// The bytes of the name at `index`, valid while the table lives (use them within the borrow).
    func name(at index: Int) -> UnsafeBufferPointer<UInt8> {
        unsafe UnsafeBufferPointer(start: bytes + starts[index], count: starts[index + 1] - starts[index])
    }

    /// If the reader is at a string (its opening quote, no whitespace before it) whose text is
    /// exactly one of the names, written without escapes, consumes the string and returns the name's
    /// index, trying `hint` first and the others round from it. Otherwise returns nil, the cursor
    /// untouched (another name, another case, escapes: the callers' general paths).
    @inline(__always)
    func matchString(_ reader: inout JsonReader, hint: Int = 0) -> Int? {
        let quote = unsafe reader._cursor
        guard matchesInPlace, unsafe quote < reader._end, unsafe quote.pointee == .quote else { return nil }
        let available = unsafe reader._end - quote - 1
        var i = hint < count ? hint : 0
        for _ in 0..<count {
            let start = unsafe starts[i]
            let length = unsafe starts[i + 1] - start
            if length < available, unsafe quote[length + 1] == .quote,
                unsafe NameTable.equalShortBytes(bytes + start, quote + 1, length)
            {
                unsafe reader._cursor = unsafe quote + length + 2
                return i
            }
            i += 1
            if i == count { i = 0 }
        }
        return nil
    }

    /// The index of the name whose bytes are exactly `text` (trying `hint` first), else of the first
    /// equal to it ignoring ASCII case, as ServiceStack binds names.
    func index(of text: UnsafeBufferPointer<UInt8>, hint: Int = 0) -> Int? {
        let length = text.count
        var i = hint < count ? hint : 0
        for _ in 0..<count {
            let start = unsafe starts[i]
            if unsafe starts[i + 1] - start == length,
                unsafe NameTable.equalBytes(bytes + start, text.baseAddress, length)
            {
                return i
            }
            i += 1
            if i == count { i = 0 }
        }
        return unsafe indexIgnoringCase(of: text)
    }

    /// The index of the first name equal to `text` ignoring ASCII case.
    func indexIgnoringCase(of text: UnsafeBufferPointer<UInt8>) -> Int? {
        (0..<count).first { i in
            let name = unsafe self.name(at: i)
            return unsafe name.count == text.count
                && zip(name, text).allSatisfy { NameTable.asciiLowercase($0) == NameTable.asciiLowercase($1) }
        }
    }

    /// Reads the string at the cursor (escapes decoded) and returns the index of the name it is,
    /// exactly or else ignoring ASCII case; nil when it is none of them (the string is read either way).
    func readIndex(ofStringIn reader: inout JsonReader) throws -> Int? {
        unsafe try reader.withStringBytes { unsafe index(of: $0) }
    }

    /// ``index(of:hint:)`` for a name given as a String (a member name that had escapes).
    func index(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { unsafe index(of: $0) }
    }

    // MARK: Comparing bytes

    /// `memcmp(a, b, length) == 0` without the call, for names (mostly under 16 bytes): two
    /// overlapping word loads cover 8 to 16 bytes, two half-word loads 4 to 8.
    @inline(__always)
    static func equalShortBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let a = unsafe UnsafeRawPointer(a)
        let b = unsafe UnsafeRawPointer(b)
        switch length {
        case 8...16:
            return unsafe a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        case 4..<8:
            return unsafe a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
        case 0..<4:
            for i in 0..<length
            where unsafe a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) {
                return false
            }
            return true
        default:
            return unsafe memcmp(a, b, length) == 0
        }
    }

    @inline(__always)
    static func equalBytes(_ a: UnsafePointer<UInt8>?, _ b: UnsafePointer<UInt8>?, _ length: Int) -> Bool {
        guard length > 0 else { return true }
        guard let a = unsafe a, let b = unsafe b else { return false }
        return unsafe memcmp(a, b, length) == 0
    }

    @inline(__always)
    static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
