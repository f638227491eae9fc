#if DTOKIT_STRUCT_FAMILY
import DTOKit
#endif

// Written once for DTO classes (`Property`, here) and DTO structs (`StructProperty`, DTOKitStructs
// links this file): see `Builders` in Property.swift.

/// The builders of any value, of nested DTOs, of arrays and of dictionaries.
extension Builders {
    // MARK: Any value

    /// A non-optional value of any ``/DTOKit/JsonConvertible`` type.
    @inlinable
    public static func value<Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value,
        set: @escaping Setter<Value>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if reader.consumeNull() { return }
                Self.store(try Value.read(from: &reader), in: target, through: set)
            },
            encode: { target, writer in
                writer.writeKey(key)
                get(Self.instance(target)).write(to: &writer)
            })
    }

    /// An optional value of any ``/DTOKit/JsonConvertible`` type: `null` reads as nil, nil is not written.
    @inlinable
    public static func optional<Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value?,
        set: @escaping Setter<Value?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                try Self.store(reader.consumeNull() ? nil : Value.read(from: &reader), in: target, through: set)
            },
            encode: { target, writer in
                guard let value = get(Self.instance(target)) else { return }
                writer.writeKey(key)
                value.write(to: &writer)
            })
    }

    // MARK: Nested DTOs

    // A nested DTO reads and writes itself through its own table, so these need no code specialized
    // for it (a class is one reference; a struct is handled indirectly).

    /// A nested DTO that is always present.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func object<Value: NestedDTO>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value,
        set: @escaping Setter<Value>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if reader.consumeNull() { return }
                Self.store(try Value.read(from: &reader), in: target, through: set)
            },
            encode: { target, writer in
                writer.writeKey(key)
                get(Self.instance(target)).write(to: &writer)
            })
    }

    /// An optional nested DTO.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalObject<Value: NestedDTO>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value?,
        set: @escaping Setter<Value?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                try Self.store(reader.consumeNull() ? nil : Value.read(from: &reader), in: target, through: set)
            },
            encode: { target, writer in
                guard let value = get(Self.instance(target)) else { return }
                writer.writeKey(key)
                value.write(to: &writer)
            })
    }

    // MARK: Arrays

    // An array is one reference whatever its elements, so these need no code specialized for the
    // element type either: how the elements are read and written is chosen once, when the table
    // is built (``ArrayCodec``), and every array builder hands its codec to the same entry below.
    // (One helper per collection kind: routed through a helper generic over the collection type,
    // the values would pass indirectly.)

    /// An array (`InitializeCollections: True`): of scalars, enums, DTOs, optionals or nested collections.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func array<Element: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Element],
        set: @escaping Setter<[Element]>
    ) -> Entry {
        arrayEntry(name, codec: ArrayCodec<Element>.make(), get: get, set: set)
    }

    /// An optional array: of scalars, enums, DTOs, optionals or nested collections.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalArray<Element: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Element]?,
        set: @escaping Setter<[Element]?>
    ) -> Entry {
        optionalArrayEntry(name, codec: ArrayCodec<Element>.make(), get: get, set: set)
    }

    // MARK: Dictionaries

    /// A dictionary: `[K: V]`, `[K: [V]]`, `[K: [K2: V]]`, with scalar, enum or DTO values.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func dictionary<Key: JsonDictionaryKey, Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: Value],
        set: @escaping Setter<[Key: Value]>
    ) -> Entry {
        dictionaryEntry(name, codec: DictionaryCodec<Key, Value>.make(), get: get, set: set)
    }

    /// An optional dictionary of any shape ``dictionary(_:get:set:)`` takes.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalDictionary<Key: JsonDictionaryKey, Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: Value]?,
        set: @escaping Setter<[Key: Value]?>
    ) -> Entry {
        optionalDictionaryEntry(name, codec: DictionaryCodec<Key, Value>.make(), get: get, set: set)
    }

    // MARK: The entries of collections

    // Every array and dictionary builder (any elements, formats, durations) differs only in its codec.

    /// An array member that is always present, read and written by `codec`.
    @_semantics("optimize.sil.specialize.generic.never")
    static func arrayEntry<Element>(
        _ name: String, codec: ArrayCodec<Element>,
        get: @escaping @Sendable (Owner) -> [Element], set: @escaping Setter<[Element]>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if reader.consumeNull() { return }
                Self.store(try codec.read(&reader), in: target, through: set)
            },
            encode: { target, writer in
                writer.writeKey(key)
                codec.write(get(Self.instance(target)), &writer)
            })
    }

    /// An optional array, read and written by `codec`: `null` reads as nil, nil is not written.
    @_semantics("optimize.sil.specialize.generic.never")
    static func optionalArrayEntry<Element>(
        _ name: String, codec: ArrayCodec<Element>,
        get: @escaping @Sendable (Owner) -> [Element]?, set: @escaping Setter<[Element]?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                try Self.store(reader.consumeNull() ? nil : codec.read(&reader), in: target, through: set)
            },
            encode: { target, writer in
                guard let value = get(Self.instance(target)) else { return }
                writer.writeKey(key)
                codec.write(value, &writer)
            })
    }

    /// A dictionary member that is always present, read and written by `codec`.
    @_semantics("optimize.sil.specialize.generic.never")
    static func dictionaryEntry<Key, Value>(
        _ name: String, codec: DictionaryCodec<Key, Value>,
        get: @escaping @Sendable (Owner) -> [Key: Value], set: @escaping Setter<[Key: Value]>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if reader.consumeNull() { return }
                Self.store(try codec.read(&reader), in: target, through: set)
            },
            encode: { target, writer in
                writer.writeKey(key)
                codec.write(get(Self.instance(target)), &writer)
            })
    }

    /// An optional dictionary, read and written by `codec`.
    @_semantics("optimize.sil.specialize.generic.never")
    static func optionalDictionaryEntry<Key, Value>(
        _ name: String, codec: DictionaryCodec<Key, Value>,
        get: @escaping @Sendable (Owner) -> [Key: Value]?, set: @escaping Setter<[Key: Value]?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                try Self.store(reader.consumeNull() ? nil : codec.read(&reader), in: target, through: set)
            },
            encode: { target, writer in
                guard let value = get(Self.instance(target)) else { return }
                writer.writeKey(key)
                codec.write(value, &writer)
            })
    }
}
