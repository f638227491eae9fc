/// What AddCodable adds to a type, decided by the resolver (`Resolver+Codable`); `CodableEmitter`
/// only writes it out. Each class decodes and encodes all the properties its metadata lists (own
/// and inherited), with the same JSON names; durations travel as `TimeSpan` (XSD text), bytes as
/// `Base64Bytes`; dates use the coder's date strategy.

/// A class's CodingKeys, `init(from:)` and `encode(to:)`, and its `Codable` conformance.
struct CodableMembers: Sendable {
    enum Form: Sendable {
        /// CodingKeys and a statement per property.
        case members
        /// `init(from:)` and `encode(to:)` that go through the metadata table (`CodableSupport`), with
        /// its member names and value formats: the runtime's built-ins, which `AddCodable` DTOs use.
        case throughMetadata
    }

    /// `extension X: Codable {}`, declared by the root of a hierarchy (subclasses inherit it).
    var conformance: SwiftType?
    var properties: [CodedProperty]
    /// `init(from:)` calls `super.init()` (the class has a base class).
    var callsSuperInit: Bool
    /// `encode(to:)` overrides the generated base class's.
    var overridesEncode: Bool
    /// `required init(from:)`: a class's (its subclasses must have it too), not a struct's.
    var initializerIsRequired: Bool
    var form = Form.members
}

/// How one property travels through Codable.
struct CodedProperty: Sendable {
    var property: ResolvedProperty
    /// The type the container reads and writes: the property's own (without optionality), or the
    /// runtime type that carries its JSON form (`TimeSpan`, `[String: TimeSpan]`, `Base64Bytes`).
    var codedType: SwiftType
    var conversion: CodingConversion?
    /// Its type is not known to be Codable where it is declared (a runtime built-in's generic
    /// parameter): `CodableSupport` checks it when coding.
    var isCheckedAtRunTime = false
}

/// The runtime type a value is wrapped in for Codable (`TimeSpan(value)`) and the member that
/// unwraps it (`.value`), applied to the value itself or to each element or dictionary value.
struct CodingConversion: Sendable {
    enum Scope: Sendable {
        case value
        case elements
        case dictionaryValues
    }

    var wrapper: SwiftType
    var unwrappingMember: String
    var scope: Scope
}

/// An enum's `Codable` conformance.
struct EnumCodable: Sendable {
    var conformance: SwiftType
    /// Through the enum's case table (`JsonEnumCoding`), so that Codable reads and writes the same
    /// text as the metadata; false for option sets, whose synthesized raw-value coding is already right.
    var readsThroughCaseTable: Bool
}
