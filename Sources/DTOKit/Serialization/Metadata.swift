import Foundation

/// The serialization table of one DTO type: its properties in declaration order (own, then
/// inherited), each with its JSON name and typed accessors.
///
/// Tables are immutable after creation and safe to share between threads; generated code stores
/// them in a `static let` (or, for generic types, ``cached(for:_:)``).
public final class Metadata: Sendable {
    /// The properties, in the order they are written.
    public let properties: [PropertyMetadata]
    /// The name the server knows the type by, when it is not the class's own name (see
    /// ``JsonSerializable/typeName``).
    public let typeName: String?
    /// The request's custom routes (see ``ServiceRequest/routes``); empty for other DTOs.
    public let routes: [ServiceRoute]
    /// Every JSON name's UTF-8 bytes back to back, and where each starts (one extra entry marks
    /// the end): the key match reads two small contiguous arrays instead of the property structs.
    let nameBytes: [UInt8]
    let nameStarts: [Int]
    /// No name contains a byte that JSON must escape, so a member name written without escapes
    /// can be compared with the names right where it stands in the document.
    let namesMatchInPlace: Bool
    /// Each property's accessors, unretained: `properties` keeps them alive as long as the table
    /// lives, and the loops call them without retaining and releasing them (and without a closure
    /// frame per nesting level, see ``JsonDecodingOptions/maxDepth``).
    nonisolated(unsafe) let accessorTable: UnsafeMutablePointer<Unmanaged<PropertyAccessors>>
    /// `nameBytes` and `nameStarts` again, in memory of the table's own, for the in-place match.
    nonisolated(unsafe) let keyBytes: UnsafeMutablePointer<UInt8>
    nonisolated(unsafe) let keyStarts: UnsafeMutablePointer<Int>
    /// Each name as compact JSON writes it, `"name":`, for the check of the expected member
    /// (``matchExpectedMember(_:hint:)``); `patternBytes` holds them back to back, for the bytes
    /// past the 16 a pattern compares at once. Empty unless `namesMatchInPlace`.
    nonisolated(unsafe) let patterns: UnsafeMutablePointer<MemberPattern>
    nonisolated(unsafe) let patternBytes: UnsafeMutablePointer<UInt8>
    nonisolated(unsafe) let patternStarts: UnsafeMutablePointer<Int>
    let patternCount: Int
    /// The class the table is for (the one all accessors were made for, or a subclass of all of
    /// them): an instance of exactly that class needs no further check.
    let exactOwner: ObjectIdentifier?
    /// One check per class the accessors were made for: the object's class must be it or a subclass.
    let ownerChecks: [@Sendable (AnyClass) -> Bool]
    let ownerNames: [String]

    /// Creates a table. Its properties may come from different classes of one hierarchy (a
    /// subclass's table may reuse its base class's properties); it is used only on objects that
    /// are instances of all of them.
    /// - Parameters:
    ///   - typeName: the server's name for the type, when it differs from the class's name.
    ///   - routes: a request's custom routes, in the order the server lists them.
    ///   - properties: the properties, own then inherited, in the order they are written.
    public convenience init(typeName: String? = nil, routes: [ServiceRoute] = [], _ properties: [PropertyMetadata]) {
        self.init(owner: nil, typeName: typeName, routes: routes, properties)
    }

    /// Creates the table of a subclass: its own properties, then those of its base class's table
    /// that it does not declare again (by JSON name). The subclass's properties need not be listed
    /// twice, and its accessors are shared with the base class's table.
    /// - Parameters:
    ///   - owner: the subclass.
    ///   - base: the base class's own table.
    ///   - typeName: the server's name for the type, when it differs from the class's name.
    ///   - routes: a request's custom routes, in the order the server lists them.
    ///   - properties: the subclass's own properties.
    public convenience init<Owner: AnyObject>(_ owner: Owner.Type, inheriting base: Metadata, typeName: String? = nil,
                                              routes: [ServiceRoute] = [], _ properties: [PropertyMetadata]) {
        let own = Set(properties.map(\.name))
        self.init(owner: owner, typeName: typeName, routes: routes,
                  properties + base.properties.filter { !own.contains($0.name) })
    }

