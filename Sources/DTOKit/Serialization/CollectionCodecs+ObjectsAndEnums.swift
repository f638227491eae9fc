/// Arrays and `String`-keyed dictionaries of DTOs and of generated enums, read and written without
/// code specialized for the DTO or enum type.
///
/// A DTO is a class: each value is one reference, read by the DTO's own `read(from:)` (its table),
/// so the values are collected as `AnyObject`s by code compiled once, here. An enum value is read as
/// the index of its case in the enum's case table, collected as an `Int`. Only the final array or
/// dictionary is made of the DTO or enum type.
extension CollectionCodecs {
    /// The codec for arrays of a DTO type (returned as `any Sendable`: the caller has the element
    /// type only as its own generic parameter, and casts).
    static func objectArray<Object: JsonSerializable>(of _: Object.Type) -> any Sendable {
        ArrayCodec<Object>(
            read: { reader in try readObjects(Object.self, from: &reader) },
            write: { objects, writer in ArrayCodec<Object>.writeElements(objects, &writer) })
    }

    /// An array of DTOs: the hot path of most responses, so written out rather than through
    /// ``readArray(_:collect:readItem:convert:)``, which costs a few more calls per element.
    static func readObjects<Object: JsonSerializable>(_: Object.Type, from reader: inout JsonReader) throws -> [Object]
    {
        guard try reader.beginArray() else { return [] }
        var objects: [Object] = []
        guard reader.depth <= ItemCollector.maxDepth else {
            // Deep inside a document: the plain loop, which needs less stack per level.
            repeat {
                objects.append(try readIndexed(&reader, at: objects.count) { try Object.read(from: &$0) })
            } while try reader.nextElement()
            return objects
        }
        try collectReferences(
            &reader, { reader, index in try readIndexed(&reader, at: index) { try Object.read(from: &$0) } }
        ) {
            objects = $0.makeArray(of: Object.self)
        }
        return objects
    }

    /// The codec for `String`-keyed dictionaries of a DTO type.
    static func objectDictionary<Object: JsonSerializable>(of _: Object.Type) -> any Sendable {
        DictionaryCodec<String, Object>(
            read: { reader in
                try readDictionary(
                    &reader, collect: collectReferenceMembers,
                    readItem: { reader in try Object.read(from: &reader) },
                    convert: { ItemCollector.objectMadeByRead($0, as: Object.self) })
            },
            write: { objects, writer in
                DictionaryCodec<String, Object>.writeMembers(objects, &writer, converting: { $0 })
            })
    }

    /// The codec for arrays of a generated enum.
    static func enumArray<Case: JsonEnum>(of _: Case.Type) -> any Sendable {
        ArrayCodec<Case>(
            read: { reader in
                let cases = Case.jsonCases
                return try readArray(
                    &reader, collect: collectIndices,
                    readItem: { reader in try cases.table.readIndex(from: &reader) },
                    convert: { cases.cases[$0] })
            },
            write: { values, writer in
                ArrayCodec<Case>.writeElements(values, &writer)
            })
    }

    /// The codec for `String`-keyed dictionaries of a generated enum.
    static func enumDictionary<Case: JsonEnum>(of _: Case.Type) -> any Sendable {
        DictionaryCodec<String, Case>(
            read: { reader in
                let cases = Case.jsonCases
                return try readDictionary(
                    &reader, collect: collectIndexMembers,
                    readItem: { reader in try cases.table.readIndex(from: &reader) },
                    convert: { cases.cases[$0] })
            },
            write: { values, writer in
                DictionaryCodec<String, Case>.writeMembers(values, &writer, converting: { $0 })
            })
    }

    // MARK: Reading

    /// The items of an array whose `[` has been read, collected by `ItemCollector` specialized for
    /// `Item` (a type DTOKit compiles it for: `AnyObject` or `Int`).
    typealias Collect<Item> = (
        inout JsonReader, (inout JsonReader, Int) throws -> Item,
        (consuming CollectedItems<Item>) -> Void
    ) throws -> Void

