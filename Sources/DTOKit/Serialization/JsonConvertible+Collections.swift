extension Optional: JsonConvertible where Wrapped: JsonConvertible {
    /// `null` reads as nil. (As a DTO property, a nil optional is left out instead of written.)
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> Wrapped? {
        if reader.consumeNull() { return nil }
        return try Wrapped.read(from: &reader)
    }

    @inlinable
    public func write(to writer: inout JsonWriter) {
        if let value = self { value.write(to: &writer) } else { writer.writeNull() }
    }
}

// Arrays, sets and dictionaries read and write through the codec of their element type (see
// ``ArrayCodec``), found once per type: no code is specialized for them where they are used.

extension Array: JsonConvertible where Element: JsonConvertible {
    /// Created once, at its final size (see `ItemCollector`).
    public static func read(from reader: inout JsonReader) throws -> [Element] {
        try ArrayCodec<Element>.shared.read(&reader)
    }

    public func write(to writer: inout JsonWriter) {
        ArrayCodec<Element>.shared.write(self, &writer)
    }
}

extension Set: JsonConvertible where Element: JsonConvertible {
    /// A JSON array; duplicates collapse.
    public static func read(from reader: inout JsonReader) throws -> Set<Element> {
        Set(try [Element].read(from: &reader))
    }

    public func write(to writer: inout JsonWriter) {
        Array(self).write(to: &writer)
    }
}

/// A type that can be a dictionary key: JSON object member names are strings, so keys are
/// written as text (`{"1": …}` for an `Int` key, as ServiceStack does).
public protocol JsonDictionaryKey: Hashable, Sendable {
    /// The key for a member name, or nil when the name is not a valid key of this type.
    init?(jsonMemberName: String)
    /// The member name for this key.
    var jsonMemberName: String { get }
}

extension String: JsonDictionaryKey {
    @inlinable public init?(jsonMemberName: String) { self = jsonMemberName }
    @inlinable public var jsonMemberName: String { self }
}

extension JsonDictionaryKey where Self: FixedWidthInteger {
    // Through Int64 and UInt64, whose text conversions are compiled once, rather than each integer
    // type's own (ten specializations of the standard library's integer parsing and printing).
    public init?(jsonMemberName: String) {
        if Self.isSigned {
            guard let value = Int64(jsonMemberName).flatMap(Self.init(exactly:)) else { return nil }
            self = value
        } else {
            guard let value = UInt64(jsonMemberName).flatMap(Self.init(exactly:)) else { return nil }
            self = value
        }
    }

    public var jsonMemberName: String {
        Self.isSigned ? String(Int64(truncatingIfNeeded: self)) : String(UInt64(truncatingIfNeeded: self))
    }
}

extension Int: JsonDictionaryKey {}
extension Int8: JsonDictionaryKey {}
extension Int16: JsonDictionaryKey {}
extension Int32: JsonDictionaryKey {}
extension Int64: JsonDictionaryKey {}
extension UInt: JsonDictionaryKey {}
extension UInt8: JsonDictionaryKey {}
extension UInt16: JsonDictionaryKey {}
extension UInt32: JsonDictionaryKey {}
extension UInt64: JsonDictionaryKey {}

extension Bool: JsonDictionaryKey {
    public init?(jsonMemberName: String) {
        switch jsonMemberName.lowercased() {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }

    public var jsonMemberName: String { self ? "true" : "false" }
}

extension Dictionary: JsonConvertible where Key: JsonDictionaryKey, Value: JsonConvertible {
    /// Created once, with room for all its members (see `ItemCollector`); a repeated key keeps
    /// its last value.
    public static func read(from reader: inout JsonReader) throws -> [Key: Value] {
        try DictionaryCodec<Key, Value>.shared.read(&reader)
    }

    /// Members are written in key order, so the same dictionary always gives the same bytes.
    public func write(to writer: inout JsonWriter) {
        DictionaryCodec<Key, Value>.shared.write(self, &writer)
    }
}
