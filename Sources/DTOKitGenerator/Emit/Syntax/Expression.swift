/// The code of the structured Swift layer (see `Declaration.swift`): expressions, and the few
/// statements generated bodies hold, which are expressions here too.
indirect enum Expression: Sendable {
    /// An identifier (a keyword gets backticks): `allCases`, `decoder`, `shapeMetadata`.
    case name(String)
    /// `$0`, `$1`.
    case closureArgument(Int)
    case selfValue
    case superValue
    /// A type used as a value: `Metadata` in `Metadata.create(…)`.
    case type(SwiftType)
    /// `base.name`.
    case member(Expression, String)
    /// `.name`, the type inferred.
    case implicitMember(String)
    /// `T.self`.
    case metatype(SwiftType)
    /// `T.init`, `super.init`.
    case initializer(Expression)
    /// `value?`, before a member access: optional chaining.
    case optionalChain(Expression)
    case call(Expression, [Argument], trailingClosure: Closure? = nil)
    case closure(Closure)
    /// `\.name`.
    case keyPath(String)
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([Expression], Layout)
    case emptyDictionary
    case tuple([Expression])
    case `try`(Expression)
    case infix(Expression, InfixOperator, Expression)
    /// `let name = value`, `var name = value`.
    case binding(Variable.Binding, String, Expression)
    case assignment(Expression, Expression)
    /// `_ = value`.
    case discard(Expression)
    case `return`(Expression)
    case `if`(Expression, [Expression], Layout)
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