    private init(owner: AnyClass?, typeName: String?, routes: [ServiceRoute], _ properties: [PropertyMetadata]) {
        self.properties = properties
        self.typeName = typeName
        self.routes = routes
        var owners: [ObjectIdentifier] = []
        var checks: [@Sendable (AnyClass) -> Bool] = []
        var names: [String] = []
        for property in properties where !owners.contains(property.accessors.owner) {
            owners.append(property.accessors.owner)
            checks.append(property.accessors.includes)
            names.append(property.accessors.ownerName)
        }
        if let owner {
            // The named class is the exact owner only if every accessor was made for it or a base
            // class of it (otherwise every object is checked thoroughly, and a wrong one stops).
            exactOwner = checks.allSatisfy { $0(owner) } ? ObjectIdentifier(owner) : nil
        } else {
            exactOwner = owners.count == 1 ? owners[0] : nil
        }
        ownerChecks = checks
        ownerNames = names
        accessorTable = UnsafeMutablePointer<Unmanaged<PropertyAccessors>>.allocate(capacity: max(1, properties.count))
        accessorTable.initialize(from: properties.map { Unmanaged.passUnretained($0.accessors) }, count: properties.count)
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for property in properties {
            starts.append(bytes.count)
            bytes.append(contentsOf: property.name.utf8)
        }
        starts.append(bytes.count)
        self.nameBytes = bytes
        self.nameStarts = starts
        self.namesMatchInPlace = !bytes.contains { $0 == .quote || $0 == .backslash || $0 < 0x20 }
        keyBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        keyBytes.initialize(from: bytes, count: bytes.count)
        keyStarts = UnsafeMutablePointer<Int>.allocate(capacity: starts.count)
        keyStarts.initialize(from: starts, count: starts.count)
        let patternList = namesMatchInPlace ? properties.map { MemberPattern(name: $0.name.utf8) } : []
        patternCount = patternList.count
        patterns = UnsafeMutablePointer<MemberPattern>.allocate(capacity: max(1, patternCount))
        patterns.initialize(from: patternList, count: patternCount)
        var allPatternBytes: [UInt8] = []
        var patternStartList: [Int] = []
        for property in properties where namesMatchInPlace {
            patternStartList.append(allPatternBytes.count)
            allPatternBytes.append(.quote)
            allPatternBytes.append(contentsOf: property.name.utf8)
            allPatternBytes.append(contentsOf: [.quote, .colon])
        }
        patternBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, allPatternBytes.count))
        patternBytes.initialize(from: allPatternBytes, count: allPatternBytes.count)
        patternStarts = UnsafeMutablePointer<Int>.allocate(capacity: max(1, patternStartList.count))
        patternStarts.initialize(from: patternStartList, count: patternStartList.count)
    }

    deinit {
        accessorTable.deallocate()
        keyBytes.deallocate()
        keyStarts.deallocate()
        patterns.deallocate()
        patternBytes.deallocate()
        patternStarts.deallocate()
    }

    /// Creates a table from property builders; the name generated code uses.
    public static func create(typeName: String? = nil, routes: [ServiceRoute] = [],
                              _ properties: [PropertyMetadata]) -> Metadata {
        Metadata(typeName: typeName, routes: routes, properties)
    }

    /// Creates a subclass's table from its own property builders and its base class's table
    /// (see ``init(_:inheriting:typeName:routes:_:)``); the name generated code uses.
    public static func create<Owner: AnyObject>(_ owner: Owner.Type, inheriting base: Metadata, typeName: String? = nil,
                                                routes: [ServiceRoute] = [], _ properties: [PropertyMetadata]) -> Metadata {
        Metadata(owner, inheriting: base, typeName: typeName, routes: routes, properties)
    }

    /// The names of the properties, in order.
    public var propertyNames: [String] { properties.map(\.name) }

    // MARK: Decoding

    /// Reads a JSON object's members into `object` through the setters.
    ///
    /// Members are matched on raw bytes: exactly first (starting where the previous member
    /// matched, since servers write members in declaration order), then ignoring ASCII case,
    /// as ServiceStack binds. Unknown members are skipped (but still validated).
    ///
    /// Not public: ``JsonSerializable`` calls it with an object of the type the table belongs to,
    /// and ``checkOwner(of:)`` makes sure of it.
    @usableFromInline
    func decodeMembers(into object: AnyObject, from reader: inout JsonReader) throws {
        checkOwner(of: object)
        guard try reader.beginObject() else { return }
        var hint = 0
        repeat {
            // Usually the next member is the property after the previous one, named exactly and
            // written compactly: one comparison of `"name":`. Otherwise compare the names in
            // place, without scanning the member name first; then the general path.
            guard let index = try matchExpectedMember(&reader, hint: hint)
                    ?? (namesMatchInPlace ? matchMemberInPlace(&reader, hint: hint) : nil)
                    ?? matchOrSkipMember(&reader, hint: hint) else { continue }
            let valueStart = reader.cursor
            let depth = reader.depth
            do {
                try accessorTable[index]._withUnsafeGuaranteedRef { try $0.decode(&reader, object) }
            } catch let error as JsonDecodingError {
                let name = accessorTable[index]._withUnsafeGuaranteedRef { $0.name }
                guard reader.options.invalidMembers.report != nil else { throw error.prefixed(with: .key(name)) }
                // A value that is valid JSON but does not fit is skipped, as the options ask.
                do {
                    try reader.skipInvalidMember(error, valueStart: valueStart, depth: depth)
                } catch let invalidValue as JsonDecodingError {
                    throw invalidValue.prefixed(with: .key(name))
                }
            }
            hint = index + 1
        } while try reader.nextMember()
    }

    /// Reads the member name at the cursor and returns its property's index (exactly, then
    /// ignoring case); for a name no property has, skips the member's value and returns nil.
    /// (The uncommon path: kept out of the recursive decoding loop's frame.)
    @inline(never)
    func matchOrSkipMember(_ reader: inout JsonReader, hint: Int) throws -> Int? {
        let key = try reader.readMemberKey()
        let index = key.hasEscapes ? indexIgnoringCase(of: key.decodedName) : self.index(of: key.bytes, hint: hint)
        if index == nil {
            do {
                try reader.skipValue()
            } catch let error as JsonDecodingError {
                throw error.prefixed(with: .key(key.decodedName))
            }
        }
        return index
    }

    /// If `"name":` of the property at `hint` (or the first, past the last) stands at the cursor
    /// exactly, consumes it and returns the index; otherwise returns nil, the cursor untouched.
    @inline(__always)
    func matchExpectedMember(_ reader: inout JsonReader, hint: Int) -> Int? {
        guard patternCount > 0 else { return nil }
        let index = hint < patternCount ? hint : 0
        let pattern = patterns[index]
        let p = reader.cursor
        let length = pattern.length
        guard reader.end - p >= max(16, length), pattern.matchesPrefix(at: p) else { return nil }
        if length > 16, !Metadata.equalShortBytes(patternBytes + patternStarts[index] + 16, p + 16, length - 16) {
            return nil
        }
        reader.cursor = p + length
        return index
    }

    /// If the member name at the cursor is exactly one of the property names (tried from `hint`
    /// round, as ``index(of:hint:)`` does), consumes it and the `:` after it and returns the index.
    /// Returns nil, the cursor at the name, for any other name (unknown, other case, escaped).
    @inline(__always)
    func matchMemberInPlace(_ reader: inout JsonReader, hint: Int) throws -> Int? {
        reader.skipWhitespace()
        let quote = reader.cursor
        guard quote < reader.end, quote.pointee == .quote else { return nil }
        let available = reader.end - quote - 1
        let count = properties.count
        var i = hint < count ? hint : 0
        for _ in 0..<count {
            let start = keyStarts[i]
            let length = keyStarts[i + 1] - start
            if length < available, quote[length + 1] == .quote,
               Metadata.equalShortBytes(keyBytes + start, quote + 1, length) {
                reader.cursor = quote + length + 2
                try reader.expect(.colon, "':' after the member name")
                return i
            }
            i += 1
            if i == count { i = 0 }
        }
        return nil
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

    /// `memcmp(a, b, length) == 0` without the call, for member names (mostly under 16 bytes):
    /// two overlapping word loads cover 8 to 16 bytes, two half-word loads 4 to 8.
    @inline(__always)
    static func equalShortBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let a = UnsafeRawPointer(a), b = UnsafeRawPointer(b)
        switch length {
        case 8...16:
            return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        case 4..<8:
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
        case 0..<4:
            for i in 0..<length where a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) {
                return false
            }
            return true
        default:
            return memcmp(a, b, length) == 0
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
    @usableFromInline
    func encodeMembers(of object: AnyObject, to writer: inout JsonWriter) {
        checkOwner(of: object)
        writer.beginObject()
        // Through the unretained accessors: iterating the array would copy (retain and release)
        // each property's name and closures.
        for index in 0..<properties.count {
            accessorTable[index]._withUnsafeGuaranteedRef { $0.encode(object, &writer) }
        }
        writer.endObject()
    }

    // MARK: Owner check

    /// Stops the program unless `object` is an instance of every class the accessors were made
    /// for: they treat the object as one without checking (that is what makes them fast), so a
    /// table applied to another class's object would read and write the wrong memory. Only a
    /// `JsonSerializable` conformance whose `metadata` belongs to an unrelated class gets here.
    @inline(__always)
    func checkOwner(of object: AnyObject) {
        if let exactOwner, ObjectIdentifier(type(of: object)) == exactOwner { return }
        checkOwnerThoroughly(of: object)
    }

    @inline(never)
    func checkOwnerThoroughly(of object: AnyObject) {
        for (index, includes) in ownerChecks.enumerated() where !includes(type(of: object)) {
            fatalError("DTOKit: a metadata table with properties of \(ownerNames[index]) was used for an instance of \(type(of: object))")
        }
    }

    // MARK: Generic types

    private static let genericTables = TypeCache<Metadata>()

    /// The table of a generic type, built once per specialization.
    ///
    /// Swift has no stored statics in generic types, so generated code for `QueryResponse<T>` writes
    /// `public static var metadata: Metadata { Metadata.cached(for: self) { Metadata.create([...]) } }`.
    public static func cached(for type: Any.Type, _ build: () -> Metadata) -> Metadata {
        genericTables.value(for: type, make: build)
    }
}
