/// Enums (names, values, `[Flags]`) and interfaces.
extension Resolver {
    func resolveEnum(_ type: TypeDefinition) -> ResolvedEnum {
        let swiftName = SwiftNames.stripArity(type.name)
        let isFlags = type.attributes.contains { $0.name == "Flags" } || (type.isEnumInt && hasFlagValues(type))
        var cases: [ResolvedEnum.Case] = []
        var usedNames: Set<String> = []
        var usedValues = Set(type.enumValues.compactMap { Int($0) })
        for (index, wireName) in type.enumNames.enumerated() {
            let path = "\(type.jsonPath).enumNames[\(index)]"
            var name = wireName
            if !SwiftNames.isIdentifier(name) {
                name = SwiftNames.sanitizedIdentifier(name)
                warnings.warn(
                    at: path,
                    "enum member `\(wireName)` of `\(swiftName)` is not a valid Swift identifier; "
                        + "it is generated as `\(name)` (its JSON text stays `\(wireName)`)")
            }
            guard usedNames.insert(name).inserted else {
                warnings.warn(at: path, "enum `\(swiftName)` lists `\(name)` twice; the second is left out")
                continue
            }
            var value = index
            if index < type.enumValues.count {
                if let parsed = Int(type.enumValues[index]) {
                    value = parsed
                } else {
                    while usedValues.contains(value) { value += 1 }
                    usedValues.insert(value)
                    warnings.warn(
                        at: "\(type.jsonPath).enumValues[\(index)]",
                        "enum value `\(type.enumValues[index])` of `\(swiftName).\(name)` is not an integer; "
                            + "\(value) is used instead")
                }
            }
            let memberValue = index < type.enumMemberValues.count ? type.enumMemberValues[index] : ""
            var description = index < type.enumDescriptions.count ? type.enumDescriptions[index] : ""
            if description == wireName { description = "" }
            cases.append(
                ResolvedEnum.Case(
                    name: name, wireName: memberValue.isEmpty ? wireName : memberValue, value: value,
                    documentation: options.addDescriptionAsComments && !description.isEmpty ? description : nil))
        }
        let style: ResolvedEnum.Style
        if isFlags {
            style = .flags
        } else if type.enumValues.count > 1 {
            style = .values
            cases = withoutAliases(cases, of: type)
        } else {
            style = .names
        }
        let unknownCase = style == .flags ? nil : unknownCase(of: type, swiftName: swiftName, cases: cases)
        let conformances: [SwiftType]
        if style == .flags {
            conformances = [library.optionSet, library.hashable, library.sendable]
        } else if unknownCase != nil {
            conformances = [library.caseIterable, library.hashable, library.sendable]
        } else {
            conformances = [style == .names ? library.string : library.int, library.caseIterable, library.sendable]
        }
        var resolved = ResolvedEnum(
            name: swiftName, style: style, writesNumbers: type.isEnumInt && !isFlags && type.enumMemberValues.isEmpty,
            rawValueType: style == .names ? library.string : library.int, conformances: conformances,
            cases: cases, unknownCase: unknownCase, annotations: type.attributes.map(Annotation.attribute),
            documentation: options.addDescriptionAsComments ? type.description : nil)
        resolved.metadata = metadata(of: resolved)
        resolved.codable = codable(of: resolved)
        return resolved
    }

    /// `KeepUnknownEnumValues`: the `unknown` case, unless the enum lists a case of that name (or of
    /// the property's), which keeps it an enum without one (with a warning).
    private func unknownCase(of type: TypeDefinition, swiftName: String, cases: [ResolvedEnum.Case]) -> ResolvedEnum
        .UnknownCase?
    {
        guard options.keepUnknownEnumValues else { return nil }
        let reserved = [ResolvedEnum.UnknownCase.name, ResolvedEnum.UnknownCase.propertyName]
        if let clash = cases.first(where: { reserved.contains($0.name) }) {
            warnings.warn(
                at: type.jsonPath + ".enumNames",
                "enum `\(swiftName)` lists a case named `\(clash.name)`, the name KeepUnknownEnumValues gives "
                    + "the case of unlisted values; it is generated without one (an unlisted value fails to decode)")
            return nil
        }
        return ResolvedEnum.UnknownCase(valueType: library.unknownEnumValue)
    }

    /// C# enums may give two names one value (aliases); a Swift enum cannot. The first name stays.
    private func withoutAliases(_ cases: [ResolvedEnum.Case], of type: TypeDefinition) -> [ResolvedEnum.Case] {
        var byValue: [Int: String] = [:]
        return cases.enumerated().compactMap { index, enumCase in
            if let first = byValue[enumCase.value] {
                warnings.warn(
                    at: "\(type.jsonPath).enumValues[\(index)]",
                    "enum `\(SwiftNames.stripArity(type.name))` gives value \(enumCase.value) to `\(first)` and "
                        + "`\(enumCase.name)`, which a Swift enum cannot; `\(enumCase.name)` is left out")
                return nil
            }
            byValue[enumCase.value] = enumCase.name
            return enumCase
        }
    }

    private func hasFlagValues(_ type: TypeDefinition) -> Bool {
        let values = type.enumValues.compactMap(Int.init)
        return values.count > 2 && values.allSatisfy { $0 == 0 || ($0 > 0 && $0 & ($0 - 1) == 0) }
    }

    /// An interface as a protocol. Its properties follow the class rules, so that classes declaring
    /// them conform; ``ConformanceChecker`` then aligns them with the classes that implement it.
    func resolveProtocol(_ type: TypeDefinition) -> ResolvedProtocol {
        var properties: [ResolvedProperty] = []
        var names: Set<String> = []
        for property in type.properties {
            guard var resolved = resolveProperty(property, in: type, forcedOptional: []).property else { continue }
            guard names.insert(resolved.name).inserted else {
                warnings.warn(
                    at: property.jsonPath + ".name",
                    "`\(SwiftNames.stripArity(type.name)).\(resolved.name)` is declared twice; the first declaration is kept"
                )
                continue
            }
            resolved.initialValue = nil
            properties.append(resolved)
        }
        return ResolvedProtocol(
            name: SwiftNames.stripArity(type.name),
            inherits: type.implements.compactMap { implemented in
                let name = SwiftNames.stripArity(implemented.name)
                return mapper.generated[name] == .interface ? name : nil
            },
            associatedTypes: type.genericArgs, properties: properties,
            documentation: options.addDescriptionAsComments ? type.description : nil)
    }
}
