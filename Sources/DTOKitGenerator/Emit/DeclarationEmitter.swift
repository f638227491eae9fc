/// Emits the type declarations: classes with their properties, enums, option sets, protocols.
struct DeclarationEmitter {
    let options: GeneratorOptions
    let names: ShadowedNames

    private var access: String { options.accessLevel.prefix }
    private var typeModifiers: String { options.accessLevel.typeDeclaration }

    func emit(_ type: ResolvedType, into writer: inout SourceWriter) {
        switch type {
        case .classType(let type): emitClass(type, into: &writer)
        case .enumType(let type): emitEnum(type, into: &writer)
        case .protocolType(let type): emitProtocol(type, into: &writer)
        case .excluded(let name, let baseName, let arguments):
            writer.line("//Excluded \(name) : \(baseName)<\(arguments.joined(separator: ","))>")
        }
    }

    // MARK: Classes

    private func emitClass(_ type: ResolvedClass, into writer: inout SourceWriter) {
        writer.docComment(type.documentation)
        AnnotationEmitter.lines(type.annotations).forEach { writer.line($0) }
        var header = "\(typeModifiers)class \(SwiftSyntax.escaped(type.name))"
        if !type.genericParameters.isEmpty {
            var constraints: [String] = []
            if options.addModelExtensions { constraints.append(names.library("JsonConvertible")) }
            if options.addCodable { constraints.append(names.library("Codable")) }
            let constraint = constraints.isEmpty ? "" : ": " + constraints.joined(separator: " & ")
            header += "<" + type.genericParameters.map { $0 + constraint }.joined(separator: ", ") + ">"
        }
        let inheritance = (type.base.map { [$0] } ?? []) + type.conformances
        if !inheritance.isEmpty { header += ": " + inheritance.map(\.spelled).joined(separator: ", ") }
        writer.block(header) { body in
            if let returnType = type.returnType {
                body.line("\(access)typealias Return = \(returnType.spelled)")
                body.line()
            }
            for (index, member) in type.members.enumerated() {
                switch member {
                case .skipped(let skipped):
                    body.line(AnnotationEmitter.line(skipped))
                case .property(let property):
                    let hasComments = property.documentation != nil || !property.annotations.isEmpty
                    if hasComments, index > 0 { body.line() }
                    body.docComment(property.documentation)
                    AnnotationEmitter.lines(property.annotations).forEach { body.line($0) }
                    var declaration = "\(access)var \(SwiftSyntax.escaped(property.name)): \(property.type.spelled)"
                    if let value = property.initialValue { declaration += " = \(value.spelled(for: property.type))" }
                    body.line(declaration)
                }
            }
            if !type.members.isEmpty { body.line() }
            body.line(initializer(for: type))
            if options.addCodable {
                CodableEmitter(options: options, names: names).emitClassMembers(type, into: &body)
            }
        }
    }

    private func initializer(for type: ResolvedClass) -> String {
        let required = options.accessLevel.requiredInitializer
        switch type.baseKind {
        case .none: return "\(required) init() {}"
        case .generated, .runtime: return "\(required) init() { super.init() }"
        case .configured: return "\(required) override init() { super.init() }"
        }
    }

    // MARK: Enums

    private func emitEnum(_ type: ResolvedEnum, into writer: inout SourceWriter) {
        writer.docComment(type.documentation)
        AnnotationEmitter.lines(type.annotations).forEach { writer.line($0) }
        let name = SwiftSyntax.escaped(type.name)
        switch type.style {
        case .names:
            writer.block("\(typeModifiers)enum \(name): \(names.library("String")), \(names.library("CaseIterable")), \(names.library("Sendable"))") { body in
                for enumCase in type.cases {
                    body.docComment(enumCase.documentation)
                    let caseName = SwiftSyntax.escaped(enumCase.name)
                    body.line(enumCase.wireName == enumCase.name ? "case \(caseName)"
                              : "case \(caseName) = \(SwiftSyntax.stringLiteral(enumCase.wireName))")
                }
            }
        case .values:
            writer.block("\(typeModifiers)enum \(name): \(names.library("Int")), \(names.library("CaseIterable")), \(names.library("Sendable"))") { body in
                for enumCase in type.cases {
                    body.docComment(enumCase.documentation)
                    body.line("case \(SwiftSyntax.escaped(enumCase.name)) = \(enumCase.value)")
                }
            }
        case .flags:
            writer.block("\(typeModifiers)struct \(name): \(names.library("OptionSet")), \(names.library("Hashable")), \(names.library("Sendable"))") { body in
                body.line("\(access)let rawValue: \(names.library("Int"))")
                body.line("\(access)init(rawValue: \(names.library("Int"))) { self.rawValue = rawValue }")
                body.line()
                for enumCase in type.cases {
                    body.docComment(enumCase.documentation)
                    let caseName = SwiftSyntax.escaped(enumCase.name)
                    body.line(enumCase.value == 0 ? "\(access)static let \(caseName): \(name) = []"
                              : "\(access)static let \(caseName) = \(name)(rawValue: \(enumCase.value))")
                }
            }
        }
    }

    // MARK: Protocols

    private func emitProtocol(_ type: ResolvedProtocol, into writer: inout SourceWriter) {
        writer.docComment(type.documentation)
        var header = "\(typeModifiers)protocol \(SwiftSyntax.escaped(type.name))"
        if !type.inherits.isEmpty { header += ": " + type.inherits.map(SwiftSyntax.escaped).joined(separator: ", ") }
        writer.block(header) { body in
            for associated in type.associatedTypes { body.line("associatedtype \(associated)") }
            for property in type.properties {
                body.docComment(property.documentation)
                body.line("var \(SwiftSyntax.escaped(property.name)): \(property.type.spelled) { get set }")
            }
        }
    }
}
