/// What the JSON extensions of a type hold (AddModelExtensions): the metadata table of a class, with
/// the runtime builder of each property, and the case table of an enum. Decided by the resolver
/// (`Resolver+Metadata`); `MetadataEmitter` only writes it out.

/// A class's `JsonSerializable` metadata and where it is declared.
struct MetadataDeclaration: Sendable {
    /// The name `JsonSerializable` requires.
    static let requirement = "metadata"

    enum Form: Sendable {
        /// `Metadata` of `Property` builders (`JsonSerializable`).
        case classTable
        /// `StructMetadata<Owner>` of `StructProperty` builders (`JsonStruct`).
        case structTable
    }

    enum Storage: Sendable {
        /// `static let name = table`.
        case stored
        /// `static var name: Metadata { Metadata.cached(for: self) { table } }`: a generic class
        /// cannot have stored statics, so the runtime keeps one table per specialization.
        case cachedPerSpecialization
    }

    var form: Form
    /// `JsonSerializable`, declared by the root of a hierarchy only: Swift allows one conformance
    /// per class hierarchy, so a subclass's table is reached through the root's dispatch; or `JsonStruct`.
    var conformance: SwiftType?
    /// The static holding the table: `metadata`, or the class's own in a hierarchy (`shapeMetadata`).
    var name: String
    var isPublic: Bool
    var storage: Storage
    /// For a root with generated subclasses: the tables its public `metadata` returns when called on
    /// one of them, deepest first; otherwise it returns `name`.
    var dispatch: [TableReference]
    var table: MetadataTable

    /// The private static function that builds the table, once: `makeMetadata`, `makeShapeMetadata`
    /// (a class's differs from its base's).
    var builder: String { "make" + SwiftNames.capitalized(name) }

    /// Whether the optimizer works on ``builder``. It runs once per type, and optimizing code that
    /// builds a table of closures took about half of what the tables add to a release build (TechStacks:
    /// 3.7 s of 7.8 s, structs); but a generic builder (an enum's `optional`) called from unoptimized
    /// code is not specialized, and its closures would then read and write every value through
    /// protocol witnesses (4 % more instructions to decode TechStacks).
    var builderIsOptimized: Bool { table.entries.contains(where: \.isSpecializedWhereCalled) }
}

/// `Metadata.create(…)`: the routes of a request and one accessor pair per property.
struct MetadataTable: Sendable {
    struct Entry: Sendable {
        var jsonName: String
        var propertyName: String
        /// The `Property` builder: `optionalString`, `object`, `value`…
        var builder: String
        /// The format type a `formatted…` builder reads and writes through (`TimeSpan`).
        var format: SwiftType? = nil

        /// The builders generic over the value's type, which the call specializes (enums, your own
        /// types); the others are compiled once, in DTOKit.
        static let genericBuilders = (value: "value", optional: "optional")

        var isSpecializedWhereCalled: Bool {
            builder == Self.genericBuilders.value || builder == Self.genericBuilders.optional
        }
    }

    /// The class the accessors are typed with: `Result<T>`.
    var owner: SwiftType
    /// The type's ServiceStack name, where the Swift name differs (a built-in's struct form).
    var typeName: String? = nil
    /// The table of the base class this one extends; then `entries` are the class's own only.
    var inheriting: TableReference?
    var routes: [RouteDefinition]
    var entries: [Entry]
}

/// A stored table of a generated class: `Shape.shapeMetadata`.
struct TableReference: Sendable {
    var type: SwiftType
    var name: String
}

/// An enum's `JsonEnum`/`JsonFlags` table: with AddModelExtensions, and with AddCodable, whose
/// `init(from:)`/`encode(to:)` read and write through it.
struct EnumMetadata: Sendable {
    enum Table: Sendable {
        /// `jsonCases = JsonEnumCases<X>(allCases)`: each case's raw value is its wire text.
        case allCases
        /// `jsonCases = JsonEnumCases<X>([(.case, "wire text"), …])`.
        case caseList
        /// `jsonCases = JsonEnumCases<X>([(.case, "wire text", number), …])`: an enum without raw
        /// values (one with an `unknown` case).
        case fullCaseList
        /// `jsonFlagNames: [(String, Int)] = [("Name", value), …]`.
        case flagNames
    }

    /// `JsonEnum`, `JsonOpenEnum` or `JsonFlags`.
    var conformance: SwiftType
    var table: Table
    /// Written as numbers (`encoding: .integer`).
    var writesNumbers: Bool
}
