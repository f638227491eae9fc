/// The `// @Route(…)`, `// @DataMember(…)` and attribute comments above types and properties
/// (spec §3.6), so the generated code shows what the server declared.
enum CommentBuilder {
    static func typeComments(_ type: TypeDefinition, routes: [RouteDefinition]) -> [String] {
        var lines: [String] = []
        for route in routes {
            let path = SwiftNames.stringLiteral(route.path)
            lines.append(route.verbs.map { "// @Route(\(path), \(SwiftNames.stringLiteral($0)))" } ?? "// @Route(\(path))")
        }
        lines += attributeComments(type.attributes.filter { $0.name != "Route" })
        if let contract = type.dataContract {
            var arguments: [String] = []
            if let name = contract.name { arguments.append("Name=\(SwiftNames.stringLiteral(name))") }
            if let namespace = contract.namespace { arguments.append("Namespace=\(SwiftNames.stringLiteral(namespace))") }
            lines.append(arguments.isEmpty ? "// @DataContract()" : "// @DataContract(\(arguments.joined(separator: ", ")))")
        }
        return lines
    }

    static func propertyComments(_ property: PropertyDefinition) -> [String] {
        var lines: [String] = []
        if let member = property.dataMember {
            var arguments: [String] = []
            if let name = member.name { arguments.append("Name=\(SwiftNames.stringLiteral(name))") }
            if let order = member.order { arguments.append("Order=\(order)") }
            if member.isRequired { arguments.append("IsRequired=true") }
            if let emit = member.emitDefaultValue { arguments.append("EmitDefaultValue=\(emit)") }
            lines.append(arguments.isEmpty ? "// @DataMember()" : "// @DataMember(\(arguments.joined(separator: ", ")))")
        }
        return lines + attributeComments(property.attributes)
    }

    static func attributeComments(_ attributes: [AttributeDefinition]) -> [String] {
        attributes.map { attribute in
            guard !attribute.arguments.isEmpty else { return "// @\(SwiftNames.commentText(attribute.name))()" }
            let arguments = attribute.arguments.map { argument -> String in
                let value = argumentValue(argument)
                return attribute.isPositional ? value : "\(SwiftNames.commentText(argument.name))=\(value)"
            }
            return "// @\(SwiftNames.commentText(attribute.name))(\(arguments.joined(separator: ", ")))"
        }
    }

    private static func argumentValue(_ argument: AttributeDefinition.Argument) -> String {
        guard let value = argument.value else { return "null" }
        if value.hasPrefix("typeof("), value.hasSuffix(")") {
            let name = value.dropFirst(7).dropLast().split(separator: ".").last.map(String.init) ?? value
            return "typeof(\(SwiftNames.commentText(name)))"
        }
        switch argument.type {
        case "String", "Char", nil:
            return SwiftNames.commentText(SwiftNames.stringLiteral(value))
        default:
            return SwiftNames.commentText(value)
        }
    }
}
