import Foundation

/// Builders for the member types most DTO properties have. Each is compiled once, in DTOKit: a
/// generated table only calls it with its getter and setter, and the value is read and written
/// by code specialized here, with no per-property copy in the DTOs' module.
///
/// (Each builder spells out its own two closures: built by a helper generic over the value type,
/// they would handle every value indirectly, since Swift does not specialize a closure for some
/// of its generic parameters while `Owner` stays generic.)
extension Property {
    /// A `String`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func string(
        _ name: String,
        get: @escaping @Sendable (Owner) -> String,
        set: @escaping @Sendable (Owner, consuming String) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if let value = try reader.readUnlessNull(String.self) { set(object.owner(), value) }
            },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }

    /// An optional `String`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalString(
        _ name: String,
        get: @escaping @Sendable (Owner) -> String?,
        set: @escaping @Sendable (Owner, consuming String?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in set(object.owner(), try reader.readUnlessNull(String.self)) },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }

    /// An `Int` (.NET `int`, `long`).
    @_semantics("optimize.sil.specialize.generic.never")
    public static func int(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Int,
        set: @escaping @Sendable (Owner, consuming Int) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if let value = try reader.readUnlessNull(Int.self) { set(object.owner(), value) }
            },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }

    /// An optional `Int`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalInt(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Int?,
        set: @escaping @Sendable (Owner, consuming Int?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in set(object.owner(), try reader.readUnlessNull(Int.self)) },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }

    /// A `Bool`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func bool(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Bool,
        set: @escaping @Sendable (Owner, consuming Bool) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if let value = try reader.readUnlessNull(Bool.self) { set(object.owner(), value) }
            },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }

    /// An optional `Bool`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalBool(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Bool?,
        set: @escaping @Sendable (Owner, consuming Bool?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in set(object.owner(), try reader.readUnlessNull(Bool.self)) },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }

    /// A `Double` (.NET `double`, `decimal`).
    @_semantics("optimize.sil.specialize.generic.never")
    public static func double(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Double,
        set: @escaping @Sendable (Owner, consuming Double) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if let value = try reader.readUnlessNull(Double.self) { set(object.owner(), value) }
            },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }

    /// An optional `Double`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalDouble(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Double?,
        set: @escaping @Sendable (Owner, consuming Double?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in set(object.owner(), try reader.readUnlessNull(Double.self)) },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }

    /// A `Date`: read from WCF `/Date(ms)/` and ISO-8601 text, written as the options say.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func date(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Date,
        set: @escaping @Sendable (Owner, consuming Date) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if let value = try reader.readUnlessNull(Date.self) { set(object.owner(), value) }
            },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }

    /// An optional `Date`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalDate(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Date?,
        set: @escaping @Sendable (Owner, consuming Date?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in set(object.owner(), try reader.readUnlessNull(Date.self)) },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }

    /// Untyped JSON (.NET `object`).
    @_semantics("optimize.sil.specialize.generic.never")
    public static func json(
        _ name: String,
        get: @escaping @Sendable (Owner) -> JsonValue,
        set: @escaping @Sendable (Owner, consuming JsonValue) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in
                if let value = try reader.readUnlessNull(JsonValue.self) { set(object.owner(), value) }
            },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }

    /// Optional untyped JSON: `null` reads as nil.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalJson(
        _ name: String,
        get: @escaping @Sendable (Owner) -> JsonValue?,
        set: @escaping @Sendable (Owner, consuming JsonValue?) -> Void
    ) -> PropertyMetadata {
        let key = JsonKey(name)
        return PropertyMetadata(
            name: name, owner: Owner.self,
            decodeMember: { reader, object in set(object.owner(), try reader.readUnlessNull(JsonValue.self)) },
            encodeMember: { object, writer in writer.writeMember(key, get(object.owner())) })
    }
}

extension JsonReader {
    /// The value at the cursor, or nil for `null` (consumed). (For DTOKitStructs' builders too.)
    @inlinable @inline(__always)
    package mutating func readUnlessNull<Value: JsonConvertible>(_: Value.Type) throws -> Value? {
        consumeNull() ? nil : try Value.read(from: &self)
    }
}

extension JsonWriter {
    /// The member name and the value, or nothing for nil. (For DTOKitStructs' builders too.)
    @inlinable @inline(__always)
    package mutating func writeMember<Value: JsonConvertible>(_ key: JsonKey, _ value: Value?) {
        guard let value else { return }
        writeKey(key)
        value.write(to: &self)
    }
}
