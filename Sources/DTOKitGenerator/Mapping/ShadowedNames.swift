/// Names from Swift, Foundation and DTOKit that generated code refers to (every one of ``LibraryTypes``
/// among them). When the snapshot defines a type with one of these names (`Data`, `Property`,
/// `Result`…), generated references to the library type are module-qualified (`Foundation.Data`,
/// `DTOKit.Property`) so both can coexist.
struct ShadowedNames: Sendable {
    static let modules: [String: String] = {
        var table: [String: String] = [:]
        let names = [
            "Swift": """
            String Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Bool Double Float Array Dictionary
            Optional Set Error Result Never Codable Sendable OptionSet CaseIterable ObjectIdentifier Equatable
            Hashable Identifiable Encoder Decoder CodingKey Encodable Decodable
            """,
            "Foundation": "Date Data TimeInterval UUID URL Decimal NSObject",
            "DTOKit": """
            Property Metadata PropertyMetadata JsonSerializable JsonConvertible JsonValue JsonEnum JsonEnumCases
            JsonFlags ServiceRoute IReturn IReturnVoid IGet IPost IPut IDelete IPatch IHasBearerToken IHasSessionId
            IHasVersion IMeta IQuery IQueryResponse ServiceRequest CodableSupport TimeSpan Base64Bytes DateOnly JsonEnumCoding
            JsonOpenEnum UnknownEnumValue JsonStruct StructMetadata StructProperty
            """,
            ShadowedNames.structsModule: "Indirect CodableThroughMetadata",
        ]
        for (module, list) in names {
            for name in TextTable.words(list) { table[name] = module }
        }
        // The built-ins: DTOKit's classes and DTOKitStructs' struct forms.
        for builtIn in BuiltInTypes.orderedClasses {
            table[builtIn.swiftName] = "DTOKit"
            if builtIn.isSerializable { table[BuiltInTypes.valueName(of: builtIn.swiftName)] = structsModule }
        }
        return table
    }()

    /// The module of what DTOs generated as structs use besides DTOKit (their builders, the built-ins'
    /// struct forms), which their files import.
    static let structsModule = "DTOKitStructs"

    /// Generated type names that hide a library name.
    let shadowed: Set<String>

    init(generatedNames: Set<String>) {
        shadowed = generatedNames.intersection(Self.modules.keys)
    }

    /// The module to qualify library type `name` with, if the snapshot shadows it.
    func module(for name: String) -> String? {
        shadowed.contains(name) ? Self.modules[name] : nil
    }
}
