import Foundation

/// How arrays of one element type are read and written, chosen once per element type (by the
/// property builders when a table is built, and by `Array.read`/`write` through ``shared``):
///
/// - arrays of DTOs read each object through its own table and collect references, with no
///   code specialized for the DTO type;
/// - arrays of the common scalars use code specialized for them here, in DTOKit;
/// - arrays of generated enums read each case's index through the enum's case table;
/// - any other element type (nested collections, optionals, your own types) goes element by
///   element through its conformance, in code that is not specialized for it (slower).
///
/// So a DTO module holds no array code of its own, however many array types its DTOs have.
package struct ArrayCodec<Element>: Sendable {
    package let read: @Sendable (inout JsonReader) throws -> [Element]
    package let write: @Sendable ([Element], inout JsonWriter) -> Void
}

extension ArrayCodec where Element: JsonConvertible {
    /// The codec for `Element`.
    package static func make() -> ArrayCodec {
        if let codec = CollectionCodecs.scalarArrays[ObjectIdentifier(Element.self)] as? ArrayCodec {
            return codec
        }
        if let objectType = Element.self as? any JsonSerializable.Type,
            let codec = CollectionCodecs.objectArray(of: objectType) as? ArrayCodec
        {
            return codec
        }
        // An enum that keeps unlisted values reads each through its own `read` (below).
        if let enumType = Element.self as? any JsonEnum.Type, !(Element.self is any JsonOpenEnum.Type),
            let codec = CollectionCodecs.enumArray(of: enumType) as? ArrayCodec
        {
            return codec
        }
        return appending
    }

    /// The codec for `Element`, made once per type.
    static var shared: ArrayCodec {
        CollectionCodecs.cache.value(for: [Element].self, make: make) as? ArrayCodec ?? make()
    }

    /// Element by element, through `Element`'s conformance, collected without growing an array:
    /// for the element types DTOKit specializes it for.
    static var elementWise: ArrayCodec {
        ArrayCodec(
            read: { try readElements(&$0, converting: { (element: Element) in element }) },
            write: { writeElements($0, &$1) })
    }

    /// Element by element into a growing array: for every other element type, whose code here is
    /// not specialized (a plain loop costs less there than collecting without growing).
    static var appending: ArrayCodec {
        ArrayCodec(
            read: { reader in
                guard try reader.beginArray() else { return [] }
                var elements: [Element] = []
                repeat {
                    do {
                        elements.append(try Element.read(from: &reader))
                    } catch let error as JsonDecodingError {
                        throw error.prefixed(with: .index(elements.count))
                    }
                } while try reader.nextElement()
                return elements
            }, write: { writeElements($0, &$1) })
    }

    /// Writes each element as it is, where it stands in the array (see `Array.forEachInPlace(_:)`).
    static func writeElements(_ elements: [Element], _ writer: inout JsonWriter) {
        writer.beginArray()
        var isFirst = true
        elements.forEachInPlace { element in
            if !isFirst { writer.writeComma() }
            isFirst = false
            element.write(to: &writer)
        }
        writer.endArray()
    }
}

extension ArrayCodec {
    /// Values of a ``JsonFormat`` (``Base64Bytes``' bytes, your own): each element read and written
    /// through the format, without an array of the format's wrappers next to the one of values.
    package static func formatted<Format: JsonFormat>(_: Format.Type) -> ArrayCodec where Format.Value == Element {
        ArrayCodec(
            read: { try readElements(&$0, converting: { (wire: Format) in wire.value }) },
            write: { writeElements($0, &$1, converting: Format.init) })
    }

    /// Reads an array of `Wire` values (e.g. ``TimeSpan``) into an array of `convert`ed elements
    /// (their seconds), without an intermediate array.
    static func readElements<Wire: JsonConvertible>(
        _ reader: inout JsonReader,
        converting convert: (Wire) -> Element
    ) throws -> [Element] {
        guard try reader.beginArray() else { return [] }
        if reader.depth <= ItemCollector.maxDepth {
            return try collectElements(&reader, converting: convert)
        }
        // Deep inside a document: the plain loop, which needs less stack per level.
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
    @inline(never)
    static func collectElements<Wire: JsonConvertible>(
        _ reader: inout JsonReader,
        converting convert: (Wire) -> Element
    ) throws -> [Element] {
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
            finish: { $0.makeArray() })
    }

    /// Writes each element as the `Wire` value `convert` makes of it.
    static func writeElements<Wire: JsonConvertible>(
        _ elements: [Element], _ writer: inout JsonWriter,
        converting convert: (Element) -> Wire
    ) {
        writer.beginArray()
        var isFirst = true
        for element in elements {
            if !isFirst { writer.writeComma() }
            isFirst = false
            convert(element).write(to: &writer)
        }
        writer.endArray()
    }
}

