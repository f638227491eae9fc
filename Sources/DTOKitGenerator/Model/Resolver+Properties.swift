/// Properties: names, Swift types, optionality and initial values.
extension Resolver {
    func resolveProperty(
        _ property: PropertyDefinition, in type: TypeDefinition,
        forcedOptional: Set<String>
    ) -> ClassMember {
        let name = propertyName(property, in: type)
        let jsonName = property.dataMember?.name ?? SwiftNames.camelCase(property.name)
        guard var mapped = propertyType(property, named: name, in: type) else {
            return .skipped(
                SkippedProperty(name: name, type: .clr(SwiftNames.stripArity(property.type)), reason: .interfaceType))
        }
        if property.name == "ProviderOAuthAccess" {
            return .skipped(SkippedProperty(name: name, type: .swift(mapped), reason: .interfaceType))
        }
        var initialValue: InitialValue?
        if !mapped.isOptional {
            if mapped.isCollection {
                // Current ServiceStack: collections start empty when InitializeCollections or the
                // property is required, except on AutoQuery/CRUD requests (an empty filter is not no filter).
                if (options.initializeCollections || property.isRequired) && !isAutoQueryOrCrud(type) {
                    initialValue = mapped.unwrapped.isDictionaryShape ? .emptyDictionary : .emptyArray
                } else {
                    mapped = .optional(mapped)
                }
            } else if options.makePropertiesOptional || forcedOptional.contains(name) {
                mapped = .optional(mapped)
            } else if let value = defaultValue(for: mapped) {
                initialValue = value
            } else {
                mapped = .optional(mapped)
            }
        }
        if forcedOptional.contains(name), !mapped.isOptional {
            mapped = .optional(mapped)
            initialValue = nil
        }
        return .property(
            ResolvedProperty(
                name: name, jsonName: jsonName, type: mapped, initialValue: initialValue,
                annotations: Self.propertyAnnotations(property),
                documentation: options.addDescriptionAsComments ? property.description : nil))
    }

    /// The Swift name: camelCase of the DataMember name or the property name, made a valid identifier,
    /// capitalized where it would clash with a member of the configured base class.
    private func propertyName(_ property: PropertyDefinition, in type: TypeDefinition) -> String {
        let sourceName = property.dataMember?.name ?? property.name
        var name = SwiftNames.camelCase(sourceName)
        if !SwiftNames.isIdentifier(name) {
            let sanitized = SwiftNames.sanitizedIdentifier(name)
            warnings.warn(
                at: property.jsonPath + ".name",
                "property name `\(sourceName)` of `\(SwiftNames.stripArity(type.name))` is not a valid Swift "
                    + "identifier; it is generated as `\(sanitized)` (the JSON name stays `\(sourceName)`)")
            name = sanitized
        }
        if options.baseClass != nil, SwiftNames.baseClassMembers.contains(name) {
            name = SwiftNames.capitalized(name)
        }
        return name
    }

    /// The mapped type, `JsonValue` (with a warning) for what cannot be known, nil for interfaces.
    private func propertyType(_ property: PropertyDefinition, named name: String, in type: TypeDefinition) -> SwiftType?
    {
        let owner = "`\(SwiftNames.stripArity(type.name)).\(name)`"
        guard !property.type.isEmpty else {
            warnings.warn(at: property.jsonPath, "property \(owner) has no `type`; it is generated as `JsonValue`")
            return library.jsonValue
        }
        guard let clr = try? ClrTypeName.property(type: property.type, genericArgs: property.genericArgs) else {
            warnings.warn(
                at: property.jsonPath + ".type",
                "cannot read the type of \(owner): `\(property.type)` with genericArgs \(property.genericArgs); "
                    + "it is generated as `JsonValue`")
            return library.jsonValue
        }
        if property.isValueType, !property.isEnum, !property.isSystemType, clr.arguments.isEmpty, clr.arrayRank == 0,
            mapper.generated[clr.name] == nil, property.namespace != nil
        {
            // A user-defined struct: ServiceStack sends its ToString() text.
            return library.string
        }
        var fallbacks = TypeMapper.Fallbacks()
        guard let mapped = try? mapper.map(clr, genericParameters: type.genericArgs, fallbacks: &fallbacks) else {
            return nil
        }
        if !fallbacks.isEmpty {
            warnings.warn(
                at: property.jsonPath + ".type",
                "\(owner), typed `\(Self.clrText(property))`: "
                    + Self.explain(fallbacks) + "; `JsonValue` (which reads any JSON) stands in for it")
        }
        return mapped
    }

