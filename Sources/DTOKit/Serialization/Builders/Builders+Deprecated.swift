import Foundation

#if DTOKIT_STRUCT_FAMILY
import DTOKit
#endif

// Written once for DTO classes (`Property`, here) and DTO structs (`StructProperty`, DTOKitStructs
// links this file): see `Builders` in Property.swift.

/// The builders of each format's own, before formats were one type (``/DTOKit/JsonFormat``): code
/// generated then still compiles. DTOKit's generator calls the `formatted` builders.
extension Builders {
    @available(*, deprecated, message: "use formatted(_:as:get:set:) with TimeSpan.self")
    public static func timeSpan(
        _ name: String, get: @escaping @Sendable (Owner) -> TimeInterval,
        set: @escaping Setter<TimeInterval>
    ) -> Entry {
        formatted(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use optionalFormatted(_:as:get:set:) with TimeSpan.self")
    public static func optionalTimeSpan(
        _ name: String, get: @escaping @Sendable (Owner) -> TimeInterval?,
        set: @escaping Setter<TimeInterval?>
    ) -> Entry {
        optionalFormatted(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use formattedArray(_:as:get:set:) with TimeSpan.self")
    public static func timeSpanArray(
        _ name: String, get: @escaping @Sendable (Owner) -> [TimeInterval],
        set: @escaping Setter<[TimeInterval]>
    ) -> Entry {
        formattedArray(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use optionalFormattedArray(_:as:get:set:) with TimeSpan.self")
    public static func optionalTimeSpanArray(
        _ name: String, get: @escaping @Sendable (Owner) -> [TimeInterval]?,
        set: @escaping Setter<[TimeInterval]?>
    ) -> Entry {
        optionalFormattedArray(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use formattedDictionary(_:as:get:set:) with TimeSpan.self")
    public static func timeSpanDictionary<Key: JsonDictionaryKey>(
        _ name: String, get: @escaping @Sendable (Owner) -> [Key: TimeInterval],
        set: @escaping Setter<[Key: TimeInterval]>
    ) -> Entry {
        formattedDictionary(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use optionalFormattedDictionary(_:as:get:set:) with TimeSpan.self")
    public static func optionalTimeSpanDictionary<Key: JsonDictionaryKey>(
        _ name: String, get: @escaping @Sendable (Owner) -> [Key: TimeInterval]?,
        set: @escaping Setter<[Key: TimeInterval]?>
    ) -> Entry {
        optionalFormattedDictionary(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use formatted(_:as:get:set:) with Base64Bytes.self")
    public static func bytes(
        _ name: String, get: @escaping @Sendable (Owner) -> [UInt8],
        set: @escaping Setter<[UInt8]>
    ) -> Entry {
        formatted(name, as: Base64Bytes.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use optionalFormatted(_:as:get:set:) with Base64Bytes.self")
    public static func optionalBytes(
        _ name: String, get: @escaping @Sendable (Owner) -> [UInt8]?,
        set: @escaping Setter<[UInt8]?>
    ) -> Entry {
        optionalFormatted(name, as: Base64Bytes.self, get: get, set: set)
    }
}
