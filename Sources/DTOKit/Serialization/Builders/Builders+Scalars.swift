import Foundation

#if DTOKIT_STRUCT_FAMILY
import DTOKit
#endif

// Written once for DTO classes (`Property`, here) and DTO structs (`StructProperty`, DTOKitStructs
// links this file): see `Builders` in Property.swift.

/// Builders for the member types most DTO properties have. Each is compiled once, in DTOKit: a
/// generated table only calls it with its getter and setter, and the value is read and written
/// by code specialized here, with no per-property copy in the DTOs' module.
///
/// (Each builder spells out its own two closures: built by a helper generic over the value type,
/// they would handle every value indirectly, since Swift does not specialize a closure for some
/// of its generic parameters while `Owner` stays generic.)
extension Builders {
    /// A `String`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func string(
        _ name: String,
        get: @escaping @Sendable (Owner) -> String,
        set: @escaping Setter<String>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if let value = try reader.readUnlessNull(String.self) { Self.store(value, in: target, through: set) }
            },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }

    /// An optional `String`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalString(
        _ name: String,
        get: @escaping @Sendable (Owner) -> String?,
        set: @escaping Setter<String?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in Self.store(try reader.readUnlessNull(String.self), in: target, through: set) },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }

    /// An `Int` (.NET `int`, `long`).
    @_semantics("optimize.sil.specialize.generic.never")
    public static func int(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Int,
        set: @escaping Setter<Int>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if let value = try reader.readUnlessNull(Int.self) { Self.store(value, in: target, through: set) }
            },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }

    /// An optional `Int`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalInt(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Int?,
        set: @escaping Setter<Int?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in Self.store(try reader.readUnlessNull(Int.self), in: target, through: set) },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }

    /// A `Bool`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func bool(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Bool,
        set: @escaping Setter<Bool>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if let value = try reader.readUnlessNull(Bool.self) { Self.store(value, in: target, through: set) }
            },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }

    /// An optional `Bool`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalBool(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Bool?,
        set: @escaping Setter<Bool?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in Self.store(try reader.readUnlessNull(Bool.self), in: target, through: set) },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }

    /// A `Double` (.NET `double`, `decimal`).
    @_semantics("optimize.sil.specialize.generic.never")
    public static func double(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Double,
        set: @escaping Setter<Double>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if let value = try reader.readUnlessNull(Double.self) { Self.store(value, in: target, through: set) }
            },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }

    /// An optional `Double`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalDouble(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Double?,
        set: @escaping Setter<Double?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in Self.store(try reader.readUnlessNull(Double.self), in: target, through: set) },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }

    /// A `Date`: read from WCF `/Date(ms)/` and ISO-8601 text, written as the options say.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func date(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Date,
        set: @escaping Setter<Date>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if let value = try reader.readUnlessNull(Date.self) { Self.store(value, in: target, through: set) }
            },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }

    /// An optional `Date`.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalDate(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Date?,
        set: @escaping Setter<Date?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in Self.store(try reader.readUnlessNull(Date.self), in: target, through: set) },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }

    /// Untyped JSON (.NET `object`).
    @_semantics("optimize.sil.specialize.generic.never")
    public static func json(
        _ name: String,
        get: @escaping @Sendable (Owner) -> JsonValue,
        set: @escaping Setter<JsonValue>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in
                if let value = try reader.readUnlessNull(JsonValue.self) { Self.store(value, in: target, through: set) }
            },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }

    /// Optional untyped JSON: `null` reads as nil.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func optionalJson(
        _ name: String,
        get: @escaping @Sendable (Owner) -> JsonValue?,
        set: @escaping Setter<JsonValue?>
    ) -> Entry {
        let key = JsonKey(name)
        return entry(
            name,
            decode: { reader, target in Self.store(try reader.readUnlessNull(JsonValue.self), in: target, through: set)
            },
            encode: { target, writer in writer.writeMember(key, get(Self.instance(target))) })
    }
}
