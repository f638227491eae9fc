/// The JSON extensions: a class's `JsonSerializable` metadata (the request's routes and a typed
/// getter/setter pair per property), an enum's `JsonEnum`/`JsonFlags` table — as the model
/// (``MetadataDeclaration``, ``EnumMetadata``) has them.
struct MetadataEmitter {
    let library: LibraryTypes
    let access: GeneratorOptions.AccessLevel

    func extensions(of type: ResolvedType) -> [Declaration] {
        switch type {
        case .classType(let type): return type.metadata.map { [extensionDeclaration(of: type.name, $0)] } ?? []
        case .enumType(let type): return type.metadata.map { [extensionDeclaration(of: type, $0)] } ?? []
        case .protocolType, .excluded: return []
        }
    }

    // MARK: Classes

    private func extensionDeclaration(of name: String, _ metadata: MetadataDeclaration) -> Declaration {
        var members: [Declaration] = []
        if !metadata.dispatch.isEmpty {
            // `metadata` of the class it is called on: `if self == Ring.self { return Ring.ringMetadata }`.
            let getter: [Expression] =
                metadata.dispatch.map { subclass in
                    .if(
                        .infix(.selfValue, .equals, .metatype(subclass.type)), [.return(reference(to: subclass))],
                        .oneLine)
                } + [.return(.name(metadata.name))]
            members.append(
                .variable(
                    Variable(
                        modifiers: Modifiers(access: access, isStatic: true), binding: .var,
                        name: MetadataDeclaration.requirement,
                        type: .type(library.metadata), value: .computed(getter))))
        }
        let modifiers = Modifiers(access: metadata.isPublic ? access : .internal, isStatic: true)
        // A struct's table names its owner: an empty one gives no element to infer it from.
        let tableType =
            metadata.form == .classTable ? library.metadata : library.structMetadata.applied(to: [metadata.table.owner])
        let build = Expression.call(.name(metadata.builder), [])
        switch metadata.storage {
        case .stored:
            members.append(
                .variable(
                    Variable(
                        modifiers: modifiers, binding: .let, name: metadata.name, type: nil,
                        value: .initial(build))))
        case .cachedPerSpecialization:
            // `Metadata.cached(for: self) { … }`, `StructMetadata.cached { … }`: the table of `Self`, one per specialization.
            let (cache, arguments) =
                metadata.form == .classTable
                ? (library.metadata, [Argument("for", .selfValue)]) : (library.structMetadata, [])
            let cached = Expression.call(
                .member(.type(cache), "cached"), arguments,
                trailingClosure: Closure(body: [build], layout: .oneLine))
            members.append(
                .variable(
                    Variable(
                        modifiers: modifiers, binding: .var, name: metadata.name,
                        type: .type(tableType), value: .computed([cached]))))
        }
        members += [
            .blankLine,
            .function(
                Function(
                    modifiers: Modifiers(isPrivate: true, isStatic: true), name: .named(metadata.builder),
                    parameters: [],
                    isThrowing: false, returnType: .type(tableType),
                    body: [create(metadata.table, form: metadata.form, tableType: tableType)],
                    layout: .lines, isOptimized: metadata.builderIsOptimized)),
        ]
        return .type(
            TypeDeclaration(
                modifiers: Modifiers(isNonisolated: true), kind: .extension, name: name,
                inherits: metadata.conformance.map { [$0] } ?? [], members: members))
    }

    /// `Metadata.create(Circle.self, inheriting: Shape.shapeMetadata, routes: [ServiceRoute("/x")], [entries])`,
    /// or `StructMetadata.create(routes: …, [entries])`.
    private func create(_ table: MetadataTable, form: MetadataDeclaration.Form, tableType: SwiftType) -> Expression {
        var arguments: [Argument] = []
        if let base = table.inheriting {
            arguments += [Argument(nil, .metatype(table.owner)), Argument("inheriting", reference(to: base))]
        }
        if let typeName = table.typeName { arguments.append(Argument("typeName", .string(typeName))) }
        if !table.routes.isEmpty {
            arguments.append(
                Argument(
                    "routes",
                    .array(
                        table.routes.map { route in
                            .call(
                                .type(library.serviceRoute),
                                [Argument(nil, .string(route.path))]
                                    + (route.verbs.map { [Argument(nil, .string($0))] } ?? []))
                        }, .oneLine)))
        }
        let property = Expression.type(
            (form == .classTable ? library.property : library.structProperty).applied(to: [table.owner]))
        let entries: [Expression] = table.entries.map { entry in
            let accessor = Expression.member(.closureArgument(0), entry.propertyName)
            return .call(
                .member(property, entry.builder),
                [
                    Argument(nil, .string(entry.jsonName))
                ] + (entry.format.map { [Argument("as", .metatype($0))] } ?? []) + [
                    Argument("get", .closure(Closure(body: [accessor], layout: .oneLine))),
                    Argument(
                        "set", .closure(Closure(body: [.assignment(accessor, .closureArgument(1))], layout: .oneLine))),
                ])
        }
        arguments.append(Argument(nil, .array(entries, entries.isEmpty ? .oneLine : .lines)))
        return .call(.member(.type(tableType), "create"), arguments)
    }

    private func reference(to table: TableReference) -> Expression {
        .member(.type(table.type), table.name)
    }

    // MARK: Enums

    private func extensionDeclaration(of type: ResolvedEnum, _ metadata: EnumMetadata) -> Declaration {
        let enumType = SwiftType.named(type.name, [], .enumeration, module: nil)
        let encoding = metadata.writesNumbers ? [Argument("encoding", .implicitMember("integer"))] : []
        let cases = Expression.type(library.jsonEnumCases.applied(to: [enumType]))
        let member: Variable
        switch metadata.table {
        case .allCases:
            member = Variable(
                modifiers: Modifiers(access: access, isStatic: true), binding: .let, name: "jsonCases", type: nil,
                value: .initial(.call(cases, [Argument(nil, .name("allCases"))] + encoding)))
        case .caseList:
            let list = Expression.array(
                type.cases.map { .tuple([.implicitMember($0.name), .string($0.wireName)]) }, .lines)
            member = Variable(
                modifiers: Modifiers(access: access, isStatic: true), binding: .let, name: "jsonCases", type: nil,
                value: .initial(.call(cases, [Argument(nil, list)] + encoding)))
        case .fullCaseList:
            let list = Expression.array(
                type.cases.map { .tuple([.implicitMember($0.name), .string($0.wireName), .integer($0.value)]) },
                .lines)
            member = Variable(
                modifiers: Modifiers(access: access, isStatic: true), binding: .let, name: "jsonCases", type: nil,
                value: .initial(.call(cases, [Argument(nil, list)] + encoding)))
        case .flagNames:
            let list = Expression.array(type.cases.map { .tuple([.string($0.wireName), .integer($0.value)]) }, .lines)
            member = Variable(
                modifiers: Modifiers(access: access, isStatic: true), binding: .let, name: "jsonFlagNames",
                type: .array(.tuple([.type(library.string), .type(library.int)])), value: .initial(list))
        }
        return .type(
            TypeDeclaration(
                modifiers: Modifiers(isNonisolated: true), kind: .extension, name: type.name,
                inherits: [metadata.conformance], members: [.variable(member)]))
    }
}
