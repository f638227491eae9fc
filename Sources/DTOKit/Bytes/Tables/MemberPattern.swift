/// A member name as compact JSON writes it, `"name":`, prepared for a comparison of two machine
/// words: the decoding loop checks the member it expects next (the property after the previous
/// one) with two loads, two XORs and a mask, before any other matching.
///
/// The first 16 bytes of the pattern are held in `first`/`second` (little-endian), the bytes past
/// the pattern masked out; longer patterns compare their remaining bytes with ``MemberTable``'s copy.
struct MemberPattern {
    var first: UInt64 = 0
    var second: UInt64 = 0
    var firstMask: UInt64 = 0
    var secondMask: UInt64 = 0
    /// The pattern's length in bytes: the name's UTF-8 length plus three (two quotes and a colon).
    var length: Int = 0

    /// The pattern of `name`, whose bytes need no escaping in JSON.
    init(name: some Collection<UInt8>) {
        let bytes = [UInt8.quote] + Array(name) + [UInt8.quote, UInt8.colon]
        length = bytes.count
        for (index, byte) in bytes.prefix(16).enumerated() {
            let shift = UInt64(index % 8) * 8
            if index < 8 {
                first |= UInt64(byte) << shift
                firstMask |= 0xFF << shift
            } else {
                second |= UInt64(byte) << shift
                secondMask |= 0xFF << shift
            }
        }
    }

    init() {}

    /// Whether the first 16 bytes at `p` (all readable) start with the pattern's first 16 bytes.
    @inline(__always)
    func matchesPrefix(at p: UnsafePointer<UInt8>) -> Bool {
        let raw = unsafe UnsafeRawPointer(p)
        let a = unsafe UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) ^ first
        let b = unsafe UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) ^ second
        return (a & firstMask) | (b & secondMask) == 0
    }
}
