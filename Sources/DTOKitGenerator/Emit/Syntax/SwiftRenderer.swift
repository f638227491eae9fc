/// Writes the structured Swift layer (``Declaration``, ``Expression``) as source text: the one place
/// that knows how Swift spells things. Four spaces indent each level.
struct SwiftRenderer {
    private(set) var lines: [String] = []
    /// The line being written, and the indentation it started at.
    private var current = ""
    private var currentIndentation = 0
    private var indentation = 0

    /// The lines of `declarations`, without line breaks.
    static func lines(of declarations: [Declaration]) -> [String] {
        var renderer = SwiftRenderer()
        for declaration in declarations { renderer.declaration(declaration) }
        return renderer.lines
    }

    // MARK: Lines

    /// Called from everywhere in the renderer.
    mutating func write(_ text: String) {
        if current.isEmpty { currentIndentation = indentation }
        current += text
    }

    /// Ends the line being written (a blank line when nothing was).
    mutating func endLine() {
        lines.append(current.isEmpty ? "" : String(repeating: "    ", count: currentIndentation) + current)
        current = ""
    }

    mutating func indented(_ body: (inout SwiftRenderer) -> Void) {
        indentation += 1
        body(&self)
        indentation -= 1
    }

    // MARK: Declarations

    private mutating func declaration(_ declaration: Declaration) {
        switch declaration {
        case .comment(let comment):
            self.comment(comment)
            return
        case .blankLine:
            break
        case .moduleImport(let moduleImport):
            if let access = moduleImport.access { write(Self.keyword(access) + " ") }
            write("import " + moduleImport.module)
        case .type(let type):
            typeDeclaration(type)
        case .variable(let variable):
            self.variable(variable)
        case .function(let function):
            self.function(function)
        case .typeAlias(let modifiers, let name, let type):
            write(Self.modifiers(modifiers) + "typealias " + Self.escaped(name) + " = " + Self.spelling(type))
        case .associatedType(let name):
            write("associatedtype " + Self.escaped(name))
        case .enumCase(let name, let rawValue, let associatedValue):
            write("case " + Self.escaped(name))
            if let associatedValue { write("(" + Self.spelling(associatedValue) + ")") }
            if let rawValue {
                write(" = ")
                expression(rawValue)
            }
        }
        endLine()
    }

    private mutating func typeDeclaration(_ type: TypeDeclaration) {
        write(Self.modifiers(type.modifiers))
        write(Self.keyword(type.kind))
        write(" ")
        write(Self.escaped(type.name))
        if !type.genericParameters.isEmpty {
            let constraint =
                type.genericConstraints.isEmpty ? "" : ": " + Self.list(type.genericConstraints, separator: " & ")
            write("<" + type.genericParameters.map { Self.escaped($0) + constraint }.joined(separator: ", ") + ">")
        }
        if !type.inherits.isEmpty {
            write(": ")
            write(Self.list(type.inherits, separator: ", "))
        }
        if type.members.isEmpty, type.layout == .oneLine {
            write(" {}")
            return
        }
        write(" {")
        endLine()
        indented { renderer in
            for member in type.members { renderer.declaration(member) }
        }
        write("}")
    }

    private mutating func variable(_ variable: Variable) {
        write(
            Self.modifiers(variable.modifiers) + (variable.binding == .let ? "let " : "var ")
                + Self.escaped(variable.name))
        if let type = variable.type { write(": " + Self.spelling(syntax: type)) }
        switch variable.value {
        case .none:
            break
        case .initial(let value):
            write(" = ")
            expression(value)
        case .computed(let getter):
            write(" ")
            block(getter, .lines)
        case .getSet(let getter, let setter):
            write(" {")
            endLine()
            indented { renderer in
                renderer.write("get ")
                renderer.block(getter, .oneLine)
                renderer.endLine()
                renderer.write("set ")
                renderer.block(setter, .oneLine)
                renderer.endLine()
            }
            write("}")
        case .requirement:
            write(" { get set }")
        }
    }

