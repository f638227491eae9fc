import DTOKit
import Foundation

// The third column: a re-creation of the original ServiceStack Swift `JsonSerializable` design,
// for the same generated types.
//
// The original client parsed a response with `JSONSerialization` into `[String: Any]` and then ran
// each property of the type's reflection table: look the property's name up in the dictionary, cast
// the `Any` to the property's type (strings, `NSNumber`s, dates parsed from their `/Date(ms)/`
// text, enums from their names, nested dictionaries and arrays recursively) and call the setter.
// Encoding built a `[String: Any]` through the getters and serialized it. DTOKit's runtime has no
// `Any`-based setters, so the tables here are written for the benchmarked types (see
// `LegacyMappings.swift`), with the same names, getters and setters as the generated metadata.
//
// The re-creation is favourable to the original: exact-name dictionary lookups, one shared
// ISO-8601 formatter, and DTOKit's own duration parser for `TimeSpan` text.

/// A value that converts from and to the objects `JSONSerialization` reads and writes.
public protocol LegacyValue: SendableMetatypeIfSupported {
    static func fromObject(_ object: Any) -> Self?
    func toObject() -> Any
}

/// A DTO with a reflection table of `Any`-based properties.
public protocol LegacyDTO: AnyObject, LegacyValue {
    init()
    static var legacyProperties: [LegacyProperty] { get }
}

/// One property: its JSON name and accessors that take and give JSONSerialization objects.
public struct LegacyProperty: Sendable {
    public let name: String
    let set: @Sendable (AnyObject, Any) -> Void
    let get: @Sendable (AnyObject) -> Any?
}

public enum LegacyError: Error, CustomStringConvertible {
    case notAnObject(String)
    public var description: String {
        switch self {
        case .notAnObject(let type): return "the JSON is not an object of type \(type)"
        }
    }
}

extension LegacyDTO {
    public static func fromObject(_ object: Any) -> Self? {
        guard let map = object as? [String: Any] else { return nil }
        let instance = Self()
        for property in legacyProperties {
            if let value = map[property.name], !(value is NSNull) {
                property.set(instance, value)
            }
        }
        return instance
    }

    public func toObject() -> Any {
        var map: [String: Any] = [:]
        for property in Self.legacyProperties {
            if let value = property.get(self) { map[property.name] = value }
        }
        return map
    }

    /// `JSONSerialization.jsonObject`, then the setters.
    public static func legacyFromJson(_ data: Data) throws -> Self {
        let object = try JSONSerialization.jsonObject(with: data)
        guard let value = fromObject(object) else { throw LegacyError.notAnObject("\(Self.self)") }
        return value
    }

    /// The getters, then `JSONSerialization.data`.
    public func legacyToJsonData() throws -> Data {
        try JSONSerialization.data(withJSONObject: toObject())
    }
}

/// Property builders, mirroring `Property<Owner>` of the generated metadata.
public enum Legacy<Owner: AnyObject> {
    /// Any optional value: scalars, dates, enums, arrays, dictionaries and nested DTOs.
    public static func property<Value: LegacyValue>(
        _ name: String,
        get: @escaping @Sendable (Owner) -> Value?,
        set: @escaping @Sendable (Owner, Value?) -> Void
    ) -> LegacyProperty {
        LegacyProperty(
            name: name,
            set: { object, value in set(unsafeDowncast(object, to: Owner.self), Value.fromObject(value)) },
            get: { object in get(unsafeDowncast(object, to: Owner.self))?.toObject() })
    }

    /// A .NET `TimeSpan` held as seconds, written as XSD duration text.
    public static func timeSpan(
        _ name: String,
        get: @escaping @Sendable (Owner) -> TimeInterval?,
        set: @escaping @Sendable (Owner, TimeInterval?) -> Void
    ) -> LegacyProperty {
        LegacyProperty(
            name: name,
            set: { object, value in set(unsafeDowncast(object, to: Owner.self), LegacyDuration.fromObject(value)) },
            get: { object in get(unsafeDowncast(object, to: Owner.self)).map(LegacyDuration.toObject) })
    }

    public static func timeSpanArray(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [TimeInterval]?,
        set: @escaping @Sendable (Owner, [TimeInterval]?) -> Void
    ) -> LegacyProperty {
        LegacyProperty(
            name: name,
            set: { object, value in
                set(unsafeDowncast(object, to: Owner.self), (value as? [Any])?.compactMap(LegacyDuration.fromObject))
            },
            get: { object in get(unsafeDowncast(object, to: Owner.self))?.map(LegacyDuration.toObject) })
    }

