import Foundation

/// Builders for properties whose Swift type alone does not say the wire format: a .NET `TimeSpan`
/// is a `TimeInterval` (a `Double`) in Swift but an XSD duration string in JSON, and a `byte[]`
/// is `[UInt8]` in Swift but a Base64 string in JSON.
extension Property {
    // MARK: TimeSpan

    /// A `TimeSpan`, written as an XSD duration (`"PT1H30M"`); read from XSD, `hh:mm:ss` or seconds.
    @inlinable
    public static func timeSpan(
        _ name: String,
        get: @escaping @Sendable (Owner) -> TimeInterval,
        set: @escaping @Sendable (Owner, consuming TimeInterval) -> Void
    ) -> PropertyMetadata {
        value(name, get: { TimeSpan(get($0)) }, set: { set($0, $1.seconds) })
    }

    /// An optional `TimeSpan`.
    @inlinable
    public static func optionalTimeSpan(
        _ name: String,
        get: @escaping @Sendable (Owner) -> TimeInterval?,
        set: @escaping @Sendable (Owner, consuming TimeInterval?) -> Void
    ) -> PropertyMetadata {
        optional(name, get: { get($0).map(TimeSpan.init) }, set: { set($0, $1?.seconds) })
    }

    // The collections of durations are read and written element by element through `TimeSpan`,
    // without building an array or dictionary of `TimeSpan`s next to the one of `TimeInterval`s.

    /// An array of `TimeSpan`s.
    @inlinable
    public static func timeSpanArray(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [TimeInterval],
        set: @escaping @Sendable (Owner, consuming [TimeInterval]) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            unchecked: { reader, object in
                if reader.consumeNull() { return }
                set(unsafeDowncast(object, to: Owner.self),
                    try [TimeInterval].read(from: &reader, converting: { (span: TimeSpan) in span.seconds }))
            },
            unchecked: { object, writer in
                writer.writeKey(key)
                get(unsafeDowncast(object, to: Owner.self)).write(to: &writer, converting: TimeSpan.init)
            })
    }

    /// An optional array of `TimeSpan`s.
    @inlinable
    public static func optionalTimeSpanArray(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [TimeInterval]?,
        set: @escaping @Sendable (Owner, consuming [TimeInterval]?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            unchecked: { reader, object in
                let value: [TimeInterval]? = reader.consumeNull()
                    ? nil
                    : try [TimeInterval].read(from: &reader, converting: { (span: TimeSpan) in span.seconds })
                set(unsafeDowncast(object, to: Owner.self), value)
            },
            unchecked: { object, writer in
                guard let value = get(unsafeDowncast(object, to: Owner.self)) else { return }
                writer.writeKey(key)
                value.write(to: &writer, converting: TimeSpan.init)
            })
    }

    /// A dictionary of `TimeSpan` values.
    @inlinable
    public static func timeSpanDictionary<Key: JsonDictionaryKey>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: TimeInterval],
        set: @escaping @Sendable (Owner, consuming [Key: TimeInterval]) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            unchecked: { reader, object in
                if reader.consumeNull() { return }
                set(unsafeDowncast(object, to: Owner.self),
                    try [Key: TimeInterval].read(from: &reader, converting: { (span: TimeSpan) in span.seconds }))
            },
            unchecked: { object, writer in
                writer.writeKey(key)
                get(unsafeDowncast(object, to: Owner.self)).write(to: &writer, converting: TimeSpan.init)
            })
    }

    /// An optional dictionary of `TimeSpan` values.
    @inlinable
    public static func optionalTimeSpanDictionary<Key: JsonDictionaryKey>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: TimeInterval]?,
        set: @escaping @Sendable (Owner, consuming [Key: TimeInterval]?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            unchecked: { reader, object in
                let value: [Key: TimeInterval]? = reader.consumeNull()
                    ? nil
                    : try [Key: TimeInterval].read(from: &reader, converting: { (span: TimeSpan) in span.seconds })
                set(unsafeDowncast(object, to: Owner.self), value)
            },
            unchecked: { object, writer in
                guard let value = get(unsafeDowncast(object, to: Owner.self)) else { return }
                writer.writeKey(key)
                value.write(to: &writer, converting: TimeSpan.init)
            })
    }

    // MARK: byte[]

    /// A `byte[]`, written as Base64 text; also read from an array of numbers.
    @inlinable
    public static func bytes(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [UInt8],
        set: @escaping @Sendable (Owner, consuming [UInt8]) -> Void
    ) -> PropertyMetadata {
        value(name, get: { Base64Bytes(get($0)) }, set: { set($0, $1.bytes) })
    }

    /// An optional `byte[]`.
    @inlinable
    public static func optionalBytes(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [UInt8]?,
        set: @escaping @Sendable (Owner, consuming [UInt8]?) -> Void
    ) -> PropertyMetadata {
        optional(name, get: { get($0).map(Base64Bytes.init) }, set: { set($0, $1?.bytes) })
    }
}
