/// What a generated class inherits from.
enum ResolvedBase: Sendable {
    case none
    /// Another generated class.
    case generated(TypeReference, TypeDefinition)
    /// A class of the DTOKit runtime (`QueryDb<T>`, `AuditBase`, `ErrorResponse`…).
    case runtime(TypeReference, BuiltInTypes.Class)
}

/// Resolves every class's `inherits` once, by namespace as well as name, and cuts what Swift could
/// not compile: a base the snapshot does not define, a collection base, an inheritance cycle
/// (including a type that names itself, such as `Acme.ErrorResponse : ServiceStack.ErrorResponse`
/// when the runtime type is not recognised). Each cut is a warning.
struct BaseResolver {
    private(set) var bases: [String: ResolvedBase] = [:]

    init(types: [TypeDefinition], classesByName: [String: TypeDefinition], warnings: WarningLog) {
        let classes = types.filter { !$0.isEnum && !$0.isInterface }
        for type in classes {
            bases[type.key] = Self.base(of: type, classesByName: classesByName, warnings: warnings)
        }
        for type in classes { cutCycle(from: type, warnings: warnings) }
    }

    private static func base(
        of type: TypeDefinition, classesByName: [String: TypeDefinition],
        warnings: WarningLog
    ) -> ResolvedBase {
        guard let reference = type.inherits else { return .none }
        let name = SwiftNames.stripArity(reference.name)
        let arityName = reference.genericArgs.isEmpty ? reference.name : "\(name)`\(reference.genericArgs.count)"
        let builtIn = BuiltInTypes.classes[arityName] ?? BuiltInTypes.classes[reference.name]
        let generated = classesByName[name].flatMap { $0.key == type.key ? nil : $0 }
        let namesServiceStack =
            reference.namespace.map { $0 == "ServiceStack" || $0.hasPrefix("ServiceStack.") } ?? false
        if let builtIn, namesServiceStack || generated == nil {
            return .runtime(reference, builtIn)
        }
        if let generated {
            return .generated(reference, generated)
        }
        let path = type.jsonPath + ".inherits"
        if TypeMapper.isCollectionName(name) {
            warnings.warn(
                at: path,
                "`\(SwiftNames.stripArity(type.name))` inherits a collection (`\(reference.name)`), "
                    + "which a Swift class cannot; it is generated without that base, so its JSON (an array) "
                    + "does not read into it. Leave it out with `ExcludeTypes: \(type.name)`")
        } else {
            warnings.warn(
                at: path,
                "`\(SwiftNames.stripArity(type.name))` inherits `\(reference.name)`, which the "
                    + "snapshot does not define (or is the type itself); it is generated without that base class")
        }
        return .none
    }

    /// Follows the chain of generated bases from `type`; if it comes back to a class on the chain,
    /// the last link (the one closing the cycle) is cut.
    private mutating func cutCycle(from type: TypeDefinition, warnings: WarningLog) {
        var chain: [TypeDefinition] = [type]
        var onChain: Set<String> = [type.key]
        var current = type
        while case .generated(_, let base)? = bases[current.key] {
            if onChain.contains(base.key) {
                bases[current.key] = ResolvedBase.none
                let cycle = (chain + [base]).map { SwiftNames.stripArity($0.name) }.joined(separator: " : ")
                warnings.warn(
                    at: current.jsonPath + ".inherits",
                    "inheritance cycle \(cycle); `\(SwiftNames.stripArity(current.name))` is generated without its base class"
                )
                return
            }
            chain.append(base)
            onChain.insert(base.key)
            current = base
        }
    }
}

