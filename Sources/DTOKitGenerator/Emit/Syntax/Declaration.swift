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
    case typeAlias(modifiers: Modifiers, name: String, type: SwiftType)
    case associatedType(String)
    /// `case name`, `case name = rawValue`, or `case name(AssociatedValue)`.
    case enumCase(name: String, rawValue: Expression?, associatedValue: SwiftType? = nil)
}

/// A declaration's modifiers, written in Swift's usual order: `required public override static`,
/// `private`, `public nonisolated`.
struct Modifiers: Sendable {
    /// `internal` is not written.
    var access: GeneratorOptions.AccessLevel = .internal
    /// `open` in place of the access level: a class or method other modules may subclass or override.
    var isOpen = false
    var isPrivate = false
    var isRequired = false
    var isOverride = false
    /// `final`: a member no subclass overrides, so it needs no vtable entry and calls it directly.
    var isFinal = false
    var isStatic = false
    var isNonisolated = false
}

/// A class, struct, enum, protocol or extension.
struct TypeDeclaration: Sendable {
    enum Kind: Sendable {
        case `class`, `struct`, `enum`, `protocol`, `extension`
    }

    var modifiers: Modifiers
    var kind: Kind
    /// The declared name, or the extended type's.
    var name: String
    var genericParameters: [String] = []
    /// What every generic parameter conforms to, composed with `&`.
    var genericConstraints: [SwiftType] = []
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
        case computed([Expression])
        /// `{ get { … } set { … } }`.
        case getSet(get: [Expression], set: [Expression])
        /// `{ get set }`.
        case requirement
    }

    var modifiers: Modifiers
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

    var modifiers: Modifiers
    var name: Name
    var parameters: [Parameter]
    var isThrowing: Bool
    var returnType: TypeSyntax? = nil
    var body: [Expression]
    var layout: Layout
    /// Whether the optimizer may work on the body: off (`@_optimize(none)`) for code that runs once,
    /// where optimizing it would only lengthen the user's release build.
    var isOptimized = true
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
