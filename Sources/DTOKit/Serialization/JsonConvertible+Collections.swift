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
    /// Created once, at its final size (see `ItemCollector`).
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> [Element] {
        guard try reader.beginArray() else { return [] }
        if reader.depth <= ItemCollector.maxDepth {
            return try collectElements(from: &reader, converting: { (element: Element) in element })
        }
        // Deep inside a document: the plain loop, which needs less stack per level.
        var elements: [Element] = []
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
        write(to: &writer, converting: { $0 })
    }
}

extension Array {
    /// Reads an array of `Wire` values (e.g. ``TimeSpan``) into an array of `convert`ed elements
    /// (their seconds), without an intermediate array.
    @inlinable
    static func read<Wire: JsonConvertible>(from reader: inout JsonReader,
                                            converting convert: (Wire) -> Element) throws -> [Element] {
        guard try reader.beginArray() else { return [] }
        if reader.depth <= ItemCollector.maxDepth {
            return try collectElements(from: &reader, converting: convert)
        }
        var elements: [Element] = []
        repeat {
            do {
                elements.append(convert(try Wire.read(from: &reader)))
            } catch let error as JsonDecodingError {
                throw error.prefixed(with: .index(elements.count))
            }
        } while try reader.nextElement()
        return elements
    }

    /// The elements of an array whose `[` has been read, collected without growing an array.
    /// (Never inlined: its stack chunks must not enlarge the frame of the recursive plain path.)
    @inlinable @inline(never)
    static func collectElements<Wire: JsonConvertible>(from reader: inout JsonReader,
                                                       converting convert: (Wire) -> Element) throws -> [Element] {
        try ItemCollector.collect(
            &reader,
            readItem: { reader, index in
                do {
                    return convert(try Wire.read(from: &reader))
                } catch let error as JsonDecodingError {
                    throw error.prefixed(with: .index(index))
                }
            },
            hasMore: { reader in try reader.nextElement() },
            finish: { count, consume in
                [Element](unsafeUninitializedCapacity: count) { output, initialized in
                    guard let start = output.baseAddress else { return }
                    var position = 0
                    consume { items, itemCount in
                        (start + position).moveInitialize(from: items, count: itemCount)
                        position += itemCount
                    }
                    initialized = position
                }
            })
    }

    /// Writes each element as the `Wire` value `convert` makes of it.
    @inlinable
    func write<Wire: JsonConvertible>(to writer: inout JsonWriter, converting convert: (Element) -> Wire) {
        writer.beginArray()
        var isFirst = true
        for element in self {
            if !isFirst { writer.writeComma() }
            isFirst = false
            convert(element).write(to: &writer)
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
    /// Created once, with room for all its members (see `ItemCollector`); a repeated key keeps
    /// its last value.
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> [Key: Value] {
        try read(from: &reader, converting: { (value: Value) in value })
    }

    /// Members are written in key order, so the same dictionary always gives the same bytes.
    @inlinable
    public func write(to writer: inout JsonWriter) {
        write(to: &writer, converting: { $0 })
    }
}

extension Dictionary where Key: JsonDictionaryKey {
    /// Reads an object of `Wire` values into a dictionary of `convert`ed values, without an
    /// intermediate dictionary.
    @inlinable
    static func read<Wire: JsonConvertible>(from reader: inout JsonReader,
                                            converting convert: (Wire) -> Value) throws -> [Key: Value] {
        guard try reader.beginObject() else { return [:] }
        if reader.depth <= ItemCollector.maxDepth {
            return try collectMembers(from: &reader, converting: convert)
        }
        // Deep inside a document: the plain loop, which needs less stack per level.
        var result: [Key: Value] = [:]
        repeat {
            let (key, value) = try readMember(from: &reader, converting: convert)
            result[key] = value
        } while try reader.nextMember()
        return result
    }

    /// One member: its name as a key, and its value.
    @inlinable
    static func readMember<Wire: JsonConvertible>(from reader: inout JsonReader,
                                                  converting convert: (Wire) -> Value) throws -> (Key, Value) {
        let keyOffset = reader.offset
        let name = try reader.readMemberName()
        guard let key = Key(jsonMemberName: name) else {
            throw reader.error(expected: "a member name that is a valid \(Key.self) key",
                               found: "\"\(name)\"", valueStartingAt: keyOffset)
                .prefixed(with: .key(name))
        }
        do {
            return (key, convert(try Wire.read(from: &reader)))
        } catch let error as JsonDecodingError {
            throw error.prefixed(with: .key(name))
        }
    }

    /// The members of an object whose `{` has been read, collected without growing a dictionary.
    /// (Never inlined: its stack chunks must not enlarge the frame of the recursive plain path.)
    @inlinable @inline(never)
    static func collectMembers<Wire: JsonConvertible>(from reader: inout JsonReader,
                                                      converting convert: (Wire) -> Value) throws -> [Key: Value] {
        try ItemCollector.collect(
            &reader,
            readItem: { reader, _ in try readMember(from: &reader, converting: convert) },
            hasMore: { reader in try reader.nextMember() },
            finish: { count, consume in
                var result = [Key: Value](minimumCapacity: count)
                consume { members, memberCount in
                    for index in 0..<memberCount {
                        let (key, value) = (members + index).move()
                        result[key] = value
                    }
                }
                return result
            })
    }

    /// Writes the members in key order, each value as the `Wire` value `convert` makes of it. The
    /// members are sorted in temporary storage (on the stack when small), not in new arrays.
    @inlinable
    func write<Wire: JsonConvertible>(to writer: inout JsonWriter, converting convert: (Value) -> Wire) {
        writer.beginObject()
        withUnsafeTemporaryAllocation(of: (String, Value).self, capacity: count) { members in
            guard let base = members.baseAddress else { return }
            var initialized = 0
            for (key, value) in self {
                (base + initialized).initialize(to: (key.jsonMemberName, value))
                initialized += 1
            }
            var sorted = UnsafeMutableBufferPointer(start: base, count: initialized)
            sorted.sort(by: { $0.0 < $1.0 })
            for (name, value) in sorted {
                writer.writeKey(name)
                convert(value).write(to: &writer)
            }
            base.deinitialize(count: initialized)
        }
        writer.endObject()
    }
}
