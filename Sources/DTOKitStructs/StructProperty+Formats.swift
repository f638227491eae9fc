import DTOKit
import Foundation

/// Builders for members whose Swift type alone does not say the wire format, as
/// ``/DTOKit/Property``'s: a ``/DTOKit/JsonFormat`` reads and writes each value.
extension StructProperty {
    /// A value in `format`: `StructProperty<Talk>.formatted("length", as: TimeSpan.self, get: { $0.length }, set: { $0.length = $1 })`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formatted<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> Format.Value,
        set: @escaping @Sendable (inout Owner, consuming Format.Value) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if let wire = try reader.readUnlessNull(Format.self) { set(&instance, wire.value) }
            },
            encode: { instance, writer in writer.writeMember(key, Format(get(instance))) })
    }

    /// An optional value in `format`: `null` reads as nil, nil is not written.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormatted<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> Format.Value?,
        set: @escaping @Sendable (inout Owner, consuming Format.Value?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                set(&instance, try reader.readUnlessNull(Format.self)?.value)
            },
            encode: { instance, writer in
                writer.writeMember(key, get(instance).map(Format.init))
            })
    }

    /// An array of values in `format`, each read and written through it.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formattedArray<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> [Format.Value],
        set: @escaping @Sendable (inout Owner, consuming [Format.Value]) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = ArrayCodec<Format.Value>.formatted(format)
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

    /// An optional array of values in `format`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedArray<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> [Format.Value]?,
        set: @escaping @Sendable (inout Owner, consuming [Format.Value]?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = ArrayCodec<Format.Value>.formatted(format)
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

    /// A dictionary of values in `format`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formattedDictionary<Key: JsonDictionaryKey, Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> [Key: Format.Value],
        set: @escaping @Sendable (inout Owner, consuming [Key: Format.Value]) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, Format.Value>.formatted(format)
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

    /// An optional dictionary of values in `format`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedDictionary<Key: JsonDictionaryKey, Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> [Key: Format.Value]?,
        set: @escaping @Sendable (inout Owner, consuming [Key: Format.Value]?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, Format.Value>.formatted(format)
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

    // MARK: DTOKit's own formats

    // Durations get builders of their own, as on `Property` (which says why).

    /// A `TimeSpan` value, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formatted(
        _ name: String,
        as format: TimeSpan.Type,
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

    /// An optional `TimeSpan` value, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormatted(
        _ name: String,
        as format: TimeSpan.Type,
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

    /// An array of `TimeSpan` values, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formattedArray(
        _ name: String,
        as format: TimeSpan.Type,
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

    /// An optional array of `TimeSpan` values, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedArray(
        _ name: String,
        as format: TimeSpan.Type,
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

    /// A dictionary of `TimeSpan` values, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formattedDictionary<Key: JsonDictionaryKey>(
        _ name: String,
        as format: TimeSpan.Type,
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

    /// An optional dictionary of `TimeSpan` values, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedDictionary<Key: JsonDictionaryKey>(
        _ name: String,
        as format: TimeSpan.Type,
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
}
