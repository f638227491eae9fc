import Foundation

/// The serialization table of one DTO type: its properties in declaration order (own, then
/// inherited), each with its JSON name and typed accessors.
///
/// Tables are immutable after creation and safe to share between threads; generated code stores
/// them in a `static let` (or, for generic types, ``cached(for:_:)``).
public final class Metadata: Sendable {
    /// The properties, in the order they are written.
    public let properties: [PropertyMetadata]
    /// Every JSON name's UTF-8 bytes back to back, and where each starts (one extra entry marks
    /// the end): the key match reads two small contiguous arrays instead of the property structs.
    let nameBytes: [UInt8]
    let nameStarts: [Int]

    public init(_ properties: [PropertyMetadata]) {
        self.properties = properties
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for property in properties {
            starts.append(bytes.count)
            bytes.append(contentsOf: property.name.utf8)
        }
        starts.append(bytes.count)
        self.nameBytes = bytes
        self.nameStarts = starts
    }

    /// Creates a table from property builders; the name generated code uses.
    public static func create(_ properties: [PropertyMetadata]) -> Metadata {
        Metadata(properties)
    }

    /// The names of the properties, in order.
    public var propertyNames: [String] { properties.map(\.name) }

    // MARK: Decoding

    /// Reads a JSON object's members into `object` through the setters.
    ///
    /// Members are matched on raw bytes: exactly first (starting where the previous member
    /// matched, since servers write members in declaration order), then ignoring ASCII case,
    /// as ServiceStack binds. Unknown members are skipped (but still validated).
    public func decodeMembers(into object: AnyObject, from reader: inout JsonReader) throws {
        guard try reader.beginObject() else { return }
        var hint = 0
        repeat {
            let key = try reader.readMemberKey()
            let index = key.hasEscapes ? indexIgnoringCase(of: key.decodedName) : index(of: key.bytes, hint: hint)
            if let index {
                let property = properties[index]
                do {
                    try property.decode(&reader, object)
                } catch let error as JsonDecodingError {
                    throw error.prefixed(with: .key(property.name))
                }
                hint = index + 1
            } else {
                do {
                    try reader.skipValue()
                } catch let error as JsonDecodingError {
                    throw error.prefixed(with: .key(key.decodedName))
                }
            }
        } while try reader.nextMember()
    }

    /// The index of the property named by `bytes`, trying `hint` first.
    func index(of bytes: UnsafeBufferPointer<UInt8>, hint: Int) -> Int? {
        let count = properties.count
        let length = bytes.count
        let found = nameStarts.withUnsafeBufferPointer { starts in
            nameBytes.withUnsafeBufferPointer { names -> Int? in
                var i = hint < count ? hint : 0
                for _ in 0..<count {
                    let start = starts[i]
                    if starts[i + 1] - start == length,
                       Metadata.equalBytes(names.baseAddress.map { $0 + start }, bytes.baseAddress, length) {
                        return i
                    }
                    i += 1
                    if i == count { i = 0 }
                }
                return nil
            }
        }
        return found ?? indexIgnoringCase(of: bytes)
    }

    func indexIgnoringCase(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { index(of: $0, hint: 0) }
    }

    func indexIgnoringCase(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        (0..<properties.count).first { i in
            let name = nameBytes[nameStarts[i]..<nameStarts[i + 1]]
            return name.count == bytes.count
                && zip(name, bytes).allSatisfy { Metadata.asciiLowercase($0) == Metadata.asciiLowercase($1) }
        }
    }

    @inline(__always)
    static func equalBytes(_ a: UnsafePointer<UInt8>?, _ b: UnsafePointer<UInt8>?, _ length: Int) -> Bool {
        guard length > 0 else { return true }
        guard let a, let b else { return false }
        return memcmp(a, b, length) == 0
    }

    @inline(__always)
    static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    // MARK: Encoding

    /// Writes `object` as a JSON object: each property through its getter, nil ones left out.
    public func encodeMembers(of object: AnyObject, to writer: inout JsonWriter) {
        writer.beginObject()
        for property in properties {
            property.encode(object, &writer)
        }
        writer.endObject()
    }

    // MARK: Generic types

    private static let genericTables = GenericMetadataCache()

    /// The table of a generic type, built once per specialization.
    ///
    /// Swift has no stored statics in generic types, so generated code for `QueryResponse<T>` writes
    /// `public static var metadata: Metadata { Metadata.cached(for: self) { Metadata.create([...]) } }`.
    public static func cached(for type: Any.Type, _ build: () -> Metadata) -> Metadata {
        genericTables.table(for: type, build)
    }
}

/// Tables of generic DTO specializations, created on first use.
final class GenericMetadataCache: @unchecked Sendable {
    // A plain lock: Mutex from Synchronization needs macOS 15 / iOS 18.
    private let lock = NSLock()
    private var tables: [ObjectIdentifier: Metadata] = [:]

    func table(for type: Any.Type, _ build: () -> Metadata) -> Metadata {
        let key = ObjectIdentifier(type)
        lock.lock()
        if let table = tables[key] {
            lock.unlock()
            return table
        }
        lock.unlock()
        // Built outside the lock: building may need other generic tables.
        let table = build()
        lock.lock()
        defer { lock.unlock() }
        if let existing = tables[key] { return existing }
        tables[key] = table
        return table
    }
}

/// One property of a DTO: its JSON name and the type-erased accessors the builders create.
public struct PropertyMetadata: Sendable {
    /// The member name in JSON (the camelCase property name, or the DataMember name).
    public let name: String
    @usableFromInline let decode: @Sendable (inout JsonReader, AnyObject) throws -> Void
    @usableFromInline let encode: @Sendable (AnyObject, inout JsonWriter) -> Void

    /// Creates a property from raw accessors; prefer the ``Property`` builders.
    ///
    /// - Parameters:
    ///   - decode: reads the member's value (the reader is at it) and stores it in the object.
    ///   - encode: writes the member (``JsonWriter/writeKey(_:)`` then the value), or nothing when absent.
    public init(name: String,
                decode: @escaping @Sendable (inout JsonReader, AnyObject) throws -> Void,
                encode: @escaping @Sendable (AnyObject, inout JsonWriter) -> Void) {
        self.name = name
        self.decode = decode
        self.encode = encode
    }
}
