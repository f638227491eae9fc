/// Turns the selected snapshot types into ``ResolvedType``s: Swift names, property types and
/// optionality, inheritance, conformances and metadata tables.
struct Resolver {
    let selection: TypeSelection
    let options: GeneratorOptions
    let fileName: String
    let mapper: TypeMapper
    let names: ShadowedNames
    /// Generated classes by Swift name.
    private let classesByName: [String: TypeDefinition]

    init(selection: TypeSelection, options: GeneratorOptions, fileName: String) {
        self.selection = selection
        self.options = options
        self.fileName = fileName
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
        mapper = TypeMapper(generated: kinds, userProvided: selection.deliberatelyExcludedNames,
                            treatAsString: Set(options.treatTypesAsStrings), names: names)
    }

    func resolve() throws -> [ResolvedType] {
        var result: [ResolvedType] = []
        for type in selection.types {
            if type.isEnum {
                result.append(.enumType(try resolveEnum(type)))
            } else if type.isInterface {
                result.append(.protocolType(try resolveProtocol(type)))
            } else {
                result.append(.classType(try resolveClass(type)))
            }
        }
        for type in selection.excludedForGenericBase {
            let base = type.inherits.map { "\(SwiftNames.stripArity($0.name))<\($0.genericArgs.joined(separator: ","))>" } ?? ""
            result.append(.excludedComment("//Excluded \(SwiftNames.stripArity(type.name)) : \(base)"))
        }
        return result
    }

    // MARK: Classes

    private func resolveClass(_ type: TypeDefinition) throws -> ResolvedClass {
        let swiftName = SwiftNames.stripArity(type.name)
        let operation = selection.operations[type.key]
        let generics = type.genericArgs
        var baseClass: String?
        var hasGeneratedBase = false
        var hasLibraryBase = false
        if let base = type.inherits {
            let baseType = try mapReference(base, in: type, at: type.jsonPath + ".inherits")
            baseClass = baseType.source
            if case .named(let baseName, _, _, _) = baseType {
                hasGeneratedBase = classesByName[baseName] != nil
                hasLibraryBase = !hasGeneratedBase
            }
            if case .array = baseType {
                throw error(at: type.jsonPath + ".inherits",
                            "`\(swiftName)` inherits a collection (`\(base.name)`), which a Swift class cannot",
                            hint: "leave it out with `ExcludeTypes: \(type.name)`")
            }
        } else if let configured = options.baseClass {
            baseClass = configured
            hasLibraryBase = true
        }

        var conformances: [String] = []
        var returnType: String?
        if let operation, options.addModelExtensions {
            if operation.returnsVoid {
                conformances.append(names.library("IReturnVoid"))
            } else {
                conformances.append(names.library("IReturn"))
                returnType = try resolveReturnType(operation, in: type)
            }
        }
        var protocolProperties: Set<String> = []
        var verbMarkers: [String] = []
        for implemented in type.implements {
            let name = implemented.name
            if let runtimeProtocol = BuiltInTypes.protocols[name] {
                verbMarkers.append(names.library(runtimeProtocol))
                protocolProperties.formUnion(BuiltInTypes.protocolProperties[name] ?? [])
            } else if BuiltInTypes.droppedInterfaces.contains(name) || implemented.namespace?.hasPrefix("System") == true {
                continue
            } else if let kind = mapper.generated[SwiftNames.stripArity(name)], kind == .interface {
                conformances.append(SwiftNames.escaped(SwiftNames.stripArity(name)))
            }
        }
        if let operation, !verbMarkers.contains(where: { ["IGet", "IPost", "IPut", "IDelete", "IPatch"].contains($0) }),
           let verb = Self.preferredVerb(operation) {
            verbMarkers.append(names.library(verb))
        }
        conformances += verbMarkers.filter { !conformances.contains($0) }

        var lines: [PropertyLine] = []
        if let version = options.addImplicitVersion, operation != nil,
           !type.properties.contains(where: { $0.name.lowercased() == "version" }) {
            lines.append(.property(ResolvedProperty(
                swiftName: "version", plainName: "version", jsonName: "version",
                type: .named("Int", [], .scalar, module: names.module(for: "Int")), defaultValue: String(version),
                comments: [], docComment: nil)))
        }
        let inherited = try inheritedProperties(of: type, substitutions: [:], depth: 0)
        let inheritedNames = Set(inherited.map(\.plainName))
        for property in type.properties {
            let line = try resolveProperty(property, in: type, forcedOptional: protocolProperties)
            if case .property(let resolved) = line, inheritedNames.contains(resolved.plainName) {
                // C# `new` re-declarations: Swift cannot override a stored property, the base's stays.
                let base = type.inherits.map { SwiftNames.stripArity($0.name) } ?? "the base class"
                lines.append(.skipped(SkippedProperty(
                    comment: "//\(resolved.plainName):\(resolved.type.source) is declared by \(base)")))
            } else {
                lines.append(line)
            }
        }
        if options.addResponseStatus, isResponse(type),
           !allPropertyNames(of: type).contains("responsestatus") {
            lines.append(.property(ResolvedProperty(
                swiftName: "responseStatus", plainName: "responseStatus", jsonName: "responseStatus",
                type: .optional(.named(names.library("ResponseStatus"), [], .dto, module: nil)),
                defaultValue: nil, comments: [], docComment: nil)))
        }
        let own = lines.compactMap { line -> ResolvedProperty? in
            if case .property(let property) = line { return property }
            return nil
        }
        let ownNames = Set(own.map(\.jsonName))
        let metadataProperties = own + inherited.filter { !ownNames.contains($0.jsonName) }

        let isRoot = !hasGeneratedBase
        return ResolvedClass(
            definition: type, swiftName: swiftName, genericParameters: generics, baseClass: baseClass,
            hasGeneratedBase: hasGeneratedBase, hasLibraryBase: hasLibraryBase, conformances: conformances,
            returnType: returnType, lines: lines, metadataProperties: metadataProperties,
            routes: operation?.routes ?? [], isRequest: operation != nil, isConformanceRoot: isRoot,
            subclasses: isRoot && generics.isEmpty ? subclasses(of: swiftName) : [],
            comments: CommentBuilder.typeComments(type, routes: operation?.routes ?? []),
            docComment: options.addDescriptionAsComments ? type.description : nil)
    }

