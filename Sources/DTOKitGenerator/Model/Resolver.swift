/// Turns the selected snapshot types into ``ResolvedType``s: Swift names, property types and
/// optionality, inheritance, conformances and metadata tables.
///
/// Odd input degrades instead of failing: a type the snapshot does not define becomes `JsonValue`,
/// a broken inheritance chain is cut, a conformance the properties cannot satisfy is left out, each
/// with a warning in ``warnings``.
struct Resolver {
    let selection: TypeSelection
    let options: GeneratorOptions
    let fileName: String
    let mapper: TypeMapper
    let names: ShadowedNames
    let library: LibraryTypes
    let warnings: WarningLog
    /// Generated classes by Swift name.
    let classesByName: [String: TypeDefinition]
    /// The base of every generated class, resolved once (cycles cut), by type key.
    let bases: [String: ResolvedBase]
    /// The generated non-generic subclasses of each class, deepest first, by type key.
    let subclassesByBase: [String: [String]]

    init(selection: TypeSelection, options: GeneratorOptions, fileName: String, warnings: WarningLog) {
        self.selection = selection
        self.options = options
        self.fileName = fileName
        self.warnings = warnings
        var kinds: [String: TypeMapper.GeneratedKind] = [:]
        var classes: [String: TypeDefinition] = [:]
        for type in selection.types {
            let name = SwiftNames.stripArity(type.name)
            if type.isEnum {
                kinds[name] = .enumeration
            } else if type.isInterface {
                kinds[name] = .interface
            } else {
                kinds[name] = .dto
                classes[name] = type
            }
        }
        classesByName = classes
        names = ShadowedNames(generatedNames: Set(kinds.keys))
        library = LibraryTypes(names: names, structs: options.exportAsStructs)
        mapper = TypeMapper(
            generated: kinds, generatedArity: classes.mapValues(\.genericArgs.count),
            userProvided: selection.deliberatelyExcludedNames,
            treatAsString: Set(options.treatTypesAsStrings), names: names,
            generatedTypesAreConvertible: options.addModelExtensions, builtInsAsValues: options.exportAsStructs)
        bases = BaseResolver(types: selection.types, classesByName: classes, warnings: warnings).bases
        subclassesByBase = Self.subclassesByBase(of: selection.types, bases: bases)
    }

    func resolve() -> ResolvedModule {
        var result: [ResolvedType] = []
        for type in selection.types {
            if type.isEnum {
                result.append(.enumType(resolveEnum(type)))
            } else if type.isInterface {
                result.append(.protocolType(resolveProtocol(type)))
            } else {
                result.append(.classType(resolveClass(type)))
            }
        }
        if options.exportAsStructs { storeRecursiveMembersIndirectly(&result) }
        ConformanceChecker(warnings: warnings).reconcile(&result, definitions: selection.types)
        for type in selection.excludedForGenericBase {
            guard let base = type.inherits else { continue }
            result.append(
                .excluded(
                    name: SwiftNames.stripArity(type.name), baseName: SwiftNames.stripArity(base.name),
                    baseArguments: base.genericArgs))
        }
        return ResolvedModule(types: result, library: library, accessLevel: options.accessLevel)
    }

    // MARK: Classes

