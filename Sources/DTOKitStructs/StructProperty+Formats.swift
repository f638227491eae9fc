import DTOKit
import Foundation

/// Builders for properties whose Swift type alone does not say the wire format: a .NET `TimeSpan`
/// is a `TimeInterval` (a `Double`) in Swift but an XSD duration string in JSON, and a `byte[]`
/// is `[UInt8]` in Swift but a Base64 string in JSON. Like the scalar builders, each is compiled
/// once, in DTOKit.
extension StructProperty {
    // MARK: TimeSpan

    /// A `TimeSpan`, written as an XSD duration (`"PT1H30M"`); read from XSD, `hh:mm:ss` or seconds.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func timeSpan(
        _ name: String,
        get: @escaping @Sendable (Owner) -> TimeInterval,
        set: @escaping @Sendable (inout Owner, consuming TimeInterval) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if let value = try reader.readUnlessNull(TimeSpan.self) { set(&instance, value.seconds) }
            },
            encode: { instance, writer in writer.writeMember(key, TimeSpan(get(instance))) })
    }

    /// An optional `TimeSpan`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalTimeSpan(
        _ name: String,
        get: @escaping @Sendable (Owner) -> TimeInterval?,
        set: @escaping @Sendable (inout Owner, consuming TimeInterval?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                set(&instance, try reader.readUnlessNull(TimeSpan.self)?.seconds)
            },
            encode: { instance, writer in
                writer.writeMember(key, get(instance).map(TimeSpan.init))
            })
    }

    // The collections of durations are read and written element by element through `TimeSpan`,
    // without building an array or dictionary of `TimeSpan`s next to the one of `TimeInterval`s.

    /// An array of `TimeSpan`s.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func timeSpanArray(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [TimeInterval],
        set: @escaping @Sendable (inout Owner, consuming [TimeInterval]) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = ArrayCodec<TimeInterval>.timeSpans
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if reader.consumeNull() { return }
                set(&instance, try codec.read(&reader))
            },
            encode: { instance, writer in
                writer.writeKey(key)
                codec.write(get(instance), &writer)
            })
    }

    /// An optional array of `TimeSpan`s.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalTimeSpanArray(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [TimeInterval]?,
        set: @escaping @Sendable (inout Owner, consuming [TimeInterval]?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = ArrayCodec<TimeInterval>.timeSpans
        return StructProperty(
            name: name,
            decode: { reader, instance in
                let value = reader.consumeNull() ? nil : try codec.read(&reader)
                set(&instance, value)
            },
            encode: { instance, writer in
                guard let value = get(instance) else { return }
                writer.writeKey(key)
                codec.write(value, &writer)
            })
    }

    /// A dictionary of `TimeSpan` values.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func timeSpanDictionary<Key: JsonDictionaryKey>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: TimeInterval],
        set: @escaping @Sendable (inout Owner, consuming [Key: TimeInterval]) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, TimeInterval>.timeSpans()
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if reader.consumeNull() { return }
                set(&instance, try codec.read(&reader))
            },
            encode: { instance, writer in
                writer.writeKey(key)
                codec.write(get(instance), &writer)
            })
    }

    /// An optional dictionary of `TimeSpan` values.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalTimeSpanDictionary<Key: JsonDictionaryKey>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: TimeInterval]?,
        set: @escaping @Sendable (inout Owner, consuming [Key: TimeInterval]?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, TimeInterval>.timeSpans()
        return StructProperty(
            name: name,
            decode: { reader, instance in
                let value = reader.consumeNull() ? nil : try codec.read(&reader)
                set(&instance, value)
            },
            encode: { instance, writer in
                guard let value = get(instance) else { return }
                writer.writeKey(key)
                codec.write(value, &writer)
            })
    }

    // MARK: byte[]

    /// A `byte[]`, written as Base64 text; also read from an array of numbers.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func bytes(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [UInt8],
        set: @escaping @Sendable (inout Owner, consuming [UInt8]) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if let value = try reader.readUnlessNull(Base64Bytes.self) { set(&instance, value.bytes) }
            },
            encode: { instance, writer in writer.writeMember(key, Base64Bytes(get(instance))) })
    }

    /// An optional `byte[]`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalBytes(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [UInt8]?,
        set: @escaping @Sendable (inout Owner, consuming [UInt8]?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                set(&instance, try reader.readUnlessNull(Base64Bytes.self)?.bytes)
            },
            encode: { instance, writer in
                writer.writeMember(key, get(instance).map(Base64Bytes.init))
            })
    }
}