    public static func timeSpanDictionary(
        _ name: String,
        get: @escaping @Sendable (Owner) -> [String: TimeInterval]?,
        set: @escaping @Sendable (Owner, [String: TimeInterval]?) -> Void
    ) -> LegacyProperty {
        LegacyProperty(
            name: name,
            set: { object, value in
                set(
                    unsafeDowncast(object, to: Owner.self),
                    (value as? [String: Any])?.compactMapValues(LegacyDuration.fromObject))
            },
            get: { object in get(unsafeDowncast(object, to: Owner.self))?.mapValues(LegacyDuration.toObject) })
    }
}

// MARK: - Values

extension String: LegacyValue {
    public static func fromObject(_ object: Any) -> String? {
        if let text = object as? String { return text }
        return "\(object)"
    }
    public func toObject() -> Any { self }
}

extension Int: LegacyValue {
    public static func fromObject(_ object: Any) -> Int? {
        if let number = object as? NSNumber { return number.intValue }
        if let text = object as? String { return Int(text) }
        return nil
    }
    public func toObject() -> Any { self }
}

extension Double: LegacyValue {
    public static func fromObject(_ object: Any) -> Double? {
        if let number = object as? NSNumber { return number.doubleValue }
        if let text = object as? String { return Double(text) }
        return nil
    }
    public func toObject() -> Any { self }
}

extension Bool: LegacyValue {
    public static func fromObject(_ object: Any) -> Bool? {
        if let flag = object as? Bool { return flag }
        if let number = object as? NSNumber { return number.boolValue }
        if let text = object as? String { return text.lowercased() == "true" }
        return nil
    }
    public func toObject() -> Any { self }
}

extension Date: LegacyValue {
    /// `/Date(1523942312513)/`, `/Date(1523942312513-0000)/` or ISO-8601 text.
    public static func fromObject(_ object: Any) -> Date? {
        if let number = object as? NSNumber { return Date(timeIntervalSince1970: number.doubleValue / 1000) }
        guard let text = object as? String else { return nil }
        if text.hasPrefix("/Date(") {
            var digits = text.dropFirst("/Date(".count)
            guard let close = digits.firstIndex(of: ")") else { return nil }
            digits = digits[..<close]
            // A trailing zone offset (-0000, +0200) does not change the instant.
            if let sign = digits.dropFirst().firstIndex(where: { $0 == "-" || $0 == "+" }) {
                digits = digits[..<sign]
            }
            guard let milliseconds = Double(digits) else { return nil }
            return Date(timeIntervalSince1970: milliseconds / 1000)
        }
        return LegacyDates.iso8601.date(from: text)
    }

    public func toObject() -> Any {
        "/Date(\(Int64((timeIntervalSince1970 * 1000).rounded())))/"
    }
}

enum LegacyDates {
    nonisolated(unsafe) static let iso8601: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}

enum LegacyDuration {
    static func fromObject(_ object: Any) -> TimeInterval? {
        if let number = object as? NSNumber { return number.doubleValue }
        guard let text = object as? String else { return nil }
        return TimeSpan.parse(text)
    }

    static func toObject(_ seconds: TimeInterval) -> Any {
        TimeSpan.xsdDuration(seconds)
    }
}

extension Array: LegacyValue where Element: LegacyValue {
    public static func fromObject(_ object: Any) -> [Element]? {
        guard let items = object as? [Any] else { return nil }
        return items.compactMap { Element.fromObject($0) }
    }
    public func toObject() -> Any { map { $0.toObject() } }
}

extension Dictionary: LegacyValue where Key == String, Value: LegacyValue {
    public static func fromObject(_ object: Any) -> [String: Value]? {
        guard let map = object as? [String: Any] else { return nil }
        return map.compactMapValues { Value.fromObject($0) }
    }
    public func toObject() -> Any { mapValues { $0.toObject() } }
}

// Generated enums: read from their wire names (or numbers), written as their names.

extension LegacyValue where Self: JsonEnum & RawRepresentable, RawValue == String {
    public static func fromObject(_ object: Any) -> Self? {
        guard let text = object as? String else { return nil }
        return Self(rawValue: text)
    }
    public func toObject() -> Any { rawValue }
}

extension LegacyValue where Self: JsonEnum & RawRepresentable & CaseIterable, RawValue == Int {
    public static func fromObject(_ object: Any) -> Self? {
        if let number = object as? NSNumber { return Self(rawValue: number.intValue) }
        guard let text = object as? String else { return nil }
        return allCases.first { jsonCases.name(of: $0) == text }
    }
    public func toObject() -> Any { Self.jsonCases.name(of: self) ?? "\(rawValue)" }
}
