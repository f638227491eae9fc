import DTOKit
import Foundation

/// Reads snapshot bytes into a validated ``Snapshot``.
///
/// Accepts both shapes real servers produce: `MetadataTypes` itself (`/types/metadata`) and
/// `/metadata/app.json`, whose `api` member is a `MetadataTypes`.
struct SnapshotLoader {
    let bytes: Data
    /// The file name used in diagnostics.
    let fileName: String

    func load() throws -> Snapshot {
        let document: SnapshotDocument
        do {
            document = try SnapshotDocument.fromJson(bytes)
        } catch let error as JsonDecodingError {
            throw GeneratorError(
                file: fileName, line: error.line, column: error.column, jsonPath: error.jsonPath,
                message: "the snapshot is not valid metadata JSON: expected \(error.expected), found \(error.found)",
                hint: "download it again with `dtokit fetch <baseUrl>` or `swift package update-dtos`")
        }
        let root: String
        let types: [MetadataType]?, operations: [MetadataOperationType]?, namespaces: [String]?
        if let api = document.api {
            (root, types, operations, namespaces) = ("$.api", api.types, api.operations, api.namespaces)
        } else {
            (root, types, operations, namespaces) = ("$", document.types, document.operations, document.namespaces)
        }
        guard types != nil || operations != nil else {
            throw GeneratorError(
                file: fileName, line: 1, column: 1, jsonPath: "$",
                message: "this JSON is not a ServiceStack metadata snapshot: it has no `types` or `operations` member",
                hint: "a snapshot is the JSON of `<baseUrl>/types/metadata` (or `/metadata/app.json`); fetch it with `dtokit fetch <baseUrl>`")
        }
        var converted: [TypeDefinition] = []
        for (index, type) in (types ?? []).enumerated() {
            converted.append(try convert(type, at: "\(root).types[\(index)]"))
        }
        var convertedOperations: [OperationDefinition] = []
        for (index, operation) in (operations ?? []).enumerated() {
            convertedOperations.append(try convert(operation, at: "\(root).operations[\(index)]"))
        }
        return Snapshot(namespaces: namespaces ?? [], types: converted, operations: convertedOperations)
    }

    // MARK: Conversion

    private func convert(_ operation: MetadataOperationType, at path: String) throws -> OperationDefinition {
        guard let requestType = operation.request else {
            throw error(at: path + ".request", "an operation has no `request` type")
        }
        let request = try convert(requestType, at: path + ".request")
        let response = try operation.response.map { try convert($0, at: path + ".response") }
        var routes = try (operation.routes ?? []).enumerated().map { try convert($1, at: "\(path).routes[\($0)]") }
        if routes.isEmpty, let legacy = requestType.routes {
            routes = try legacy.enumerated().map { try convert($1, at: "\(path).request.routes[\($0)]") }
        }
        let returnType = try (operation.returnType ?? requestType.returnMarkerTypeName)
            .map { try convert($0, at: path + ".returnType") }
        return OperationDefinition(
            request: request, response: response,
            method: operation.method.flatMap { $0.isEmpty ? nil : $0.uppercased() },
            actions: operation.actions ?? [],
            returnsVoid: operation.returnsVoid ?? requestType.returnVoidMarker ?? false,
            returnType: returnType, routes: routes, tags: operation.tags ?? [],
            dataModel: try operation.dataModel.map { try convert($0, at: path + ".dataModel") },
            requiresAuth: operation.requiresAuth ?? false)
    }