extension Resolver {
    /// Properties declared by the base classes, nearest first, with generic parameters substituted.
    func inheritedProperties(of type: TypeDefinition) -> [ResolvedProperty] {
        var properties: [ResolvedProperty] = []
        var substitutions: [String: SwiftType] = [:]
        var current = type
        var visited: Set<String> = [type.key]
        while true {
            switch bases[current.key] ?? .none {
            case .none:
                return properties
            case .runtime(let reference, let builtIn):
                let arguments = reference.genericArgs
                    .map { mapText($0, in: current, at: current.jsonPath + ".inherits").substituting(substitutions) }
                // Runtime classes declared by `current` itself are listed with its properties already;
                // a struct lists those its bases declare as its own.
                let listedAlready =
                    declaresMembers(of: builtIn) && !(options.exportAsStructs && current.key != type.key)
                return listedAlready ? properties : properties + builtInProperties(builtIn, arguments: arguments)
            case .generated(let reference, let base):
                guard visited.insert(base.key).inserted else { return properties }
                var baseSubstitutions: [String: SwiftType] = [:]
                for (index, parameter) in base.genericArgs.enumerated() {
                    // A missing argument was filled with `JsonValue` in the declaration (with a warning).
                    baseSubstitutions[parameter] =
                        index < reference.genericArgs.count
                        ? mapText(reference.genericArgs[index], in: current, at: current.jsonPath + ".inherits")
                            .substituting(substitutions)
                        : library.jsonValue
                }
                properties += declaredProperties(of: base).map {
                    var property = $0
                    property.type = property.type.substituting(baseSubstitutions)
                    return property
                }
                substitutions = baseSubstitutions
                current = base
            }
        }
    }

    /// The properties a class declares itself: its own, then those of a flattened runtime base.
    private func declaredProperties(of type: TypeDefinition) -> [ResolvedProperty] {
        var properties = type.properties.compactMap { resolveProperty($0, in: type, forcedOptional: []).property }
        if case .runtime(let reference, let builtIn)? = bases[type.key], declaresMembers(of: builtIn) {
            let arguments = reference.genericArgs.map { mapText($0, in: type, at: type.jsonPath + ".inherits") }
            let names = Set(properties.map(\.name))
            properties += builtInProperties(builtIn, arguments: arguments).filter { !names.contains($0.name) }
        }
        return properties
    }

    /// The generated classes above `type`, nearest first.
    func generatedBaseChain(of type: TypeDefinition) -> [TypeDefinition] {
        var chain: [TypeDefinition] = []
        var visited: Set<String> = [type.key]
        var current = type
        while case .generated(_, let base)? = bases[current.key], visited.insert(base.key).inserted {
            chain.append(base)
            current = base
        }
        return chain
    }

    /// Lowercased names of every property a class has, own and inherited (for AddResponseStatus).
    func allPropertyNames(of type: TypeDefinition) -> Set<String> {
        var names = Set(type.properties.map { $0.name.lowercased() })
        names.formUnion(inheritedProperties(of: type).map { $0.jsonName.lowercased() })
        if case .runtime(_, let builtIn)? = bases[type.key], declaresMembers(of: builtIn) {
            names.formUnion(builtIn.properties.map { $0.name.lowercased() })
        }
        return names
    }

    /// The generated non-generic subclasses of every class, at any depth, deepest first, by the
    /// class's key: one walk up from each class (a walk over every class for each hierarchy root
    /// took most of the generation time of large snapshots).
    static func subclassesByBase(of types: [TypeDefinition], bases: [String: ResolvedBase]) -> [String: [String]] {
        var found: [String: [(name: String, depth: Int)]] = [:]
        for type in types where !type.isEnum && !type.isInterface && type.genericArgs.isEmpty {
            let name = SwiftNames.stripArity(type.name)
            var depth = 0
            var current = type.key
            var visited: Set<String> = [current]
            while case .generated(_, let base)? = bases[current] {
                let key = base.key
                guard visited.insert(key).inserted else { break }
                depth += 1
                found[key, default: []].append((name, depth))
                current = key
            }
        }
        return found.mapValues { subclasses in subclasses.sorted { $0.depth > $1.depth }.map(\.name) }
    }
}
