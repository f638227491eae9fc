/// DTO structs that contain themselves: `Category.parent: Category?`, or `A.b: B?` with `B.a: A?`.
/// Swift gives a struct a fixed size, so a member whose type leads back to its own struct (directly
/// or through optionals and other structs; arrays and dictionaries store their elements elsewhere)
/// is stored `@Indirect`, and is optional, since a struct that always held another could never be made.
extension Resolver {
    func storeRecursiveMembersIndirectly(_ types: inout [ResolvedType]) {
        var structs: [String: ResolvedClass] = [:]
        for case .classType(let type) in types { structs[type.name] = type }
        /// The generated structs a value of `type` holds in place.
        func heldInPlace(_ type: SwiftType) -> [String] {
            switch type {
            case .named(let name, let arguments, .dto, nil):
                // A generic struct may hold its arguments in place: counted as if it did.
                return (structs[name] != nil ? [name] : []) + arguments.flatMap(heldInPlace)
            case .optional(let wrapped): return heldInPlace(wrapped)
            case .named, .array, .dictionary: return []
            }
        }
        let held = structs.mapValues { type in Set(type.members.compactMap(\.property).flatMap { heldInPlace($0.type) })
        }
        /// Whether a value of struct `start` holds one of `target` in place, at any depth.
        func leads(from start: String, to target: String) -> Bool {
            var visited: Set<String> = []
            var pending = [start]
            while let name = pending.popLast() {
                if name == target { return true }
                guard visited.insert(name).inserted else { continue }
                pending += held[name] ?? []
            }
            return false
        }
        for (index, type) in types.enumerated() {
            guard case .classType(var resolved) = type else { continue }
            var recursive: Set<String> = []
            for case .property(let property) in resolved.members
            where heldInPlace(property.type).contains(where: { leads(from: $0, to: resolved.name) }) {
                recursive.insert(property.name)
            }
            guard !recursive.isEmpty else { continue }
            let memberNames = Set(resolved.members.compactMap(\.property).map(\.name))
            func indirect(_ property: ResolvedProperty) -> ResolvedProperty {
                guard recursive.contains(property.name) else { return property }
                var property = property
                property.type = property.type.isOptional ? property.type : .optional(property.type)
                property.initialValue = nil
                var storageName = "_" + property.name
                while memberNames.contains(storageName) { storageName += "_" }
                property.indirectStorage = IndirectStorage(
                    name: storageName, type: library.indirect.applied(to: [property.type]))
                return property
            }
            resolved.members = resolved.members.map { member in
                if case .property(let property) = member { return .property(indirect(property)) }
                return member
            }
            resolved.metadataProperties = resolved.metadataProperties.map(indirect)
            resolved.metadata = metadata(of: resolved)
            resolved.codable = codable(of: resolved)
            types[index] = .classType(resolved)
        }
    }
}
