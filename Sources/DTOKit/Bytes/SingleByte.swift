/// The one byte a one-byte value is stored in (a generated enum's case): equal bytes, the same value.
/// Only for types whose `MemoryLayout.size` is 1, which the callers check first.
@inlinable @inline(__always)
func singleByte<T>(of value: T) -> UInt8 {
    precondition(MemoryLayout<T>.size == 1, "DTOKit: singleByte(of:) needs a one-byte type")
    return unsafe withUnsafeBytes(of: value) { unsafe $0[0] }
}
