import Foundation

/// Standard Base64 (RFC 4648 §4), as .NET's Convert.ToBase64String writes `byte[]`.
public enum Base64 {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    /// The 6-bit value of each byte, 0xFF for bytes outside the alphabet.
    static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// The six bits of `chunk` from bit `shift` up: an index into the alphabet.
    @inline(__always)
    private static func sextet(_ chunk: UInt32, at shift: Int) -> Int {
        Int(truncatingIfNeeded: chunk >> UInt32(truncatingIfNeeded: shift) & 0x3F)
    }

    /// Encodes bytes as Base64 text with `=` padding: a `[UInt8]`, `Data`, an `ArraySlice`…
    public static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        unsafe bytes.withContiguousStorageIfAvailable(encode(contiguous:))
            ?? Array(bytes).withUnsafeBufferPointer(encode(contiguous:))
    }

    static func encode(contiguous bytes: UnsafeBufferPointer<UInt8>) -> String {
        let outputLength = (bytes.count + 2) / 3 * 4
        return unsafe String(unsafeUninitializedCapacity: outputLength) { output in
            var written = 0
            var index = 0
            while index + 3 <= bytes.count {
                let chunk = unsafe UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                for shift in stride(from: 18, through: 0, by: -6) {
                    unsafe output[written] = alphabet[sextet(chunk, at: shift)]
                    written += 1
                }
                index += 3
            }
            let rest = bytes.count - index
            if rest > 0 {
                var chunk = unsafe UInt32(bytes[index]) << 16
                if rest == 2 { unsafe chunk |= UInt32(bytes[index + 1]) << 8 }
                unsafe output[written] = alphabet[sextet(chunk, at: 18)]
                unsafe output[written + 1] = alphabet[sextet(chunk, at: 12)]
                unsafe output[written + 2] = rest == 2 ? alphabet[sextet(chunk, at: 6)] : UInt8(ascii: "=")
                unsafe output[written + 3] = UInt8(ascii: "=")
                written += 4
            }
            return written
        }
    }

    /// Decodes Base64 text (padding optional) from its UTF-8 bytes (`text.utf8`, `[UInt8]`, `Data`…);
    /// nil when it is not valid Base64.
    public static func decode<Bytes: Collection>(_ text: Bytes) -> [UInt8]? where Bytes.Element == UInt8 {
        unsafe text.withContiguousStorageIfAvailable(decode(contiguous:))
            ?? Array(text).withUnsafeBufferPointer(decode(contiguous:))
    }

    static func decode(contiguous text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var length = text.count
        while unsafe length > 0 && text[length - 1] == UInt8(ascii: "=") { length -= 1 }
        // Padding is optional, but when present it completes the last group of four (as .NET requires).
        let padding = text.count - length
        guard padding <= 2, length % 4 != 1, padding == 0 || (length + padding) % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(length * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for index in 0..<length {
            let value = unsafe values[Int(text[index])]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }

    /// Reads a Base64 string (or, leniently, an array of byte values) at the reader's cursor.
    static func read(from reader: inout JsonReader) throws -> [UInt8] {
        if reader.peek() == .openBracket {
            return try [UInt8].read(from: &reader)
        }
        let start = reader.offset
        guard let bytes = unsafe try reader.withStringBytes({ unsafe decode($0) }) else {
            throw reader.error(expected: "Base64 text", found: "a string that is not Base64", valueStartingAt: start)
        }
        return bytes
    }
}
