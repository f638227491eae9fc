import Foundation

/// Reads snapshot bytes into a validated ``Snapshot``.
///
/// Accepts both shapes real servers produce: `MetadataTypes` itself (`/types/metadata`) and
/// `/metadata/app.json`, whose `api` member is a `MetadataTypes`; and both generations of member
/// names (`typeNamespace`/`isSystemType` before 2022, routes and return markers on the request type
/// before 2020). Members the generator does not use are not read.
package struct SnapshotLoader {
    let source: SnapshotSource

    package init(bytes: Data, fileName: String) {
        source = SnapshotSource(fileName: fileName, bytes: [UInt8](bytes))
    }

    /// The parsed document, for locating JSON paths in diagnostics.
    func parseDocument() throws -> JsonNode {
        do {
            return try JsonParser.parse(source.bytes)
        } catch let error as JsonSyntaxError {
            throw source.error(at: error.offset, path: nil, expected: error.expected, found: error.found)
        }
    }

    package func load() throws -> (snapshot: Snapshot, document: JsonNode) {
        let document = try parseDocument()
        guard case .object = document.value else {
            throw notASnapshot()
        }
        var root = SnapshotObject(node: document, path: "$", source: source)
        if let api = try root.object("api") { root = api }
        let types = try root.objects("types")
        let operations = try root.objects("operations")
        guard types != nil || operations != nil else { throw notASnapshot() }
        let snapshot = Snapshot(
            namespaces: try root.strings("namespaces") ?? [],
            types: try (types ?? []).map(typeDefinition),
            operations: try (operations ?? []).map(operationDefinition))
        return (snapshot, document)
    }

    private func notASnapshot() -> GeneratorError {
        GeneratorError(
            file: source.fileName, line: 1, column: 1, jsonPath: "$",
            message: "this JSON is not a ServiceStack metadata snapshot: it has no `types` or `operations` member",
            hint:
                "a snapshot is the JSON of `<baseUrl>/types/metadata` (or `/metadata/app.json`); fetch it with `dtokit fetch <baseUrl>`"
        )
    }

    // MARK: Conversion

    private func operationDefinition(_ operation: SnapshotObject) throws -> OperationDefinition {
        guard let requestObject = try operation.object("request") else {
            throw error(at: operation.path + ".request", "an operation has no `request` type")
        }
        let request = try typeDefinition(requestObject)
        var routes = try (operation.objects("routes") ?? []).map(routeDefinition)
        if routes.isEmpty {
            // Before 2020 the routes were on the request type.
            routes = try (requestObject.objects("routes") ?? []).map(routeDefinition)
        }
        let returnType = try operation.object("returnType") ?? requestObject.object("returnMarkerTypeName")
        return OperationDefinition(
            request: request,
            response: try operation.object("response").map(typeDefinition),
            method: try operation.string("method").flatMap { $0.isEmpty ? nil : $0.uppercased() },
            actions: try operation.strings("actions") ?? [],
            returnsVoid: try operation.bool("returnsVoid") ?? requestObject.bool("returnVoidMarker") ?? false,
            returnType: try returnType.map(typeReference),
            routes: routes,
            tags: try operation.strings("tags") ?? [],
            dataModel: try operation.object("dataModel").map(typeReference),
            requiresAuth: try operation.bool("requiresAuth") ?? false)
    }

    private func typeDefinition(_ type: SnapshotObject) throws -> TypeDefinition {
        guard let name = try type.string("name"), !name.isEmpty else {
            throw error(at: type.path + ".name", "a type has no `name`")
        }
        let enumNames = try type.strings("enumNames") ?? []
        let enumValues = try type.strings("enumValues") ?? []
        if !enumValues.isEmpty, enumValues.count != enumNames.count {
            throw error(
                at: type.path + ".enumValues",
                "enum `\(name)` has \(enumNames.count) enumNames but \(enumValues.count) enumValues")
        }
        let enumMemberValues = try type.strings("enumMemberValues") ?? []
        if !enumMemberValues.isEmpty, enumMemberValues.count != enumNames.count {
            throw error(
                at: type.path + ".enumMemberValues",
                "enum `\(name)` has \(enumNames.count) enumNames but \(enumMemberValues.count) enumMemberValues")
        }
        let contract = try type.object("dataContract")
        return TypeDefinition(
            name: name, namespace: try type.string("namespace") ?? "",
            genericArgs: try type.strings("genericArgs") ?? [],
            inherits: try type.object("inherits").map(typeReference),
            implements: try (type.objects("implements") ?? []).map(typeReference),
            description: nonEmpty(try type.string("description")),
            isEnum: try type.bool("isEnum") ?? false, isEnumInt: try type.bool("isEnumInt") ?? false,
            isInterface: try type.bool("isInterface") ?? false, isAbstract: try type.bool("isAbstract") ?? false,
            dataContract: try contract.map { (nonEmpty(try $0.string("name")), nonEmpty(try $0.string("namespace"))) },
            properties: try (type.objects("properties") ?? []).map(propertyDefinition),
            attributes: try attributes(type),
            enumNames: enumNames, enumValues: enumValues,
            enumMemberValues: enumMemberValues, enumDescriptions: try type.strings("enumDescriptions") ?? [],
            jsonPath: type.path)
    }

    private func propertyDefinition(_ property: SnapshotObject) throws -> PropertyDefinition {
        guard let name = try property.string("name"), !name.isEmpty else {
            throw error(at: property.path + ".name", "a property has no `name`")
        }
        var namespace = try property.string("namespace") ?? property.string("typeNamespace")
        if namespace == nil, try property.bool("isSystemType") == true { namespace = "System" }
        let dataMember = try property.object("dataMember")
        return PropertyDefinition(
            name: name, type: try property.string("type") ?? "", namespace: namespace,
            genericArgs: try property.strings("genericArgs") ?? [],
            isValueType: try property.bool("isValueType") ?? false, isEnum: try property.bool("isEnum") ?? false,
            isRequired: try property.bool("isRequired") ?? false,
            description: nonEmpty(try property.string("description")),
            dataMember: try dataMember.map {
                DataMemberDefinition(
                    name: nonEmpty(try $0.string("name")), order: try $0.int("order"),
                    isRequired: try $0.bool("isRequired") ?? false,
                    emitDefaultValue: try $0.bool("emitDefaultValue"))
            },
            attributes: try attributes(property),
            jsonPath: property.path)
    }

    private func attributes(_ owner: SnapshotObject) throws -> [AttributeDefinition] {
        try (owner.objects("attributes") ?? []).map { attribute in
            guard let name = try attribute.string("name"), !name.isEmpty else {
                throw error(at: attribute.path + ".name", "an attribute has no `name`")
            }
            let positional = try attribute.objects("constructorArgs") ?? []
            let named = try attribute.objects("args") ?? []
            let arguments = try (positional.isEmpty ? named : positional).map {
                AttributeDefinition.Argument(
                    name: try $0.string("name") ?? "", type: try $0.string("type"),
                    value: try $0.string("value"))
            }
            return AttributeDefinition(name: name, arguments: arguments, isPositional: !positional.isEmpty)
        }
    }

    private func routeDefinition(_ route: SnapshotObject) throws -> RouteDefinition {
        guard let path = try route.string("path"), !path.isEmpty else {
            throw error(at: route.path + ".path", "a route has no `path`")
        }
        return RouteDefinition(path: path, verbs: nonEmpty(try route.string("verbs")))
    }

    private func typeReference(_ reference: SnapshotObject) throws -> TypeReference {
        guard let name = try reference.string("name"), !name.isEmpty else {
            throw error(at: reference.path + ".name", "a type reference has no `name`")
        }
        return TypeReference(
            name: name, namespace: nonEmpty(try reference.string("namespace")),
            genericArgs: try reference.strings("genericArgs") ?? [])
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// An error at a JSON path, with the line and column of the value there.
    private func error(at jsonPath: String, _ message: String) -> GeneratorError {
        var error = GeneratorError(file: source.fileName, jsonPath: jsonPath, message: message)
        if let document = try? parseDocument(), let offset = JsonPathLocator.offset(of: jsonPath, in: document) {
            let position = SourcePosition.lineAndColumn(of: offset, in: source.bytes)
            error.line = position.line
            error.column = position.column
        }
        return error
    }
}
