/// The runtime's own declarations of the built-ins, resolved from their table as a snapshot's DTOs
/// are, so that the emitters write DTOKit's classes and DTOKitStructs' struct forms (``BuiltInSources``)
/// with the same builders, Codable code and struct shapes as generated code.
extension BuiltInTypes {
    /// DTOKit's classes: `open`, so that generated DTOs subclass them; every serializable one with
    /// its metadata table and a Codable conformance through it.
    static func runtimeClasses(library: LibraryTypes) -> [ResolvedClass] {
        orderedClasses.map { runtimeClass($0, library: library) }
    }

    /// DTOKitStructs' struct forms of the serializable built-ins (`ResponseStatusValue`), which DTOs
    /// generated as structs use: the classes' members in value forms, their ServiceStack names in the
    /// table, Codable through it.
    static func runtimeStructs(library: LibraryTypes) -> [ResolvedClass] {
        orderedClasses.filter(\.isSerializable).map { runtimeStruct($0, library: library) }
    }

    private static func runtimeClass(_ builtIn: Class, library: LibraryTypes) -> ResolvedClass {
        let baseCount =
            builtIn.baseName.flatMap { base in orderedClasses.first { $0.swiftName == base } }?.properties
            .count ?? 0
        let properties = builtIn.properties.map { resolved($0, type: $0.type) }
        let returnType = builtIn.returnType.map { SwiftType.named($0, [], .dto, module: nil) }
        var type = ResolvedClass(
            name: builtIn.swiftName, isStruct: false, genericParameters: builtIn.genericParameters,
            genericConstraints: [library.jsonConvertible],
            base: builtIn.baseName.map { .named($0, [], .dto, module: nil) },
            baseKind: builtIn.baseName == nil ? .none : .runtime, returnType: returnType,
            conformances: conformances(builtIn, returnType: returnType),
            members: properties.dropFirst(baseCount).map(ClassMember.property),
            metadataProperties: properties, ownPropertyCount: properties.count - baseCount, routes: builtIn.routes,
            isRequest: returnType != nil, isConformanceRoot: builtIn.isSerializable, subclasses: [], annotations: [],
            documentation: builtIn.documentation)
        type.isOpen = true
        type.initializerDocumentation = emptyInstance
        guard builtIn.isSerializable else { return type }
        type.metadata = metadata(of: type, form: .classTable, typeName: nil, library: library)
        let parameters = Set(builtIn.genericParameters)
        type.codable = CodableMembers(
            conformance: library.codable,
            properties: builtIn.codesMembers
                ? properties.map { property in
                    var coded = Resolver.coded(property, library: library)
                    // A generic parameter is only known to be JsonConvertible here.
                    coded.isCheckedAtRunTime = property.type.mentions(parameters)
                    return coded
                } : [],
            callsSuperInit: false, overridesEncode: false, initializerIsRequired: true,
            form: builtIn.codesMembers ? .members : .throughMetadata)
        return type
    }

    private static func runtimeStruct(_ builtIn: Class, library: LibraryTypes) -> ResolvedClass {
        // DocC links (``GetAccessToken``) name classes of DTOKit, not symbols of DTOKitStructs: code spans here.
        let properties = builtIn.properties.map {
            var property = resolved($0, type: valueForms($0.type))
            property.documentation = property.documentation.map(codeSpans)
            return property
        }
        let returnType = builtIn.returnType.map { SwiftType.named(valueName(of: $0), [], .dto, module: nil) }
        var type = ResolvedClass(
            name: valueName(of: builtIn.swiftName), isStruct: true, genericParameters: builtIn.genericParameters,
            genericConstraints: [library.jsonConvertible, library.hashable, library.sendable], base: nil,
            baseKind: .none, returnType: returnType,
            conformances: conformances(builtIn, returnType: returnType) + [library.hashable, library.sendable],
            members: properties.map(ClassMember.property), metadataProperties: properties,
            ownPropertyCount: properties.count, routes: builtIn.routes, isRequest: returnType != nil,
            isConformanceRoot: true, subclasses: [], annotations: [],
            documentation: codeSpans(builtIn.documentation)
                + "\n`\(builtIn.swiftName)` as a value, for DTOs generated as structs (`ExportAsStructs`).")
        type.initializerDocumentation = emptyInstance
        type.metadata = metadata(of: type, form: .structTable, typeName: builtIn.swiftName, library: library)
        type.codable = CodableMembers(
            conformance: library.codableThroughMetadata, properties: [],
            callsSuperInit: false, overridesEncode: false, initializerIsRequired: false, form: .throughMetadata)
        return type
    }

    private static let emptyInstance = "An empty instance; set the members you need."

    private static func codeSpans(_ documentation: String) -> String {
        documentation.replacingOccurrences(of: "``", with: "`")
    }

    private static func resolved(_ property: Property, type: SwiftType) -> ResolvedProperty {
        ResolvedProperty(
            name: property.name, jsonName: property.name, type: type, initialValue: nil, annotations: [],
            documentation: property.documentation.isEmpty ? nil : property.documentation)
    }

    /// `IReturn` for a request, then the table's protocols (`IPost`, `IQueryResponse`).
    private static func conformances(_ builtIn: Class, returnType: SwiftType?) -> [SwiftType] {
        ((returnType == nil ? [] : ["IReturn"]) + builtIn.protocols).map { .named($0, [], .protocolType, module: nil) }
    }

    /// The public `metadata` of a built-in: stored, or one per specialization for a generic one.
    private static func metadata(
        of type: ResolvedClass, form: MetadataDeclaration.Form, typeName: String?, library: LibraryTypes
    ) -> MetadataDeclaration {
        let owner = SwiftType.named(
            type.name, type.genericParameters.map { .named($0, [], .genericParameter, module: nil) }, .dto,
            module: nil)
        var table = MetadataTable(
            owner: owner, inheriting: nil, routes: type.routes,
            entries: Resolver.entries(type.metadataProperties, library: library))
        table.typeName = typeName
        return MetadataDeclaration(
            form: form, conformance: form == .classTable ? library.jsonSerializable : library.jsonStruct,
            name: MetadataDeclaration.requirement, isPublic: true,
            storage: type.genericParameters.isEmpty ? .stored : .cachedPerSpecialization, dispatch: [], table: table)
    }
}

extension SwiftType {
    /// Whether any of `parameters` appears in the type (`[T]?` mentions `T`).
    func mentions(_ parameters: Set<String>) -> Bool {
        switch self {
        case .named(let name, let arguments, let kind, _):
            return (kind == .genericParameter && parameters.contains(name))
                || arguments.contains { $0.mentions(parameters) }
        case .array(let element): return element.mentions(parameters)
        case .dictionary(let key, let value): return key.mentions(parameters) || value.mentions(parameters)
        case .optional(let wrapped): return wrapped.mentions(parameters)
        }
    }
}
