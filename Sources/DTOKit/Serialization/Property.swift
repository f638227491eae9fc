/// Builders for the properties of DTO class `Owner`, one per property shape the generator emits.
///
/// Each takes the JSON name and a getter/setter pair and returns a ``PropertyMetadata``.
/// Non-optional properties keep their initial value when the member is missing or `null`;
/// optional ones are left out of the JSON when nil.
///
/// What a table costs the module that declares the DTOs is two small closures and one call per
/// property: the builders for the common member types (``string(_:get:set:)``,
/// ``optionalInt(_:get:set:)``, ``optionalObject(_:get:set:)``, ``optionalArray(_:get:set:)``…) are
/// compiled once, here, and read and write through code specialized in DTOKit. Only
/// ``value(_:get:set:)`` and ``optional(_:get:set:)``, for every other ``JsonConvertible`` type
/// (generated enums, your own types), are specialized where they are called.
///
/// The compiled-once builders are marked not to be specialized: DTOKit's own built-in DTOs call them
/// with concrete types, and the optimizer would otherwise make a copy of each builder per call.
///
/// Setters take the decoded value `consuming`: `{ $0.name = $1 }` moves it into the property
/// rather than copying it. Any closure or function of the plain `(Owner, Value) -> Void` shape
/// is accepted as well.
public enum Property<Owner: AnyObject> {
    // MARK: Any value

    /// A non-optional value of any ``JsonConvertible`` type.
    @inlinable
    public static func value<Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value,
        set: @escaping @Sendable (Owner, consuming Value) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if reader.consumeNull() { return }
                set(object.owner(), try Value.read(from: &reader))
            },
            encodeMember: { object, writer in
                writer.writeKey(key)
                get(object.owner()).write(to: &writer)
            })
    }

    /// An optional value of any ``JsonConvertible`` type: `null` reads as nil, nil is not written.
    @inlinable
    public static func optional<Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value?,
        set: @escaping @Sendable (Owner, consuming Value?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                let value: Value? = reader.consumeNull() ? nil : try Value.read(from: &reader)
                set(object.owner(), value)
            },
            encodeMember: { object, writer in
                guard let value = get(object.owner()) else { return }
                writer.writeKey(key)
                value.write(to: &writer)
            })
    }

    // MARK: Nested DTOs

    // A DTO is a class, one reference, so these need no code specialized for it: its own table
    // does the work.

    /// A nested DTO that is always present.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func object<Value: JsonSerializable>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value,
        set: @escaping @Sendable (Owner, consuming Value) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if reader.consumeNull() { return }
                set(object.owner(), try Value.read(from: &reader))
            },
            encodeMember: { object, writer in
                writer.writeKey(key)
                get(object.owner()).write(to: &writer)
            })
    }

    /// An optional nested DTO.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalObject<Value: JsonSerializable>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value?,
        set: @escaping @Sendable (Owner, consuming Value?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                let value: Value? = reader.consumeNull() ? nil : try Value.read(from: &reader)
                set(object.owner(), value)
            },
            encodeMember: { object, writer in
                guard let value = get(object.owner()) else { return }
                writer.writeKey(key)
                value.write(to: &writer)
            })
    }

    // MARK: Arrays

    // An array is one reference whatever its elements, so these need no code specialized for the
    // element type either: how the elements are read and written is chosen once, when the table
    // is built (``ArrayCodec``). (Each builder spells out its closures: routed through a helper
    // generic over the collection type, the values would pass indirectly.)

    /// An array (`InitializeCollections: True`): of scalars, enums, DTOs, optionals or nested collections.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func array<Element: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Element],
        set: @escaping @Sendable (Owner, consuming [Element]) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = ArrayCodec<Element>.make()
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

    /// An optional array: of scalars, enums, DTOs, optionals or nested collections.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalArray<Element: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Element]?,
        set: @escaping @Sendable (Owner, consuming [Element]?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = ArrayCodec<Element>.make()
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

    // MARK: Dictionaries

    /// A dictionary: `[K: V]`, `[K: [V]]`, `[K: [K2: V]]`, with scalar, enum or DTO values.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func dictionary<Key: JsonDictionaryKey, Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: Value],
        set: @escaping @Sendable (Owner, consuming [Key: Value]) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, Value>.make()
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

    /// An optional dictionary of any shape ``dictionary(_:get:set:)`` takes.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalDictionary<Key: JsonDictionaryKey, Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: Value]?,
        set: @escaping @Sendable (Owner, consuming [Key: Value]?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        let codec = DictionaryCodec<Key, Value>.make()
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