    private func resolveClass(_ type: TypeDefinition) -> ResolvedClass {
        let swiftName = SwiftNames.stripArity(type.name)
        let operation = selection.operations[type.key]
        let (base, baseKind, flattenedBaseProperties) = resolveBase(of: type)

        var (conformances, returnType, runtimeProtocolProperties) = declaredConformances(of: type)
        let inheritedConformances = generatedBaseChain(of: type).flatMap { declaredConformances(of: $0).conformances }
        if options.exportAsStructs {
            // A struct inherits nothing: it declares its server base classes' conformances itself.
            for conformance in inheritedConformances where !conformances.contains(conformance) {
                conformances.append(conformance)
            }
        } else {
            // A subclass of a generated class inherits its conformances; declaring one again is an error.
            conformances.removeAll { inheritedConformances.contains($0) }
        }

        var members: [ClassMember] = []
        // A request base class has a `version` already (its own or the implicit one).
        if let version = options.addImplicitVersion, operation != nil, !allPropertyNames(of: type).contains("version"),
            !generatedBaseChain(of: type).contains(where: { selection.operations[$0.key] != nil })
        {
            members.append(
                .property(
                    ResolvedProperty(
                        name: "version", jsonName: "version", type: library.int,
                        initialValue: .integer(version), annotations: [], documentation: nil)))
        }
        let inherited = inheritedProperties(of: type)
        let inheritedNames = Set(inherited.map(\.name))
        var declaredNames = Set(members.compactMap(\.property).map(\.name))
        for property in type.properties {
            let member = resolveProperty(property, in: type, forcedOptional: runtimeProtocolProperties)
            guard case .property(let resolved) = member else {
                members.append(member)
                continue
            }
            if inheritedNames.contains(resolved.name) {
                // C# `new` re-declarations: Swift cannot override a stored property, the base's stays.
                let baseName = type.inherits.map { SwiftNames.stripArity($0.name) } ?? "the base class"
                members.append(
                    .skipped(
                        SkippedProperty(
                            name: resolved.name, type: .swift(resolved.type),
                            reason: .declaredByBase(baseName))))
            } else if !declaredNames.insert(resolved.name).inserted {
                warnings.warn(
                    at: property.jsonPath + ".name",
                    "`\(swiftName).\(resolved.name)` is declared twice; the first declaration is kept")
                members.append(
                    .skipped(SkippedProperty(name: resolved.name, type: .swift(resolved.type), reason: .duplicateName)))
            } else {
                members.append(member)
            }
        }
        var ownNames = Set(members.compactMap(\.property).map(\.name))
        members += flattenedBaseProperties.filter { !ownNames.contains($0.name) }.map(ClassMember.property)
        if options.exportAsStructs {
            // A struct declares the members of its server base classes too.
            ownNames.formUnion(flattenedBaseProperties.map(\.name))
            members += inherited.filter { ownNames.insert($0.name).inserted }.map(ClassMember.property)
        }
        if options.addResponseStatus, isResponse(type),
            !allPropertyNames(of: type).contains("responsestatus"), !ownNames.contains("responseStatus")
        {
            members.append(
                .property(
                    ResolvedProperty(
                        name: "responseStatus", jsonName: "responseStatus",
                        type: .optional(library.responseStatus),
                        initialValue: nil, annotations: [], documentation: nil)))
        }
        let own = members.compactMap(\.property)
        // One table entry per JSON name: own properties first, then the nearest base's.
        var jsonNames: Set<String> = []
        let metadataProperties = (own + inherited).filter { jsonNames.insert($0.jsonName).inserted }
        if options.exportAsStructs {
            // An AutoQuery request declares its query base's members: it pages as the class form does.
            if inheritsQueryBase(type) && !conformances.contains(library.iQuery) { conformances.append(library.iQuery) }
            conformances += valueConformances(hasId: own.contains { $0.name == "id" })
        }
        let ownPropertyCount = Set(own.map(\.jsonName)).count

        let isRoot = baseKind != .generated
        let subclasses = isRoot && type.genericArgs.isEmpty ? subclassesByBase[type.key] ?? [] : []
        var resolved = ResolvedClass(
            name: swiftName, isStruct: options.exportAsStructs,
            genericParameters: type.genericArgs, genericConstraints: genericConstraints,
            base: base, baseKind: baseKind,
            returnType: returnType, conformances: conformances, members: members,
            metadataProperties: metadataProperties, ownPropertyCount: ownPropertyCount,
            routes: hasRoutes(type) ? operation?.routes ?? [] : [],
            isRequest: operation != nil, isConformanceRoot: isRoot, subclasses: subclasses,
            annotations: Self.typeAnnotations(type, routes: operation?.routes ?? []),
            documentation: options.addDescriptionAsComments ? type.description : nil)
        resolved.metadata = metadata(of: resolved)
        resolved.codable = codable(of: resolved)
        return resolved
    }

