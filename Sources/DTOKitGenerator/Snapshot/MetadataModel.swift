import DTOKit

// The MetadataTypes JSON a ServiceStack server returns from `/types/metadata` (and as the `api`
// member of `/metadata/app.json`), decoded with DTOKit itself. Only the members the generator uses
// are declared; everything else is skipped. Old (pre-2022) member names are declared too and
// folded into the new ones by `SnapshotLoader`.

/// `{name, namespace, genericArgs}`: a reference to a type.
final class MetadataTypeName {
    var name: String?
    var namespace: String?
    var genericArgs: [String]?
    required init() {}
}

extension MetadataTypeName: JsonSerializable {
    static var typeName: String { "MetadataTypeName" }
    static let metadata = Metadata.create([
        Property<MetadataTypeName>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
        Property<MetadataTypeName>.optional("namespace", get: { $0.namespace }, set: { $0.namespace = $1 }),
        Property<MetadataTypeName>.optionalArray("genericArgs", get: { $0.genericArgs }, set: { $0.genericArgs = $1 }),
    ])
}

/// `[DataMember(Name, Order, IsRequired, EmitDefaultValue)]` on a property.
final class MetadataDataMember {
    var name: String?
    var order: Int?
    var isRequired: Bool?
    var emitDefaultValue: Bool?
    required init() {}
}

extension MetadataDataMember: JsonSerializable {
    static var typeName: String { "MetadataDataMember" }
    static let metadata = Metadata.create([
        Property<MetadataDataMember>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
        Property<MetadataDataMember>.optional("order", get: { $0.order }, set: { $0.order = $1 }),
        Property<MetadataDataMember>.optional("isRequired", get: { $0.isRequired }, set: { $0.isRequired = $1 }),
        Property<MetadataDataMember>.optional("emitDefaultValue", get: { $0.emitDefaultValue }, set: { $0.emitDefaultValue = $1 }),
    ])
}

/// `[DataContract(Name, Namespace)]` on a type.
final class MetadataDataContract {
    var name: String?
    var namespace: String?
    required init() {}
}

extension MetadataDataContract: JsonSerializable {
    static var typeName: String { "MetadataDataContract" }
    static let metadata = Metadata.create([
        Property<MetadataDataContract>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
        Property<MetadataDataContract>.optional("namespace", get: { $0.namespace }, set: { $0.namespace = $1 }),
    ])
}

/// An exported attribute (`[Route]`, `[ApiMember]`, `[Flags]`, `[Validate]`…) with its arguments.
final class MetadataAttribute {
    var name: String?
    var constructorArgs: [MetadataPropertyType]?
    var args: [MetadataPropertyType]?
    required init() {}
}

extension MetadataAttribute: JsonSerializable {
    static var typeName: String { "MetadataAttribute" }
    static let metadata = Metadata.create([
        Property<MetadataAttribute>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
        Property<MetadataAttribute>.optionalArray("constructorArgs", get: { $0.constructorArgs }, set: { $0.constructorArgs = $1 }),
        Property<MetadataAttribute>.optionalArray("args", get: { $0.args }, set: { $0.args = $1 }),
    ])
}

/// A property of a type, or an argument of an attribute.
final class MetadataPropertyType {
    var name: String?
    var type: String?
    var namespace: String?
    /// Pre-2022 name of `namespace`.
    var typeNamespace: String?
    /// Pre-2022; now derived from the namespace.
    var isSystemType: Bool?
    var isValueType: Bool?
    var isEnum: Bool?
    var isPrimaryKey: Bool?
    var genericArgs: [String]?
    var value: String?
    var description: String?
    var dataMember: MetadataDataMember?
    var isRequired: Bool?
    var attributes: [MetadataAttribute]?
    required init() {}
}

