/// Decides which snapshot types are generated, in which order (spec §3.5: requests in operation
/// order, then distinct responses, then `types[]`), applying the type-selecting options.
struct TypeSelection {
    /// The types to generate, in emission order.
    private(set) var types: [TypeDefinition] = []
    /// The operation of each generated request type, by type key.
    private(set) var operations: [String: OperationDefinition] = [:]
    /// Types dropped by ExcludeGenericBaseTypes, with their bases, for the `//Excluded` comments.
    private(set) var excludedForGenericBase: [TypeDefinition] = []
    /// Names (without arity) of snapshot types left out on purpose by ExcludeTypes/IncludeTypes: references
    /// to them are kept as written, for the user to provide.
    private(set) var deliberatelyExcludedNames: Set<String> = []

    init(snapshot: Snapshot, options: GeneratorOptions, warnings: WarningLog) {
        var operations = snapshot.operations
        var excludedRequestKeys: Set<String> = []
        if options.excludeTypes.contains("services") { operations = [] }

        var ordered: [TypeDefinition] = []
        var positions: [String: Int] = [:]
        func add(_ type: TypeDefinition) {
            guard let position = positions[type.key] else {
                positions[type.key] = ordered.count
                ordered.append(type)
                return
            }
            // The same type listed twice (an operation's inline response and `types[]`): keep the
            // place of the first, the content of the fuller one.
            if ordered[position].properties.isEmpty, !type.properties.isEmpty { ordered[position] = type }
        }
        for operation in operations { add(operation.request) }
        for operation in operations { if let response = operation.response { add(response) } }
        if options.excludeTypes.contains("types") {
            // Left out on purpose: references to them are the user's to provide.
            deliberatelyExcludedNames.formUnion(snapshot.types.map { SwiftNames.stripArity($0.name) })
        } else {
            for type in snapshot.types { add(type) }
        }

        let include = IncludeTypesFilter(entries: options.includeTypes, snapshot: snapshot)
        for type in ordered {
            if Self.isSkippedAlways(type) { continue }
            if !options.addServiceStackTypes,
                type.namespace == "ServiceStack" || type.namespace.hasPrefix("ServiceStack.")
            {
                continue
            }
            if Self.matchesExclude(type.name, options.excludeTypes) || !include.includes(type) {
                deliberatelyExcludedNames.insert(SwiftNames.stripArity(type.name))
                excludedRequestKeys.insert(type.key)
                continue
            }
            if options.excludeGenericBaseTypes, let base = type.inherits, !base.genericArgs.isEmpty {
                excludedForGenericBase.append(type)
                deliberatelyExcludedNames.insert(SwiftNames.stripArity(type.name))
                continue
            }
            guard SwiftNames.isIdentifier(SwiftNames.stripArity(type.name)) else {
                warnings.warn(
                    at: type.jsonPath + ".name",
                    "type name `\(type.name)` is not a valid Swift identifier; it is left out and "
                        + "properties of its type are generated as `JsonValue`")
                excludedRequestKeys.insert(type.key)
                continue
            }
            types.append(type)
        }
        removeDuplicateNames(warnings: warnings, excludedRequestKeys: &excludedRequestKeys)
        for operation in operations where !excludedRequestKeys.contains(operation.request.key) {
            self.operations[operation.request.key] = operation
        }
    }

    /// System types (`String`, `Task`1`, `Byte[]` as responses), compiler-generated names, and built-ins.
    private static func isSkippedAlways(_ type: TypeDefinition) -> Bool {
        type.namespace == "System" || type.namespace.hasPrefix("System.") || type.name.hasPrefix("<")
            || type.name.hasSuffix("[]") || BuiltInTypes.isBuiltIn(name: type.name, namespace: type.namespace)
    }

    /// ExcludeTypes: `Name` removes `Name` and `Name`1`, `Name`2`…
    static func matchesExclude(_ name: String, _ excludes: [String]) -> Bool {
        excludes.contains { name == $0 || name.hasPrefix($0 + "`") }
    }

    /// Two generated types with the same Swift name cannot coexist in one module: the first stays,
    /// later ones are left out with a warning (references by name resolve to the first).
    private mutating func removeDuplicateNames(warnings: WarningLog, excludedRequestKeys: inout Set<String>) {
        var byName: [String: TypeDefinition] = [:]
        types = types.filter { type in
            let name = SwiftNames.stripArity(type.name)
            guard let first = byName[name] else {
                byName[name] = type
                return true
            }
            warnings.warn(
                at: type.jsonPath,
                "two types are both named `\(name)`: `\(first.namespace).\(first.name)` (at \(first.jsonPath)) "
                    + "and `\(type.namespace).\(type.name)`; only the first is generated. Swift types in one module "
                    + "need distinct names: leave one out with `ExcludeTypes: \(type.name)` to silence this")
            excludedRequestKeys.insert(type.key)
            return false
        }
    }
}