    /// Initial values for non-optional scalars (`MakePropertiesOptional: False`).
    private func defaultValue(for type: SwiftType) -> InitialValue? {
        guard case .named(let name, let arguments, let kind, _) = type else { return nil }
        switch kind {
        case .scalar:
            switch name {
            case "String": return .emptyString
            case "Bool": return .false
            case "Date": return .epoch
            case "Data": return .newInstance
            default: return .zero
            }
        case .formatted(let format): return format.initialValue
        case .json: return .jsonNull
        case .dto:
            if let generic = classesByName[name], !generic.genericArgs.isEmpty, arguments.isEmpty { return nil }
            return .newInstance
        case .enumeration, .genericParameter, .protocolType, .configuredBaseClass, .library: return nil
        }
    }

    /// ServiceStack's AutoQuery and CRUD requests: query bases (`QueryDb<T>`…) anywhere up the
    /// hierarchy, or a CRUD marker interface.
    func isAutoQueryOrCrud(_ type: TypeDefinition) -> Bool {
        let crudMarkers: Set<String> = ["ICreateDb`1", "IUpdateDb`1", "IPatchDb`1", "IDeleteDb`1", "ISaveDb`1"]
        return type.implements.contains(where: { crudMarkers.contains($0.name) }) || inheritsQueryBase(type)
    }

    /// Whether a query base (`QueryDb<T>`…) is anywhere up `type`'s hierarchy.
    func inheritsQueryBase(_ type: TypeDefinition) -> Bool {
        var current = type
        var visited: Set<String> = []
        while visited.insert(current.key).inserted {
            switch bases[current.key] ?? .none {
            case .none: return false
            case .runtime(_, let builtIn): return builtIn.isQuery
            case .generated(_, let base): current = base
            }
        }
        return false
    }

    static func propertyAnnotations(_ property: PropertyDefinition) -> [Annotation] {
        (property.dataMember.map { [Annotation.dataMember($0)] } ?? []) + property.attributes.map(Annotation.attribute)
    }

    // MARK: Type references

    /// A base class, return type or other named reference, `JsonValue` (with a warning) when unknown.
    func mapReference(_ reference: TypeReference, in type: TypeDefinition, at path: String) -> SwiftType {
        guard let clr = Self.clrName(reference) else {
            warnings.warn(
                at: path,
                "cannot read the type name `\(reference.name)` with genericArgs \(reference.genericArgs) "
                    + "(used by `\(SwiftNames.stripArity(type.name))`); it is generated as `JsonValue`")
            return library.jsonValue
        }
        return map(clr, text: reference.name, in: type, at: path)
    }

    /// A C#-style type text (`List<Poco>`, a generic argument).
    func mapText(_ text: String, in type: TypeDefinition, at path: String) -> SwiftType {
        guard let clr = try? ClrTypeName.parse(text) else {
            warnings.warn(
                at: path,
                "cannot read the type name `\(text)` (used by `\(SwiftNames.stripArity(type.name))`); "
                    + "it is generated as `JsonValue`")
            return library.jsonValue
        }
        return map(clr, text: text, in: type, at: path)
    }

    /// The mapping of a reference when the mapper knows every name in it, without warnings.
    func mapQuietly(_ reference: TypeReference, in type: TypeDefinition) -> SwiftType? {
        var fallbacks = TypeMapper.Fallbacks()
        guard let clr = Self.clrName(reference),
            let mapped = try? mapper.map(clr, genericParameters: type.genericArgs, fallbacks: &fallbacks),
            fallbacks.isEmpty
        else { return nil }
        return mapped
    }

