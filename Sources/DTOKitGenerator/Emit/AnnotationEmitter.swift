/// The comments that show what the server declared (spec §3.6): `// @Route("/path", "GET")`,
/// `// @DataMember(Order=1)`, `// @ApiMember(Description="…")`, and the note standing in for a
/// property that is not generated.
enum AnnotationEmitter {
    static func comments(_ annotations: [Annotation]) -> [Declaration] {
        annotations.map { .comment(comment($0)) }
    }

    static func comment(_ annotation: Annotation) -> Comment {
        switch annotation {
        case .route(let route):
            let verbs = route.verbs.map { [AttributeArgument(label: nil, value: .string($0))] } ?? []
            return .attribute(
                name: "Route", arguments: [AttributeArgument(label: nil, value: .string(route.path))] + verbs)
        case .dataContract(let name, let namespace):
            var arguments: [AttributeArgument] = []
            if let name { arguments.append(AttributeArgument(label: "Name", value: .string(name))) }
            if let namespace { arguments.append(AttributeArgument(label: "Namespace", value: .string(namespace))) }
            return .attribute(name: "DataContract", arguments: arguments)
        case .dataMember(let member):
            var arguments: [AttributeArgument] = []
            if let name = member.name { arguments.append(AttributeArgument(label: "Name", value: .string(name))) }
            if let order = member.order {
                arguments.append(AttributeArgument(label: "Order", value: .verbatim(String(order))))
            }
            if member.isRequired { arguments.append(AttributeArgument(label: "IsRequired", value: .verbatim("true"))) }
            if let emit = member.emitDefaultValue {
                arguments.append(
                    AttributeArgument(label: "EmitDefaultValue", value: .verbatim(emit ? "true" : "false")))
            }
            return .attribute(name: "DataMember", arguments: arguments)
        case .attribute(let attribute):
            return .attribute(
                name: attribute.name,
                arguments: attribute.arguments.map { argument in
                    AttributeArgument(label: attribute.isPositional ? nil : argument.name, value: value(of: argument))
                })
        }
    }

    /// `//name:Type ignored. …` in place of a property that is not generated.
    static func note(_ skipped: SkippedProperty) -> Comment {
        let type: Comment.NotePart
        switch skipped.type {
        case .clr(let name): type = .text(name)
        case .swift(let swiftType): type = .type(swiftType)
        }
        let reason: String
        switch skipped.reason {
        case .interfaceType: reason = " ignored. Swift doesn't support interface properties"
        case .declaredByBase(let base): reason = " is declared by " + base
        case .duplicateName: reason = " is declared twice; the first declaration is kept"
        }
        return .note([.text(skipped.name + ":"), type, .text(reason)])
    }

    private static func value(of argument: AttributeDefinition.Argument) -> AttributeArgument.Value {
        guard let value = argument.value else { return .verbatim("null") }
        if value.hasPrefix("typeof("), value.hasSuffix(")") {
            return .typeOf(value.dropFirst(7).dropLast().split(separator: ".").last.map(String.init) ?? value)
        }
        switch argument.type {
        case "String", "Char", nil: return .string(value)
        default: return .verbatim(value)
        }
    }
}
