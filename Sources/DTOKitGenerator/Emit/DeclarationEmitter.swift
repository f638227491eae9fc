/// The type declarations: classes with their properties, enums, option sets, protocols.
struct DeclarationEmitter {
    let access: GeneratorOptions.AccessLevel

    /// The declaration of `type`; a class gets `classMembers` (its Codable members) at the end.
    func declarations(of type: ResolvedType, classMembers: [Declaration]) -> [Declaration] {
        switch type {
        case .classType(let type): return declarations(of: type, extraMembers: classMembers)
        case .enumType(let type): return declarations(of: type)
        case .protocolType(let type): return declarations(of: type)
        case .excluded(let name, let baseName, let arguments):
            return [.comment(.note([.text("Excluded \(name) : \(baseName)<\(arguments.joined(separator: ","))>")]))]
        }
    }

    // MARK: Classes

    private func declarations(of type: ResolvedClass, extraMembers: [Declaration]) -> [Declaration] {
        var body: [Declaration] = []
        // A generated class is not open, so no other module can override its properties: `final` spares
        // each one its vtable entries and method descriptors (about 8% of the generated object code and
        // of its release compile time, measured on TechStacks). The runtime's open classes keep theirs.
        let propertyModifiers = Modifiers(access: access, isFinal: !type.isStruct && !type.isOpen)
        if let returnType = type.returnType {
            body += [.typeAlias(modifiers: Modifiers(access: access), name: "Return", type: returnType), .blankLine]
        }
        for (index, member) in type.members.enumerated() {
            switch member {
            case .skipped(let skipped):
                body.append(.comment(AnnotationEmitter.note(skipped)))
            case .property(let property):
                let hasComments = property.documentation != nil || !property.annotations.isEmpty
                if hasComments, index > 0 { body.append(.blankLine) }
                body += documentation(property.documentation) + AnnotationEmitter.comments(property.annotations)
                if let storage = property.indirectStorage {
                    body += indirectProperty(property, storage, modifiers: propertyModifiers)
                    continue
                }
                body.append(
                    .variable(
                        Variable(
                            modifiers: propertyModifiers, binding: .var, name: property.name,
                            type: .type(property.type),
                            value: property.initialValue.map { .initial($0.expression(for: property.type)) } ?? .none)))
            }
        }
        if !type.members.isEmpty { body.append(.blankLine) }
        body += documentation(type.initializerDocumentation)
        body.append(
            .function(
                Function(
                    modifiers: Modifiers(
                        access: access, isRequired: !type.isStruct, isOverride: type.baseKind == .configured),
                    name: .initializer, parameters: [], isThrowing: false,
                    body: type.baseKind == .none ? [] : [.call(.initializer(.superValue), [])], layout: .oneLine)))
        let declaration = TypeDeclaration(
            modifiers: Modifiers(access: access, isOpen: type.isOpen, isNonisolated: true),
            kind: type.isStruct ? .struct : .class,
            name: type.name,
            genericParameters: type.genericParameters, genericConstraints: type.genericConstraints,
            inherits: (type.base.map { [$0] } ?? []) + type.conformances, members: body + extraMembers)
        return documentation(type.documentation) + AnnotationEmitter.comments(type.annotations) + [.type(declaration)]
    }

    /// `public var parent: Category? { get { _parent.value } set { _parent.value = newValue } }` and
    /// `private var _parent = Indirect<Category?>(nil)`.
    private func indirectProperty(
        _ property: ResolvedProperty, _ storage: IndirectStorage, modifiers: Modifiers
    ) -> [Declaration] {
        let value = Expression.member(.name(storage.name), "value")
        return [
            .variable(
                Variable(
                    modifiers: modifiers, binding: .var, name: property.name,
                    type: .type(property.type),
                    value: .getSet(get: [value], set: [.assignment(value, .name("newValue"))]))),
            .variable(
                Variable(
                    modifiers: Modifiers(isPrivate: true), binding: .var, name: storage.name, type: nil,
                    value: .initial(.call(.type(storage.type), [Argument(nil, .nil)])))),
        ]
    }

    // MARK: Enums

