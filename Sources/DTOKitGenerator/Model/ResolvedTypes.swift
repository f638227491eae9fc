/// The generator's output model: every decision made (names, Swift types, optionality, initial
/// values, builders, conformances, what to tell the reader), as data. Only `Emit/` turns it into
/// Swift text, so this file holds no Swift syntax: names are plain identifiers (the emitter escapes
/// keywords), types are ``SwiftType`` trees, comments are ``Annotation`` values.

/// What a server declared about a type or property that the generated code shows as a comment
/// (spec §3.6): routes, exported attributes, `[DataContract]`, `[DataMember]`.
enum Annotation: Sendable, Equatable {
    case route(RouteDefinition)
    case attribute(AttributeDefinition)
    case dataContract(name: String?, namespace: String?)
    case dataMember(DataMemberDefinition)
}

/// The value a non-optional property starts with.
enum InitialValue: Sendable, Equatable {
    case emptyArray
    case emptyDictionary
    case emptyString
    case `false`
    case zero
    /// `AddImplicitVersion: N`.
    case integer(Int)
    /// The Unix epoch, for `Date`.
    case epoch
    /// `JsonValue.null`.
    case jsonNull
    /// `T()`: an empty `Data`, or a new DTO.
    case newInstance
}

struct ResolvedProperty: Sendable {
    /// Swift identifier (unescaped; the emitter adds backticks for keywords).
    var name: String
    /// The JSON member name.
    var jsonName: String
    var type: SwiftType
    /// Set for non-optional properties.
    var initialValue: InitialValue?
    var annotations: [Annotation]
    var documentation: String?
}

/// A property that is not generated, with the reason the generated code states in its place.
struct SkippedProperty: Sendable {
    enum Reason: Sendable, Equatable {
        /// Typed as an interface (or ServiceStack's `ProviderOAuthAccess`): Swift DTOs cannot hold one.
        case interfaceType
        /// C# `new` re-declaration of a base class property; Swift cannot override a stored property.
        case declaredByBase(String)
        /// A second property of the same Swift name (the snapshot repeats it, or two names map to one).
        case duplicateName
    }

    enum DisplayType: Sendable, Equatable {
        case clr(String)
        case swift(SwiftType)
    }

    var name: String
    var type: DisplayType
    var reason: Reason
}

enum ClassMember: Sendable {
    case property(ResolvedProperty)
    case skipped(SkippedProperty)
}

struct ResolvedClass: Sendable {
    /// Where the base class comes from, which decides `super.init()` / `override init()`.
    enum BaseKind: Sendable, Equatable {
        case none
        /// A generated class (the hierarchy's root declares the `JsonSerializable` conformance).
        case generated
        /// A runtime class without a conformance of its own (`QueryDb<T>`, `AuditBase`).
        case runtime
        /// The `BaseClass` option (`NSObject`): `override init()`.
        case configured
    }

    var name: String
    /// Own generic parameters (`T`), constrained to `JsonConvertible` in the declaration.
    var genericParameters: [String]
    var base: SwiftType?
    var baseKind: BaseKind
    /// `typealias Return = X` for IReturn requests.
    var returnType: SwiftType?
    /// IReturn/IReturnVoid, implemented protocols, verb markers, in declaration order.
    var conformances: [SwiftType]
    var members: [ClassMember]
    /// Own properties then inherited ones: what the metadata table lists.
    var metadataProperties: [ResolvedProperty]
    /// How many of `metadataProperties` (the first ones) the class declares itself.
    var ownPropertyCount: Int
    /// The request's own custom routes.
    var routes: [RouteDefinition]
    var isRequest: Bool
    /// Declares `JsonSerializable` itself (false for subclasses of a generated class).
    var isConformanceRoot: Bool
    /// For conformance roots: every generated non-generic subclass, deepest first, which the root's
    /// metadata dispatches to.
    var subclasses: [String]
    var annotations: [Annotation]
    var documentation: String?
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
        var name: String
        var wireName: String
        var value: Int
        var documentation: String?
    }

    var name: String
    var style: Style
    var writesNumbers: Bool
    var cases: [Case]
    var annotations: [Annotation]
    var documentation: String?
}

struct ResolvedProtocol: Sendable {
    var name: String
    /// Generated protocols this one refines.
    var inherits: [String]
    var associatedTypes: [String]
    var properties: [ResolvedProperty]
    var documentation: String?
}

enum ResolvedType: Sendable {
    case classType(ResolvedClass)
    case enumType(ResolvedEnum)
    case protocolType(ResolvedProtocol)
    /// Left out by `ExcludeGenericBaseTypes`; the output names it and its base.
    case excluded(name: String, baseName: String, baseArguments: [String])
}
