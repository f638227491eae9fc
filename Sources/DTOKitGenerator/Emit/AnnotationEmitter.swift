/// The comments that show what the server declared (spec §3.6): `// @Route("/path", "GET")`,
/// `// @DataMember(Order=1)`, `// @ApiMember(Description="…")`, and the comment standing in for a
/// property that is not generated.
enum AnnotationEmitter {
    static func lines(_ annotations: [Annotation]) -> [String] {
        annotations.map(line)
    }

    static func line(_ annotation: Annotation) -> String {
        switch annotation {
        case .route(let route):
            let path = SwiftSyntax.stringLiteral(route.path)
            return route.verbs.map { "// @Route(\(path), \(SwiftSyntax.stringLiteral($0)))" } ?? "// @Route(\(path))"
        case .dataContract(let name, let namespace):
            var arguments: [String] = []
            if let name { arguments.append("Name=\(SwiftSyntax.stringLiteral(name))") }
            if let namespace { arguments.append("Namespace=\(SwiftSyntax.stringLiteral(namespace))") }
            return arguments.isEmpty ? "// @DataContract()" : "// @DataContract(\(arguments.joined(separator: ", ")))"
        case .dataMember(let member):
            var arguments: [String] = []
            if let name = member.name { arguments.append("Name=\(SwiftSyntax.stringLiteral(name))") }
            if let order = member.order { arguments.append("Order=\(order)") }
            if member.isRequired { arguments.append("IsRequired=true") }
            if let emit = member.emitDefaultValue { arguments.append("EmitDefaultValue=\(emit)") }
            return arguments.isEmpty ? "// @DataMember()" : "// @DataMember(\(arguments.joined(separator: ", ")))"
        case .attribute(let attribute):
            let name = SwiftSyntax.commentText(attribute.name)
            guard !attribute.arguments.isEmpty else { return "// @\(name)()" }
            let arguments = attribute.arguments.map { argument -> String in
                let value = argumentValue(argument)
                return attribute.isPositional ? value : "\(SwiftSyntax.commentText(argument.name))=\(value)"
            }
            return "// @\(name)(\(arguments.joined(separator: ", ")))"
        }
    }

    /// `//name:Type ignored. …` in place of a property that is not generated.
    static func line(_ skipped: SkippedProperty) -> String {
        let type: String
        switch skipped.type {
        case .clr(let name): type = name
        case .swift(let swiftType): type = swiftType.spelled
        }
        switch skipped.reason {
        case .interfaceType: return "//\(skipped.name):\(type) ignored. Swift doesn't support interface properties"
        case .declaredByBase(let base): return "//\(skipped.name):\(type) is declared by \(base)"
        case .duplicateName: return "//\(skipped.name):\(type) is declared twice; the first declaration is kept"
        }
    }

    private static func argumentValue(_ argument: AttributeDefinition.Argument) -> String {
        guard let value = argument.value else { return "null" }
        if value.hasPrefix("typeof("), value.hasSuffix(")") {
            let name = value.dropFirst(7).dropLast().split(separator: ".").last.map(String.init) ?? value
            return "typeof(\(SwiftSyntax.commentText(name)))"
        }
        switch argument.type {
        case "String", "Char", nil:
            return SwiftSyntax.commentText(SwiftSyntax.stringLiteral(value))
        default:
            return SwiftSyntax.commentText(value)
        }
    }
}
