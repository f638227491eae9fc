/// The IncludeTypes whitelist (spec §3.3): `Name`, `Name.*` (a request with its response and every
/// type they reference), `*.Name` (the requests that use `Name`, expanded like `.*`), `Ns.Prefix/*`
/// (every type in matching namespaces) and `{tag}` / `{tag1,tag2}` (requests of operations with those tags).
struct IncludeTypesFilter {
    private let isActive: Bool
    private var names: Set<String> = []
    private var namespacePrefixes: [String] = []

    init(entries: [String], snapshot: Snapshot) {
        isActive = !entries.isEmpty
        guard isActive else { return }
        let index = TypeIndex(snapshot: snapshot)
        for entry in entries {
            if entry.hasPrefix("{"), entry.hasSuffix("}") {
                let tags = Set(OptionsFile.splitList(String(entry.dropFirst().dropLast())))
                for operation in snapshot.operations where !tags.isDisjoint(with: operation.tags) {
                    names.formUnion(index.closure(ofOperation: operation))
                }
            } else if entry.hasSuffix("/*") {
                namespacePrefixes.append(String(entry.dropLast(2)))
            } else if entry.hasSuffix(".*") {
                let requestName = String(entry.dropLast(2))
                for operation in snapshot.operations where Self.sameName(operation.request.name, requestName) {
                    names.formUnion(index.closure(ofOperation: operation))
                }
            } else if entry.hasPrefix("*.") {
                let used = String(entry.dropFirst(2))
                for operation in snapshot.operations where index.operation(operation, references: used) {
                    names.formUnion(index.closure(ofOperation: operation))
                }
            } else {
                names.insert(SwiftNames.stripArity(entry))
            }
        }
    }

    func includes(_ type: TypeDefinition) -> Bool {
        guard isActive else { return true }
        if names.contains(SwiftNames.stripArity(type.name)) { return true }
        return namespacePrefixes.contains { type.namespace.hasPrefix($0) }
    }

    static func sameName(_ clrName: String, _ entry: String) -> Bool {
        clrName == entry || SwiftNames.stripArity(clrName) == SwiftNames.stripArity(entry)
    }
}

/// Type definitions by name, and the names each one references (GetReferencedTypeNames).
struct TypeIndex {
    private var byName: [String: [TypeDefinition]] = [:]

    init(snapshot: Snapshot) {
        var all = snapshot.types
        for operation in snapshot.operations {
            all.append(operation.request)
            if let response = operation.response { all.append(response) }
        }
        for type in all { byName[SwiftNames.stripArity(type.name), default: []].append(type) }
    }

    /// A request, its response, return type and every type they reach, as names without arity.
    func closure(ofOperation operation: OperationDefinition) -> Set<String> {
        var roots = [SwiftNames.stripArity(operation.request.name)]
        if let response = operation.response {
            roots.append(SwiftNames.stripArity(response.name))
            roots += response.genericArgs.flatMap(Self.names(inTypeText:))
        }
        if let returnType = operation.returnType {
            roots.append(SwiftNames.stripArity(returnType.name))
            roots += returnType.genericArgs.flatMap(Self.names(inTypeText:))
        }
        if let model = operation.dataModel { roots.append(SwiftNames.stripArity(model.name)) }
        var result: Set<String> = []
        var pending = roots
        while let name = pending.popLast() {
            guard result.insert(name).inserted else { continue }
            // ServiceStack recurses only through types found exactly once by name.
            guard let definitions = byName[name], definitions.count == 1, let type = definitions.first else { continue }
            pending += Self.referencedNames(of: type)
        }
        return result
    }

    /// Whether an operation's request or response (their bases, generic args or properties) uses `name`.
    func operation(_ operation: OperationDefinition, references name: String) -> Bool {
        let target = SwiftNames.stripArity(name)
        var types = [operation.request]
        if let response = operation.response { types.append(response) }
        if let returnType = operation.returnType,
            ([returnType.name] + returnType.genericArgs).flatMap(Self.names(inTypeText:)).contains(target)
        {
            return true
        }
        return types.contains { type in
            SwiftNames.stripArity(type.name) == target || Self.referencedNames(of: type).contains(target)
        }
    }

    static func referencedNames(of type: TypeDefinition) -> [String] {
        var names: [String] = []
        if let base = type.inherits {
            names.append(SwiftNames.stripArity(base.name))
            names += base.genericArgs.flatMap(Self.names(inTypeText:))
        }
        for implemented in type.implements { names += implemented.genericArgs.flatMap(Self.names(inTypeText:)) }
        for property in type.properties {
            names += Self.names(inTypeText: property.type)
            names += property.genericArgs.flatMap(Self.names(inTypeText:))
            for attribute in property.attributes {
                for argument in attribute.arguments {
                    if let value = argument.value, value.hasPrefix("typeof(") {
                        names += Self.names(inTypeText: String(value.dropFirst(7).dropLast()))
                    }
                }
            }
        }
        return names
    }

    /// Every type name mentioned in a C#-style type text (`List<Dictionary<String,Poco>>` → List, Dictionary, String, Poco).
    static func names(inTypeText text: String) -> [String] {
        guard let parsed = try? ClrTypeName.parse(text.replacingArraySuffix()) else { return [] }
        var names: [String] = []
        var pending = [parsed]
        while let node = pending.popLast() {
            names.append(node.name)
            pending += node.arguments
        }
        return names
    }
}

extension String {
    fileprivate func replacingArraySuffix() -> String {
        var text = self
        while text.hasSuffix("[]") { text.removeLast(2) }
        return text
    }
}