    /// What generic parameters are constrained to: the runtime reads and writes them
    /// (`JsonConvertible`), Codable code decodes them.
    private var genericConstraints: [SwiftType] {
        (options.addModelExtensions ? [library.jsonConvertible] : []) + (options.addCodable ? [library.codable] : [])
            + (options.exportAsStructs ? [library.hashable, library.sendable] : [])
    }

    /// What a DTO struct is besides its server's interfaces: a `Hashable`, `Sendable` value, and
    /// `Identifiable` (for SwiftUI lists) when it has an `id`.
    private func valueConformances(hasId: Bool) -> [SwiftType] {
        [library.hashable, library.sendable] + (hasId ? [library.identifiable] : [])
    }

    /// The Swift base class, its kind, and the members of a runtime base the class declares itself.
    private func resolveBase(of type: TypeDefinition)
        -> (base: SwiftType?, kind: ResolvedClass.BaseKind, flattened: [ResolvedProperty])
    {
        switch bases[type.key] ?? .none {
        case .generated(let reference, _):
            // A struct declares its bases' members itself (``inheritedProperties(of:)``).
            guard !options.exportAsStructs else { return (nil, .none, []) }
            return (mapReference(reference, in: type, at: type.jsonPath + ".inherits"), .generated, [])
        case .runtime(let reference, let builtIn):
            let arguments = reference.genericArgs.map { mapText($0, in: type, at: type.jsonPath + ".inherits") }
            guard declaresMembers(of: builtIn) else {
                var fallbacks = TypeMapper.Fallbacks()
                let fitted = mapper.fitted(
                    arguments, to: builtIn.genericParameters.count, of: builtIn.swiftName, &fallbacks)
                if !fallbacks.isEmpty {
                    warnings.warn(
                        at: type.jsonPath + ".inherits",
                        "`\(SwiftNames.stripArity(type.name))` inherits "
                            + "`\(reference.name)`: " + Self.explain(fallbacks)
                            + "; `JsonValue` stands in for the missing ones")
                }
                return (
                    .named(builtIn.swiftName, fitted, .dto, module: names.module(for: builtIn.swiftName)), .runtime, []
                )
            }
            return (
                configuredBase, configuredBase == nil ? .none : .configured,
                builtInProperties(builtIn, arguments: arguments)
            )
        case .none:
            return (configuredBase, configuredBase == nil ? .none : .configured, [])
        }
    }

    /// The `BaseClass` option, for classes without another base.
    private var configuredBase: SwiftType? {
        guard !options.exportAsStructs else { return nil }
        return options.baseClass.map { .named($0, [], .configuredBaseClass, module: nil) }
    }

    /// The protocols a class declares: IReturn/IReturnVoid (with the return type), generated
    /// interfaces, verb and other runtime markers; and the properties the runtime markers require.
    private func declaredConformances(of type: TypeDefinition)
        -> (conformances: [SwiftType], returnType: SwiftType?, runtimeProtocolProperties: Set<String>)
    {
        let operation = selection.operations[type.key]
        var conformances: [SwiftType] = []
        var returnType: SwiftType?
        if let operation, options.addModelExtensions {
            if operation.returnsVoid {
                conformances.append(libraryProtocol("IReturnVoid"))
            } else {
                conformances.append(libraryProtocol("IReturn"))
                returnType = resolveReturnType(operation, in: type)
            }
        }
        var runtimeProtocolProperties: Set<String> = []
        var verbMarkers: [String] = []
        for implemented in type.implements {
            let name = implemented.name
            if BuiltInTypes.protocols.contains(name) {
                verbMarkers.append(name)
                runtimeProtocolProperties.formUnion(BuiltInTypes.protocolRequirements[name]?.map(\.name) ?? [])
            } else if BuiltInTypes.droppedInterfaces.contains(name)
                || implemented.namespace?.hasPrefix("System") == true
            {
                continue
            } else if mapper.generated[SwiftNames.stripArity(name)] == .interface {
                conformances.append(.named(SwiftNames.stripArity(name), [], .protocolType, module: nil))
            }
        }
        if let operation,
            !verbMarkers.contains(where: { ["IGet", "IPost", "IPut", "IDelete", "IPatch"].contains($0) }),
            let verb = Self.preferredVerb(operation)
        {
            verbMarkers.append(verb)
        }
        for marker in verbMarkers where !conformances.contains(libraryProtocol(marker)) {
            conformances.append(libraryProtocol(marker))
        }
        return (conformances, returnType, runtimeProtocolProperties)
    }

