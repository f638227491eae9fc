import DTOKit

/// Builders for the properties of DTO struct `Owner`: the same shapes as ``/DTOKit/Property``'s, with
/// setters that take the struct `inout` (`{ $0.name = $1 }` reads the same for both).
///
/// Like ``/DTOKit/Property``'s, the builders for the common member types are compiled once, here, and
/// marked not to be specialized; only `value(_:get:set:)` and `optional(_:get:set:)` are
/// specialized where they are called.
extension StructProperty {
    // MARK: Any value

    /// A non-optional value of any ``/DTOKit/JsonConvertible`` type.
    @inlinable
    public static func value<Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value,
        set: @escaping @Sendable (inout Owner, consuming Value) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if reader.consumeNull() { return }
                set(&instance, try Value.read(from: &reader))
            },
            encode: { instance, writer in
                writer.writeKey(key)
                get(instance).write(to: &writer)
            })
    }

    /// An optional value of any ``/DTOKit/JsonConvertible`` type: `null` reads as nil, nil is not written.
    @inlinable
    public static func optional<Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value?,
        set: @escaping @Sendable (inout Owner, consuming Value?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                let value: Value? = reader.consumeNull() ? nil : try Value.read(from: &reader)
                set(&instance, value)
            },
            encode: { instance, writer in
                guard let value = get(instance) else { return }
                writer.writeKey(key)
                value.write(to: &writer)
            })
    }

    // MARK: Nested DTOs

    // Compiled once for every nested struct: the value is handled indirectly, and its own table
    // does the work.

    /// A nested DTO struct that is always present.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func object<Value: JsonStruct>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value,
        set: @escaping @Sendable (inout Owner, consuming Value) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if reader.consumeNull() { return }
                set(&instance, try Value.read(from: &reader))
            },
            encode: { instance, writer in
                writer.writeKey(key)
                get(instance).write(to: &writer)
            })
    }

    /// An optional nested DTO struct.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalObject<Value: JsonStruct>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value?,
        set: @escaping @Sendable (inout Owner, consuming Value?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                let value: Value? = reader.consumeNull() ? nil : try Value.read(from: &reader)
                set(&instance, value)
            },
            encode: { instance, writer in
                guard let value = get(instance) else { return }
                writer.writeKey(key)
                value.write(to: &writer)
            })
    }

    // MARK: Arrays

    // As for classes: how the elements are read and written is chosen once, when the table is
    // built (`ArrayCodec`).

    /// An array (`InitializeCollections: True`): of scalars, enums, DTOs, optionals or nested collections.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func array<Element: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Element],
        set: @escaping @Sendable (inout Owner, consuming [Element]) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = ArrayCodec<Element>.make()
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

    /// An optional array: of scalars, enums, DTOs, optionals or nested collections.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalArray<Element: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Element]?,
        set: @escaping @Sendable (inout Owner, consuming [Element]?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = ArrayCodec<Element>.make()
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

    // MARK: Dictionaries

    /// A dictionary: `[K: V]`, `[K: [V]]`, `[K: [K2: V]]`, with scalar, enum or DTO values.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func dictionary<Key: JsonDictionaryKey, Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: Value],
        set: @escaping @Sendable (inout Owner, consuming [Key: Value]) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, Value>.make()
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

    /// An optional dictionary of any shape ``dictionary(_:get:set:)`` takes.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalDictionary<Key: JsonDictionaryKey, Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: Value]?,
        set: @escaping @Sendable (inout Owner, consuming [Key: Value]?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, Value>.make()
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
