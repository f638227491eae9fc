/// One property of a DTO: its JSON name and the type-erased accessors the builders create.
public struct PropertyMetadata: Sendable {
    /// The member name in JSON (the camelCase property name, or the DataMember name).
    public let name: String
    /// The accessors, for objects of `owner` only: ``Metadata`` checks the object before it calls them.
    @usableFromInline let accessors: PropertyAccessors
    /// The class the accessors were made for.
    @usableFromInline let owner: ObjectIdentifier
    @usableFromInline let isOwner: @Sendable (AnyObject) -> Bool
    @usableFromInline let ownerName: String

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
    @inlinable
    public init<Owner: AnyObject>(name: String, of owner: Owner.Type = Owner.self,
                                  decode: @escaping @Sendable (inout JsonReader, Owner) throws -> Void,
                                  encode: @escaping @Sendable (Owner, inout JsonWriter) -> Void) {
        self.init(name: name, owner: owner,
                  unchecked: { reader, object in try decode(&reader, unsafeDowncast(object, to: Owner.self)) },
                  unchecked: { object, writer in encode(unsafeDowncast(object, to: Owner.self), &writer) })
    }

    /// For the builders: accessors that take the object as `Owner` without checking, which is
    /// safe because ``Metadata`` hands them only objects that ``isOwner`` accepts.
    ///
    /// Not inlinable on purpose: it runs once per property when a table is built, and inlined
    /// into the builders it makes them too large for the optimizer to specialize them for the
    /// generated getter and setter closures (which the decoding loop then calls indirectly).
    @usableFromInline
    init<Owner: AnyObject>(name: String, owner: Owner.Type,
                           unchecked decode: @escaping @Sendable (inout JsonReader, AnyObject) throws -> Void,
                           unchecked encode: @escaping @Sendable (AnyObject, inout JsonWriter) -> Void) {
        self.name = name
        self.accessors = PropertyAccessors(decode: decode, encode: encode)
        self.owner = ObjectIdentifier(owner)
        self.isOwner = { $0 is Owner }
        self.ownerName = String(describing: owner)
    }
}

/// A property's type-erased accessors, in an object of their own: the decoding and encoding loops
/// call them through an unretained reference that the table keeps alive (see
/// ``Metadata/accessorTable``), which spares a retain and a release of the closure contexts per
/// member, which calling a closure stored in a struct costs.
@usableFromInline
final class PropertyAccessors: Sendable {
    let decode: @Sendable (inout JsonReader, AnyObject) throws -> Void
    let encode: @Sendable (AnyObject, inout JsonWriter) -> Void

    init(decode: @escaping @Sendable (inout JsonReader, AnyObject) throws -> Void,
         encode: @escaping @Sendable (AnyObject, inout JsonWriter) -> Void) {
        self.decode = decode
        self.encode = encode
    }
}
