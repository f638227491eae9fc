/// Makes the generated protocols and the classes declaring them agree.
///
/// A protocol requires `var name: Type { get set }` with exactly the type the class declares, but the
/// options (MakePropertiesOptional, InitializeCollections, `isRequired`) can make a class's property
/// non-optional while the interface's is optional. So each protocol property takes the type its
/// implementing classes agree on; a class that still does not match (a property missing, or typed
/// differently from the other implementers) is generated without that conformance, with a warning.
struct ConformanceChecker {
    let warnings: WarningLog

    func reconcile(_ types: inout [ResolvedType], definitions: [TypeDefinition]) {
        var protocolIndex: [String: Int] = [:]
        var classIndex: [String: Int] = [:]
        for (index, type) in types.enumerated() {
            switch type {
            case .protocolType(let declared): protocolIndex[declared.name] = index
            case .classType(let declared): classIndex[declared.name] = index
            default: break
            }
        }
        let paths = Dictionary(
            definitions.map { (SwiftNames.stripArity($0.name), $0.jsonPath) }, uniquingKeysWith: { first, _ in first })

        // 1. Protocol properties take the type their implementers agree on.
        for (name, index) in protocolIndex {
            guard case .protocolType(var declared) = types[index], declared.associatedTypes.isEmpty else { continue }
            let implementers = classIndex.values.compactMap { index -> ResolvedClass? in
                guard case .classType(let type) = types[index], conforms(type, to: name, types, protocolIndex) else {
                    return nil
                }
                return type
            }
            for (position, property) in declared.properties.enumerated() {
                let declaredTypes = Set(implementers.compactMap { $0.propertyType(property.name) })
                if declaredTypes.count == 1, let agreed = declaredTypes.first {
                    declared.properties[position].type = agreed
                }
            }
            types[index] = .protocolType(declared)
        }

        // 2. Classes that still do not match lose the conformance.
        for index in classIndex.values.sorted() {
            guard case .classType(var declared) = types[index] else { continue }
            declared.conformances = declared.conformances.filter { conformance in
                guard case .named(let name, _, .protocolType, let module) = conformance else { return true }
                let requirements: [ResolvedProperty]
                if module == nil, protocolIndex[name] != nil {
                    requirements = self.requirements(of: name, types, protocolIndex)
                } else if let runtime = BuiltInTypes.protocolRequirements[name] {
                    requirements = runtime.map {
                        ResolvedProperty(
                            name: $0.name, jsonName: $0.name, type: $0.type, initialValue: nil, annotations: [],
                            documentation: nil)
                    }
                } else {
                    return true
                }
                guard
                    let missing = requirements.first(where: {
                        declared.propertyType($0.name)?.withoutModules != $0.type.withoutModules
                    })
                else { return true }
                let found =
                    declared.propertyType(missing.name) == nil ? "does not declare it" : "declares it with another type"
                warnings.warn(
                    at: paths[declared.name] ?? "$",
                    "`\(declared.name)` does not match `\(name).\(missing.name)` (it \(found)); it is generated "
                        + "without the conformance to `\(name)`")
                return false
            }
            types[index] = .classType(declared)
        }
    }

    /// The properties a protocol and the protocols it refines require (those with associated types are not checked).
    private func requirements(of name: String, _ types: [ResolvedType], _ protocols: [String: Int])
        -> [ResolvedProperty]
    {
        var result: [ResolvedProperty] = []
        var pending = [name]
        var visited: Set<String> = []
        while let next = pending.popLast() {
            guard visited.insert(next).inserted, let index = protocols[next],
                case .protocolType(let declared) = types[index], declared.associatedTypes.isEmpty
            else { continue }
            result += declared.properties
            pending += declared.inherits
        }
        return result
    }

    /// Whether a class declares `name` or a protocol refining it.
    private func conforms(_ type: ResolvedClass, to name: String, _ types: [ResolvedType], _ protocols: [String: Int])
        -> Bool
    {
        var pending = type.conformances.compactMap { conformance -> String? in
            guard case .named(let protocolName, _, .protocolType, _) = conformance else { return nil }
            return protocolName
        }
        var visited: Set<String> = []
        while let next = pending.popLast() {
            if next == name { return true }
            guard visited.insert(next).inserted, let index = protocols[next],
                case .protocolType(let declared) = types[index]
            else { continue }
            pending += declared.inherits
        }
        return false
    }
}

extension SwiftType {
    /// The type with module qualifications removed, to compare a spelled-out library type with a
    /// qualified one (`Swift.String` and `String` are the same requirement).
    var withoutModules: SwiftType {
        switch self {
        case .named(let name, let arguments, let kind, _):
            return .named(name, arguments.map(\.withoutModules), kind, module: nil)
        case .array(let element): return .array(element.withoutModules)
        case .dictionary(let key, let value): return .dictionary(key.withoutModules, value.withoutModules)
        case .optional(let wrapped): return .optional(wrapped.withoutModules)
        }
    }
}

extension ResolvedClass {
    /// The type of a stored property this class has (own or inherited), by Swift name.
    func propertyType(_ name: String) -> SwiftType? {
        metadataProperties.first { $0.name == name }?.type
    }
}