    private func convert(_ type: MetadataType, at path: String) throws -> TypeDefinition {
        guard let name = type.name, !name.isEmpty else { throw error(at: path + ".name", "a type has no `name`") }
        var properties: [PropertyDefinition] = []
        for (index, property) in (type.properties ?? []).enumerated() {
            properties.append(try convert(property, at: "\(path).properties[\(index)]"))
        }
        let enumNames = type.enumNames ?? []
        if let values = type.enumValues, !values.isEmpty, values.count != enumNames.count {
            throw error(at: path + ".enumValues",
                        "enum `\(name)` has \(enumNames.count) enumNames but \(values.count) enumValues")
        }
        if let values = type.enumMemberValues, !values.isEmpty, values.count != enumNames.count {
            throw error(at: path + ".enumMemberValues",
                        "enum `\(name)` has \(enumNames.count) enumNames but \(values.count) enumMemberValues")
        }
        return TypeDefinition(
            name: name, namespace: type.namespace ?? "",
            genericArgs: type.genericArgs ?? [],
            inherits: try type.inherits.map { try convert($0, at: path + ".inherits") },
            implements: try (type.implements ?? []).enumerated().map { try convert($1, at: "\(path).implements[\($0)]") },
            description: nonEmpty(type.description),
            isEnum: type.isEnum ?? false, isEnumInt: type.isEnumInt ?? false,
            isInterface: type.isInterface ?? false, isAbstract: type.isAbstract ?? false,
            dataContract: type.dataContract.map { (nonEmpty($0.name), nonEmpty($0.namespace)) },
            properties: properties,
            attributes: try convert(type.attributes, at: path + ".attributes"),
            enumNames: enumNames, enumValues: type.enumValues ?? [],
            enumMemberValues: type.enumMemberValues ?? [], enumDescriptions: type.enumDescriptions ?? [],
            jsonPath: path)
    }

    private func convert(_ property: MetadataPropertyType, at path: String) throws -> PropertyDefinition {
        guard let name = property.name, !name.isEmpty else { throw error(at: path + ".name", "a property has no `name`") }
        guard let type = property.type, !type.isEmpty else {
            throw error(at: path + ".type", "property `\(name)` has no `type`")
        }
        var namespace = property.namespace ?? property.typeNamespace
        if namespace == nil, property.isSystemType == true { namespace = "System" }
        return PropertyDefinition(
            name: name, type: type, namespace: namespace, genericArgs: property.genericArgs ?? [],
            isValueType: property.isValueType ?? false, isEnum: property.isEnum ?? false,
            isRequired: property.isRequired ?? false, description: nonEmpty(property.description),
            dataMember: property.dataMember.map {
                DataMemberDefinition(name: nonEmpty($0.name), order: $0.order, isRequired: $0.isRequired ?? false,
                                     emitDefaultValue: $0.emitDefaultValue)
            },
            attributes: try convert(property.attributes, at: path + ".attributes"),
            jsonPath: path)
    }

    private func convert(_ attributes: [MetadataAttribute]?, at path: String) throws -> [AttributeDefinition] {
        try (attributes ?? []).enumerated().compactMap { index, attribute in
            guard let name = attribute.name, !name.isEmpty else {
                throw error(at: "\(path)[\(index)].name", "an attribute has no `name`")
            }
            let positional = attribute.constructorArgs ?? []
            let named = attribute.args ?? []
            let arguments = (positional.isEmpty ? named : positional).map {
                AttributeDefinition.Argument(name: $0.name ?? "", type: $0.type, value: $0.value)
            }
            return AttributeDefinition(name: name, arguments: arguments, isPositional: !positional.isEmpty)
        }
    }

    private func convert(_ route: MetadataRoute, at path: String) throws -> RouteDefinition {
        guard let routePath = route.path, !routePath.isEmpty else { throw error(at: path + ".path", "a route has no `path`") }
        return RouteDefinition(path: routePath, verbs: nonEmpty(route.verbs))
    }

    private func convert(_ name: MetadataTypeName, at path: String) throws -> TypeReference {
        guard let typeName = name.name, !typeName.isEmpty else { throw error(at: path + ".name", "a type reference has no `name`") }
        return TypeReference(name: typeName, namespace: nonEmpty(name.namespace), genericArgs: name.genericArgs ?? [])
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// An error at a JSON path, with the line and column found by walking the document to it.
    func error(at jsonPath: String, _ message: String, hint: String? = nil) -> GeneratorError {
        let position = JsonPathLocator.position(of: jsonPath, in: bytes)
        return GeneratorError(file: fileName, line: position?.line, column: position?.column, jsonPath: jsonPath,
                              message: message, hint: hint)
    }
}
