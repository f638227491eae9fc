/// Emits the `JsonSerializable` extension of each class: `typeName`, the route table of requests,
/// and the metadata table with one typed getter/setter pair per property (own, then inherited).
/// Enums get their `JsonEnum`/`JsonFlags` tables here too.
struct MetadataEmitter {
    let options: GeneratorOptions
    let names: ShadowedNames

    private var access: String { options.accessLevel.prefix }

    func emit(_ type: ResolvedType, into writer: inout SourceWriter) {
        switch type {
        case .classType(let type): emitClass(type, into: &writer)
        case .enumType(let type): emitEnum(type, into: &writer)
        case .protocolType, .excluded: break
        }
    }

    // MARK: Classes

    private func emitClass(_ type: ResolvedClass, into writer: inout SourceWriter) {
        let name = SwiftSyntax.escaped(type.name)
        let ownerType = type.genericParameters.isEmpty ? name : "\(name)<\(type.genericParameters.joined(separator: ", "))>"
        let metadataType = names.library("Metadata")
        if !type.isConformanceRoot {
            // Swift allows one conformance per class hierarchy: the root's metadata dispatches here.
            writer.block("nonisolated extension \(name)") { body in
                if type.genericParameters.isEmpty {
                    emitTable(named: Self.tableName(type.name), owner: ownerType, type, into: &body)
                } else {
                    // Generic types cannot have stored statics. (The root's dispatch lists only
                    // non-generic subclasses; README, Limitations.)
                    body.block("static var \(Self.tableName(type.name)): \(metadataType)") { getter in
                        getter.block("\(metadataType).cached(for: self)") { cached in
                            emitCreate(owner: ownerType, type, into: &cached)
                        }
                    }
                }
            }
            return
        }
        writer.block("nonisolated extension \(name): \(names.library("JsonSerializable"))") { body in
            if !type.genericParameters.isEmpty {
                body.block("\(access)static var metadata: \(metadataType)") { getter in
                    getter.block("\(metadataType).cached(for: self)") { cached in
                        emitCreate(owner: ownerType, type, into: &cached)
                    }
                }
            } else if type.subclasses.isEmpty {
                emitTable(named: "metadata", owner: ownerType, type, isPublic: true, into: &body)
            } else {
                body.block("\(access)static var metadata: \(metadataType)") { getter in
                    for subclass in type.subclasses {
                        let escaped = SwiftSyntax.escaped(subclass)
                        getter.line("if self == \(escaped).self { return \(escaped).\(Self.tableName(subclass)) }")
                    }
                    getter.line("return \(Self.tableName(type.name))")
                }
                emitTable(named: Self.tableName(type.name), owner: ownerType, type, into: &body)
            }
        }
    }

    /// The stored table of a class in a hierarchy: `technologyMetadata`.
    static func tableName(_ swiftName: String) -> String {
        var name = Substring(SwiftNames.camelCase(swiftName))
        while name.first == "_" { name = name.dropFirst() }
        while name.last == "_" { name = name.dropLast() }
        return name + "Metadata"
    }

    private func emitTable(named tableName: String, owner: String, _ type: ResolvedClass,
                           isPublic: Bool = false, into writer: inout SourceWriter) {
        let modifier = isPublic ? access : ""
        writer.line("\(modifier)static let \(tableName) = " + createCall(owner: owner, type))
        emitTableBody(owner: owner, type, into: &writer)
    }

    private func emitCreate(owner: String, _ type: ResolvedClass, into writer: inout SourceWriter) {
        writer.line(createCall(owner: owner, type))
        emitTableBody(owner: owner, type, into: &writer)
    }

    /// `Metadata.create([`, with the request's routes (`routes: [ServiceRoute("/x")], `) and, for a
    /// subclass of a generated class, the base class's table (`Technology.self, inheriting:
    /// TechnologyBase.technologyBaseMetadata, `), whose properties it then does not list again. The
    /// type's name is its Swift name, which the runtime reads from the class itself.
    private func createCall(owner: String, _ type: ResolvedClass) -> String {
        let routeType = names.library("ServiceRoute")
        let routes = type.routes.map { route in
            "\(routeType)(\(SwiftSyntax.stringLiteral(route.path))" + (route.verbs.map { ", \(SwiftSyntax.stringLiteral($0))" } ?? "") + ")"
        }
        var arguments = ""
        if let base = baseTable(of: type) { arguments += "\(owner).self, inheriting: \(base), " }
        if !routes.isEmpty { arguments += "routes: [\(routes.joined(separator: ", "))], " }
        return "\(names.library("Metadata")).create(\(arguments)[" + (listedProperties(type).isEmpty ? "])" : "")
    }

