/// Expressions and types as Swift writes them.
extension SwiftRenderer {
    mutating func expression(_ expression: Expression) {
        switch expression {
        case .name(let name): write(Self.escaped(name))
        case .closureArgument(let index): write("$" + String(index))
        case .selfValue: write("self")
        case .superValue: write("super")
        case .type(let type): write(Self.spelling(type))
        case .member(let base, let name):
            self.expression(base)
            write("." + Self.escaped(name))
        case .implicitMember(let name): write("." + Self.escaped(name))
        case .metatype(let type): write(Self.spelling(type) + ".self")
        case .initializer(let base):
            self.expression(base)
            write(".init")
        case .optionalChain(let base):
            self.expression(base)
            write("?")
        case .call(let callee, let arguments, let trailingClosure):
            self.expression(callee)
            if !arguments.isEmpty || trailingClosure == nil {
                write("(")
                list(arguments) { renderer, argument in
                    // Swift accepts keywords as argument labels as they are.
                    if let label = argument.label { renderer.write(label + ": ") }
                    renderer.expression(argument.value)
                }
                write(")")
            }
            if let trailingClosure {
                write(" ")
                block(trailingClosure.body, trailingClosure.layout)
            }
        case .closure(let closure): block(closure.body, closure.layout)
        case .keyPath(let name): write("\\." + Self.escaped(name))
        case .string(let text): write(SwiftSyntax.stringLiteral(text))
        case .integer(let value): write(String(value))
        case .boolean(let value): write(value ? "true" : "false")
        case .array(let elements, .oneLine):
            write("[")
            list(elements) { $0.expression($1) }
            write("]")
        case .array(let elements, .lines):
            write("[")
            endLine()
            indented { renderer in
                for element in elements {
                    renderer.expression(element)
                    renderer.write(",")
                    renderer.endLine()
                }
            }
            write("]")
        case .emptyDictionary: write("[:]")
        case .tuple(let elements):
            write("(")
            list(elements) { $0.expression($1) }
            write(")")
        case .try(let value):
            write("try ")
            self.expression(value)
        case .inoutArgument(let value):
            write("&")
            self.expression(value)
        case .infix(let left, let infixOperator, let right):
            self.expression(left)
            switch infixOperator {
            case .nilCoalescing: write(" ?? ")
            case .equals: write(" == ")
            }
            self.expression(right)
        case .binding(let binding, let name, let value):
            write((binding == .let ? "let " : "var ") + Self.escaped(name) + " = ")
            self.expression(value)
        case .assignment(let target, let value):
            self.expression(target)
            write(" = ")
            self.expression(value)
        case .discard(let value):
            write("_ = ")
            self.expression(value)
        case .return(let value):
            write("return ")
            self.expression(value)
        case .if(let condition, let body, let layout):
            write("if ")
            self.expression(condition)
            write(" ")
            block(body, layout)
        case .casePattern(let name, let binding, let value):
            write("case ." + Self.escaped(name) + "(let " + Self.escaped(binding) + ") = ")
            self.expression(value)
        case .nil:
            write("nil")
        }
    }

    private mutating func list<Element>(_ elements: [Element], _ render: (inout SwiftRenderer, Element) -> Void) {
        for (index, element) in elements.enumerated() {
            if index > 0 { write(", ") }
            render(&self, element)
        }
    }

    // MARK: Types

    /// `[String: Int]`, `Technology?`, `Foundation.Data`.
    static func spelling(_ type: SwiftType) -> String {
        switch type {
        case .named(let name, let arguments, let kind, let module):
            if case .formatted(let format) = kind, format.isArray {
                return "[" + spelling(.named(name, arguments, .scalar, module: module)) + "]"
            }
            // A configured base class is written as the user wrote it (`Foundation.NSObject`).
            let base = module.map { $0 + "." + name } ?? (kind == .configuredBaseClass ? name : escaped(name))
            return arguments.isEmpty ? base : base + "<" + list(arguments, separator: ", ") + ">"
        case .array(let element): return "[" + spelling(element) + "]"
        case .dictionary(let key, let value): return "[" + spelling(key) + ": " + spelling(value) + "]"
        case .optional(let wrapped): return spelling(wrapped) + "?"
        }
    }

    /// Types joined by `separator`.
    static func list(_ types: [SwiftType], separator: String) -> String {
        types.map(spelling).joined(separator: separator)
    }

    /// `any Decoder`, `[(String, Int)]`.
    static func spelling(syntax: TypeSyntax) -> String {
        switch syntax {
        case .type(let type): return spelling(type)
        case .existential(let type): return "any " + spelling(type)
        case .array(let element): return "[" + spelling(syntax: element) + "]"
        case .tuple(let elements): return "(" + elements.map { spelling(syntax: $0) }.joined(separator: ", ") + ")"
        }
    }
}
