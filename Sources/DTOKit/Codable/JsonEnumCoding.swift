import Foundation

/// Codable for generated enums (`AddCodable: True`), with ServiceStack's enum rules: the wire text
/// (name or `[EnumMember]` value) matched exactly, then case-insensitively, or the case's number.
///
/// ```swift
/// extension Color: Codable {
///     public init(from decoder: any Decoder) throws { self = try JsonEnumCoding.decode(Color.self, from: decoder) }
///     public func encode(to encoder: any Encoder) throws { try JsonEnumCoding.encode(self, to: encoder) }
/// }
/// ```
public enum JsonEnumCoding {
    /// Reads a case from a string or a number.
    public static func decode<E: JsonEnum>(_ type: E.Type, from decoder: any Decoder) throws -> E {
        let container = try decoder.singleValueContainer()
        let cases = E.jsonCases
        switch try read(cases, from: container) {
        case .listed(let index): return cases.cases[index]
        case .unknown(let value):
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "expected \(cases.expectedDescription), found \(value.number != nil ? value.json : "\"\(value)\"")")
        }
    }

    /// Reads a case from a string or a number; one the enum does not list becomes its `unknown` case.
    public static func decode<E: JsonOpenEnum>(_ type: E.Type, from decoder: any Decoder) throws -> E {
        let cases = E.jsonCases
        switch try read(cases, from: try decoder.singleValueContainer()) {
        case .listed(let index): return cases.cases[index]
        case .unknown(let value): return E.unknown(value)
        }
    }

    private static func read<E>(_ cases: JsonEnumCases<E>, from container: any SingleValueDecodingContainer) throws
        -> JsonEnumTable.ReadCase
    {
        if let number = try? container.decode(Int.self) {
            if let index = cases.values.firstIndex(of: number) { return .listed(index) }
            return .unknown(UnknownEnumValue(number))
        }
        let text = try container.decode(String.self)
        if let index = cases.names.firstIndex(of: text)
            ?? cases.names.firstIndex(where: { $0.caseInsensitiveCompare(text) == .orderedSame })
            ?? Int(text).flatMap({ cases.values.firstIndex(of: $0) })
        {
            return .listed(index)
        }
        return .unknown(UnknownEnumValue(text))
    }

    /// Writes the case's text, or its number when the cases are encoded as integers.
    public static func encode<E: JsonEnum>(_ value: E, to encoder: any Encoder) throws {
        try encodeListed(value, to: encoder)
    }

    private static func encodeListed<E: JsonEnum>(_ value: E, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        let cases = E.jsonCases
        guard let index = cases.indexOfCase[value] else {
            try container.encodeNil()
            return
        }
        switch cases.encoding {
        case .name: try container.encode(cases.names[index])
        case .integer: try container.encode(cases.values[index])
        }
    }

    /// Writes the case's text or number; the `unknown` case as the value it holds.
    public static func encode<E: JsonOpenEnum>(_ value: E, to encoder: any Encoder) throws {
        guard let unknown = value.unknownValue else {
            return try encodeListed(value, to: encoder)
        }
        var container = encoder.singleValueContainer()
        if let number = unknown.number {
            try container.encode(number)
        } else {
            try container.encode(unknown.string ?? unknown.json)
        }
    }
}

extension KeyedDecodingContainer {
    /// An enum member as generated Codable conformances read it, with the rule DTOKit's reader
    /// follows: `0` or `"0"` that no case has is ServiceStack's unset enum (a .NET enum's default,
    /// written whatever its cases), read as absent, so that the property keeps its initial value. (An
    /// open enum keeps it as its `unknown` case.) Any other value no case has still fails.
    public func decodeIfPresent<E: JsonEnum & Decodable>(_ type: E.Type, forKey key: Key) throws -> E? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        do {
            return try decode(E.self, forKey: key)
        } catch let error as DecodingError {
            guard !(E.self is any JsonOpenEnum.Type), isUnsetEnumValue(forKey: key) else { throw error }
            return nil
        }
    }

    private func isUnsetEnumValue(forKey key: Key) -> Bool {
        if let number = try? decode(Int.self, forKey: key) { return JsonEnumTable.isUnsetValue(String(number)) }
        if let text = try? decode(String.self, forKey: key) { return JsonEnumTable.isUnsetValue("\"\(text)\"") }
        return false
    }
}