/// How dictionaries of one key and value type are read and written: like ``ArrayCodec``, chosen
/// once per type, with code specialized in DTOKit for the common ones.
package struct DictionaryCodec<Key: JsonDictionaryKey, Value>: Sendable {
    package let read: @Sendable (inout JsonReader) throws -> [Key: Value]
    package let write: @Sendable ([Key: Value], inout JsonWriter) -> Void
}

extension DictionaryCodec where Value: JsonConvertible {
    /// The codec for `[Key: Value]`: for `String` keys (almost every dictionary a server sends),
    /// code specialized here for the common scalar values, DTO values through their tables and enum
    /// values through their case tables; member by member otherwise.
    package static func make() -> DictionaryCodec {
        if Key.self == String.self {
            if let codec = CollectionCodecs.stringKeyedDictionaries[ObjectIdentifier(Value.self)] as? DictionaryCodec {
                return codec
            }
            if let objectType = Value.self as? any JsonSerializable.Type,
                let codec = CollectionCodecs.objectDictionary(of: objectType) as? DictionaryCodec
            {
                return codec
            }
            if let enumType = Value.self as? any JsonEnum.Type, !(Value.self is any JsonOpenEnum.Type),
                let codec = CollectionCodecs.enumDictionary(of: enumType) as? DictionaryCodec
            {
                return codec
            }
        }
        return inserting
    }

    /// The codec for `[Key: Value]`, made once per type.
    static var shared: DictionaryCodec {
        CollectionCodecs.cache.value(for: [Key: Value].self, make: make) as? DictionaryCodec ?? make()
    }

    /// Member by member, through `Value`'s conformance, collected before the dictionary is made:
    /// for the types DTOKit specializes it for.
    static var memberWise: DictionaryCodec {
        DictionaryCodec(
            read: { try readMembers(&$0, converting: { (value: Value) in value }) },
            write: { writeMembers($0, &$1, converting: { $0 }) })
    }

    /// Member by member into a growing dictionary: for every other key and value type. (Its own loop
    /// rather than `readMember` with an identity converter: in this unspecialized code the converter
    /// call per member cost 2% of a document's decode, measured on the values payload.)
    static var inserting: DictionaryCodec {
        DictionaryCodec(
            read: { reader in
                guard try reader.beginObject() else { return [:] }
                var result: [Key: Value] = [:]
                repeat {
                    let keyOffset = reader.offset
                    let name = try reader.readMemberName()
                    guard let key = Key(jsonMemberName: name) else {
                        throw reader.error(
                            expected: "a member name that is a valid \(Key.self) key",
                            found: "\"\(name)\"", valueStartingAt: keyOffset
                        )
                        .prefixed(with: .key(name))
                    }
                    do {
                        result[key] = try Value.read(from: &reader)
                    } catch let error as JsonDecodingError {
                        throw error.prefixed(with: .key(name))
                    }
                } while try reader.nextMember()
                return result
            }, write: { writeMembersByName($0, &$1) })
    }

    /// ``writeMembers(_:_:converting:)`` for keys and values whose code here is not specialized:
    /// only the names are sorted (specialized code for `String`s), and each value is looked up by
    /// its key again, so no member tuples (and their generic metadata) are made.
    static func writeMembersByName(_ dictionary: [Key: Value], _ writer: inout JsonWriter) {
        writer.beginObject()
        TemporarySort.forEach(
            count: dictionary.count,
            elements: { add in
                for key in dictionary.keys { add(key.jsonMemberName) }
            }, sortedBy: { $0 < $1 }
        ) { name in
            // A key's member name reads back as the same key (see `JsonDictionaryKey`).
            guard let key = Key(jsonMemberName: name), let value = dictionary[key] else { return }
            writer.writeKey(name)
            value.write(to: &writer)
        }
        writer.endObject()
    }
}

extension DictionaryCodec {
    /// Values of a ``JsonFormat``, read and written through it (see ``ArrayCodec/formatted(_:)``).
    package static func formatted<Format: JsonFormat>(_: Format.Type) -> DictionaryCodec where Format.Value == Value {
        DictionaryCodec(
            read: { try readMembers(&$0, converting: { (wire: Format) in wire.value }) },
            write: { writeMembers($0, &$1, converting: Format.init) })
    }

