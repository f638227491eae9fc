/// Builders for the properties of DTO class `Owner`, one per property shape the generator emits.
///
/// Each takes the JSON name and a getter/setter pair and returns a ``PropertyMetadata`` whose
/// accessors are specialized for the property's type (the builders are `@inlinable`, so the
/// closures compile in the module that declares the DTO).
///
/// Non-optional properties keep their initial value when the member is missing or `null`;
/// optional ones are left out of the JSON when nil.
///
/// Setters take the decoded value `consuming`: `{ $0.name = $1 }` moves it into the property
/// rather than copying it. Any closure or function of the plain `(Owner, Value) -> Void` shape
/// is accepted as well.
public enum Property<Owner: AnyObject> {
    // MARK: Scalars, enums, JsonValue

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
            unchecked: { reader, object in
                if reader.consumeNull() { return }
                set(unsafeDowncast(object, to: Owner.self), try Value.read(from: &reader))
            },
            unchecked: { object, writer in
                writer.writeKey(key)
                get(unsafeDowncast(object, to: Owner.self)).write(to: &writer)
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
            unchecked: { reader, object in
                let value: Value? = reader.consumeNull() ? nil : try Value.read(from: &reader)
                set(unsafeDowncast(object, to: Owner.self), value)
            },
            unchecked: { object, writer in
                guard let value = get(unsafeDowncast(object, to: Owner.self)) else { return }
                writer.writeKey(key)
                value.write(to: &writer)
            })
    }

    // MARK: Nested DTOs

    /// A nested DTO that is always present.
    @inlinable
    public static func object<Value: JsonSerializable>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value,
        set: @escaping @Sendable (Owner, consuming Value) -> Void
    ) -> PropertyMetadata {
        value(name, get: get, set: set)
    }

    /// An optional nested DTO.
    @inlinable
    public static func optionalObject<Value: JsonSerializable>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value?,
        set: @escaping @Sendable (Owner, consuming Value?) -> Void
    ) -> PropertyMetadata {
        optional(name, get: get, set: set)
    }

    // MARK: Arrays

    /// An array (`InitializeCollections: True`): of scalars, enums, DTOs, optionals or nested collections.
    @inlinable
    public static func array<Element: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Element],
        set: @escaping @Sendable (Owner, consuming [Element]) -> Void
    ) -> PropertyMetadata {
        value(name, get: get, set: set)
    }

    /// An optional array: of scalars, enums, DTOs, optionals or nested collections.
    @inlinable
    public static func optionalArray<Element: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Element]?,
        set: @escaping @Sendable (Owner, consuming [Element]?) -> Void
    ) -> PropertyMetadata {
        optional(name, get: get, set: set)
    }

    // MARK: Dictionaries

    /// A dictionary: `[K: V]`, `[K: [V]]`, `[K: [K2: V]]`, with scalar, enum or DTO values.
    @inlinable
    public static func dictionary<Key: JsonDictionaryKey, Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: Value],
        set: @escaping @Sendable (Owner, consuming [Key: Value]) -> Void
    ) -> PropertyMetadata {
        value(name, get: get, set: set)
    }

    /// An optional dictionary of any shape ``dictionary(_:get:set:)`` takes.
    @inlinable
    public static func optionalDictionary<Key: JsonDictionaryKey, Value: JsonConvertible>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [Key: Value]?,
        set: @escaping @Sendable (Owner, consuming [Key: Value]?) -> Void
    ) -> PropertyMetadata {
        optional(name, get: get, set: set)
    }
}
