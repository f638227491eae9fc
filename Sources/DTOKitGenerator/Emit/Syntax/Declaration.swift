/// Swift source as data: what the emitters build from the resolved model and ``SwiftRenderer``
/// writes out. The emitters say what is declared; only the renderer knows how Swift spells it
/// (keywords, punctuation, escaping, literals, indentation). The layout readers of the generated
/// code rely on (which bodies stay on one line, where blank lines fall) is the emitters' choice and
/// is carried here explicitly.

/// How a braced body is laid out.
enum Layout: Sendable {
    /// `{`, each member or statement on a line of its own, `}` on the last.
    case lines
    /// On one line: `{}`, `{ super.init() }`, `{ $0.name }`.
    case oneLine
}

indirect enum Declaration: Sendable {
    case comment(Comment)
    case blankLine
    case moduleImport(ModuleImport)
    case type(TypeDeclaration)
    case variable(Variable)
    case function(Function)
    case typeAlias(modifiers: [Modifier], name: String, type: SwiftType)
    case associatedType(String)
    case enumCase(name: String, rawValue: Expression?)
}

/// Written in the order given; an `internal` access level is left out.
enum Modifier: Sendable {
    case access(GeneratorOptions.AccessLevel)
    case nonisolated
    case required
    case override
    case `static`
    case `private`
}

/// A class, struct, enum, protocol or extension.
struct TypeDeclaration: Sendable {
    enum Kind: Sendable {
        case `class`, `struct`, `enum`, `protocol`, `extension`
    }

    struct GenericParameter: Sendable {
        var name: String
        /// Composed with `&`.
        var constraints: [SwiftType]
    }

    var modifiers: [Modifier]
    var kind: Kind
    /// The declared name, or the extended type's.
    var name: String
    var genericParameters: [GenericParameter] = []
    /// Base class, raw type, protocols.
    var inherits: [SwiftType] = []
    var members: [Declaration]
    var layout: Layout = .lines
}

/// A stored or computed property, or a protocol's property requirement.
struct Variable: Sendable {
    enum Binding: Sendable {
        case `let`, `var`
    }

    enum Value: Sendable {
        case none
        /// `= expression`.
        case initial(Expression)
        /// A getter body, on lines of its own.
        case computed([Statement])
        /// `{ get set }`.
        case requirement
    }

    var modifiers: [Modifier]
    var binding: Binding
    var name: String
    var type: TypeSyntax?
    var value: Value
}

/// A method or an initializer.
struct Function: Sendable {
    enum Name: Sendable {
        case initializer
        case named(String)
    }

    struct Parameter: Sendable {
        /// The argument label, when it differs from the name.
        var label: String?
        var name: String
        var type: TypeSyntax
    }

    var modifiers: [Modifier]
    var name: Name
    var parameters: [Parameter]
    var isThrowing: Bool
    var body: [Statement]
    var layout: Layout
}

/// A type where declarations need more than a ``SwiftType``.
indirect enum TypeSyntax: Sendable {
    case type(SwiftType)
    /// `any P`.
    case existential(SwiftType)
    case array(TypeSyntax)
    case tuple([TypeSyntax])
}

enum Comment: Sendable {
    /// `/// text`, a line for each line of the text; blank lines are left out.
    case documentation(String)
    /// `// text`.
    case line(String)
    /// `//text`: ServiceStack's note in place of code it leaves out (`//name:Type ignored. …`).
    case note([NotePart])
    /// `// @Name(Label=value, …)`: an attribute the server declared, shown as ServiceStack shows it.
    case attribute(name: String, arguments: [AttributeArgument])
    /// `/* title`, the lines, `*/`.
    case block(title: String, lines: [String])

    enum NotePart: Sendable {
        case text(String)
        case type(SwiftType)
    }
}

struct AttributeArgument: Sendable {
    enum Value: Sendable {
        /// A string, written as a literal.
        case string(String)
        /// `typeof(Name)`.
        case typeOf(String)
        /// Written as given: numbers, `true`, `null`, C# enum members.
        case verbatim(String)
    }

    /// `Label=` before the value; positional when nil.
    var label: String?
    var value: Value
}
