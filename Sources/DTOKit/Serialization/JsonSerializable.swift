/// A DTO class that serializes through an explicit table of typed property accessors.
///
/// The build plugin generates the conformance for every DTO in a snapshot:
/// ```swift
/// extension Technology : JsonSerializable {
///     public static var typeName: String { "Technology" }
///     public static let metadata = Metadata.create([
///         Property<Technology>.optional("id", get: { $0.id }, set: { $0.id = $1 }),
///         Property<Technology>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
///     ])
/// }
/// ```
/// Decoding creates the object with `init()` and sets each member found in the JSON through its
/// setter; encoding writes each non-nil property through its getter. No reflection, no Codable.
public protocol JsonSerializable: AnyObject, JsonConvertible {
    /// DTOs are created empty and filled in member by member.
    init()
    /// The name the server knows the type by (the request name in `/api/{typeName}` URLs).
    static var typeName: String { get }
    /// The property table: JSON names, getters and setters, own and inherited properties.
    static var metadata: Metadata { get }
}

extension JsonSerializable {
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