extension MetadataPropertyType: JsonSerializable {
    static var typeName: String { "MetadataPropertyType" }
    static let metadata = Metadata.create([
        Property<MetadataPropertyType>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
        Property<MetadataPropertyType>.optional("type", get: { $0.type }, set: { $0.type = $1 }),
        Property<MetadataPropertyType>.optional("namespace", get: { $0.namespace }, set: { $0.namespace = $1 }),
        Property<MetadataPropertyType>.optional("typeNamespace", get: { $0.typeNamespace }, set: { $0.typeNamespace = $1 }),
        Property<MetadataPropertyType>.optional("isSystemType", get: { $0.isSystemType }, set: { $0.isSystemType = $1 }),
        Property<MetadataPropertyType>.optional("isValueType", get: { $0.isValueType }, set: { $0.isValueType = $1 }),
        Property<MetadataPropertyType>.optional("isEnum", get: { $0.isEnum }, set: { $0.isEnum = $1 }),
        Property<MetadataPropertyType>.optional("isPrimaryKey", get: { $0.isPrimaryKey }, set: { $0.isPrimaryKey = $1 }),
        Property<MetadataPropertyType>.optionalArray("genericArgs", get: { $0.genericArgs }, set: { $0.genericArgs = $1 }),
        Property<MetadataPropertyType>.optional("value", get: { $0.value }, set: { $0.value = $1 }),
        Property<MetadataPropertyType>.optional("description", get: { $0.description }, set: { $0.description = $1 }),
        Property<MetadataPropertyType>.optionalObject("dataMember", get: { $0.dataMember }, set: { $0.dataMember = $1 }),
        Property<MetadataPropertyType>.optional("isRequired", get: { $0.isRequired }, set: { $0.isRequired = $1 }),
        Property<MetadataPropertyType>.optionalArray("attributes", get: { $0.attributes }, set: { $0.attributes = $1 }),
    ])
}

/// `[Route(path, verbs)]` on a request.
final class MetadataRoute {
    var path: String?
    var verbs: String?
    var notes: String?
    var summary: String?
    required init() {}
}

extension MetadataRoute: JsonSerializable {
    static var typeName: String { "MetadataRoute" }
    static let metadata = Metadata.create([
        Property<MetadataRoute>.optional("path", get: { $0.path }, set: { $0.path = $1 }),
        Property<MetadataRoute>.optional("verbs", get: { $0.verbs }, set: { $0.verbs = $1 }),
        Property<MetadataRoute>.optional("notes", get: { $0.notes }, set: { $0.notes = $1 }),
        Property<MetadataRoute>.optional("summary", get: { $0.summary }, set: { $0.summary = $1 }),
    ])
}

/// A class, enum or interface.
final class MetadataType {
    var name: String?
    var namespace: String?
    var genericArgs: [String]?
    var inherits: MetadataTypeName?
    var implements: [MetadataTypeName]?
    var displayType: String?
    var description: String?
    var notes: String?
    var isNested: Bool?
    var isEnum: Bool?
    var isEnumInt: Bool?
    var isInterface: Bool?
    var isAbstract: Bool?
    var isGenericTypeDef: Bool?
    var dataContract: MetadataDataContract?
    var properties: [MetadataPropertyType]?
    var attributes: [MetadataAttribute]?
    var enumNames: [String]?
    var enumValues: [String]?
    var enumMemberValues: [String]?
    var enumDescriptions: [String]?
    // Pre-2020 request shape: these lived on the request type, now on the operation.
    var routes: [MetadataRoute]?
    var returnMarkerTypeName: MetadataTypeName?
    var returnVoidMarker: Bool?
    required init() {}
}

extension MetadataType: JsonSerializable {
    static var typeName: String { "MetadataType" }
    static let metadata = Metadata.create([
        Property<MetadataType>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
        Property<MetadataType>.optional("namespace", get: { $0.namespace }, set: { $0.namespace = $1 }),
        Property<MetadataType>.optionalArray("genericArgs", get: { $0.genericArgs }, set: { $0.genericArgs = $1 }),
        Property<MetadataType>.optionalObject("inherits", get: { $0.inherits }, set: { $0.inherits = $1 }),
        Property<MetadataType>.optionalArray("implements", get: { $0.implements }, set: { $0.implements = $1 }),
        Property<MetadataType>.optional("displayType", get: { $0.displayType }, set: { $0.displayType = $1 }),
        Property<MetadataType>.optional("description", get: { $0.description }, set: { $0.description = $1 }),
        Property<MetadataType>.optional("notes", get: { $0.notes }, set: { $0.notes = $1 }),
        Property<MetadataType>.optional("isNested", get: { $0.isNested }, set: { $0.isNested = $1 }),
        Property<MetadataType>.optional("isEnum", get: { $0.isEnum }, set: { $0.isEnum = $1 }),
        Property<MetadataType>.optional("isEnumInt", get: { $0.isEnumInt }, set: { $0.isEnumInt = $1 }),
        Property<MetadataType>.optional("isInterface", get: { $0.isInterface }, set: { $0.isInterface = $1 }),
        Property<MetadataType>.optional("isAbstract", get: { $0.isAbstract }, set: { $0.isAbstract = $1 }),
        Property<MetadataType>.optional("isGenericTypeDef", get: { $0.isGenericTypeDef }, set: { $0.isGenericTypeDef = $1 }),
        Property<MetadataType>.optionalObject("dataContract", get: { $0.dataContract }, set: { $0.dataContract = $1 }),
        Property<MetadataType>.optionalArray("properties", get: { $0.properties }, set: { $0.properties = $1 }),
        Property<MetadataType>.optionalArray("attributes", get: { $0.attributes }, set: { $0.attributes = $1 }),
        Property<MetadataType>.optionalArray("enumNames", get: { $0.enumNames }, set: { $0.enumNames = $1 }),
        Property<MetadataType>.optionalArray("enumValues", get: { $0.enumValues }, set: { $0.enumValues = $1 }),
        Property<MetadataType>.optionalArray("enumMemberValues", get: { $0.enumMemberValues }, set: { $0.enumMemberValues = $1 }),
        Property<MetadataType>.optionalArray("enumDescriptions", get: { $0.enumDescriptions }, set: { $0.enumDescriptions = $1 }),
        Property<MetadataType>.optionalArray("routes", get: { $0.routes }, set: { $0.routes = $1 }),
        Property<MetadataType>.optionalObject("returnMarkerTypeName", get: { $0.returnMarkerTypeName }, set: { $0.returnMarkerTypeName = $1 }),
        Property<MetadataType>.optional("returnVoidMarker", get: { $0.returnVoidMarker }, set: { $0.returnVoidMarker = $1 }),
    ])
}

