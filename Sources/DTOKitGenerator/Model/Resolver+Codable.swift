/// AddCodable: how each class's properties travel through Codable, and how enums conform.
extension Resolver {
    func codable(of type: ResolvedClass) -> CodableMembers? {
        guard options.addCodable else { return nil }
        return CodableMembers(
            conformance: type.baseKind == .generated ? nil : library.codable,
            properties: type.metadataProperties.map { Self.coded($0, library: library) },
            callsSuperInit: type.baseKind != .none, overridesEncode: type.baseKind == .generated,
            initializerIsRequired: !type.isStruct)
    }

    /// Formatted values travel as their format's type (`TimeSpan`: XSD text, as ServiceStack writes
    /// durations; `Base64Bytes`), alone, as elements or as dictionary values; everything else as itself.
    static func coded(_ property: ResolvedProperty, library: LibraryTypes) -> CodedProperty {
        let type = property.type.unwrapped
        func through(_ format: ValueFormat, _ scope: CodingConversion.Scope, as codedType: (SwiftType) -> SwiftType)
            -> CodedProperty
        {
            let wrapper = library.format(format)
            return CodedProperty(
                property: property, codedType: codedType(wrapper),
                conversion: CodingConversion(wrapper: wrapper, unwrappingMember: ValueFormat.valueMember, scope: scope))
        }
        switch type {
        case .named(_, _, .formatted(let format), _): return through(format, .value) { $0 }
        case .array(.named(_, _, .formatted(let format), _)): return through(format, .elements) { .array($0) }
        case .dictionary(let key, .named(_, _, .formatted(let format), _)):
            return through(format, .dictionaryValues) { .dictionary(key, $0) }
        default: return CodedProperty(property: property, codedType: type, conversion: nil)
        }
    }

    func codable(of type: ResolvedEnum) -> EnumCodable? {
        guard options.addCodable else { return nil }
        return EnumCodable(conformance: library.codable, readsThroughCaseTable: type.style != .flags)
    }
}
