extension Optional: JsonConvertible where Wrapped: JsonConvertible {
    /// `null` reads as nil. (As a DTO property, a nil optional is left out instead of written.)
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> Wrapped? {
        if reader.consumeNull() { return nil }
        return try Wrapped.read(from: &reader)
    }

    @inlinable
    public func write(to writer: inout JsonWriter) {
        if let value = self { value.write(to: &writer) } else { writer.writeNull() }
    }
}

extension Array: JsonConvertible where Element: JsonConvertible {
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> [Element] {
        var elements: [Element] = []
        guard try reader.beginArray() else { return elements }
        repeat {
            do {
                elements.append(try Element.read(from: &reader))
            } catch let error as JsonDecodingError {
                throw error.prefixed(with: .index(elements.count))
            }
        } while try reader.nextElement()
        return elements
    }

    @inlinable
    public func write(to writer: inout JsonWriter) {
        writer.beginArray()
        var isFirst = true
        for element in self {
            if !isFirst { writer.writeComma() }
            isFirst = false
            element.write(to: &writer)
        }
        writer.endArray()
    }
}

extension Set: JsonConvertible where Element: JsonConvertible {
    /// A JSON array; duplicates collapse.
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> Set<Element> {
        Set(try [Element].read(from: &reader))
    }

    @inlinable
    public func write(to writer: inout JsonWriter) {
        Array(self).write(to: &writer)
    }
}

/// A type that can be a dictionary key: JSON object member names are strings, so keys are
/// written as text (`{"1": …}` for an `Int` key, as ServiceStack does).
public protocol JsonDictionaryKey: Hashable, Sendable {
    /// The key for a member name, or nil when the name is not a valid key of this type.
    init?(jsonMemberName: String)
    /// The member name for this key.
    var jsonMemberName: String { get }
}

extension String: JsonDictionaryKey {
    @inlinable public init?(jsonMemberName: String) { self = jsonMemberName }
    @inlinable public var jsonMemberName: String { self }
}

extension JsonDictionaryKey where Self: FixedWidthInteger {
    @inlinable public init?(jsonMemberName: String) { self.init(jsonMemberName) }
    @inlinable public var jsonMemberName: String { String(self) }
}

extension Int: JsonDictionaryKey {}
extension Int8: JsonDictionaryKey {}
extension Int16: JsonDictionaryKey {}
extension Int32: JsonDictionaryKey {}
extension Int64: JsonDictionaryKey {}
extension UInt: JsonDictionaryKey {}
extension UInt8: JsonDictionaryKey {}
extension UInt16: JsonDictionaryKey {}
extension UInt32: JsonDictionaryKey {}
extension UInt64: JsonDictionaryKey {}

extension Bool: JsonDictionaryKey {
    public init?(jsonMemberName: String) {
        switch jsonMemberName.lowercased() {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }

    public var jsonMemberName: String { self ? "true" : "false" }
}

extension Dictionary: JsonConvertible where Key: JsonDictionaryKey, Value: JsonConvertible {
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> [Key: Value] {
        var result: [Key: Value] = [:]
        guard try reader.beginObject() else { return result }
        repeat {
            let keyOffset = reader.offset
            let name = try reader.readMemberName()
            guard let key = Key(jsonMemberName: name) else {
                throw reader.error(expected: "a member name that is a valid \(Key.self) key",
                                   found: "\"\(name)\"", valueStartingAt: keyOffset)
                    .prefixed(with: .key(name))
            }
            do {
                result[key] = try Value.read(from: &reader)
            } catch let error as JsonDecodingError {
                throw error.prefixed(with: .key(name))
            }
        } while try reader.nextMember()
        return result
    }

    /// Members are written in key order, so the same dictionary always gives the same bytes.
    @inlinable
    public func write(to writer: inout JsonWriter) {
        writer.beginObject()
        for (name, value) in map({ ($0.key.jsonMemberName, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            writer.writeKey(name)
            value.write(to: &writer)
        }
        writer.endObject()
    }
}
