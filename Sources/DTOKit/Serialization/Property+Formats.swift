import Foundation

/// Builders for members whose Swift type alone does not say the wire format: a ``JsonFormat``
/// (``TimeSpan``, ``Base64Bytes`` or your own) reads and writes each value, and the member keeps
/// the plain Swift type (`TimeInterval`, `[UInt8]`). Compiled once, in DTOKit, for every format;
/// collections of DTOKit's own formats read and write through code specialized for them.
extension Property {
    /// A value in `format`: `Property<Talk>.formatted("length", as: TimeSpan.self, get: { $0.length }, set: { $0.length = $1 })`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formatted<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> Format.Value,
        set: @escaping @Sendable (Owner, consuming Format.Value) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if let wire = try reader.readUnlessNull(Format.self) { set(object.owner(), wire.value) }
            },
            encodeMember: { object, writer in writer.writeMember(key, Format(get(object.owner()))) })
    }

    /// An optional value in `format`: `null` reads as nil, nil is not written.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormatted<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> Format.Value?,
        set: @escaping @Sendable (Owner, consuming Format.Value?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                set(object.owner(), try reader.readUnlessNull(Format.self)?.value)
            },
            encodeMember: { object, writer in
                writer.writeMember(key, get(object.owner()).map(Format.init))
            })
    }

    /// An array of values in `format`, each read and written through it.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formattedArray<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> [Format.Value],
        set: @escaping @Sendable (Owner, consuming [Format.Value]) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = ArrayCodec<Format.Value>.formatted(format)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if reader.consumeNull() { return }
                set(object.owner(), try codec.read(&reader))
            },
            encodeMember: { object, writer in
                writer.writeKey(key)
                codec.write(get(object.owner()), &writer)
            })
    }

    /// An optional array of values in `format`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedArray<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> [Format.Value]?,
        set: @escaping @Sendable (Owner, consuming [Format.Value]?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = ArrayCodec<Format.Value>.formatted(format)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                let value = reader.consumeNull() ? nil : try codec.read(&reader)
                set(object.owner(), value)
            },
            encodeMember: { object, writer in
                guard let value = get(object.owner()) else { return }
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
        set: @escaping @Sendable (Owner, consuming [Key: Format.Value]) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, Format.Value>.formatted(format)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if reader.consumeNull() { return }
                set(object.owner(), try codec.read(&reader))
            },
            encodeMember: { object, writer in
                writer.writeKey(key)
                codec.write(get(object.owner()), &writer)
            })
    }

    /// An optional dictionary of values in `format`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedDictionary<Key: JsonDictionaryKey, Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> [Key: Format.Value]?,
        set: @escaping @Sendable (Owner, consuming [Key: Format.Value]?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, Format.Value>.formatted(format)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                let value = reader.consumeNull() ? nil : try codec.read(&reader)
                set(object.owner(), value)
            },
            encodeMember: { object, writer in
                guard let value = get(object.owner()) else { return }
                writer.writeKey(key)
                codec.write(value, &writer)
            })
    }

    // MARK: DTOKit's own formats

    // A member in a format goes through code specialized for the format only when the format is known
    // here: in the generic builders above, the value's type is looked up at run time for each member
    // (the values payload, its durations through them: +5.9% instructions to decode, +16.7% to encode).
    // Durations, the format real snapshots have most, get builders of their own; Swift picks them
    // for `as: TimeSpan.self`.

    /// A `TimeSpan` value, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formatted(
        _ name: String,
        as format: TimeSpan.Type,
        get: @escaping @Sendable (Owner) -> TimeInterval,
        set: @escaping @Sendable (Owner, consuming TimeInterval) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if let value = try reader.readUnlessNull(TimeSpan.self) { set(object.owner(), value.seconds) }
            },
            encodeMember: { object, writer in writer.writeMember(key, TimeSpan(get(object.owner()))) })
    }

    /// An optional `TimeSpan` value, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormatted(
        _ name: String,
        as format: TimeSpan.Type,
        get: @escaping @Sendable (Owner) -> TimeInterval?,
        set: @escaping @Sendable (Owner, consuming TimeInterval?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                set(object.owner(), try reader.readUnlessNull(TimeSpan.self)?.seconds)
            },
            encodeMember: { object, writer in
                writer.writeMember(key, get(object.owner()).map(TimeSpan.init))
            })
    }

    /// An array of `TimeSpan` values, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formattedArray(
        _ name: String,
        as format: TimeSpan.Type,
        get: @escaping @Sendable (Owner) -> [TimeInterval],
        set: @escaping @Sendable (Owner, consuming [TimeInterval]) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = ArrayCodec<TimeInterval>.timeSpans
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if reader.consumeNull() { return }
                set(object.owner(), try codec.read(&reader))
            },
            encodeMember: { object, writer in
                writer.writeKey(key)
                codec.write(get(object.owner()), &writer)
            })
    }

    /// An optional array of `TimeSpan` values, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedArray(
        _ name: String,
        as format: TimeSpan.Type,
        get: @escaping @Sendable (Owner) -> [TimeInterval]?,
        set: @escaping @Sendable (Owner, consuming [TimeInterval]?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = ArrayCodec<TimeInterval>.timeSpans
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                let value = reader.consumeNull() ? nil : try codec.read(&reader)
                set(object.owner(), value)
            },
            encodeMember: { object, writer in
                guard let value = get(object.owner()) else { return }
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
        set: @escaping @Sendable (Owner, consuming [Key: TimeInterval]) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, TimeInterval>.timeSpans()
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if reader.consumeNull() { return }
                set(object.owner(), try codec.read(&reader))
            },
            encodeMember: { object, writer in
                writer.writeKey(key)
                codec.write(get(object.owner()), &writer)
            })
    }

    /// An optional dictionary of `TimeSpan` values, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedDictionary<Key: JsonDictionaryKey>(
        _ name: String,
        as format: TimeSpan.Type,
        get: @escaping @Sendable (Owner) -> [Key: TimeInterval]?,
        set: @escaping @Sendable (Owner, consuming [Key: TimeInterval]?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, TimeInterval>.timeSpans()
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                let value = reader.consumeNull() ? nil : try codec.read(&reader)
                set(object.owner(), value)
            },
            encodeMember: { object, writer in
                guard let value = get(object.owner()) else { return }
                writer.writeKey(key)
                codec.write(value, &writer)
            })
    }
}