    private func map(_ clr: ClrTypeName, text: String, in type: TypeDefinition, at path: String) -> SwiftType {
        var fallbacks = TypeMapper.Fallbacks()
        guard let mapped = try? mapper.map(clr, genericParameters: type.genericArgs, fallbacks: &fallbacks) else {
            warnings.warn(
                at: path,
                "`\(text)` is an interface (used by `\(SwiftNames.stripArity(type.name))`); "
                    + "it is generated as `JsonValue`")
            return library.jsonValue
        }
        if !fallbacks.isEmpty {
            warnings.warn(
                at: path,
                "`\(SwiftNames.stripArity(type.name))` refers to `\(text)`: " + Self.explain(fallbacks)
                    + "; `JsonValue` (which reads any JSON) stands in for it")
        }
        return mapped
    }

    private static func clrName(_ reference: TypeReference) -> ClrTypeName? {
        guard var clr = try? ClrTypeName.property(type: reference.name, genericArgs: []) else { return nil }
        if clr.arguments.isEmpty {
            guard let arguments = try? reference.genericArgs.map({ try ClrTypeName.parse($0) }) else { return nil }
            clr.arguments = arguments
        }
        return clr
    }

    // MARK: Runtime base classes

    /// The members of a runtime DTO class, declared in a generated subclass of it instead of inherited.
    func builtInProperties(_ builtIn: BuiltInTypes.Class, arguments: [SwiftType]) -> [ResolvedProperty] {
        var substitutions: [String: SwiftType] = [:]
        for (index, parameter) in builtIn.genericParameters.enumerated() {
            substitutions[parameter] = index < arguments.count ? arguments[index] : library.jsonValue
        }
        return builtIn.properties.map {
            let type = options.exportAsStructs ? BuiltInTypes.valueForms($0.type) : $0.type
            return ResolvedProperty(
                name: $0.name, jsonName: $0.name, type: qualified(type).substituting(substitutions),
                initialValue: nil, annotations: [], documentation: nil)
        }
    }

    /// A library type as generated code spells it when the snapshot shadows its name.
    func qualified(_ type: SwiftType) -> SwiftType {
        switch type {
        case .named(let name, let arguments, let kind, let module):
            let module = kind == .genericParameter ? module : (module ?? names.module(for: name))
            return .named(name, arguments.map(qualified), kind, module: module)
        case .array(let element): return .array(qualified(element))
        case .dictionary(let key, let value): return .dictionary(qualified(key), qualified(value))
        case .optional(let wrapped): return .optional(qualified(wrapped))
        }
    }

    // MARK: Warning text

    static func explain(_ fallbacks: TypeMapper.Fallbacks) -> String {
        var seen: [TypeMapper.Fallbacks.Reason] = []
        for reason in fallbacks.reasons where !seen.contains(reason) { seen.append(reason) }
        return seen.map { reason -> String in
            switch reason {
            case .undefined(let name):
                return
                    "the snapshot does not define `\(name)` (refresh the snapshot, or leave the type out with ExcludeTypes)"
            case .nullableWithoutArgument:
                return "`Nullable`1` comes without its type argument (genericArgs), as older servers write `byte?[]`"
            case .runtimeGenericOfGeneratedTypes(let name):
                return
                    "`\(name)` needs JsonConvertible arguments, which generated types are not with AddModelExtensions: False"
            case .typeArgumentCount(let name, let expected, let found):
                return "`\(name)` takes \(expected) type argument(s), the snapshot gives \(found)"
            }
        }.joined(separator: "; ")
    }

    private static func clrText(_ property: PropertyDefinition) -> String {
        property.genericArgs.isEmpty
            ? property.type : "\(property.type)<\(property.genericArgs.joined(separator: ","))>"
    }
}

extension SwiftType {
    var isDictionaryShape: Bool {
        if case .dictionary = self { return true }
        return false
    }

    /// Replaces generic parameters by the types given for them.
    func substituting(_ substitutions: [String: SwiftType]) -> SwiftType {
        guard !substitutions.isEmpty else { return self }
        switch self {
        case .named(let name, let arguments, let kind, let module):
            if kind == .genericParameter, let replacement = substitutions[name] { return replacement }
            return .named(name, arguments.map { $0.substituting(substitutions) }, kind, module: module)
        case .array(let element): return .array(element.substituting(substitutions))
        case .dictionary(let key, let value):
            return .dictionary(key.substituting(substitutions), value.substituting(substitutions))
        case .optional(let wrapped): return .optional(wrapped.substituting(substitutions))
        }
    }
}
