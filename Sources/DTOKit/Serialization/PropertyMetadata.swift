/// One property of a DTO: its JSON name and the type-erased accessors the builders create.
///
/// A single reference to the accessors object: a generated table stores one word per property,
/// and each builder returns it in a register, which keeps the tables' one-time initializers small.
public struct PropertyMetadata: Sendable {
    /// The accessors, for objects of their owner only: ``AccessorTable`` checks the object before it calls them.
    let accessors: PropertyAccessors

    /// The member name in JSON (the camelCase property name, or the DataMember name).
    public var name: String { accessors.name }

    /// Creates a property from accessors of your own; the ``Property`` builders cover every
    /// property the generator emits.
    ///
    /// ```swift
    /// PropertyMetadata(name: "total", of: Invoice.self,
    ///                  decode: { reader, invoice in invoice.total = try Money.read(from: &reader) },
    ///                  encode: { invoice, writer in
    ///                      writer.writeKey(JsonKey("total"))
    ///                      invoice.total.write(to: &writer)
    ///                  })
    /// ```
    /// - Parameters:
    ///   - name: the member's name in JSON.
    ///   - owner: the class whose instances the accessors read and write; the table checks every
    ///     object against it before calling them.
    ///   - decode: reads the member's value (the reader is at it) and stores it in the object.
    ///   - encode: writes the member (``JsonWriter/writeKey(_:)-(JsonKey)`` then the value), or nothing when absent.
    public init<Owner: AnyObject>(
        name: String, of owner: Owner.Type = Owner.self,
        decode: @escaping @Sendable (inout JsonReader, Owner) throws -> Void,
        encode: @escaping @Sendable (Owner, inout JsonWriter) -> Void
    ) {
        self.init(
            name: name, owner: owner,
            decodeMember: { reader, object in try decode(&reader, object.owner()) },
            encodeMember: { object, writer in encode(object.owner(), &writer) })
    }

    /// For the builders: accessors that take the object as ``AccessorTable`` checked it, and use it
    /// as an `Owner` (``CheckedObject/owner(_:)``).
    @usableFromInline
    init<Owner: AnyObject>(
        name: String, owner: Owner.Type,
        decodeMember decode: @escaping @Sendable (inout JsonReader, CheckedObject) throws -> Void,
        encodeMember encode: @escaping @Sendable (CheckedObject, inout JsonWriter) -> Void
    ) {
        accessors = PropertyAccessors(
            name: name, owner: ObjectIdentifier(owner), includes: { $0 is Owner.Type },
            ownerName: String(describing: owner), decode: decode, encode: encode)
    }
}

/// A property's name, owner and type-erased accessors, in an object of their own: the decoding and
/// encoding loops call the accessors through an unretained reference (see ``AccessorTable``), which
/// spares a retain and a release of the closure contexts per member, which calling a closure
/// stored in a struct costs.
final class PropertyAccessors: Sendable {
    let name: String
    /// The class the accessors were made for.
    let owner: ObjectIdentifier
    /// Whether a class is the owner or a subclass of it: the accessors take its instances.
    let includes: @Sendable (AnyClass) -> Bool
    let ownerName: String
    let decode: @Sendable (inout JsonReader, CheckedObject) throws -> Void
    let encode: @Sendable (CheckedObject, inout JsonWriter) -> Void

    init(
        name: String, owner: ObjectIdentifier, includes: @escaping @Sendable (AnyClass) -> Bool, ownerName: String,
        decode: @escaping @Sendable (inout JsonReader, CheckedObject) throws -> Void,
        encode: @escaping @Sendable (CheckedObject, inout JsonWriter) -> Void
    ) {
        self.name = name
        self.owner = owner
        self.includes = includes
        self.ownerName = ownerName
        self.decode = decode
        self.encode = encode
    }
}
