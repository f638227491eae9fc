/// The generator's output model: every decision made (names, Swift types, optionality, builders,
/// conformances), so that the emitters only spell it out.

struct ResolvedProperty: Sendable {
    /// Swift identifier, escaped if it is a keyword.
    var swiftName: String
    /// Swift identifier without backticks (for accessors `$0.name` the escaped form is used).
    var plainName: String
    /// The JSON member name.
    var jsonName: String
    var type: SwiftType
    /// Initial value for non-optional properties (`= []`, `= ""`).
    var defaultValue: String?
    /// Comment lines above the declaration (description, DataMember, attributes).
    var comments: [String]
    var docComment: String?
}

/// A property that cannot be generated; a comment says why.
struct SkippedProperty: Sendable {
    var comment: String
}

enum PropertyLine: Sendable {
    case property(ResolvedProperty)
    case skipped(SkippedProperty)
}

struct ResolvedClass: Sendable {
    var definition: TypeDefinition
    var swiftName: String
    /// Own generic parameters (`T`), constrained to `JsonConvertible` in the declaration.
    var genericParameters: [String]
    /// `Base`, `QueryDb<Technology>`, or BaseClass.
    var baseClass: String?
    /// Whether the base is a generated class (then init calls super.init()).
    var hasGeneratedBase: Bool
    var hasLibraryBase: Bool
    /// IReturn/IReturnVoid, verb markers, implemented protocols, in declaration order.
    var conformances: [String]
    /// `typealias Return = X` for IReturn requests.
    var returnType: String?
    var lines: [PropertyLine]
    /// Own properties then inherited ones: what the metadata table lists.
    var metadataProperties: [ResolvedProperty]
    var routes: [RouteDefinition]
    var isRequest: Bool
    /// Declares `JsonSerializable` itself (false for subclasses of a generated class).
    var isConformanceRoot: Bool
    /// For conformance roots: every generated non-generic subclass, deepest first, which the root's
    /// metadata dispatches to.
    var subclasses: [String]
    var comments: [String]
    var docComment: String?
}

struct ResolvedEnum: Sendable {
    enum Style: Sendable {
        /// `enum X: String`, wire text as raw value, numbers = positions.
        case names
        /// `enum X: Int` with explicit values; written as names (or numbers when `writesNumbers`).
        case values
        /// `[Flags]`: an OptionSet struct.
        case flags
    }
    struct Case: Sendable {
        var swiftName: String
        var wireName: String
        var value: Int
        var docComment: String?
    }
    var definition: TypeDefinition
    var swiftName: String
    var style: Style
    var writesNumbers: Bool
    var cases: [Case]
    var comments: [String]
    var docComment: String?
}

struct ResolvedProtocol: Sendable {
    var definition: TypeDefinition
    var swiftName: String
    var inherits: [String]
    var associatedTypes: [String]
    var properties: [ResolvedProperty]
    var docComment: String?
}

enum ResolvedType: Sendable {
    case classType(ResolvedClass)
    case enumType(ResolvedEnum)
    case protocolType(ResolvedProtocol)
    /// `//Excluded Name : Base<Args>` (ExcludeGenericBaseTypes).
    case excludedComment(String)

    var swiftName: String? {
        switch self {
        case .classType(let type): return type.swiftName
        case .enumType(let type): return type.swiftName
        case .protocolType(let type): return type.swiftName
        case .excludedComment: return nil
        }
    }
}
