/// The types of Swift and DTOKit that generated code names besides the snapshot's own: the
/// conformances it declares, the runtime API its extensions call, the types of members it adds. Each is qualified with its
/// module when the snapshot declares a type of the same name (`DTOKit.Property` beside a generated
/// `Property`), decided once here, so that the emitters write whatever name they are given.
struct LibraryTypes: Sendable {
    // Swift
    let string: SwiftType
    let int: SwiftType
    let caseIterable: SwiftType
    let sendable: SwiftType
    let optionSet: SwiftType
    let hashable: SwiftType
    let identifiable: SwiftType
    let codable: SwiftType
    let codingKey: SwiftType
    let decoder: SwiftType
    let encoder: SwiftType
    // DTOKit: conformances
    let jsonConvertible: SwiftType
    let jsonSerializable: SwiftType
    let jsonEnum: SwiftType
    let jsonFlags: SwiftType
    let jsonOpenEnum: SwiftType
    let jsonStruct: SwiftType
    /// AutoQuery requests generated as structs (their class forms inherit it from `QueryBase`).
    let iQuery: SwiftType
    // DTOKit: member types (`JsonValue` also stands in for what cannot be typed)
    let jsonValue: SwiftType
    let responseStatus: SwiftType
    let unknownEnumValue: SwiftType
    // DTOKit: what the metadata and Codable code calls
    let metadata: SwiftType
    let property: SwiftType
    let structMetadata: SwiftType
    let structProperty: SwiftType
    let indirect: SwiftType
    let serviceRoute: SwiftType
    let jsonEnumCases: SwiftType
    let jsonEnumCoding: SwiftType
    /// What the runtime's own built-ins call for Codable (see ``CodableMembers/Form``).
    let codableSupport: SwiftType
    /// DTOKitStructs' Codable through the table, for the built-ins' struct forms.
    let codableThroughMetadata: SwiftType
    /// The format types (`TimeSpan`, `Base64Bytes`), qualified like the rest.
    private let formats: [ValueFormat: SwiftType]

    /// - Parameter structs: DTOs are generated as structs, which use the built-ins' struct forms.
    init(names: ShadowedNames, structs: Bool) {
        func named(_ name: String, _ kind: SwiftType.Kind) -> SwiftType {
            .named(name, [], kind, module: names.module(for: name))
        }
        string = named("String", .scalar)
        int = named("Int", .scalar)
        caseIterable = named("CaseIterable", .protocolType)
        sendable = named("Sendable", .protocolType)
        optionSet = named("OptionSet", .protocolType)
        hashable = named("Hashable", .protocolType)
        identifiable = named("Identifiable", .protocolType)
        codable = named("Codable", .protocolType)
        codingKey = named("CodingKey", .protocolType)
        decoder = named("Decoder", .library)
        encoder = named("Encoder", .library)
        jsonConvertible = named("JsonConvertible", .protocolType)
        jsonSerializable = named("JsonSerializable", .protocolType)
        jsonEnum = named("JsonEnum", .protocolType)
        jsonFlags = named("JsonFlags", .protocolType)
        jsonOpenEnum = named("JsonOpenEnum", .protocolType)
        jsonStruct = named("JsonStruct", .protocolType)
        iQuery = named("IQuery", .protocolType)
        jsonValue = named("JsonValue", .json)
        responseStatus = named(structs ? BuiltInTypes.valueName(of: "ResponseStatus") : "ResponseStatus", .dto)
        unknownEnumValue = named("UnknownEnumValue", .library)
        metadata = named("Metadata", .library)
        property = named("Property", .library)
        structMetadata = named("StructMetadata", .library)
        structProperty = named("StructProperty", .library)
        indirect = named("Indirect", .library)
        serviceRoute = named("ServiceRoute", .library)
        jsonEnumCases = named("JsonEnumCases", .library)
        jsonEnumCoding = named("JsonEnumCoding", .library)
        codableSupport = named("CodableSupport", .library)
        codableThroughMetadata = named("CodableThroughMetadata", .protocolType)
        formats = Dictionary(uniqueKeysWithValues: ValueFormat.all.map { ($0, named($0.formatType, .library)) })
    }

    /// The DTOKit type that reads and writes values in `format`.
    func format(_ format: ValueFormat) -> SwiftType {
        formats[format] ?? .named(format.formatType, [], .library, module: nil)
    }
}