    /// The verb to mark a request with when `implements` names none: the operation's preferred
    /// method, else the single verb of its routes.
    static func preferredVerb(_ operation: OperationDefinition) -> String? {
        let markers = ["GET": "IGet", "POST": "IPost", "PUT": "IPut", "DELETE": "IDelete", "PATCH": "IPatch"]
        if let method = operation.method, let marker = markers[method] { return marker }
        let routeVerbs = Set(operation.routes.compactMap(\.verbs).flatMap { $0.split(separator: ",") }
            .map { $0.trimmingWhitespace().uppercased() })
        if routeVerbs.count == 1, let verb = routeVerbs.first { return markers[verb] }
        return nil
    }

    private func resolveReturnType(_ operation: OperationDefinition, in type: TypeDefinition) throws -> String {
        let jsonValue = names.library("JsonValue")
        if let reference = operation.returnType {
            if reference.namespace?.hasPrefix("System.Threading") == true { return jsonValue }
            // System types without a Swift mapping (`Task`1`, …) are answered as untyped JSON.
            if reference.namespace?.hasPrefix("System") == true,
               (try? mapReference(reference, in: type, at: type.jsonPath)) == nil {
                return jsonValue
            }
            return try mapReference(reference, in: type, at: type.jsonPath).source
        }
        if let response = operation.response {
            if response.namespace.hasPrefix("System") { return jsonValue }
            let reference = TypeReference(name: response.name, namespace: response.namespace, genericArgs: [])
            if !response.genericArgs.isEmpty { return jsonValue }
            return try mapReference(reference, in: type, at: type.jsonPath).source
        }
        return jsonValue
    }