    /// Reads an object of `Wire` values into a dictionary of `convert`ed values, without an
    /// intermediate dictionary.
    static func readMembers<Wire: JsonConvertible>(
        _ reader: inout JsonReader,
        converting convert: (Wire) -> Value
    ) throws -> [Key: Value] {
        guard try reader.beginObject() else { return [:] }
        if reader.depth <= ItemCollector.maxDepth {
            return try collectMembers(&reader, converting: convert)
        }
        // Deep inside a document: the plain loop, which needs less stack per level.
        var result: [Key: Value] = [:]
        repeat {
            let (key, value) = try readMember(&reader, converting: convert)
            result[key] = value
        } while try reader.nextMember()
        return result
    }

    /// One member: its name as a key, and its value.
    static func readMember<Wire: JsonConvertible>(
        _ reader: inout JsonReader,
        converting convert: (Wire) -> Value
    ) throws -> (Key, Value) {
        let keyOffset = reader.offset
        let name = try reader.readMemberName()
        guard let key = Key(jsonMemberName: name) else {
            throw reader.error(
                expected: "a member name that is a valid \(Key.self) key",
                found: "\"\(name)\"", valueStartingAt: keyOffset
            )
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
    @inline(never)
    static func collectMembers<Wire: JsonConvertible>(
        _ reader: inout JsonReader,
        converting convert: (Wire) -> Value
    ) throws -> [Key: Value] {
        try ItemCollector.collect(
            &reader,
            readItem: { reader, _ in try readMember(&reader, converting: convert) },
            hasMore: { reader in try reader.nextMember() },
            finish: { $0.makeDictionary(converting: { $0 }) })
    }

    /// Writes the members in key order, each value as the `Wire` value `convert` makes of it. The
    /// members are sorted in temporary storage (on the stack when small), not in new arrays.
    static func writeMembers<Wire: JsonConvertible>(
        _ dictionary: [Key: Value], _ writer: inout JsonWriter,
        converting convert: (Value) -> Wire
    ) {
        writer.beginObject()
        TemporarySort.forEach(
            count: dictionary.count,
            elements: { add in
                for (key, value) in dictionary { add((key.jsonMemberName, value)) }
            }, sortedBy: { $0.0 < $1.0 }
        ) { name, value in
            writer.writeKey(name)
            convert(value).write(to: &writer)
        }
        writer.endObject()
    }
}

extension ArrayCodec where Element == TimeInterval {
    /// `TimeSpan`s: each element read and written through ``TimeSpan`` (XSD durations), without an
    /// array of `TimeSpan`s next to the one of `TimeInterval`s, in code specialized for them.
    package static var timeSpans: ArrayCodec {
        ArrayCodec(
            read: { try readElements(&$0, converting: { (span: TimeSpan) in span.seconds }) },
            write: { writeElements($0, &$1, converting: TimeSpan.init) })
    }
}

extension DictionaryCodec where Value == TimeInterval {
    /// `TimeSpan` values, read and written through ``TimeSpan``: specialized here for `String` keys.
    package static func timeSpans() -> DictionaryCodec {
        CollectionCodecs.stringKeyedTimeSpans as? DictionaryCodec ?? timeSpansMemberWise
    }

    static var timeSpansMemberWise: DictionaryCodec {
        DictionaryCodec(
            read: { try readMembers(&$0, converting: { (span: TimeSpan) in span.seconds }) },
            write: { writeMembers($0, &$1, converting: TimeSpan.init) })
    }
}

/// The codecs specialized in DTOKit, and the per-type cache.
enum CollectionCodecs {
    // Each specialization costs DTOKit's own compile time and size (about 15 KB of code): only the
    // collections real snapshots have most (Tests/DTOKitGeneratorTests/References: arrays of
    // strings and integers, `meta` dictionaries) have one; `JsonValue`'s arrays are specialized for
    // `JsonValue` itself anyway.

    /// Arrays of the scalars DTOs hold most, with code specialized for each, by element type.
    static let scalarArrays: [ObjectIdentifier: any Sendable] = [
        ObjectIdentifier(String.self): ArrayCodec<String>.elementWise,
        ObjectIdentifier(Int.self): ArrayCodec<Int>.elementWise,
        ObjectIdentifier(JsonValue.self): ArrayCodec<JsonValue>.elementWise,
    ]

    /// Dictionaries with `String` keys of the values DTOs hold most, by value type.
    static let stringKeyedDictionaries: [ObjectIdentifier: any Sendable] = [
        ObjectIdentifier(String.self): DictionaryCodec<String, String>.memberWise,
        ObjectIdentifier(Int.self): DictionaryCodec<String, Int>.memberWise,
    ]

    /// `[String: TimeInterval]` of ``TimeSpan``s.
    static let stringKeyedTimeSpans: any Sendable = DictionaryCodec<String, TimeInterval>.timeSpansMemberWise

    /// The codecs made so far, by collection type.
    static let cache = TypeCache<any Sendable>()
}
