import Foundation

/// Any JSON value: for untyped members (.NET `object`), for looking at a response you have no DTO
/// for, and for debugging.
///
/// ```swift
/// let value = try JsonValue(parsing: data)
/// let firstName = value["results"]?[0]?["name"]?.stringValue
/// ```
public enum JsonValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    case string(String)
    case array([JsonValue])
    /// An object; members keep their document order.
    case object(JsonObject)

    /// Parses a complete JSON document.
    /// - Throws: ``JsonDecodingError`` with the position and path of the problem.
    public init(parsing data: Data, options: JsonDecodingOptions = JsonDecodingOptions()) throws {
        self = try JsonValue.fromJson(data, options: options)
    }

    /// Parses a complete JSON document.
    public init(parsing text: String, options: JsonDecodingOptions = JsonDecodingOptions()) throws {
        self = try JsonValue.fromJson(text, options: options)
    }

    // MARK: Accessors

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JsonValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` when this is an array and the index is in range.
    public subscript(index: Int) -> JsonValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    public var isNull: Bool { self == .null }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The number as an Int when it is a whole number in range.
    public var intValue: Int? {
        switch self {
        case .int(let number): return number
        case .double(let number): return Int(exactly: number)
        default: return nil
        }
    }

    /// Any number as a Double.
    public var doubleValue: Double? {
        switch self {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    public var arrayValue: [JsonValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    public var objectValue: JsonObject? {
        if case .object(let object) = self { return object }
        return nil
    }
}

extension JsonValue: JsonConvertible {
    public static func read(from reader: inout JsonReader) throws -> JsonValue {
        switch reader.peek() {
        case .quote?:
            return .string(try reader.readString())
        case .openBrace?:
            var object = JsonObject()
            guard try reader.beginObject() else { return .object(object) }
            repeat {
                let name = try reader.readMemberName()
                do {
                    object[name] = try JsonValue.read(from: &reader)
                } catch let error as JsonDecodingError {
                    throw error.prefixed(with: .key(name))
                }
            } while try reader.nextMember()
            return .object(object)
        case .openBracket?:
            // Directly, not through `[JsonValue].read` and its codec lookup: this recurses once
            // per nesting level, and every frame counts (see `JsonDecodingOptions.maxDepth`).
            return .array(try ArrayCodec<JsonValue>.readElements(&reader, converting: { $0 }))
        case UInt8(ascii: "t")?, UInt8(ascii: "f")?:
            return .bool(try reader.readBool())
        case UInt8(ascii: "n")?:
            if reader.consumeNull() { return .null }
            throw reader.error("a value")
        default:
            let scan = try reader.scanNumber()
            if scan.isInteger, let number = JsonReader.integer(Int.self, from: scan) {
                return .int(number)
            }
            return .double(JsonReader.double(from: scan))
        }
    }

    public func write(to writer: inout JsonWriter) {
        switch self {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .int(let number): writer.writeInteger(number)
        case .double(let number):
            // Written with a fraction when whole ("1.0", not "1"), so that it reads back as a
            // double: parse → write → parse gives the same value.
            if number.isFinite, number.rounded(.towardZero) == number, number.magnitude < 1e15 {
                writer.writeASCII(number.description)
            } else {
                writer.writeDouble(number)
            }
        case .string(let text): writer.writeString(text)
        case .array(let elements): ArrayCodec<JsonValue>.writeElements(elements, &writer)
        case .object(let object):
            writer.beginObject()
            for (name, value) in object {
                writer.writeKey(name)
                value.write(to: &writer)
            }
            writer.endObject()
        }
    }
}

extension JsonValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JsonValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JsonValue)...) {
        var object = JsonObject()
        for (name, value) in elements { object[name] = value }
        self = .object(object)
    }
}

extension JsonValue: CustomStringConvertible {
    /// The value as compact JSON.
    public var description: String { toJson() }
}
