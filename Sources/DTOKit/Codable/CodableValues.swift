import Foundation

// Codable for the runtime's value wrappers, used by code generated with `AddCodable: True`.
// None of this is on the JsonSerializable path, which never touches Codable.

extension TimeSpan: Codable {
    /// Reads an XSD duration (`P1DT2H`), `hh:mm:ss`, a numeric string, or a number of seconds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            self.init(seconds)
            return
        }
        let text = try container.decode(String.self)
        guard let seconds = TimeSpan.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected a duration (P1DT2H3M4.5S, hh:mm:ss or seconds), found \"\(text)\"")
        }
        self.init(seconds)
    }

    /// Writes the XSD duration ServiceStack reads (`PT1H30M`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(TimeSpan.xsdDuration(seconds))
    }
}

extension DateOnly: Codable {
    /// Reads a day (`2018-04-17`) or any date form ServiceStack writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = DateFormats.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a date (2018-04-17), found \"\(text)\"")
        }
        self.init(date)
    }

    /// Writes the day, `2018-04-17`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(DateFormats.calendarDate(value))
    }
}

extension Base64Bytes: Codable {
    /// Reads a Base64 string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let bytes = Base64.decode(text.utf8) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected Base64 text")
        }
        self.init(bytes)
    }

    /// Writes a Base64 string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Base64.encode(bytes))
    }
}

/// A coding key for any member name (JsonValue objects).
private struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension JsonValue: Codable {
    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var object = JsonObject()
            for key in keyed.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                object[key.stringValue] = try keyed.decode(JsonValue.self, forKey: key)
            }
            self = .object(object)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [JsonValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JsonValue.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(Int.self) {
                self = .int(value)
            } else if let value = try? single.decode(Double.self) {
                self = .double(value)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    /// Writes the value as is.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in object { try container.encode(value, forKey: AnyCodingKey(stringValue: key)) }
        }
    }
}
