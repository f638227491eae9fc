/// `AddCodable`: Codable conformances next to the accessor extensions, for interop with Codable code
/// and for benchmarking against JSONDecoder/JSONEncoder on the same types — as the model
/// (``CodableMembers``, ``EnumCodable``) has them. Dates use the coder's date strategy:
/// `JSONDecoder.serviceStack()` / `JSONEncoder.serviceStack()` handle ServiceStack's formats.
struct CodableEmitter {
    let library: LibraryTypes
    let access: GeneratorOptions.AccessLevel

    private static let codingKeys = SwiftType.named("CodingKeys", [], .enumeration, module: nil)

    /// CodingKeys, `init(from:)` and `encode(to:)`, inside the class body (Swift requires a non-final
    /// class's `init(from:)` there).
    func classMembers(of type: ResolvedType) -> [Declaration] {
        guard case .classType(let type) = type, let codable = type.codable else { return [] }
        guard codable.form == .members else {
            // A struct gets these from its conformance (`CodableThroughMetadata`).
            return type.isStruct ? [] : throughMetadata(codable, isOpen: type.isOpen)
        }
        let properties = codable.properties
        let keys = TypeDeclaration(
            modifiers: Modifiers(isPrivate: true), kind: .enum, name: "CodingKeys",
            inherits: properties.isEmpty ? [library.codingKey] : [library.string, library.codingKey],
            members: properties.map { coded in
                let property = coded.property
                return .enumCase(
                    name: property.name, rawValue: property.name == property.jsonName ? nil : .string(property.jsonName)
                )
            }, layout: .oneLine)

        let container = Expression.name("container")
        func keyed(_ coder: String) -> Expression {
            .call(.member(.name(coder), "container"), [Argument("keyedBy", .metatype(Self.codingKeys))])
        }
        var decode: [Expression] = codable.callsSuperInit ? [.call(.initializer(.superValue), [])] : []
        if !properties.isEmpty { decode.append(.binding(.let, "container", .try(keyed("decoder")))) }
        decode += properties.map {
            .assignment(.member(.selfValue, $0.property.name), decodeExpression($0, from: container))
        }

        let encode: [Expression] =
            properties.isEmpty
            ? [.discard(keyed("encoder"))]
            : [.binding(.var, "container", keyed("encoder"))] + properties.map { encodeStatement($0, into: container) }

        return [
            .blankLine,
            .type(keys),
            .blankLine,
            .function(
                Function(
                    modifiers: Modifiers(access: access, isRequired: codable.initializerIsRequired), name: .initializer,
                    parameters: [.init(label: "from", name: "decoder", type: .existential(library.decoder))],
                    isThrowing: true, body: decode, layout: .lines)),
            .blankLine,
            .function(
                Function(
                    modifiers: Modifiers(access: access, isOpen: type.isOpen, isOverride: codable.overridesEncode),
                    name: .named("encode"),
                    parameters: [.init(label: "to", name: "encoder", type: .existential(library.encoder))],
                    isThrowing: true, body: encode, layout: .lines)),
        ]
    }

    /// `init(from:)` and `encode(to:)` that call `CodableSupport.decodeThroughMetadata(self, from: decoder)`
    /// and `CodableSupport.encodeThroughMetadata(self, to: encoder)`.
    private func throughMetadata(_ codable: CodableMembers, isOpen: Bool) -> [Declaration] {
        let support = Expression.type(library.codableSupport)
        let decode = Expression.call(
            .member(support, "decodeThroughMetadata"), [Argument(nil, .selfValue), Argument("from", .name("decoder"))])
        let encode = Expression.call(
            .member(support, "encodeThroughMetadata"), [Argument(nil, .selfValue), Argument("to", .name("encoder"))])
        return [
            .blankLine,
            .comment(
                .documentation("Decodes through the metadata table (Codable support for `AddCodable: True` types).")),
            .function(
                Function(
                    modifiers: Modifiers(access: access, isRequired: codable.initializerIsRequired), name: .initializer,
                    parameters: [.init(label: "from", name: "decoder", type: .existential(library.decoder))],
                    isThrowing: true, body: [.try(decode)], layout: .lines)),
            .blankLine,
            .comment(
                .documentation("Encodes through the metadata table (Codable support for `AddCodable: True` types).")),
            .function(
                Function(
                    modifiers: Modifiers(access: access, isOpen: isOpen, isOverride: codable.overridesEncode),
                    name: .named("encode"),
                    parameters: [.init(label: "to", name: "encoder", type: .existential(library.encoder))],
                    isThrowing: true, body: [.try(encode)], layout: .lines)),
        ]
    }

    /// `extension X: Codable {}` for hierarchy roots; enums get their `JsonEnumCoding` bridge. Each
    /// extension comes after a blank line.
    func extensions(of type: ResolvedType) -> [Declaration] {
        conformances(of: type).flatMap { [.blankLine, $0] }
    }