    private mutating func function(_ function: Function) {
        if !function.isOptimized { write("@_optimize(none) ") }
        switch function.name {
        case .initializer: write(Self.modifiers(function.modifiers) + "init(")
        case .named(let name): write(Self.modifiers(function.modifiers) + "func " + Self.escaped(name) + "(")
        }
        // Swift accepts keywords as argument labels as they are.
        write(
            function.parameters.map { parameter in
                (parameter.label.map { $0 + " " } ?? "") + Self.escaped(parameter.name) + ": "
                    + Self.spelling(syntax: parameter.type)
            }.joined(separator: ", ") + ")")
        if function.isThrowing { write(" throws") }
        if let returnType = function.returnType { write(" -> " + Self.spelling(syntax: returnType)) }
        write(" ")
        block(function.body, function.layout)
    }

    // MARK: Bodies

    /// `{ … }` after what the line holds.
    mutating func block(_ body: [Expression], _ layout: Layout) {
        switch layout {
        case .oneLine:
            guard !body.isEmpty else { return write("{}") }
            write("{ ")
            for (index, item) in body.enumerated() {
                if index > 0 { write("; ") }
                expression(item)
            }
            write(" }")
        case .lines:
            write("{")
            endLine()
            indented { renderer in
                for item in body {
                    renderer.expression(item)
                    renderer.endLine()
                }
            }
            write("}")
        }
    }

    // MARK: Comments

    private mutating func comment(_ comment: Comment) {
        switch comment {
        case .documentation(let text):
            for part in text.split(whereSeparator: \.isNewline) { commentLine("/// ", String(part), unlessEmpty: true) }
        case .line(let text):
            commentLine("// ", text)
        case .note(let parts):
            var text = ""
            for part in parts {
                switch part {
                case .text(let words): text += words
                case .type(let type): text += Self.spelling(type)
                }
            }
            commentLine("//", text)
        case .attribute(let name, let arguments):
            write("// @" + SwiftSyntax.commentText(name) + "(")
            for (index, argument) in arguments.enumerated() {
                if index > 0 { write(", ") }
                write(Self.attributeArgument(argument))
            }
            write(")")
            endLine()
        case .block(let title, let lines):
            write("/* " + SwiftSyntax.blockCommentText(title))
            endLine()
            for line in lines {
                write(SwiftSyntax.blockCommentText(line))
                endLine()
            }
            write("*/")
            endLine()
        }
    }

    /// `marker` and the text on one line, which nothing in the text can end early.
    private mutating func commentLine(_ marker: String, _ text: String, unlessEmpty: Bool = false) {
        let cleaned = SwiftSyntax.commentText(text)
        guard !unlessEmpty || !cleaned.isEmpty else { return }
        write(marker + cleaned)
        endLine()
    }

    private static func attributeArgument(_ argument: AttributeArgument) -> String {
        let value: String
        switch argument.value {
        case .string(let text): value = SwiftSyntax.commentText(SwiftSyntax.stringLiteral(text))
        case .typeOf(let name): value = "typeof(" + SwiftSyntax.commentText(name) + ")"
        case .verbatim(let text): value = SwiftSyntax.commentText(text)
        }
        return argument.label.map { SwiftSyntax.commentText($0) + "=" + value } ?? value
    }

    // MARK: Words

    static func escaped(_ identifier: String) -> String {
        SwiftSyntax.escaped(identifier)
    }

    private static func modifiers(_ modifiers: Modifiers) -> String {
        (modifiers.isRequired ? "required " : "") + (modifiers.isPrivate ? "private " : "")
            + (modifiers.isOpen ? "open " : modifiers.access == .internal ? "" : keyword(modifiers.access) + " ")
            + (modifiers.isOverride ? "override " : "") + (modifiers.isFinal ? "final " : "")
            + (modifiers.isStatic ? "static " : "") + (modifiers.isNonisolated ? "nonisolated " : "")
    }

    private static func keyword(_ level: GeneratorOptions.AccessLevel) -> String {
        switch level {
        case .public: return "public"
        case .package: return "package"
        case .internal: return "internal"
        }
    }

    private static func keyword(_ kind: TypeDeclaration.Kind) -> String {
        switch kind {
        case .class: return "class"
        case .struct: return "struct"
        case .enum: return "enum"
        case .protocol: return "protocol"
        case .extension: return "extension"
        }
    }
}
