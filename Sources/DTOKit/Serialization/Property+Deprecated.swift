import Foundation

/// The builders of each format's own, before formats were one type (``JsonFormat``): code
/// generated then still compiles. DTOKit's generator calls the `formatted` builders.
extension Property {
    @available(*, deprecated, message: "use formatted(_:as:get:set:) with TimeSpan.self")
    public static func timeSpan(
        _ name: String, get: @escaping @Sendable (Owner) -> TimeInterval,
        set: @escaping @Sendable (Owner, consuming TimeInterval) -> Void
    ) -> PropertyMetadata {
        formatted(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use optionalFormatted(_:as:get:set:) with TimeSpan.self")
    public static func optionalTimeSpan(
        _ name: String, get: @escaping @Sendable (Owner) -> TimeInterval?,
        set: @escaping @Sendable (Owner, consuming TimeInterval?) -> Void
    ) -> PropertyMetadata {
        optionalFormatted(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use formattedArray(_:as:get:set:) with TimeSpan.self")
    public static func timeSpanArray(
        _ name: String, get: @escaping @Sendable (Owner) -> [TimeInterval],
        set: @escaping @Sendable (Owner, consuming [TimeInterval]) -> Void
    ) -> PropertyMetadata {
        formattedArray(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use optionalFormattedArray(_:as:get:set:) with TimeSpan.self")
    public static func optionalTimeSpanArray(
        _ name: String, get: @escaping @Sendable (Owner) -> [TimeInterval]?,
        set: @escaping @Sendable (Owner, consuming [TimeInterval]?) -> Void
    ) -> PropertyMetadata {
        optionalFormattedArray(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use formattedDictionary(_:as:get:set:) with TimeSpan.self")
    public static func timeSpanDictionary<Key: JsonDictionaryKey>(
        _ name: String, get: @escaping @Sendable (Owner) -> [Key: TimeInterval],
        set: @escaping @Sendable (Owner, consuming [Key: TimeInterval]) -> Void
    ) -> PropertyMetadata {
        formattedDictionary(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use optionalFormattedDictionary(_:as:get:set:) with TimeSpan.self")
    public static func optionalTimeSpanDictionary<Key: JsonDictionaryKey>(
        _ name: String, get: @escaping @Sendable (Owner) -> [Key: TimeInterval]?,
        set: @escaping @Sendable (Owner, consuming [Key: TimeInterval]?) -> Void
    ) -> PropertyMetadata {
        optionalFormattedDictionary(name, as: TimeSpan.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use formatted(_:as:get:set:) with Base64Bytes.self")
    public static func bytes(
        _ name: String, get: @escaping @Sendable (Owner) -> [UInt8],
        set: @escaping @Sendable (Owner, consuming [UInt8]) -> Void
    ) -> PropertyMetadata {
        formatted(name, as: Base64Bytes.self, get: get, set: set)
    }

    @available(*, deprecated, message: "use optionalFormatted(_:as:get:set:) with Base64Bytes.self")
    public static func optionalBytes(
        _ name: String, get: @escaping @Sendable (Owner) -> [UInt8]?,
        set: @escaping @Sendable (Owner, consuming [UInt8]?) -> Void
    ) -> PropertyMetadata {
        optionalFormatted(name, as: Base64Bytes.self, get: get, set: set)
    }
}