    /// An array read item by item with `readItem`, each item made an element by `convert`; the
    /// array is created once, at its final size. (The closures are passed on without escaping, so
    /// reading an array allocates nothing but the array.)
    static func readArray<Item, Element>(
        _ reader: inout JsonReader, collect: Collect<Item>,
        readItem: (inout JsonReader) throws -> Item,
        convert: (Item) -> Element
    ) throws -> [Element] {
        guard try reader.beginArray() else { return [] }
        return try withoutActuallyEscaping(readItem) { readItem in
            try withoutActuallyEscaping(convert) { convert in
                var elements: [Element] = []
                guard reader.depth <= ItemCollector.maxDepth else {
                    // Deep inside a document: the plain loop, which needs less stack per level.
                    repeat {
                        elements.append(convert(try readIndexed(&reader, at: elements.count, readItem)))
                    } while try reader.nextElement()
                    return elements
                }
                try collect(&reader, { reader, index in try readIndexed(&reader, at: index, readItem) }) {
                    elements = $0.makeArray(converting: convert)
                }
                return elements
            }
        }
    }

    static func readIndexed<Item>(
        _ reader: inout JsonReader, at index: Int,
        _ readItem: (inout JsonReader) throws -> Item
    ) throws -> Item {
        do {
            return try readItem(&reader)
        } catch let error as JsonDecodingError {
            throw error.prefixed(with: .index(index))
        }
    }

    /// A `String`-keyed dictionary whose values are read with `readItem` and made values by
    /// `convert`; created once, with room for all its members.
    static func readDictionary<Item, Value>(
        _ reader: inout JsonReader, collect: Collect<(String, Item)>,
        readItem: (inout JsonReader) throws -> Item,
        convert: (Item) -> Value
    ) throws -> [String: Value] {
        guard try reader.beginObject() else { return [:] }
        return try withoutActuallyEscaping(readItem) { readItem in
            try withoutActuallyEscaping(convert) { convert in
                var result: [String: Value] = [:]
                guard reader.depth <= ItemCollector.maxDepth else {
                    repeat {
                        let (name, item) = try readNamed(&reader, readItem)
                        result[name] = convert(item)
                    } while try reader.nextMember()
                    return result
                }
                try collect(&reader, { reader, _ in try readNamed(&reader, readItem) }) {
                    result = $0.makeDictionary(converting: convert)
                }
                return result
            }
        }
    }

    static func readNamed<Item>(
        _ reader: inout JsonReader,
        _ readItem: (inout JsonReader) throws -> Item
    ) throws -> (String, Item) {
        let name = try reader.readMemberName()
        do {
            return (name, try readItem(&reader))
        } catch let error as JsonDecodingError {
            throw error.prefixed(with: .key(name))
        }
    }

    // The collectors, each `ItemCollector` specialized once. (Never inlined: their stack chunks
    // must not enlarge the frame of the recursive plain path.)

    @inline(never)
    static func collectReferences(
        _ reader: inout JsonReader, _ readItem: (inout JsonReader, Int) throws -> AnyObject,
        _ finish: (consuming CollectedItems<AnyObject>) -> Void
    ) throws {
        try ItemCollector.collect(&reader, readItem: readItem, hasMore: { try $0.nextElement() }, finish: finish)
    }

    @inline(never)
    static func collectIndices(
        _ reader: inout JsonReader, _ readItem: (inout JsonReader, Int) throws -> Int,
        _ finish: (consuming CollectedItems<Int>) -> Void
    ) throws {
        try ItemCollector.collect(&reader, readItem: readItem, hasMore: { try $0.nextElement() }, finish: finish)
    }

    @inline(never)
    static func collectReferenceMembers(
        _ reader: inout JsonReader, _ readItem: (inout JsonReader, Int) throws -> (String, AnyObject),
        _ finish: (consuming CollectedItems<(String, AnyObject)>) -> Void
    ) throws {
        try ItemCollector.collect(&reader, readItem: readItem, hasMore: { try $0.nextMember() }, finish: finish)
    }

    @inline(never)
    static func collectIndexMembers(
        _ reader: inout JsonReader, _ readItem: (inout JsonReader, Int) throws -> (String, Int),
        _ finish: (consuming CollectedItems<(String, Int)>) -> Void
    ) throws {
        try ItemCollector.collect(&reader, readItem: readItem, hasMore: { try $0.nextMember() }, finish: finish)
    }
}
