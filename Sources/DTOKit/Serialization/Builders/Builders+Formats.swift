import Foundation

#if DTOKIT_STRUCT_FAMILY
import DTOKit
#endif

// Written once for DTO classes (`Property`, here) and DTO structs (`StructProperty`, DTOKitStructs
// links this file): see `Builders` in Property.swift.

/// Builders for members whose Swift type alone does not say the wire format: a ``/DTOKit/JsonFormat``
/// (``/DTOKit/TimeSpan``, ``/DTOKit/Base64Bytes`` or your own) reads and writes each value, and the member keeps
/// the plain Swift type (`TimeInterval`, `[UInt8]`). Compiled once, in DTOKit, for every format;
/// collections of DTOKit's own formats read and write through code specialized for them.
extension Builders {
    /// A value in `format`: `Property<Talk>.formatted("length", as: TimeSpan.self, get: { $0.length }, set: { $0.length = $1 })`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formatted<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> Format.Value,
        set: @escaping Setter<Format.Value>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if let wire = try reader.readUnlessNull(Format.self) {
                    Self.store(wire.value, in: target, through: set)
                }
            },
            encode: { target, writer in writer.writeMember(key, Format(get(Self.instance(target)))) })
    }

    /// An optional value in `format`: `null` reads as nil, nil is not written.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormatted<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> Format.Value?,
        set: @escaping Setter<Format.Value?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                Self.store(try reader.readUnlessNull(Format.self)?.value, in: target, through: set)
            },
            encode: { target, writer in
                writer.writeMember(key, get(Self.instance(target)).map(Format.init))
            })
    }

    /// An array of values in `format`, each read and written through it.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formattedArray<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> [Format.Value],
        set: @escaping Setter<[Format.Value]>
    ) -> Entry {
        arrayEntry(name, codec: ArrayCodec<Format.Value>.formatted(format), get: get, set: set)
    }

    /// An optional array of values in `format`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedArray<Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> [Format.Value]?,
        set: @escaping Setter<[Format.Value]?>
    ) -> Entry {
        optionalArrayEntry(name, codec: ArrayCodec<Format.Value>.formatted(format), get: get, set: set)
    }

    /// A dictionary of values in `format`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formattedDictionary<Key: JsonDictionaryKey, Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> [Key: Format.Value],
        set: @escaping Setter<[Key: Format.Value]>
    ) -> Entry {
        dictionaryEntry(name, codec: DictionaryCodec<Key, Format.Value>.formatted(format), get: get, set: set)
    }

    /// An optional dictionary of values in `format`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedDictionary<Key: JsonDictionaryKey, Format: JsonFormat>(
        _ name: String,
        as format: Format.Type,
        get: @escaping @Sendable (Owner) -> [Key: Format.Value]?,
        set: @escaping Setter<[Key: Format.Value]?>
    ) -> Entry {
        optionalDictionaryEntry(name, codec: DictionaryCodec<Key, Format.Value>.formatted(format), get: get, set: set)
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
        set: @escaping Setter<TimeInterval>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if let value = try reader.readUnlessNull(TimeSpan.self) {
                    Self.store(value.seconds, in: target, through: set)
                }
            },
            encode: { target, writer in writer.writeMember(key, TimeSpan(get(Self.instance(target)))) })
    }

    /// An optional `TimeSpan` value, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormatted(
        _ name: String,
        as format: TimeSpan.Type,
        get: @escaping @Sendable (Owner) -> TimeInterval?,
        set: @escaping Setter<TimeInterval?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                Self.store(try reader.readUnlessNull(TimeSpan.self)?.seconds, in: target, through: set)
            },
            encode: { target, writer in
                writer.writeMember(key, get(Self.instance(target)).map(TimeSpan.init))
            })
    }

    /// An array of `TimeSpan` values, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formattedArray(
        _ name: String,
        as format: TimeSpan.Type,
        get: @escaping @Sendable (Owner) -> [TimeInterval],
        set: @escaping Setter<[TimeInterval]>
    ) -> Entry {
        arrayEntry(name, codec: ArrayCodec<TimeInterval>.timeSpans, get: get, set: set)
    }

    /// An optional array of `TimeSpan` values, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedArray(
        _ name: String,
        as format: TimeSpan.Type,
        get: @escaping @Sendable (Owner) -> [TimeInterval]?,
        set: @escaping Setter<[TimeInterval]?>
    ) -> Entry {
        optionalArrayEntry(name, codec: ArrayCodec<TimeInterval>.timeSpans, get: get, set: set)
    }

    /// A dictionary of `TimeSpan` values, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func formattedDictionary<Key: JsonDictionaryKey>(
        _ name: String,
        as format: TimeSpan.Type,
        get: @escaping @Sendable (Owner) -> [Key: TimeInterval],
        set: @escaping Setter<[Key: TimeInterval]>
    ) -> Entry {
        dictionaryEntry(name, codec: DictionaryCodec<Key, TimeInterval>.timeSpans(), get: get, set: set)
    }

    /// An optional dictionary of `TimeSpan` values, with code specialized for durations.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalFormattedDictionary<Key: JsonDictionaryKey>(
        _ name: String,
        as format: TimeSpan.Type,
        get: @escaping @Sendable (Owner) -> [Key: TimeInterval]?,
        set: @escaping Setter<[Key: TimeInterval]?>
    ) -> Entry {
        optionalDictionaryEntry(name, codec: DictionaryCodec<Key, TimeInterval>.timeSpans(), get: get, set: set)
    }
}
