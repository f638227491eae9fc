/// A DTO class that serializes through an explicit table of typed property accessors.
///
/// The build plugin generates the conformance for every DTO in a snapshot:
/// ```swift
/// extension Technology : JsonSerializable {
///     public static let metadata = Metadata.create([
///         Property<Technology>.optionalInt("id", get: { $0.id }, set: { $0.id = $1 }),
///         Property<Technology>.optionalString("name", get: { $0.name }, set: { $0.name = $1 }),
///     ])
/// }
/// ```
/// Decoding creates the object with `init()` and sets each member found in the JSON through its
/// setter; encoding writes each non-nil property through its getter. No reflection, no Codable.
///
/// The table is the only requirement besides `init()`: the type's name and its routes live in it
/// too, so each conformance costs its module as little code as possible.
public protocol JsonSerializable: AnyObject, JsonConvertible {
    /// DTOs are created empty and filled in member by member.
    init()
    /// The property table: JSON names, getters and setters, own and inherited properties; and
    /// the type's name and routes.
    static var metadata: Metadata { get }
}

/// `QueryResponse` for `QueryResponse<Technology>`: the name a DTO type goes by on the server when
/// its table gives none.
///
/// Worked out once per type (`String(describing:)` takes a microsecond or two, and the client asks
/// for every request it sends).
func nameWithoutGenericArguments(of type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let name = typeNames.withLock({ $0[key] }) { return name }
    let described = String(describing: type)
    let name = described.firstIndex(of: "<").map { String(described[..<$0]) } ?? described
    typeNames.withLock { $0[key] = name }
    return name
}

/// ``nameWithoutGenericArguments(of:)`` of each type asked so far.
private let typeNames = Locked<[ObjectIdentifier: String]>([:])

extension JsonSerializable {
    /// The name the server knows the type by (the request name in `/api/{typeName}` URLs): the
    /// table's ``Metadata/typeName``, or the class's own name without generic arguments.
    public static var typeName: String {
        metadata.typeName ?? nameWithoutGenericArguments(of: self)
    }

    @inlinable
    public static func read(from reader: inout JsonReader) throws -> Self {
        let object = Self()
        try metadata.decodeMembers(into: object, from: &reader)
        return object
    }

    /// Writes the object with the table of its dynamic type, so a subclass instance held in a
    /// base-class property keeps its own members.
    @inlinable
    public func write(to writer: inout JsonWriter) {
        type(of: self).metadata.encodeMembers(of: self, to: &writer)
    }
}
