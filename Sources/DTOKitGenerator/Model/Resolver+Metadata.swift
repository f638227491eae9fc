/// The JSON metadata of classes and enums (AddModelExtensions): where a class's table is declared,
/// whether it extends its base class's table, and the runtime builder of each property.
extension Resolver {
    func metadata(of type: ResolvedClass) -> MetadataDeclaration? {
        guard options.addModelExtensions else { return nil }
        let owner = SwiftType.named(
            type.name, type.genericParameters.map { .named($0, [], .genericParameter, module: nil) },
            .dto, module: nil)
        let inheriting = baseTable(of: type)
        // A table that extends its base's lists the class's own properties only.
        let listed =
            inheriting == nil ? type.metadataProperties[...] : type.metadataProperties.prefix(type.ownPropertyCount)
        let table = MetadataTable(
            owner: owner, inheriting: inheriting, routes: type.routes, entries: Self.entries(listed, library: library))
        let storage: MetadataDeclaration.Storage = type.genericParameters.isEmpty ? .stored : .cachedPerSpecialization
        if type.isStruct {
            return MetadataDeclaration(
                form: .structTable, conformance: library.jsonStruct, name: MetadataDeclaration.requirement,
                isPublic: true, storage: storage, dispatch: [], table: table)
        }
        guard type.isConformanceRoot else {
            return MetadataDeclaration(
                form: .classTable, conformance: nil, name: Self.tableName(type.name), isPublic: false,
                storage: storage, dispatch: [], table: table)
        }
        // The root's `metadata` returns the table of the subclass it is called on. (Generic classes
        // have none listed, nor are listed; DocC: Limitations.)
        let dispatch = type.subclasses.map { subclass in
            TableReference(type: .named(subclass, [], .dto, module: nil), name: Self.tableName(subclass))
        }
        return MetadataDeclaration(
            form: .classTable, conformance: library.jsonSerializable,
            name: dispatch.isEmpty ? MetadataDeclaration.requirement : Self.tableName(type.name),
            isPublic: dispatch.isEmpty, storage: storage, dispatch: dispatch, table: table)
    }

    /// A table's entries: each property's JSON name and its runtime builder.
    static func entries(_ properties: some Sequence<ResolvedProperty>, library: LibraryTypes) -> [MetadataTable.Entry] {
        properties.map { property in
            let (builder, format) = builder(for: property.type)
            return MetadataTable.Entry(
                jsonName: property.jsonName, propertyName: property.name, builder: builder,
                format: format.map(library.format))
        }
    }

    /// The stored table of a class in a hierarchy: `technologyMetadata`.
    static func tableName(_ swiftName: String) -> String {
        var name = Substring(SwiftNames.camelCase(swiftName))
        while name.first == "_" { name = name.dropFirst() }
        while name.last == "_" { name = name.dropLast() }
        return name + "Metadata"
    }

    /// The table a subclass's table extends: its base's, when the base is a non-generic generated
    /// class (which has a stored table of its own).
    private func baseTable(of type: ResolvedClass) -> TableReference? {
        guard type.baseKind == .generated, type.genericParameters.isEmpty,
            case .named(let base, [], .dto, _)? = type.base
        else { return nil }
        return TableReference(type: .named(base, [], .dto, module: nil), name: Self.tableName(base))
    }

    /// The runtime builder for a property of this type: one of the builders DTOKit compiles for the
    /// common member types (`optionalString`, `optionalObject`, `optionalArray`…), which cost the
    /// DTOs' module only the call; `value`/`optional`, specialized where they are called, for the rest
    /// (enums, generic parameters, rarer scalars). Formatted values (`formatted`, `formattedArray`…)
    /// also name their format.
    static func builder(for type: SwiftType) -> (name: String, format: ValueFormat?) {
        let name: String?
        var format: ValueFormat?
        switch type.unwrapped {
        case .named(_, _, .formatted(let valueFormat), _):
            name = "formatted"
            format = valueFormat
        case .named(_, _, .dto, _): name = "object"
        case .named(_, _, .json, _): name = "json"
        case .named(let swiftName, [], .scalar, let module) where module == nil || module == "Foundation":
            name = scalarBuilders[swiftName]
        case .named, .optional: name = nil
        case .array(.named(_, _, .formatted(let valueFormat), _)):
            name = "formattedArray"
            format = valueFormat
        case .array: name = "array"
        case .dictionary(_, .named(_, _, .formatted(let valueFormat), _)):
            name = "formattedDictionary"
            format = valueFormat
        case .dictionary: name = "dictionary"
        }
        let generic = MetadataTable.Entry.genericBuilders
        guard let name else { return (type.isOptional ? generic.optional : generic.value, nil) }
        return (type.isOptional ? "optional" + SwiftNames.capitalized(name) : name, format)
    }

    /// The scalars with builders of their own in DTOKit, by Swift name.
    private static let scalarBuilders = TextTable.pairs("String=string Int=int Bool=bool Double=double Date=date")

    /// The enum's case table: with model extensions, and for Codable, which reads and writes through
    /// it even when the classes get no metadata.
    func metadata(of type: ResolvedEnum) -> EnumMetadata? {
        guard options.addModelExtensions || options.addCodable else { return nil }
        if type.unknownCase != nil {
            return EnumMetadata(
                conformance: library.jsonOpenEnum, table: .fullCaseList, writesNumbers: type.writesNumbers)
        }
        switch type.style {
        case .names:
            return EnumMetadata(conformance: library.jsonEnum, table: .allCases, writesNumbers: type.writesNumbers)
        case .values:
            return EnumMetadata(conformance: library.jsonEnum, table: .caseList, writesNumbers: type.writesNumbers)
        case .flags: return EnumMetadata(conformance: library.jsonFlags, table: .flagNames, writesNumbers: false)
        }
    }
}
