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
        if !type.isConformanceRoot {
            // Swift allows one conformance per class hierarchy: the root's metadata dispatches here.
            writer.block("nonisolated extension \(name)") { body in
                emitRoutes(type, into: &body)
                if type.genericParameters.isEmpty {
                    emitTable(named: Self.tableName(type.name), owner: ownerType, type.metadataProperties, into: &body)
                } else {
                    // Generic types cannot have stored statics. (The root's dispatch lists only
                    // non-generic subclasses; README, Limitations.)
                    body.block("static var \(Self.tableName(type.name)): \(names.library("Metadata"))") { getter in
                        getter.block("\(names.library("Metadata")).cached(for: self)") { cached in
                            emitCreate(owner: ownerType, type.metadataProperties, into: &cached)
                        }
                    }
                }
            }
            return
        }
        writer.block("nonisolated extension \(name): \(names.library("JsonSerializable"))") { body in
            let stringType = names.library("String")
            if type.subclasses.isEmpty {
                body.line("\(access)static var typeName: \(stringType) { \(SwiftSyntax.stringLiteral(type.name)) }")
            } else {
                body.block("\(access)static var typeName: \(stringType)") { getter in
                    for subclass in type.subclasses {
                        getter.line("if self == \(SwiftSyntax.escaped(subclass)).self { return \(SwiftSyntax.stringLiteral(subclass)) }")
                    }
                    getter.line("return \(SwiftSyntax.stringLiteral(type.name))")
                }
            }
            emitRoutes(type, into: &body)
            let metadataType = names.library("Metadata")
            if !type.genericParameters.isEmpty {
                body.block("\(access)static var metadata: \(metadataType)") { getter in
                    getter.block("\(metadataType).cached(for: self)") { cached in
                        emitCreate(owner: ownerType, type.metadataProperties, into: &cached)
                    }
                }
            } else if type.subclasses.isEmpty {
                emitTable(named: "metadata", owner: ownerType, type.metadataProperties, isPublic: true, into: &body)
            } else {
                body.block("\(access)static var metadata: \(metadataType)") { getter in
                    for subclass in type.subclasses {
                        let escaped = SwiftSyntax.escaped(subclass)
                        getter.line("if self == \(escaped).self { return \(escaped).\(Self.tableName(subclass)) }")
                    }
                    getter.line("return \(Self.tableName(type.name))")
                }
                emitTable(named: Self.tableName(type.name), owner: ownerType, type.metadataProperties, into: &body)
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

    /// `routes` for a class that declares it (dispatching to subclasses' tables when it has routed
    /// subclasses), or the `…Routes` table of a routed subclass.
    private func emitRoutes(_ type: ResolvedClass, into writer: inout SourceWriter) {
        let routeType = names.library("ServiceRoute")
        let ownRoutes = type.routes.map { route in
            "\(routeType)(\(SwiftSyntax.stringLiteral(route.path))" + (route.verbs.map { ", \(SwiftSyntax.stringLiteral($0))" } ?? "") + ")"
        }
        let isGeneric = !type.genericParameters.isEmpty
        if type.declaresRoutes, !type.routeSubclasses.isEmpty {
            writer.block("\(access)static var routes: [\(routeType)]") { getter in
                for subclass in type.routeSubclasses {
                    let escaped = SwiftSyntax.escaped(subclass)
                    getter.line("if self == \(escaped).self { return \(escaped).\(Self.routesTableName(subclass)) }")
                }
                getter.line("return [\(ownRoutes.joined(separator: ", "))]")
            }
        } else if !ownRoutes.isEmpty {
            let name = type.declaresRoutes ? "routes" : Self.routesTableName(type.name)
            let modifier = type.declaresRoutes ? access : ""
            let declaration = isGeneric ? "static var \(name): [\(routeType)]" : "static let \(name)"
            if ownRoutes.count == 1 {
                writer.line(isGeneric ? "\(modifier)\(declaration) { [\(ownRoutes[0])] }" : "\(modifier)\(declaration) = [\(ownRoutes[0])]")
            } else {
                writer.line("\(modifier)\(declaration)" + (isGeneric ? " { [" : " = ["))
                ownRoutes.forEach { writer.line("    \($0),") }
                writer.line(isGeneric ? "] }" : "]")
            }
        }
    }

    /// The stored routes of a subclass in a hierarchy: `createTechnologyRoutes`.
    static func routesTableName(_ swiftName: String) -> String {
        tableName(swiftName).dropLast("Metadata".count) + "Routes"
    }

    private func emitTable(named tableName: String, owner: String, _ properties: [ResolvedProperty],
                           isPublic: Bool = false, into writer: inout SourceWriter) {
        let modifier = isPublic ? access : ""
        let metadataType = names.library("Metadata")
        guard !properties.isEmpty else {
            writer.line("\(modifier)static let \(tableName) = \(metadataType).create([])")
            return
        }
        writer.line("\(modifier)static let \(tableName) = \(metadataType).create([")
        emitPropertyLines(owner: owner, properties, into: &writer)
        writer.line("])")
    }

    private func emitCreate(owner: String, _ properties: [ResolvedProperty], into writer: inout SourceWriter) {
        writer.line("\(names.library("Metadata")).create([")
        emitPropertyLines(owner: owner, properties, into: &writer)
        writer.line("])")
    }

    private func emitPropertyLines(owner: String, _ properties: [ResolvedProperty], into writer: inout SourceWriter) {
        let propertyType = names.library("Property")
        for property in properties {
            let builder = Self.builder(for: property.type)
            let accessor = SwiftSyntax.escaped(property.name)
            writer.line("    \(propertyType)<\(owner)>.\(builder)(\(SwiftSyntax.stringLiteral(property.jsonName)), "
                + "get: { $0.\(accessor) }, set: { $0.\(accessor) = $1 }),")
        }
    }

    /// The runtime builder for a property of this type (outer shape only: element and value types
    /// are generic, except durations, which need their own encoding).
    static func builder(for type: SwiftType) -> String {
        let isOptional = type.isOptional
        func pick(_ name: String) -> String {
            isOptional ? "optional" + name.prefix(1).uppercased() + name.dropFirst() : name
        }
        switch type.unwrapped {
        case .named(_, _, .timeSpan, _): return pick("timeSpan")
        case .named(_, _, .bytes, _): return pick("bytes")
        case .named(_, _, .dto, _): return pick("object")
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
