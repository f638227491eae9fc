/// AddCodable: how each class's properties travel through Codable, and how enums conform.
extension Resolver {
    func codable(of type: ResolvedClass) -> CodableMembers? {
        guard options.addCodable else { return nil }
        return CodableMembers(
            conformance: type.baseKind == .generated ? nil : library.codable,
            properties: type.metadataProperties.map(coded),
            callsSuperInit: type.baseKind != .none, overridesEncode: type.baseKind == .generated,
            initializerIsRequired: !type.isStruct)
    }

    /// Durations travel as `TimeSpan` (XSD text, as ServiceStack writes them), bytes as `Base64Bytes`;
    /// everything else as itself.
    private func coded(_ property: ResolvedProperty) -> CodedProperty {
        let type = property.type.unwrapped
        func through(_ wrapper: SwiftType, _ member: String, _ scope: CodingConversion.Scope, as codedType: SwiftType) -> CodedProperty {
            CodedProperty(property: property, codedType: codedType,
                          conversion: CodingConversion(wrapper: wrapper, unwrappingMember: member, scope: scope))
        }
        let timeSpan = library.timeSpan
        switch type {
        case .named(_, _, .timeSpan, _): return through(timeSpan, "seconds", .value, as: timeSpan)
        case .named(_, _, .bytes, _): return through(library.base64Bytes, "bytes", .value, as: library.base64Bytes)
        case .array(.named(_, _, .timeSpan, _)): return through(timeSpan, "seconds", .elements, as: .array(timeSpan))
        case .dictionary(let key, .named(_, _, .timeSpan, _)):
            return through(timeSpan, "seconds", .dictionaryValues, as: .dictionary(key, timeSpan))
        default: return CodedProperty(property: property, codedType: type, conversion: nil)
        }
    }

    func codable(of type: ResolvedEnum) -> EnumCodable? {
        guard options.addCodable else { return nil }
        return EnumCodable(conformance: library.codable, readsThroughCaseTable: type.style != .flags)
    }
}