    private func isResponse(_ type: TypeDefinition) -> Bool {
        type.name.hasSuffix("Response") && selection.operations[type.key] == nil
    }

    private func allPropertyNames(of type: TypeDefinition) -> Set<String> {
        var names = Set(type.properties.map { $0.name.lowercased() })
        if let base = type.inherits, let baseType = classesByName[SwiftNames.stripArity(base.name)] {
            names.formUnion(allPropertyNames(of: baseType))
        }
        return names
    }

    /// Generated non-generic subclasses of `rootName`, at any depth, deepest first.
    private func subclasses(of rootName: String) -> [String] {
        var result: [(name: String, depth: Int)] = []
        for type in selection.types where !type.isEnum && !type.isInterface && type.genericArgs.isEmpty {
            var depth = 0
            var current = type
            while let base = current.inherits, let baseType = classesByName[SwiftNames.stripArity(base.name)], depth < 64 {
                depth += 1
                if SwiftNames.stripArity(base.name) == rootName {
                    result.append((SwiftNames.stripArity(type.name), depth))
                    break
                }
                current = baseType
            }
        }
        return result.sorted { $0.depth > $1.depth }.map(\.name)
    }

    /// Properties declared by the base classes, with generic parameters substituted.
    private func inheritedProperties(of type: TypeDefinition, substitutions: [String: SwiftType], depth: Int) throws -> [ResolvedProperty] {
        guard let base = type.inherits, depth < 64 else { return [] }
        let baseName = SwiftNames.stripArity(base.name)
        if let baseType = classesByName[baseName] {
            let arguments = try base.genericArgs.map { try mapText($0, in: type, at: type.jsonPath + ".inherits") }
            var baseSubstitutions: [String: SwiftType] = [:]
            for (parameter, argument) in zip(baseType.genericArgs, arguments) {
                baseSubstitutions[parameter] = argument.substituting(substitutions)
            }
            var properties: [ResolvedProperty] = []
            for property in baseType.properties {
                guard case .property(var resolved) = try resolveProperty(property, in: baseType, forcedOptional: []) else { continue }
                resolved.type = resolved.type.substituting(baseSubstitutions)
                properties.append(resolved)
            }
            return properties + (try inheritedProperties(of: baseType, substitutions: baseSubstitutions, depth: depth + 1))
        }
        let arityName = base.genericArgs.isEmpty ? base.name : "\(baseName)`\(base.genericArgs.count)"
        guard let builtIn = BuiltInTypes.classes[arityName] ?? BuiltInTypes.classes[base.name] else { return [] }
        return builtIn.properties.map {
            ResolvedProperty(swiftName: SwiftNames.escaped($0.name), plainName: $0.name, jsonName: $0.name,
                             type: $0.type, defaultValue: nil, comments: [], docComment: nil)
        }
    }

    // MARK: Properties

