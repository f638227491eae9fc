/// The parts of a snapshot the generator works with, validated and normalized: old and new member
/// names folded together, required members present, `false` flags and missing flags the same.
/// Each definition keeps the JSON path it came from, for diagnostics.

/// A reference to a type by name: `{"name":"QueryDb`1","namespace":"ServiceStack","genericArgs":["Todo"]}`.
struct TypeReference: Hashable, Sendable {
    var name: String
    var namespace: String?
    var genericArgs: [String]
}

/// An exported attribute, e.g. `[ApiMember(Description="…")]` or `[Flags]`.
struct AttributeDefinition: Sendable, Equatable {
    struct Argument: Sendable, Equatable {
        var name: String
        var type: String?
        var value: String?
    }
    var name: String
    var arguments: [Argument]
    /// Positional (constructor) rather than named arguments.
    var isPositional: Bool
}

struct RouteDefinition: Hashable, Sendable {
    var path: String
    /// Comma-separated verbs (`"GET,POST"`), or nil for all verbs.
    var verbs: String?
}

struct DataMemberDefinition: Sendable, Equatable {
    var name: String?
    var order: Int?
    var isRequired: Bool
    var emitDefaultValue: Bool?
}

struct PropertyDefinition: Sendable {
    var name: String
    /// CLR type name: `String`, `Nullable`1`, `List`1`, `Poco[]`, `T`; empty when the snapshot has none.
    var type: String
    var namespace: String?
    var genericArgs: [String]
    var isValueType: Bool
    var isEnum: Bool
    var isRequired: Bool
    var description: String?
    var dataMember: DataMemberDefinition?
    var attributes: [AttributeDefinition]
    var jsonPath: String

    /// `System.*` types are the CLR's own (String, Int32, List`1…).
    var isSystemType: Bool { namespace.map { $0 == "System" || $0.hasPrefix("System.") } ?? false }
}

struct TypeDefinition: Sendable {
    var name: String
    var namespace: String
    var genericArgs: [String]
    var inherits: TypeReference?
    var implements: [TypeReference]
    var description: String?
    var isEnum: Bool
    var isEnumInt: Bool
    var isInterface: Bool
    var isAbstract: Bool
    var dataContract: (name: String?, namespace: String?)?
    var properties: [PropertyDefinition]
    var attributes: [AttributeDefinition]
    var enumNames: [String]
    var enumValues: [String]
    var enumMemberValues: [String]
    var enumDescriptions: [String]
    var jsonPath: String

    /// Namespace and name: what makes a type definition distinct.
    var key: String { namespace + "." + name }
}

struct OperationDefinition: Sendable {
    var request: TypeDefinition
    var response: TypeDefinition?
    /// The preferred HTTP verb (`GET`, `POST`…), when the server says.
    var method: String?
    var actions: [String]
    var returnsVoid: Bool
    var returnType: TypeReference?
    var routes: [RouteDefinition]
    var tags: [String]
    var dataModel: TypeReference?
    var requiresAuth: Bool
}

/// A whole snapshot.
package struct Snapshot: Sendable {
    var namespaces: [String]
    var types: [TypeDefinition]
    var operations: [OperationDefinition]
}
