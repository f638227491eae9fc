/// The code of the structured Swift layer (see `Declaration.swift`): expressions, and the few
/// statements generated bodies hold, which are expressions here too. Only the cases that hold
/// other expressions are boxed (`indirect`); names and literals are stored in place.
enum Expression: Sendable {
    /// An identifier (a keyword gets backticks): `allCases`, `decoder`, `shapeMetadata`.
    case name(String)
    /// `$0`, `$1`.
    case closureArgument(Int)
    case selfValue
    case superValue
    /// A type used as a value: `Metadata` in `Metadata.create(…)`.
    case type(SwiftType)
    /// `base.name`.
    indirect case member(Expression, String)
    /// `.name`, the type inferred.
    case implicitMember(String)
    /// `T.self`.
    case metatype(SwiftType)
    /// `T.init`, `super.init`.
    indirect case initializer(Expression)
    /// `value?`, before a member access: optional chaining.
    indirect case optionalChain(Expression)
    indirect case call(Expression, [Argument], trailingClosure: Closure? = nil)
    case closure(Closure)
    /// `\.name`.
    case keyPath(String)
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([Expression], Layout)
    case emptyDictionary
    case tuple([Expression])
    indirect case `try`(Expression)
    /// `&value`, passed to an `inout` parameter.
    indirect case inoutArgument(Expression)
    indirect case infix(Expression, InfixOperator, Expression)
    /// `let name = value`, `var name = value`.
    indirect case binding(Variable.Binding, String, Expression)
    indirect case assignment(Expression, Expression)
    /// `_ = value`.
    indirect case discard(Expression)
    indirect case `return`(Expression)
    indirect case `if`(Expression, [Expression], Layout)
    /// `case .name(let binding) = value`, as an `if` condition.
    indirect case casePattern(name: String, binding: String, value: Expression)
    case `nil`
}

enum InfixOperator: Sendable {
    /// `??`
    case nilCoalescing
    /// `==`
    case equals
}

struct Argument: Sendable {
    var label: String?
    var value: Expression

    init(_ label: String?, _ value: Expression) {
        self.label = label
        self.value = value
    }
}

struct Closure: Sendable {
    var body: [Expression]
    var layout: Layout
}
