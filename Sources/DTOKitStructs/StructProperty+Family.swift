import DTOKit

/// The family the shared builder files (`Builders/`, linked from DTOKit's) extend in this module: the
/// builders of DTO structs, the same shapes as ``/DTOKit/Property``'s, with setters that take the
/// struct `inout` (`{ $0.name = $1 }` reads the same for both).
typealias Builders = StructProperty

/// How the builders reach a DTO struct's members: the accessors get the struct being decoded as
/// the table's loop hands it on, and store each value in place.
extension StructProperty {
    /// A property's setter: it takes the struct `inout` and the value read (`{ $0.name = $1 }`).
    public typealias Setter<Value> = @Sendable (inout Owner, consuming Value) -> Void
    /// The DTOs a property of a struct nests: structs.
    public typealias NestedDTO = JsonStruct
    /// What a builder returns: the property of a struct's table.
    public typealias Entry = StructProperty

    @inlinable @inline(__always)
    static func entry(
        _ name: String,
        decode: @escaping @Sendable (inout JsonReader, borrowing StructInstance<Owner>) throws -> Void,
        encode: @escaping @Sendable (Owner, inout JsonWriter) -> Void
    ) -> StructProperty {
        StructProperty(name: name, decodeMember: decode, encodeMember: encode)
    }

    /// Stores a value read in the struct, in place, through the property's setter.
    @inlinable @inline(__always)
    static func store<Value>(
        _ value: consuming Value, in target: borrowing StructInstance<Owner>, through set: Setter<Value>
    ) {
        target.store(value, through: set)
    }

    /// The struct, for the property's getter.
    @inlinable @inline(__always)
    static func instance(_ target: Owner) -> Owner {
        target
    }
}
