/// Builders for the properties of DTO class `Owner`, one per property shape the generator emits.
///
/// Each takes the JSON name and a getter/setter pair and returns a ``PropertyMetadata``.
/// Non-optional properties keep their initial value when the member is missing or `null`;
/// optional ones are left out of the JSON when nil.
///
/// What a table costs the module that declares the DTOs is two small closures and one call per
/// property: the builders for the common member types (``string(_:get:set:)``,
/// ``optionalInt(_:get:set:)``, ``optionalObject(_:get:set:)``, ``optionalArray(_:get:set:)``…) are
/// compiled once, here, and read and write through code specialized in DTOKit. Only
/// ``value(_:get:set:)`` and ``optional(_:get:set:)``, for every other ``JsonConvertible`` type
/// (generated enums, your own types), are specialized where they are called.
///
/// The compiled-once builders are marked not to be specialized: DTOKit's own built-in DTOs call them
/// with concrete types, and the optimizer would otherwise make a copy of each builder per call.
///
/// Setters take the decoded value `consuming`: `{ $0.name = $1 }` moves it into the property
/// rather than copying it. Any closure or function of the plain `(Owner, Value) -> Void` shape
/// is accepted as well.
///
/// DTO structs have the same builders on `StructProperty` (DTOKitStructs), written once for both.
public enum Property<Owner: AnyObject> {}

/// The builders are written once for both families of DTOs: the files of `Serialization/Builders`
/// extend `Builders`, which is `Property` here, and `StructProperty` in DTOKitStructs, which compiles
/// the same files (linked into its `Builders/`, with `DTOKIT_STRUCT_FAMILY` defined). What differs
/// between the families is each module's own, below and in `StructProperty+Family.swift`: the
/// setters' shape (`Setter`), the nested DTOs (`NestedDTO`), what a builder returns (`Entry`, made
/// by `entry`), and how the accessors reach the DTO (`store`, `instance`) — all inlined, so that each
/// family's closures are what they would be written out.
typealias Builders = Property

/// How the builders reach a DTO class's members: the accessors get the object as the table checked
/// it (``CheckedObject``), by reference.
extension Property {
    /// A property's setter: it takes the object and the value read (`{ $0.name = $1 }`).
    public typealias Setter<Value> = @Sendable (Owner, consuming Value) -> Void
    /// The DTOs a property of a class nests: classes.
    public typealias NestedDTO = JsonSerializable
    /// What a builder returns: the property of a class's table.
    public typealias Entry = PropertyMetadata

    @inlinable @inline(__always)
    static func entry(
        _ name: String,
        decode: @escaping @Sendable (inout JsonReader, CheckedObject) throws -> Void,
        encode: @escaping @Sendable (CheckedObject, inout JsonWriter) -> Void
    ) -> PropertyMetadata {
        PropertyMetadata(name: name, owner: Owner.self, decodeMember: decode, encodeMember: encode)
    }

    /// Stores a value read in the object through the property's setter.
    @inlinable @inline(__always)
    static func store<Value>(_ value: consuming Value, in target: CheckedObject, through set: Setter<Value>) {
        set(target.owner(), value)
    }

    /// The object, for the property's getter.
    @inlinable @inline(__always)
    static func instance(_ target: CheckedObject) -> Owner {
        target.owner()
    }
}