    private func conformances(of type: ResolvedType) -> [Declaration] {
        switch type {
        case .classType(let type):
            guard let conformance = type.codable?.conformance else { return [] }
            return [conformanceExtension(of: type.name, conformance, members: [])]
        case .enumType(let type):
            guard let codable = type.codable else { return [] }
            guard codable.readsThroughCaseTable else {
                return [conformanceExtension(of: type.name, codable.conformance, members: [])]
            }
            let coding = Expression.type(library.jsonEnumCoding)
            let decode = Expression.call(
                .member(coding, "decode"),
                [
                    Argument(nil, .metatype(.named(type.name, [], .enumeration, module: nil))),
                    Argument("from", .name("decoder")),
                ])
            let encode = Expression.call(
                .member(coding, "encode"), [Argument(nil, .selfValue), Argument("to", .name("encoder"))])
            return [
                conformanceExtension(
                    of: type.name, codable.conformance,
                    members: [
                        .function(
                            Function(
                                modifiers: Modifiers(access: access), name: .initializer,
                                parameters: [
                                    .init(label: "from", name: "decoder", type: .existential(library.decoder))
                                ],
                                isThrowing: true, body: [.assignment(.selfValue, .try(decode))], layout: .lines)),
                        .function(
                            Function(
                                modifiers: Modifiers(access: access), name: .named("encode"),
                                parameters: [.init(label: "to", name: "encoder", type: .existential(library.encoder))],
                                isThrowing: true, body: [.try(encode)], layout: .lines)),
                    ])
            ]
        case .protocolType, .excluded:
            return []
        }
    }

    private func conformanceExtension(of name: String, _ conformance: SwiftType, members: [Declaration]) -> Declaration
    {
        .type(
            TypeDeclaration(
                modifiers: Modifiers(isNonisolated: true), kind: .extension, name: name, inherits: [conformance],
                members: members, layout: .oneLine))
    }

    // MARK: Properties

    /// `try container.decodeIfPresent(TimeSpan.self, forKey: .duration)?.value ?? 0`: absent
    /// members leave a non-optional property at its initial value.
    private func decodeExpression(_ coded: CodedProperty, from container: Expression) -> Expression {
        let property = coded.property
        var value = Expression.call(
            .member(container, "decodeIfPresent"),
            [Argument(nil, .metatype(coded.codedType)), Argument("forKey", .implicitMember(property.name))])
        if coded.isCheckedAtRunTime {
            // `CodableSupport.decodeIfPresent([T].self, from: container, forKey: .results)`.
            value = .call(
                .member(.type(library.codableSupport), "decodeIfPresent"),
                [
                    Argument(nil, .metatype(coded.codedType)), Argument("from", container),
                    Argument("forKey", .implicitMember(property.name)),
                ])
        }
        if let conversion = coded.conversion {
            let member = conversion.unwrappingMember
            switch conversion.scope {
            case .value: value = .member(.optionalChain(value), member)
            case .elements: value = .call(.member(.optionalChain(value), "map"), [Argument(nil, .keyPath(member))])
            case .dictionaryValues:
                value = .call(.member(.optionalChain(value), "mapValues"), [Argument(nil, .keyPath(member))])
            }
        }
        guard !property.type.isOptional else { return .try(value) }
        let fallback = property.initialValue?.expression(for: property.type) ?? .member(.selfValue, property.name)
        return .try(.infix(value, .nilCoalescing, fallback))
    }

    /// `try container.encodeIfPresent(self.duration.map(TimeSpan.init), forKey: .duration)`.
    private func encodeStatement(_ coded: CodedProperty, into container: Expression) -> Expression {
        let property = coded.property
        let isOptional = property.type.isOptional
        let stored = Expression.member(.selfValue, property.name)
        var value = stored
        if let conversion = coded.conversion {
            let wrap = Argument(nil, .initializer(.type(conversion.wrapper)))
            switch conversion.scope {
            case .value:
                value =
                    isOptional
                    ? .call(.member(stored, "map"), [wrap]) : .call(.type(conversion.wrapper), [Argument(nil, stored)])
            case .elements: value = .call(.member(isOptional ? .optionalChain(stored) : stored, "map"), [wrap])
            case .dictionaryValues:
                value = .call(.member(isOptional ? .optionalChain(stored) : stored, "mapValues"), [wrap])
            }
        }
        if coded.isCheckedAtRunTime {
            // `CodableSupport.encodeIfPresent(self.results, to: &container, forKey: .results)`.
            return .try(
                .call(
                    .member(.type(library.codableSupport), "encodeIfPresent"),
                    [
                        Argument(nil, value), Argument("to", .inoutArgument(container)),
                        Argument("forKey", .implicitMember(property.name)),
                    ]))
        }
        return .try(
            .call(
                .member(container, isOptional ? "encodeIfPresent" : "encode"),
                [Argument(nil, value), Argument("forKey", .implicitMember(property.name))]))
    }
}