    private func declarations(of type: ResolvedEnum) -> [Declaration] {
        let enumType = SwiftType.named(type.name, [], .enumeration, module: nil)
        var members: [Declaration] = []
        if type.style == .flags {
            members.append(
                .variable(
                    Variable(
                        modifiers: Modifiers(access: access), binding: .let, name: "rawValue",
                        type: .type(type.rawValueType), value: .none)))
            members.append(
                .function(
                    Function(
                        modifiers: Modifiers(access: access), name: .initializer,
                        parameters: [.init(label: nil, name: "rawValue", type: .type(type.rawValueType))],
                        isThrowing: false,
                        body: [.assignment(.member(.selfValue, "rawValue"), .name("rawValue"))], layout: .oneLine)))
            members.append(.blankLine)
        }
        for enumCase in type.cases {
            members += documentation(enumCase.documentation)
            switch type.style {
            case _ where type.unknownCase != nil:
                // An enum with a case that holds a value has no raw values: its case table has the texts.
                members.append(.enumCase(name: enumCase.name, rawValue: nil))
            case .names:
                members.append(
                    .enumCase(
                        name: enumCase.name,
                        rawValue: enumCase.wireName == enumCase.name ? nil : .string(enumCase.wireName)))
            case .values:
                members.append(.enumCase(name: enumCase.name, rawValue: .integer(enumCase.value)))
            case .flags:
                // The empty set is written `[]`, the others by their raw value.
                let value: Expression =
                    enumCase.value == 0
                    ? .array([], .oneLine)
                    : .call(.type(enumType), [Argument("rawValue", .integer(enumCase.value))])
                members.append(
                    .variable(
                        Variable(
                            modifiers: Modifiers(access: access, isStatic: true), binding: .let, name: enumCase.name,
                            type: enumCase.value == 0 ? .type(enumType) : nil, value: .initial(value))))
            }
        }
        if let unknownCase = type.unknownCase {
            members += unknownCaseMembers(unknownCase, of: type, enumType)
        }
        let declaration = TypeDeclaration(
            modifiers: Modifiers(access: access, isNonisolated: true), kind: type.style == .flags ? .struct : .enum,
            name: type.name, inherits: type.conformances, members: members)
        return documentation(type.documentation) + AnnotationEmitter.comments(type.annotations) + [.type(declaration)]
    }

    /// `case unknown(UnknownEnumValue)`, the `allCases` that Swift does not synthesize for an enum
    /// with it, and `unknownValue`, which ``JsonOpenEnum`` reads it with.
    private func unknownCaseMembers(
        _ unknownCase: ResolvedEnum.UnknownCase, of type: ResolvedEnum,
        _ enumType: SwiftType
    ) -> [Declaration] {
        let name = ResolvedEnum.UnknownCase.name
        return [
            .comment(
                .documentation(
                    "A value this snapshot does not list (from a newer server); written back as it was read.")),
            .enumCase(name: name, rawValue: nil, associatedValue: unknownCase.valueType),
            .blankLine,
            .variable(
                Variable(
                    modifiers: Modifiers(access: access, isStatic: true), binding: .let, name: "allCases",
                    type: .array(.type(enumType)),
                    value: .initial(.array(type.cases.map { .implicitMember($0.name) }, .lines)))),
            .blankLine,
            .comment(.documentation("The value of the `\(name)` case; nil for the listed ones.")),
            .variable(
                Variable(
                    modifiers: Modifiers(access: access), binding: .var, name: ResolvedEnum.UnknownCase.propertyName,
                    type: .type(.optional(unknownCase.valueType)),
                    value: .computed([
                        .if(
                            .casePattern(name: name, binding: "value", value: .selfValue), [.return(.name("value"))],
                            .oneLine),
                        .return(.nil),
                    ]))),
        ]
    }

    // MARK: Protocols

    private func declarations(of type: ResolvedProtocol) -> [Declaration] {
        var members: [Declaration] = type.associatedTypes.map { .associatedType($0) }
        for property in type.properties {
            members += documentation(property.documentation)
            members.append(
                .variable(
                    Variable(
                        modifiers: Modifiers(), binding: .var, name: property.name, type: .type(property.type),
                        value: .requirement)))
        }
        let declaration = TypeDeclaration(
            modifiers: Modifiers(access: access, isNonisolated: true), kind: .protocol, name: type.name,
            inherits: type.inherits.map { .named($0, [], .protocolType, module: nil) }, members: members)
        return documentation(type.documentation) + [.type(declaration)]
    }

    private func documentation(_ text: String?) -> [Declaration] {
        text.map { [.comment(.documentation($0))] } ?? []
    }
}

extension InitialValue {
    /// The initializer expression for a property of `type`.
    func expression(for type: SwiftType) -> Expression {
        switch self {
        case .emptyArray: return .array([], .oneLine)
        case .emptyDictionary: return .emptyDictionary
        case .emptyString: return .string("")
        case .false: return .boolean(false)
        case .zero: return .integer(0)
        case .integer(let value): return .integer(value)
        case .epoch: return .call(.type(type), [Argument("timeIntervalSince1970", .integer(0))])
        case .jsonNull: return .implicitMember("null")
        case .newInstance: return .call(.type(type), [])
        }
    }
}