    private func resolveProperty(_ property: PropertyDefinition, in type: TypeDefinition,
                                 forcedOptional: Set<String>) throws -> PropertyLine {
        let sourceName = property.dataMember?.name ?? property.name
        let plainName = SwiftNames.camelCase(sourceName)
        guard SwiftNames.isIdentifier(plainName) else {
            throw error(at: property.jsonPath + ".name", "property name `\(sourceName)` is not a valid Swift identifier",
                        hint: "leave the type out with `ExcludeTypes: \(type.name)`")
        }
        let jsonName = property.dataMember?.name ?? SwiftNames.camelCase(property.name)
        var mapped: SwiftType
        do {
            let clr = try ClrTypeName.property(type: property.type, genericArgs: property.genericArgs)
            if property.isValueType, !property.isEnum, !property.isSystemType, clr.arguments.isEmpty, clr.arrayRank == 0,
               mapper.generated[clr.name] == nil, property.namespace != nil {
                mapped = .named(names.library("String"), [], .scalar, module: nil)
            } else {
                mapped = try mapper.map(clr, genericParameters: type.genericArgs)
            }
        } catch let mappingError as TypeMapper.MappingError {
            if mappingError.isInterface {
                return .skipped(SkippedProperty(comment: "//\(plainName):\(SwiftNames.stripArity(property.type)) ignored. Swift doesn't support interface properties"))
            }
            throw error(at: property.jsonPath + ".type",
                        "\(mappingError.message) (used by `\(SwiftNames.stripArity(type.name)).\(property.name)`)",
                        hint: mappingError.hint)
        } catch {
            throw self.error(at: property.jsonPath + ".genericArgs",
                             "cannot read the type of `\(property.name)`: `\(property.type)` with genericArgs \(property.genericArgs)")
        }
        if property.name == "ProviderOAuthAccess" {
            return .skipped(SkippedProperty(comment: "//\(plainName):\(mapped.source) ignored. Swift doesn't support interface properties"))
        }
        var defaultValue: String?
        if !mapped.isOptional {
            if mapped.isCollection {
                if options.initializeCollections {
                    defaultValue = mapped.unwrapped.isDictionaryShape ? "[:]" : "[]"
                } else {
                    mapped = .optional(mapped)
                }
            } else if options.makePropertiesOptional || forcedOptional.contains(plainName) {
                mapped = .optional(mapped)
            } else if let value = defaultValueText(for: mapped) {
                defaultValue = value
            } else {
                mapped = .optional(mapped)
            }
        }
        if forcedOptional.contains(plainName), !mapped.isOptional {
            mapped = .optional(mapped)
            defaultValue = nil
        }
        return .property(ResolvedProperty(
            swiftName: SwiftNames.escaped(plainName), plainName: plainName, jsonName: jsonName, type: mapped,
            defaultValue: defaultValue, comments: CommentBuilder.propertyComments(property),
            docComment: options.addDescriptionAsComments ? property.description : nil))
    }

    /// Initial values for non-optional scalars (`MakePropertiesOptional: False`).
    private func defaultValueText(for type: SwiftType) -> String? {
        guard case .named(let name, let arguments, let kind, _) = type else { return nil }
        switch kind {
        case .scalar:
            switch name {
            case "String": return "\"\""
            case "Bool": return "false"
            case "Date": return "\(type.source)(timeIntervalSince1970: 0)"
            case "Data": return "\(type.source)()"
            default: return "0"
            }
        case .timeSpan: return "0"
        case .json: return ".null"
        case .dto:
            if let generic = classesByName[name], !generic.genericArgs.isEmpty, arguments.isEmpty { return nil }
            return "\(type.source)()"
        case .bytes: return "[]"
        case .enumeration, .genericParameter: return nil
        }
    }

    // MARK: Enums and protocols

    private func resolveEnum(_ type: TypeDefinition) throws -> ResolvedEnum {
        let swiftName = SwiftNames.stripArity(type.name)
        let isFlags = type.attributes.contains { $0.name == "Flags" } || (type.isEnumInt && hasFlagValues(type))
        var cases: [ResolvedEnum.Case] = []
        var usedNames: Set<String> = []
        for (index, name) in type.enumNames.enumerated() {
            guard SwiftNames.isIdentifier(name) else {
                throw error(at: "\(type.jsonPath).enumNames[\(index)]", "enum member `\(name)` is not a valid Swift identifier")
            }
            guard usedNames.insert(name).inserted else {
                throw error(at: "\(type.jsonPath).enumNames[\(index)]", "enum `\(swiftName)` lists `\(name)` twice")
            }
            var value = index
            if index < type.enumValues.count {
                guard let parsed = Int(type.enumValues[index]) else {
                    throw error(at: "\(type.jsonPath).enumValues[\(index)]",
                                "enum value `\(type.enumValues[index])` of `\(swiftName).\(name)` is not an integer")
                }
                value = parsed
            }
            let memberValue = index < type.enumMemberValues.count ? type.enumMemberValues[index] : ""
            var description = index < type.enumDescriptions.count ? type.enumDescriptions[index] : ""
            if description == name { description = "" }
            cases.append(ResolvedEnum.Case(
                swiftName: SwiftNames.escaped(name), wireName: memberValue.isEmpty ? name : memberValue, value: value,
                docComment: options.addDescriptionAsComments && !description.isEmpty ? description : nil))
        }
        let style: ResolvedEnum.Style
        if isFlags {
            style = .flags
        } else if type.enumValues.count > 1 {
            style = .values
            var seenValues: Set<Int> = []
            for (index, enumCase) in cases.enumerated() where !seenValues.insert(enumCase.value).inserted {
                throw error(at: "\(type.jsonPath).enumValues[\(index)]",
                            "enum `\(swiftName)` gives value \(enumCase.value) to two members, which a Swift enum cannot",
                            hint: "ServiceStack aliases are not supported; leave it out with `ExcludeTypes: \(type.name)` and declare it yourself")
            }
        } else {
            style = .names
        }
        return ResolvedEnum(
            definition: type, swiftName: swiftName, style: style,
            writesNumbers: type.isEnumInt && !isFlags && type.enumMemberValues.isEmpty, cases: cases,
            comments: CommentBuilder.attributeComments(type.attributes),
            docComment: options.addDescriptionAsComments ? type.description : nil)
    }

