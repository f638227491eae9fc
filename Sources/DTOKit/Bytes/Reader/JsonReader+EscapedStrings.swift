extension JsonReader {
    /// How many bytes of unescaped text ``readEscapedString(from:escape:isASCII:)`` decodes on the
    /// stack: what the standard library puts there without checking the thread's stack bounds.
    static var escapedStringStackCapacity: Int { 1024 }

    /// Reads the rest of a string whose content starts at `start` and whose first backslash is at
    /// `escape`: from there the content is validated and unescaped in the same pass, into stack
    /// storage, and copied into the String once. (Scanning to the closing quote and then
    /// unescaping from the start went over each byte twice, with a call to `memchr` and one to
    /// `memcpy` per run between escapes: a third of the decode time of descriptions.)
    ///
    /// `isASCII` says whether the content before `escape` is ASCII. Text longer than the stack
    /// storage is scanned to its end and unescaped into the String's own storage instead.
    @inline(never)
    mutating func readEscapedString(
        from start: UnsafePointer<UInt8>, escape: UnsafePointer<UInt8>,
        isASCII: Bool
    ) throws -> String {
        let capacity = JsonReader.escapedStringStackCapacity
        let decoded = unsafe try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { storage in
            unsafe try unescapeRest(from: start, escape: escape, isASCII: isASCII, into: storage)
        }
        if let decoded { return decoded }
        let scan = unsafe try scanString(from: start)
        unsafe _cursor = unsafe scan._closingQuote + 1
        return unsafe JsonReader.unescape(
            UnsafeBufferPointer(start: start, count: scan._closingQuote - start),
            isASCII: scan.isASCII)
    }

    /// The loop of ``readEscapedString(from:escape:isASCII:)``: copies the content before `escape`
    /// to `storage`, then validates and unescapes up to the closing quote, which it consumes.
    /// Returns nil, the cursor untouched, when the text does not fit in `storage`.
    private mutating func unescapeRest(
        from start: UnsafePointer<UInt8>, escape: UnsafePointer<UInt8>, isASCII: Bool,
        into storage: UnsafeMutableBufferPointer<UInt8>
    ) throws -> String? {
        guard let out = storage.baseAddress, unsafe escape - start <= storage.count else { return nil }
        let outEnd = unsafe out + storage.count
        let end = unsafe self._end
        unsafe out.initialize(from: start, count: escape - start)
        // Pointers rather than counts: no overflow check per block.
        var o = unsafe out + (escape - start)
        var p = unsafe escape
        var isASCII = isASCII
        while true {
            // As in scanString: sixteen bytes at a time to the next byte that needs a look, each
            // block copied whole (the output advances only to that byte).
            if unsafe end - p >= 16 {
                guard unsafe outEnd - o >= 16 else { return nil }
                let block = unsafe UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
                unsafe UnsafeMutableRawPointer(o).storeBytes(of: block, as: SIMD16<UInt8>.self)
                let offset = JsonReader.firstSpecialByte(in: block)
                unsafe p += offset
                unsafe o += offset
                if offset == 16 { continue }
            } else {
                guard unsafe p < end else { throw unsafe unterminatedString(from: start) }
                if unsafe !JsonReader.isSpecialByte(p.pointee) {
                    guard unsafe o < outEnd else { return nil }
                    unsafe o.initialize(to: p.pointee)
                    unsafe o += 1
                    unsafe p += 1
                    continue
                }
            }
            let byte = unsafe p.pointee
            if byte == .quote {
                unsafe _cursor = unsafe p + 1
                return unsafe JsonReader.makeString(
                    validUTF8: UnsafeBufferPointer(start: out, count: o - out), isASCII: isASCII,
                    readableEnd: o, smallStringsFromWords: makesSmallStringsFromWords,
                    revalidating: options.revalidatesStrings)
            }
            // An escape or a UTF-8 sequence: at most four bytes of output.
            guard unsafe outEnd - o >= 4 else { return nil }
            if byte == .backslash {
                // `\n`, `\"` and the other two-byte escapes in one switch; `\u` and invalid ones below.
                let replacement = unsafe end - p >= 2 ? JsonReader.shortEscapeReplacement(p[1]) : 0
                if replacement != 0 {
                    unsafe o.initialize(to: replacement)
                    unsafe o += 1
                    unsafe p += 2
                    continue
                }
                _ = unsafe try validateEscape(at: p)
                let decoded = unsafe JsonReader.decodeEscape(at: p, end: end, into: o)
                unsafe p = unsafe decoded.next
                unsafe o += decoded.count
                if unsafe decoded.isNonASCII { isASCII = false }
            } else if byte >= 0x80 {
                isASCII = false
                let next = unsafe try endOfUTF8Sequence(at: p)
                // Two to four bytes: copied as one word where four can be read (no call to memcpy).
                if unsafe end - p >= 4 {
                    unsafe UnsafeMutableRawPointer(o).storeBytes(
                        of: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self), as: UInt32.self)
                } else {
                    unsafe o.initialize(from: p, count: next - p)
                }
                unsafe o += next - p
                unsafe p = unsafe next
            } else {
                throw unsafe unescapedControlCharacter(at: p)
            }
        }
    }
}
