import DTOKit
import Foundation

/// Builders for the member types most DTO properties have. Each is compiled once, in DTOKit: a
/// generated table only calls it with its getter and setter, and the value is read and written
/// by code specialized here, with no per-property copy in the DTOs' module.
///
/// (Each builder spells out its own two closures: built by a helper generic over the value type,
/// they would handle every value indirectly, since Swift does not specialize a closure for some
/// of its generic parameters while `Owner` stays generic.)
extension StructProperty {
    /// A `String`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func string(
        _ name: String,
        get: @escaping @Sendable (Owner) -> String,
        set: @escaping @Sendable (inout Owner, consuming String) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if let value = try reader.readUnlessNull(String.self) { set(&instance, value) }
            },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }

    /// An optional `String`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalString(
        _ name: String,
        get: @escaping @Sendable (Owner) -> String?,
        set: @escaping @Sendable (inout Owner, consuming String?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in set(&instance, try reader.readUnlessNull(String.self)) },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }

    /// An `Int` (.NET `int`, `long`).
    @_semantics("optimize.sil.specialize.generic.never")
    public static func int(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Int,
        set: @escaping @Sendable (inout Owner, consuming Int) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if let value = try reader.readUnlessNull(Int.self) { set(&instance, value) }
            },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }

    /// An optional `Int`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalInt(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Int?,
        set: @escaping @Sendable (inout Owner, consuming Int?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in set(&instance, try reader.readUnlessNull(Int.self)) },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }

    /// A `Bool`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func bool(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Bool,
        set: @escaping @Sendable (inout Owner, consuming Bool) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if let value = try reader.readUnlessNull(Bool.self) { set(&instance, value) }
            },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }

    /// An optional `Bool`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalBool(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Bool?,
        set: @escaping @Sendable (inout Owner, consuming Bool?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in set(&instance, try reader.readUnlessNull(Bool.self)) },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }

    /// A `Double` (.NET `double`, `decimal`).
    @_semantics("optimize.sil.specialize.generic.never")
    public static func double(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Double,
        set: @escaping @Sendable (inout Owner, consuming Double) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if let value = try reader.readUnlessNull(Double.self) { set(&instance, value) }
            },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }

    /// An optional `Double`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalDouble(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Double?,
        set: @escaping @Sendable (inout Owner, consuming Double?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in set(&instance, try reader.readUnlessNull(Double.self)) },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }

    /// A `Date`: read from WCF `/Date(ms)/` and ISO-8601 text, written as the options say.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func date(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Date,
        set: @escaping @Sendable (inout Owner, consuming Date) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if let value = try reader.readUnlessNull(Date.self) { set(&instance, value) }
            },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }

    /// An optional `Date`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalDate(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Date?,
        set: @escaping @Sendable (inout Owner, consuming Date?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in set(&instance, try reader.readUnlessNull(Date.self)) },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }

    /// Untyped JSON (.NET `object`).
    @_semantics("optimize.sil.specialize.generic.never")
    public static func json(
        _ name: String,
        get: @escaping @Sendable (Owner) -> JsonValue,
        set: @escaping @Sendable (inout Owner, consuming JsonValue) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in
                if let value = try reader.readUnlessNull(JsonValue.self) { set(&instance, value) }
            },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }

    /// Optional untyped JSON: `null` reads as nil.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalJson(
        _ name: String,
        get: @escaping @Sendable (Owner) -> JsonValue?,
        set: @escaping @Sendable (inout Owner, consuming JsonValue?) -> Void
    ) -> StructProperty {
        let key = JsonKey(name)
        return StructProperty(
            name: name,
            decode: { reader, instance in set(&instance, try reader.readUnlessNull(JsonValue.self)) },
            encode: { instance, writer in writer.writeMember(key, get(instance)) })
    }
}
