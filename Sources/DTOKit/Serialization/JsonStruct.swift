/// A DTO struct that serializes through an explicit table of typed property accessors: the value
/// form of ``JsonSerializable``.
///
/// ```swift
/// public struct Technology: Hashable, Sendable {
///     public var id: Int?
///     public var name: String?
///     public init() {}
/// }
/// extension Technology: JsonStruct {
///     public static let metadata = StructMetadata.create([
///         StructProperty<Technology>.optionalInt("id", get: { $0.id }, set: { $0.id = $1 }),
///         StructProperty<Technology>.optionalString("name", get: { $0.name }, set: { $0.name = $1 }),
///     ])
/// }
/// ```
/// Decoding starts from `init()` and sets each member found in the JSON through its setter, which
/// takes the value `inout`; encoding writes each non-nil property through its getter. No
/// reflection, no Codable, and, unlike a class, no object to allocate and no reference to count.
public protocol JsonStruct: JsonConvertible {
    /// DTOs start empty and are filled in member by member.
    init()
    /// The property table: JSON names, getters and setters; and the type's name and routes.
    static var metadata: StructMetadata<Self> { get }
}

extension JsonStruct {
    /// The name the server knows the type by: the table's ``StructMetadata/typeName``, or the
    /// type's own name without generic arguments.
    public static var typeName: String {
        metadata.typeName ?? nameWithoutGenericArguments(of: self)
    }

    // Not inlinable: each struct's witnesses call these as they are, rather than compiling a copy.
    @_semantics("optimize.sil.specialize.generic.never")
    public static func read(from reader: inout JsonReader) throws -> Self {
        var value = Self()
        try metadata.decodeMembers(into: &value, from: &reader)
        return value
    }

    @_semantics("optimize.sil.specialize.generic.never")
    public func write(to writer: inout JsonWriter) {
        Self.metadata.encodeMembers(of: self, to: &writer)
    }
}

/// The serialization table of one DTO struct: its properties in declaration order, each with its
/// JSON name and typed accessors. Immutable and safe to share between threads.
public final class StructMetadata<Owner>: Sendable {
    /// The properties, in the order they are written.
    public let properties: [StructProperty<Owner>]
    /// The name the server knows the type by, when it is not the struct's own name.
    public let typeName: String?
    /// The request's custom routes; empty for other DTOs.
    public let routes: [ServiceRoute]
    /// The JSON names, as the decoding loop finds them in a document.
    let members: MemberTable
    /// The accessors, as the decoding and encoding loops call them.
    let accessors: StructAccessorTable<Owner>

    /// Creates a table.
    /// - Parameters:
    ///   - typeName: the server's name for the type, when it differs from the struct's name.
    ///   - routes: a request's custom routes, in the order the server lists them.
    ///   - properties: the properties, in the order they are written (a struct has no base: its
    ///     base classes' properties on the server are its own).
    public init(typeName: String? = nil, routes: [ServiceRoute] = [], _ properties: [StructProperty<Owner>]) {
        self.properties = properties
        self.typeName = typeName
        self.routes = routes
        members = MemberTable(properties.map(\.name))
        accessors = StructAccessorTable(properties)
    }

    /// Creates a table from property builders; the name generated code uses.
    public static func create(
        typeName: String? = nil, routes: [ServiceRoute] = [],
        _ properties: [StructProperty<Owner>]
    ) -> StructMetadata {
        StructMetadata(typeName: typeName, routes: routes, properties)
    }

    /// The names of the properties, in order.
    public var propertyNames: [String] { properties.map(\.name) }

    /// The table of a generic struct, built once per specialization (Swift has no stored statics
    /// in generic types): `static var metadata: StructMetadata<Self> { StructMetadata.cached { … } }`.
    public static func cached(_ build: () -> StructMetadata) -> StructMetadata {
        structTables.value(for: Owner.self, make: build) as? StructMetadata ?? build()
    }
}

/// The tables of generic structs, by specialization (a generic class has no stored statics either).
private let structTables = TypeCache<AnyObject & Sendable>()

/// One property of a DTO struct: its JSON name and accessors. The builders of the `DTOKitStructs`
/// module (`optionalString(_:get:set:)`…) make them; ``init(name:decode:encode:)`` takes accessors of your own.
public struct StructProperty<Owner>: Sendable {
    let accessors: StructAccessors<Owner>

    /// The member name in JSON.
    public var name: String { accessors.name }

    /// A property with accessors of your own.
    /// - Parameters:
    ///   - name: the member's name in JSON.
    ///   - decode: reads the member's value (the reader is at it) and stores it in the value.
    ///   - encode: writes the member (``JsonWriter/writeKey(_:)-(JsonKey)`` then the value), or nothing when absent.
    public init(
        name: String,
        decode: @escaping @Sendable (inout JsonReader, inout Owner) throws -> Void,
        encode: @escaping @Sendable (Owner, inout JsonWriter) -> Void
    ) {
        accessors = StructAccessors(
            name: name, decode: { reader, instance in try instance.update { try decode(&reader, &$0) } }, encode: encode
        )
    }

    /// For the builders: accessors that take the struct being decoded as the loop hands it on
    /// (``StructInstance/store(_:through:)``).
    @usableFromInline
    package init(
        name: String,
        decodeMember decode: @escaping @Sendable (inout JsonReader, borrowing StructInstance<Owner>) throws -> Void,
        encodeMember encode: @escaping @Sendable (Owner, inout JsonWriter) -> Void
    ) {
        accessors = StructAccessors(name: name, decode: decode, encode: encode)
    }
}

/// A property's name and accessors, in an object of their own, which the loops call unretained
/// (see ``StructAccessorTable``).
final class StructAccessors<Owner>: Sendable {
    let name: String
    let decode: @Sendable (inout JsonReader, borrowing StructInstance<Owner>) throws -> Void
    let encode: @Sendable (Owner, inout JsonWriter) -> Void

    init(
        name: String, decode: @escaping @Sendable (inout JsonReader, borrowing StructInstance<Owner>) throws -> Void,
        encode: @escaping @Sendable (Owner, inout JsonWriter) -> Void
    ) {
        self.name = name
        self.decode = decode
        self.encode = encode
    }
}
