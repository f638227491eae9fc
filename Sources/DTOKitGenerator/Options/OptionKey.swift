/// The keys of an options file, in the order a ServiceStack `/* Options: */` header lists them, DTOKit's
/// own last: the one list behind the parser (``OptionsFile``), the header the generator writes, the
/// options file `dtokit init` writes, and the check that the docs describe every key.
package enum OptionKey: String, CaseIterable, Sendable {
    case baseUrl = "BaseUrl"
    case baseClass = "BaseClass"
    case addModelExtensions = "AddModelExtensions"
    case addServiceStackTypes = "AddServiceStackTypes"
    case makePropertiesOptional = "MakePropertiesOptional"
    case includeTypes = "IncludeTypes"
    case excludeTypes = "ExcludeTypes"
    case excludeGenericBaseTypes = "ExcludeGenericBaseTypes"
    case addResponseStatus = "AddResponseStatus"
    case addImplicitVersion = "AddImplicitVersion"
    case addDescriptionAsComments = "AddDescriptionAsComments"
    case initializeCollections = "InitializeCollections"
    case treatTypesAsStrings = "TreatTypesAsStrings"
    case defaultImports = "DefaultImports"
    case accessLevel = "AccessLevel"
    case addCodable = "AddCodable"
    case keepUnknownEnumValues = "KeepUnknownEnumValues"
    case exportAsStructs = "ExportAsStructs"

    /// Keys of a ServiceStack header that describe the server or its generation and configure nothing
    /// here: a pasted header may hold them, and they are read and ignored.
    static let informational = Set(
        TextTable.words(
            """
            Date Version SwiftVersion Tip UsePath GlobalNamespace MakePartial MakeVirtual AddReturnMarker
            AddDataContractAttributes AddIndexesToDataMembers AddGeneratedCodeAttributes ExportValueTypes
            InitializeCollectionsForAutoQuery
            """))
}

extension GeneratorOptions {
    /// An option's value as a header line writes it and an options file gives it back: `True`/`False`,
    /// a comma list, a number, or empty when unset.
    package func text(of key: OptionKey) -> String {
        func flag(_ value: Bool) -> String { value ? "True" : "False" }
        switch key {
        case .baseUrl: return baseUrl ?? ""
        case .baseClass: return baseClass ?? ""
        case .addModelExtensions: return flag(addModelExtensions)
        case .addServiceStackTypes: return flag(addServiceStackTypes)
        case .makePropertiesOptional: return flag(makePropertiesOptional)
        case .includeTypes: return includeTypes.joined(separator: ",")
        case .excludeTypes: return excludeTypes.joined(separator: ",")
        case .excludeGenericBaseTypes: return flag(excludeGenericBaseTypes)
        case .addResponseStatus: return flag(addResponseStatus)
        case .addImplicitVersion: return addImplicitVersion.map(String.init) ?? ""
        case .addDescriptionAsComments: return flag(addDescriptionAsComments)
        case .initializeCollections: return flag(initializeCollections)
        case .treatTypesAsStrings: return treatTypesAsStrings.joined(separator: ",")
        case .defaultImports: return defaultImports.joined(separator: ",")
        case .accessLevel: return accessLevel.rawValue
        case .addCodable: return flag(addCodable)
        case .keepUnknownEnumValues: return flag(keepUnknownEnumValues)
        case .exportAsStructs: return flag(exportAsStructs)
        }
    }
}
