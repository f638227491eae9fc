extension JsonReader {
    /// A String from bytes already known to be valid UTF-8 (``scanString(from:)`` validated them).
    ///
    /// Up to 15 bytes become a small (inline) String directly (see ``SmallStringLayout``). Longer
    /// text is copied once: where the standard library has `UTF8Span` (Linux, Apple's OS 26 and
    /// later) without being validated a second time; before, `String(decoding:as:)` validates it
    /// again (about a quarter of the decode time of the 1 MB TechStacks response, in callgrind).
    /// - Parameters:
    ///   - isASCII: no byte is at or above 0x80 (false when unknown).
    ///   - readableEnd: memory up to here may be read (past the bytes themselves), so that a small
    ///     string's bytes can be loaded as two words.
    ///   - smallStringsFromWords: ``SmallStringLayout/isVerified`` (which the reader keeps).
    ///   - revalidating: take the path of the OS versions without `UTF8Span` wherever this runs
    ///     (the reader's ``JsonDecodingOptions/revalidatesStrings``, for tests).
    ///
    /// Inlined into the string readers: a call per string cost 2 % of a decode (callgrind).
    @usableFromInline @inline(__always)
    static func makeString(
        validUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool,
        readableEnd: UnsafePointer<UInt8>, smallStringsFromWords: Bool,
        revalidating: Bool = false
    ) -> String {
        if bytes.count < 16, let start = bytes.baseAddress, smallStringsFromWords {
            return unsafe SmallStringLayout.make(start, count: bytes.count, readableEnd: readableEnd)
        }
        return unsafe revalidating ? makeStringValidatingAgain(bytes) : makeString(validUTF8: bytes, isASCII: isASCII)
    }

    @usableFromInline
    static func makeString(validUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return unsafe makeStringWithoutValidating(bytes, isASCII: isASCII)
        }
        #endif
        return unsafe makeStringValidatingAgain(bytes)
    }

    #if compiler(>=6.2)
    /// The copy of valid UTF-8 that skips validating it again.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @usableFromInline
    static func makeStringWithoutValidating(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        unsafe String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
    }
    #endif

    /// The copy every Apple OS before 26 makes: the standard library validates the bytes again.
    @usableFromInline
    static func makeStringValidatingAgain(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        unsafe String(decoding: bytes, as: UTF8.self)
    }
}

/// Builds Strings of up to 15 UTF-8 bytes straight from their bytes.
///
/// Such Strings hold their bytes inline, in the two words of the String itself, with the count and
/// an ASCII flag in the top byte; this layout is part of the standard library's ABI on Apple
/// platforms (inlinable code in every app reads it) and the same on Linux. Creating them this way
/// takes a few instructions instead of the standard library's byte-by-byte copy. The layout is
/// checked once, against Strings the standard library makes itself: the two words are compared
/// before they ever become a String, so on a platform where the layout differs (32-bit, a future
/// layout) ``isVerified`` is false without a malformed String having existed, and the standard
/// library's initializers are used instead.
enum SmallStringLayout {
    /// Whether ``make(_:count:readableEnd:)`` gives exactly the Strings the standard library makes.
    static let isVerified: Bool = {
        guard MemoryLayout<String>.size == 16, MemoryLayout<(UInt64, UInt64)>.size == 16 else { return false }
        let samples = [
            "", "a", "id", "Server", "abcdefgh", "abcdefghi", "abcdefghijklmno",
            "é", "né", "日本語", "naïve café", "🐘 elephant",
        ]
        for sample in samples {
            let bytes = Array(sample.utf8)
            // Padding past the bytes, as in a document, so that the two-word loads are exercised.
            let padded = bytes + [UInt8](repeating: 0xFF, count: 16)
            let made = unsafe padded.withUnsafeBufferPointer { buffer -> (UInt64, UInt64)? in
                guard let base = buffer.baseAddress else { return nil }
                return unsafe words(base, count: bytes.count, readableEnd: base + buffer.count)
            }
            let reference = String(decoding: bytes, as: UTF8.self)
            guard let made, bytes.count < 16, rawBits(of: reference) == [made.0, made.1] else { return false }
            let text = unsafe unsafeBitCast(made, to: String.self)
            guard text == sample, text.utf8.elementsEqual(bytes) else { return false }
            // And back: the writer reads small Strings' bytes and count from their words.
            guard let read = smallWords(of: reference), read.low == made.0,
                read.high == made.1 & 0x00FF_FFFF_FFFF_FFFF, read.count == bytes.count
            else { return false }
        }
        // Strings that are not small must not pass for small ones (one made at run time, one literal).
        let long = String(repeating: "long text, ", count: 4)
        guard smallWords(of: long) == nil, smallWords(of: "a literal of more than fifteen bytes") == nil else {
            return false
        }
        return true
    }()

    /// The bytes of `text` if it is a small String: its first eight bytes, the next seven (the
    /// flag byte cleared) and the count. Nil for every other String. Only when ``isVerified``.
    @inline(__always)
    static func smallWords(of text: String) -> (low: UInt64, high: UInt64, count: Int)? {
        let (low, high) = unsafe unsafeBitCast(text, to: (UInt64, UInt64).self)
        // Bit 61 marks a small String (the top byte is the flags and the count).
        guard high & (1 << 61) != 0 else { return nil }
        return (low, high & 0x00FF_FFFF_FFFF_FFFF, Int(truncatingIfNeeded: (high >> 56) & 0x0F))
    }

    static func rawBits(of text: String) -> [UInt64] {
        unsafe withUnsafeBytes(of: text) { unsafe Array($0.bindMemory(to: UInt64.self)) }
    }

    /// The String of the `count` (< 16) valid UTF-8 bytes at `start`; only when ``isVerified``.
    @inline(__always)
    static func make(_ start: UnsafePointer<UInt8>, count: Int, readableEnd: UnsafePointer<UInt8>) -> String {
        unsafe unsafeBitCast(words(start, count: count, readableEnd: readableEnd), to: String.self)
    }

    /// The two words of the small String of the `count` (< 16) UTF-8 bytes at `start`.
    @inline(__always)
    static func words(
        _ start: UnsafePointer<UInt8>, count: Int,
        readableEnd: UnsafePointer<UInt8>
    ) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        if unsafe readableEnd - start >= 16 {
            let raw = unsafe UnsafeRawPointer(start)
            let first = unsafe UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let second = unsafe UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            // Keep the first `count` bytes: all of `first` from 8 on, none of `second` below 9.
            low = count >= 8 ? first : first & ((1 << (UInt64(truncatingIfNeeded: count) &* 8)) &- 1)
            high = count > 8 ? second & ((1 << (UInt64(truncatingIfNeeded: count &- 8) &* 8)) &- 1) : 0
        } else {
            for index in 0..<count {
                let byte = unsafe UInt64(start[index])
                if index < 8 { low |= byte << (UInt64(index) * 8) } else { high |= byte << (UInt64(index - 8) * 8) }
            }
        }
        let isASCII = (low | high) & 0x8080_8080_8080_8080 == 0
        // Top byte: 0b1110 (immortal, ASCII, small) or 0b1010 (immortal, small), then the count.
        let discriminator: UInt64 = (isASCII ? 0xE0 : 0xA0) | UInt64(truncatingIfNeeded: count)
        high |= discriminator << 56
        return (low, high)
    }
}
