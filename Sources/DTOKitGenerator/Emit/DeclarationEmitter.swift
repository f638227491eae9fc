/// Emits the type declarations: classes with their properties, enums, option sets, protocols.
struct DeclarationEmitter {
    let options: GeneratorOptions
    let names: ShadowedNames

    private var access: String { options.accessLevel.prefix }

    func emit(_ type: ResolvedType, into writer: inout SourceWriter) {
        switch type {
        case .classType(let type): emitClass(type, into: &writer)
        case .enumType(let type): emitEnum(type, into: &writer)
        case .protocolType(let type): emitProtocol(type, into: &writer)
        case .excludedComment(let comment): writer.line(comment)
        }
    }

    // MARK: Classes

    private func emitClass(_ type: ResolvedClass, into writer: inout SourceWriter) {
        writer.docComment(type.docComment)
        type.comments.forEach { writer.line($0) }
        var header = "\(access)class \(SwiftNames.escaped(type.swiftName))"
        if !type.genericParameters.isEmpty {
            var convertible = names.library("JsonConvertible")
            if options.addCodable { convertible += " & " + names.library("Codable") }
            header += "<" + type.genericParameters.map { "\($0): \(convertible)" }.joined(separator: ", ") + ">"
        }
        let inheritance = (type.baseClass.map { [$0] } ?? []) + type.conformances
        if !inheritance.isEmpty { header += ": " + inheritance.joined(separator: ", ") }
        writer.block(header) { body in
            if let returnType = type.returnType {
                body.line("\(access)typealias Return = \(returnType)")
                body.line()
            }
            for (index, line) in type.lines.enumerated() {
                switch line {
                case .skipped(let skipped):
                    body.line(skipped.comment)
                case .property(let property):
                    let hasComments = property.docComment != nil || !property.comments.isEmpty
                    if hasComments, index > 0 { body.line() }
                    body.docComment(property.docComment)
                    property.comments.forEach { body.line($0) }
                    var declaration = "\(access)var \(property.swiftName): \(property.type.source)"
                    if let value = property.defaultValue { declaration += " = \(value)" }
                    body.line(declaration)
                }
            }
            if !type.lines.isEmpty { body.line() }
            body.line(initializer(for: type))
            if options.addCodable {
                CodableEmitter(options: options, names: names).emitClassMembers(type, into: &body)
            }
        }
    }

    private func initializer(for type: ResolvedClass) -> String {
        let required = options.accessLevel.requiredInitializer
        if type.hasGeneratedBase || type.hasLibraryBase {
            let isConfiguredBase = type.baseClass == options.baseClass && options.baseClass != nil && type.definition.inherits == nil
            return isConfiguredBase ? "\(required) override init() { super.init() }" : "\(required) init() { super.init() }"
        }
        return "\(required) init() {}"
    }

    // MARK: Enums

    private func emitEnum(_ type: ResolvedEnum, into writer: inout SourceWriter) {
        writer.docComment(type.docComment)
        type.comments.forEach { writer.line($0) }
        let name = SwiftNames.escaped(type.swiftName)
        switch type.style {
        case .names:
            writer.block("\(access)enum \(name): \(names.library("String")), \(names.library("CaseIterable")), \(names.library("Sendable"))") { body in
                for enumCase in type.cases {
                    body.docComment(enumCase.docComment)
                    let plain = enumCase.swiftName.trimmingCharacters(in: "`")
                    body.line(enumCase.wireName == plain ? "case \(enumCase.swiftName)"
                              : "case \(enumCase.swiftName) = \(SwiftNames.stringLiteral(enumCase.wireName))")
                }
            }
        case .values:
            writer.block("\(access)enum \(name): \(names.library("Int")), \(names.library("CaseIterable")), \(names.library("Sendable"))") { body in
                for enumCase in type.cases {
                    body.docComment(enumCase.docComment)
                    body.line("case \(enumCase.swiftName) = \(enumCase.value)")
                }
            }
        case .flags:
            writer.block("\(access)struct \(name): \(names.library("OptionSet")), \(names.library("Hashable")), \(names.library("Sendable"))") { body in
                body.line("\(access)let rawValue: \(names.library("Int"))")
                body.line("\(access)init(rawValue: \(names.library("Int"))) { self.rawValue = rawValue }")
                body.line()
                for enumCase in type.cases {
                    body.docComment(enumCase.docComment)
                    body.line(enumCase.value == 0 ? "\(access)static let \(enumCase.swiftName): \(name) = []"
                              : "\(access)static let \(enumCase.swiftName) = \(name)(rawValue: \(enumCase.value))")
                }
            }
        }
    }

    // MARK: Protocols

    private func emitProtocol(_ type: ResolvedProtocol, into writer: inout SourceWriter) {
        writer.docComment(type.docComment)
        var header = "\(access)protocol \(SwiftNames.escaped(type.swiftName))"
        if !type.inherits.isEmpty { header += ": " + type.inherits.joined(separator: ", ") }
        writer.block(header) { body in
            for associated in type.associatedTypes { body.line("associatedtype \(associated)") }
            for property in type.properties {
                body.docComment(property.docComment)
                body.line("var \(property.swiftName): \(property.type.source) { get set }")
            }
        }
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
