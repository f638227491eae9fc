// The reading and writing of one member that both families of builders share.

extension JsonReader {
    /// The value at the cursor, or nil for `null` (consumed).
    @inlinable @inline(__always)
    package mutating func readUnlessNull<Value: JsonConvertible>(_: Value.Type) throws -> Value? {
        consumeNull() ? nil : try Value.read(from: &self)
    }
}

extension JsonWriter {
    /// The member name and the value, or nothing for nil.
    @inlinable @inline(__always)
    package mutating func writeMember<Value: JsonConvertible>(_ key: JsonKey, _ value: Value?) {
        guard let value else { return }
        writeKey(key)
        value.write(to: &self)
    }
}