    private func hasFlagValues(_ type: TypeDefinition) -> Bool {
        let values = type.enumValues.compactMap(Int.init)
        return values.count > 2 && values.allSatisfy { $0 == 0 || ($0 > 0 && $0 & ($0 - 1) == 0) }
    }

    private func resolveProtocol(_ type: TypeDefinition) throws -> ResolvedProtocol {
        var properties: [ResolvedProperty] = []
        for property in type.properties {
            if case .property(var resolved) = try resolveProperty(property, in: type, forcedOptional: []) {
                if !resolved.type.isOptional { resolved.type = .optional(resolved.type) }
                resolved.defaultValue = nil
                properties.append(resolved)
            }
        }
        return ResolvedProtocol(
            definition: type, swiftName: SwiftNames.stripArity(type.name),
            inherits: type.implements.compactMap { implemented in
                let name = SwiftNames.stripArity(implemented.name)
                return mapper.generated[name] == .interface ? SwiftNames.escaped(name) : nil
            },
            associatedTypes: type.genericArgs, properties: properties,
            docComment: options.addDescriptionAsComments ? type.description : nil)
    }

    // MARK: Helpers

    private func mapReference(_ reference: TypeReference, in type: TypeDefinition, at path: String) throws -> SwiftType {
        let arguments = try reference.genericArgs.map { try ClrTypeName.parse($0) }
        var clr = try ClrTypeName.property(type: reference.name, genericArgs: [])
        if clr.arguments.isEmpty { clr.arguments = arguments }
        do {
            return try mapper.map(clr, genericParameters: type.genericArgs)
        } catch let mappingError as TypeMapper.MappingError {
            throw error(at: path, "\(mappingError.message) (used by `\(SwiftNames.stripArity(type.name))`)", hint: mappingError.hint)
        }
    }

    private func mapText(_ text: String, in type: TypeDefinition, at path: String) throws -> SwiftType {
        do {
            return try mapper.map(try ClrTypeName.parse(text), genericParameters: type.genericArgs)
        } catch let mappingError as TypeMapper.MappingError {
            throw error(at: path, "\(mappingError.message) (used by `\(SwiftNames.stripArity(type.name))`)", hint: mappingError.hint)
        } catch {
            throw self.error(at: path, "cannot read the type name `\(text)`")
        }
    }

    private func error(at jsonPath: String, _ message: String, hint: String? = nil) -> GeneratorError {
        GeneratorError(file: fileName, jsonPath: jsonPath, message: message, hint: hint)
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
        case .dictionary(let key, let value): return .dictionary(key.substituting(substitutions), value.substituting(substitutions))
        case .optional(let wrapped): return .optional(wrapped.substituting(substitutions))
        }
    }
}
