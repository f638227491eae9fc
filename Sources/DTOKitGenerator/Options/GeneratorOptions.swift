/// The options of one generation, as in the `/* Options: */` header of a ServiceStack `dtos.swift`
/// plus DTOKit's own. Defaults are those of ServiceStack's `/types/swift` unless noted.
public struct GeneratorOptions: Sendable, Equatable {
    /// Access level of everything generated.
    public enum AccessLevel: String, Sendable, CaseIterable {
        case `public`, `package`, `internal`
    }

    /// Superclass of every generated class that has no base type (e.g. `NSObject`).
    public var baseClass: String?
    /// Emit the `JsonSerializable` extensions (and with them the IReturn conformances that need them).
    public var addModelExtensions = true
    /// Generate types from ServiceStack namespaces that the runtime does not already provide.
    public var addServiceStackTypes = true
    /// Every non-collection property is optional.
    public var makePropertiesOptional = true
    /// Whitelist (`Name`, `Name.*`, `*.Name`, `Ns/*`, `{tag}`); empty means all types.
    public var includeTypes: [String] = []
    /// Blacklist by name (`Name` also removes `Name`1`…); `services` and `types` drop whole groups.
    public var excludeTypes: [String] = []
    /// Leave out types whose base type is generic (e.g. subclasses of `QueryDb<T>`).
    public var excludeGenericBaseTypes = false
    /// Give response types without one a `responseStatus: ResponseStatus?` property.
    public var addResponseStatus = false
    /// Give request types a `version: Int = N` property.
    public var addImplicitVersion: Int?
    /// Turn descriptions into `///` doc comments.
    public var addDescriptionAsComments = true
    /// Collections are non-optional and start empty (`= []`, `= [:]`).
    public var initializeCollections = false
    /// CLR type names generated as `String`.
    public var treatTypesAsStrings: [String] = []
    /// Modules imported by the generated file. `DTOKit` is always imported; `ServiceStack` (as
    /// pasted from a ServiceStack header) means DTOKit.
    public var defaultImports: [String] = ["Foundation"]
    /// DTOKit: access level of generated declarations.
    public var accessLevel: AccessLevel = .public
    /// DTOKit: also emit `Codable` conformances with ServiceStack's wire formats.
    public var addCodable = false
    /// DTOKit: enums get an `unknown` case that holds a value the snapshot does not list (from a
    /// newer server) and writes it back unchanged, instead of failing to decode it.
    public var keepUnknownEnumValues = false
    /// DTOKit: DTOs as `Sendable`, `Hashable` structs (`JsonStruct`) instead of classes; base
    /// classes' members are declared in each struct, and the ServiceStack built-ins they use are
    /// DTOKit's struct forms (`ResponseStatusValue`…).
    public var exportAsStructs = false
    /// DTOKit: where `update-dtos` / `dtokit fetch` download the snapshot from.
    public var baseUrl: String?

    /// The defaults (those of ServiceStack's `/types/swift`).
    public init() {}
}