/// One service: its request and response types, return marker, routes and tags.
final class MetadataOperationType {
    var request: MetadataType?
    var response: MetadataType?
    var actions: [String]?
    var method: String?
    var returnsVoid: Bool?
    var returnType: MetadataTypeName?
    var routes: [MetadataRoute]?
    var dataModel: MetadataTypeName?
    var requiresAuth: Bool?
    var tags: [String]?
    required init() {}
}

extension MetadataOperationType: JsonSerializable {
    static var typeName: String { "MetadataOperationType" }
    static let metadata = Metadata.create([
        Property<MetadataOperationType>.optionalObject("request", get: { $0.request }, set: { $0.request = $1 }),
        Property<MetadataOperationType>.optionalObject("response", get: { $0.response }, set: { $0.response = $1 }),
        Property<MetadataOperationType>.optionalArray("actions", get: { $0.actions }, set: { $0.actions = $1 }),
        Property<MetadataOperationType>.optional("method", get: { $0.method }, set: { $0.method = $1 }),
        Property<MetadataOperationType>.optional("returnsVoid", get: { $0.returnsVoid }, set: { $0.returnsVoid = $1 }),
        Property<MetadataOperationType>.optionalObject("returnType", get: { $0.returnType }, set: { $0.returnType = $1 }),
        Property<MetadataOperationType>.optionalArray("routes", get: { $0.routes }, set: { $0.routes = $1 }),
        Property<MetadataOperationType>.optionalObject("dataModel", get: { $0.dataModel }, set: { $0.dataModel = $1 }),
        Property<MetadataOperationType>.optional("requiresAuth", get: { $0.requiresAuth }, set: { $0.requiresAuth = $1 }),
        Property<MetadataOperationType>.optionalArray("tags", get: { $0.tags }, set: { $0.tags = $1 }),
    ])
}

/// `MetadataTypes`: the whole snapshot.
final class MetadataTypes {
    var namespaces: [String]?
    var types: [MetadataType]?
    var operations: [MetadataOperationType]?
    required init() {}
}

extension MetadataTypes: JsonSerializable {
    static var typeName: String { "MetadataTypes" }
    static let metadata = Metadata.create([
        Property<MetadataTypes>.optionalArray("namespaces", get: { $0.namespaces }, set: { $0.namespaces = $1 }),
        Property<MetadataTypes>.optionalArray("types", get: { $0.types }, set: { $0.types = $1 }),
        Property<MetadataTypes>.optionalArray("operations", get: { $0.operations }, set: { $0.operations = $1 }),
    ])
}

/// The top level of a snapshot file: either `MetadataTypes` itself, or `/metadata/app.json` with
/// the types in its `api` member.
final class SnapshotDocument {
    var api: MetadataTypes?
    var namespaces: [String]?
    var types: [MetadataType]?
    var operations: [MetadataOperationType]?
    required init() {}
}

extension SnapshotDocument: JsonSerializable {
    static var typeName: String { "SnapshotDocument" }
    static let metadata = Metadata.create([
        Property<SnapshotDocument>.optionalObject("api", get: { $0.api }, set: { $0.api = $1 }),
        Property<SnapshotDocument>.optionalArray("namespaces", get: { $0.namespaces }, set: { $0.namespaces = $1 }),
        Property<SnapshotDocument>.optionalArray("types", get: { $0.types }, set: { $0.types = $1 }),
        Property<SnapshotDocument>.optionalArray("operations", get: { $0.operations }, set: { $0.operations = $1 }),
    ])
}