    private func emitTableBody(owner: String, _ type: ResolvedClass, into writer: inout SourceWriter) {
        let properties = listedProperties(type)
        guard !properties.isEmpty else { return }
        emitPropertyLines(owner: owner, properties, into: &writer)
        writer.line("])")
    }

    /// The table a subclass's table extends: its base's, when the base is a non-generic generated
    /// class (which has a stored table of its own).
    private func baseTable(of type: ResolvedClass) -> String? {
        guard type.baseKind == .generated, type.genericParameters.isEmpty,
              case .named(let base, [], .dto, _)? = type.base else { return nil }
        return "\(SwiftSyntax.escaped(base)).\(Self.tableName(base))"
    }

    /// The properties the table lists: its own only, when it extends its base's table.
    private func listedProperties(_ type: ResolvedClass) -> ArraySlice<ResolvedProperty> {
        baseTable(of: type) == nil ? type.metadataProperties[...] : type.metadataProperties.prefix(type.ownPropertyCount)
    }

    private func emitPropertyLines(owner: String, _ properties: ArraySlice<ResolvedProperty>, into writer: inout SourceWriter) {
        let propertyType = names.library("Property")
        for property in properties {
            let builder = Self.builder(for: property.type)
            let accessor = SwiftSyntax.escaped(property.name)
            writer.line("    \(propertyType)<\(owner)>.\(builder)(\(SwiftSyntax.stringLiteral(property.jsonName)), "
                + "get: { $0.\(accessor) }, set: { $0.\(accessor) = $1 }),")
        }
    }

    /// The runtime builder for a property of this type: one of the builders DTOKit compiles for the
    /// common member types (`optionalString`, `optionalObject`, `optionalArray`…), which cost the
    /// DTOs' module only the call; `value`/`optional`, specialized where they are called, for the rest
    /// (enums, generic parameters, rarer scalars).
    static func builder(for type: SwiftType) -> String {
        let isOptional = type.isOptional
        func pick(_ name: String) -> String {
            isOptional ? "optional" + name.prefix(1).uppercased() + name.dropFirst() : name
        }
        switch type.unwrapped {
        case .named(_, _, .timeSpan, _): return pick("timeSpan")
        case .named(_, _, .bytes, _): return pick("bytes")
        case .named(_, _, .dto, _): return pick("object")
        case .named(_, _, .json, _): return pick("json")
        case .named(let name, [], .scalar, let module) where module == nil || module == "Foundation":
            if let builder = scalarBuilders[name] { return pick(builder) }
            return isOptional ? "optional" : "value"
        case .named: return isOptional ? "optional" : "value"
        case .array(let element):
            if case .named(_, _, .timeSpan, _) = element { return pick("timeSpanArray") }
            return pick("array")
        case .dictionary(_, let value):
            if case .named(_, _, .timeSpan, _) = value { return pick("timeSpanDictionary") }
            return pick("dictionary")
        case .optional: return "optional"
        }
    }

    /// The scalars with builders of their own in DTOKit, by Swift name.
    private static let scalarBuilders = TextTable.pairs("String=string Int=int Bool=bool Double=double Date=date")

    // MARK: Enums

    private func emitEnum(_ type: ResolvedEnum, into writer: inout SourceWriter) {
        let name = SwiftSyntax.escaped(type.name)
        switch type.style {
        case .names:
            writer.block("nonisolated extension \(name): \(names.library("JsonEnum"))") { body in
                let encoding = type.writesNumbers ? ", encoding: .integer" : ""
                body.line("\(access)static let jsonCases = \(names.library("JsonEnumCases"))<\(name)>(allCases\(encoding))")
            }
        case .values:
            writer.block("nonisolated extension \(name): \(names.library("JsonEnum"))") { body in
                let encoding = type.writesNumbers ? ", encoding: .integer" : ""
                body.line("\(access)static let jsonCases = \(names.library("JsonEnumCases"))<\(name)>([")
                for enumCase in type.cases {
                    body.line("    (.\(SwiftSyntax.escaped(enumCase.name)), \(SwiftSyntax.stringLiteral(enumCase.wireName))),")
                }
                body.line("]\(encoding))")
            }
        case .flags:
            writer.block("nonisolated extension \(name): \(names.library("JsonFlags"))") { body in
                body.line("\(access)static let jsonFlagNames: [(\(names.library("String")), \(names.library("Int")))] = [")
                for enumCase in type.cases {
                    body.line("    (\(SwiftSyntax.stringLiteral(enumCase.wireName)), \(enumCase.value)),")
                }
                body.line("]")
            }
        }
    }
}
