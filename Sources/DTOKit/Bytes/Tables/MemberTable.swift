import Foundation

/// How a type's member names are found in a document: the fast checks of the decoding loop, in
/// the order it tries them, then the general path.
///
/// Non-copyable: it owns its memory and frees it when it goes.
@safe
struct MemberTable: ~Copyable, @unchecked Sendable {
    let names: NameTable
    /// Each name as compact JSON writes it, `"name":`, for the check of the expected member
    /// (``matchExpected(_:hint:)``); `patternBytes` holds them back to back, for the bytes past the
    /// 16 a pattern compares at once. None unless the names match in place.
    private let patterns: UnsafeMutablePointer<MemberPattern>
    private let patternBytes: UnsafeMutablePointer<UInt8>
    private let patternStarts: UnsafeMutablePointer<Int>
    private let patternCount: Int

    init(_ memberNames: [String]) {
        names = NameTable(memberNames)
        let patternNames = names.matchesInPlace ? memberNames : []
        patternCount = patternNames.count
        unsafe patterns = UnsafeMutablePointer<MemberPattern>.allocate(capacity: max(1, patternCount))
        unsafe patterns.initialize(from: patternNames.map { MemberPattern(name: $0.utf8) }, count: patternCount)
        var allBytes: [UInt8] = []
        var startList: [Int] = []
        for name in patternNames {
            startList.append(allBytes.count)
            allBytes.append(.quote)
            allBytes.append(contentsOf: name.utf8)
            allBytes.append(contentsOf: [.quote, .colon])
        }
        unsafe patternBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, allBytes.count))
        unsafe patternBytes.initialize(from: allBytes, count: allBytes.count)
        unsafe patternStarts = UnsafeMutablePointer<Int>.allocate(capacity: max(1, startList.count))
        unsafe patternStarts.initialize(from: startList, count: startList.count)
    }

    deinit {
        unsafe patterns.deallocate()
        unsafe patternBytes.deallocate()
        unsafe patternStarts.deallocate()
    }

    /// Reads the member name at the cursor and returns its index; for a name none has, skips the
    /// member and returns nil.
    ///
    /// Usually the next member is the one after the previous (`hint`), named exactly and written
    /// compactly: one comparison of `"name":`. Otherwise the names are compared in place, without
    /// scanning the member name first; then the general path reads the name.
    @inline(__always)
    func match(_ reader: inout JsonReader, hint: Int) throws -> Int? {
        if let index = matchExpected(&reader, hint: hint) { return index }
        if let index = try matchInPlace(&reader, hint: hint) { return index }
        return try matchOrSkip(&reader, hint: hint)
    }

    /// If `"name":` of the member at `hint` (or the first, past the last) stands at the cursor
    /// exactly, consumes it and returns the index; otherwise returns nil, the cursor untouched.
    /// (Servers write members in declaration order, compactly: usually this is the member.)
    @inline(__always)
    func matchExpected(_ reader: inout JsonReader, hint: Int) -> Int? {
        guard patternCount > 0 else { return nil }
        let index = hint < patternCount ? hint : 0
        let pattern = unsafe patterns[index]
        let p = unsafe reader._cursor
        let length = pattern.length
        guard unsafe reader._end - p >= max(16, length), unsafe pattern.matchesPrefix(at: p) else { return nil }
        if length > 16, unsafe !NameTable.equalShortBytes(patternBytes + patternStarts[index] + 16, p + 16, length - 16)
        {
            return nil
        }
        unsafe reader._cursor = unsafe p + length
        return index
    }

    /// If the member name at the cursor is exactly one of the names (tried from `hint` round),
    /// consumes it and the `:` after it and returns the index. Returns nil, the cursor at the name,
    /// for any other name (unknown, other case, escaped).
    @inline(__always)
    func matchInPlace(_ reader: inout JsonReader, hint: Int) throws -> Int? {
        reader.skipWhitespace()
        guard let index = names.matchString(&reader, hint: hint) else { return nil }
        try reader.expect(.colon, "':' after the member name")
        return index
    }

    /// Reads the member name at the cursor and returns its index (exactly, then ignoring case); for
    /// a name none has, skips the member's value and returns nil. (The uncommon path: kept out of
    /// the recursive decoding loop's frame.)
    @inline(never)
    func matchOrSkip(_ reader: inout JsonReader, hint: Int) throws -> Int? {
        let key = try reader.readMemberKey()
        let index = unsafe key.hasEscapes ? names.index(of: key.decodedName) : names.index(of: key.bytes, hint: hint)
        if index == nil {
            do {
                try reader.skipValue()
            } catch let error as JsonDecodingError {
                throw error.prefixed(with: .key(key.decodedName))
            }
        }
        return index
    }
}