    /// Whether a class is a request with custom routes the generated code lists.
    private func hasRoutes(_ type: TypeDefinition) -> Bool {
        options.addModelExtensions && !(selection.operations[type.key]?.routes.isEmpty ?? true)
    }

    /// The verb to mark a request with when `implements` names none: the operation's preferred
    /// method, else the single verb of its routes.
    static func preferredVerb(_ operation: OperationDefinition) -> String? {
        let markers = ["GET": "IGet", "POST": "IPost", "PUT": "IPut", "DELETE": "IDelete", "PATCH": "IPatch"]
        if let method = operation.method, let marker = markers[method] { return marker }
        let routeVerbs = Set(
            operation.routes.compactMap(\.verbs).flatMap { $0.split(separator: ",") }
                .map { $0.trimmingWhitespace().uppercased() })
        if routeVerbs.count == 1, let verb = routeVerbs.first { return markers[verb] }
        return nil
    }

    /// Routes, exported attributes and `[DataContract]`, in the order ServiceStack writes them.
    static func typeAnnotations(_ type: TypeDefinition, routes: [RouteDefinition]) -> [Annotation] {
        var annotations = routes.map(Annotation.route)
        annotations += type.attributes.filter { $0.name != "Route" }.map(Annotation.attribute)
        if let contract = type.dataContract {
            annotations.append(.dataContract(name: contract.name, namespace: contract.namespace))
        }
        return annotations
    }

    private func resolveReturnType(_ operation: OperationDefinition, in type: TypeDefinition) -> SwiftType {
        if let reference = operation.returnType {
            // `Task<T>` and other System types without a Swift mapping are answered as untyped JSON.
            if reference.namespace?.hasPrefix("System") == true {
                return mapQuietly(reference, in: type) ?? library.jsonValue
            }
            return mapReference(reference, in: type, at: type.jsonPath)
        }
        if let response = operation.response {
            if response.namespace.hasPrefix("System") || !response.genericArgs.isEmpty { return library.jsonValue }
            let reference = TypeReference(name: response.name, namespace: response.namespace, genericArgs: [])
            return mapReference(reference, in: type, at: type.jsonPath)
        }
        return library.jsonValue
    }

    private func isResponse(_ type: TypeDefinition) -> Bool {
        type.name.hasSuffix("Response") && selection.operations[type.key] == nil
    }

    /// Whether a generated class declares the members of its runtime base class instead of
    /// inheriting them: when the runtime class has its own `JsonSerializable` conformance (Swift
    /// allows one per hierarchy), or without model extensions (the runtime's generic bases require
    /// `JsonConvertible` arguments).
    func declaresMembers(of builtIn: BuiltInTypes.Class) -> Bool {
        builtIn.isSerializable || !options.addModelExtensions || options.exportAsStructs
    }

    private func libraryProtocol(_ name: String) -> SwiftType {
        .named(name, [], .protocolType, module: names.module(for: name))
    }
}

extension ClassMember {
    var property: ResolvedProperty? {
        if case .property(let property) = self { return property }
        return nil
    }
}
