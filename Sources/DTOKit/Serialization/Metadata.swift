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
    /// The JSON names, as the decoding loop finds them in a document.
    let members: MemberTable
    /// The accessors, as the decoding and encoding loops call them.
    let accessors: AccessorTable

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
    public convenience init<Owner: AnyObject>(
        _ owner: Owner.Type, inheriting base: Metadata, typeName: String? = nil,
        routes: [ServiceRoute] = [], _ properties: [PropertyMetadata]
    ) {
        let own = Set(properties.map(\.name))
        self.init(
            owner: owner, typeName: typeName, routes: routes,
            properties + base.properties.filter { !own.contains($0.name) })
    }

    private init(owner: AnyClass?, typeName: String?, routes: [ServiceRoute], _ properties: [PropertyMetadata]) {
        self.properties = properties
        self.typeName = typeName
        self.routes = routes
        members = MemberTable(properties.map(\.name))
        accessors = AccessorTable(properties, owner: owner)
    }

    /// Creates a table from property builders; the name generated code uses.
    public static func create(
        typeName: String? = nil, routes: [ServiceRoute] = [],
        _ properties: [PropertyMetadata]
    ) -> Metadata {
        Metadata(typeName: typeName, routes: routes, properties)
    }

    /// Creates a subclass's table from its own property builders and its base class's table
    /// (see ``init(_:inheriting:typeName:routes:_:)``); the name generated code uses.
    public static func create<Owner: AnyObject>(
        _ owner: Owner.Type, inheriting base: Metadata, typeName: String? = nil,
        routes: [ServiceRoute] = [], _ properties: [PropertyMetadata]
    ) -> Metadata {
        Metadata(owner, inheriting: base, typeName: typeName, routes: routes, properties)
    }

    /// The names of the properties, in order.
    public var propertyNames: [String] { properties.map(\.name) }

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
