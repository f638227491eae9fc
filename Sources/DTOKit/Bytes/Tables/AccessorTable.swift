/// A type's property accessors as the decoding and encoding loops call them: unretained, and with
/// objects whose class the table has checked.
///
/// The accessors take their object as ``CheckedObject`` and use it as an instance of the class
/// they were made for without a cast that checks (what makes them fast); only this table makes a
/// `CheckedObject`, after ``checked(_:)`` made sure the object is an instance of every class its
/// accessors were made for (a subclass's table holds its base classes' accessors too).
///
/// Non-copyable: it owns its memory and frees it when it goes.
struct AccessorTable: ~Copyable, @unchecked Sendable {
    // Immutable after `init`, so the table can be shared between threads (hence `@unchecked`).
    /// The accessors, unretained: `Metadata.properties` keeps them alive as long as the table lives,
    /// and the loops (`Metadata+Loops.swift`) call them without retaining and releasing them (and
    /// without a closure frame per nesting level, see ``JsonDecodingOptions/maxDepth``), with objects
    /// ``checked(_:)`` returned.
    let table: UnsafeMutablePointer<Unmanaged<PropertyAccessors>>
    let count: Int
    /// The class all accessors were made for (or a subclass of all of them): an instance of exactly
    /// that class needs no further check.
    private let exactOwner: ObjectIdentifier?
    /// One check per class the accessors were made for: the object's class must be it or a subclass.
    private let ownerChecks: [@Sendable (AnyClass) -> Bool]
    private let ownerNames: [String]

    /// The table of `properties`; `owner` names the class it is for when its properties come from
    /// several classes of one hierarchy.
    init(_ properties: [PropertyMetadata], owner: AnyClass?) {
        var owners: [ObjectIdentifier] = []
        var checks: [@Sendable (AnyClass) -> Bool] = []
        var names: [String] = []
        for property in properties where !owners.contains(property.accessors.owner) {
            owners.append(property.accessors.owner)
            checks.append(property.accessors.includes)
            names.append(property.accessors.ownerName)
        }
        if let owner {
            // The named class is the exact owner only if every accessor was made for it or a base
            // class of it (otherwise every object is checked thoroughly, and a wrong one stops).
            exactOwner = checks.allSatisfy { $0(owner) } ? ObjectIdentifier(owner) : nil
        } else {
            exactOwner = owners.count == 1 ? owners[0] : nil
        }
        ownerChecks = checks
        ownerNames = names
        count = properties.count
        table = UnsafeMutablePointer<Unmanaged<PropertyAccessors>>.allocate(capacity: max(1, count))
        table.initialize(from: properties.map { Unmanaged.passUnretained($0.accessors) }, count: count)
    }

    deinit {
        table.deallocate()
    }

    /// `object`, checked to be an instance of every class the accessors were made for. Stops the
    /// program when it is not: the accessors would read and write the wrong memory. Only a
    /// `JsonSerializable` conformance whose `metadata` belongs to an unrelated class gets there.
    @inline(__always)
    func checked(_ object: AnyObject) -> CheckedObject {
        if let exactOwner, ObjectIdentifier(type(of: object)) == exactOwner { return CheckedObject(object) }
        checkThoroughly(object)
        return CheckedObject(object)
    }

    @inline(never)
    private func checkThoroughly(_ object: AnyObject) {
        for (index, includes) in ownerChecks.enumerated() where !includes(type(of: object)) {
            fatalError("DTOKit: a metadata table with properties of \(ownerNames[index]) was used for an instance of \(type(of: object))")
        }
    }

    /// The JSON name of the property at `index`.
    func name(_ index: Int) -> String {
        table[index]._withUnsafeGuaranteedRef { $0.name }
    }
}

/// An object an ``AccessorTable`` has checked: an instance of every class the accessors it is
/// handed to were made for. Only the table makes one.
@usableFromInline
struct CheckedObject {
    @usableFromInline let object: AnyObject

    fileprivate init(_ object: AnyObject) {
        self.object = object
    }

    /// The object as the class an accessor was made for. Unchecked (`unsafeDowncast`): the table
    /// that made this value checked the object against every accessor it calls with it.
    @inlinable @inline(__always)
    func owner<Owner: AnyObject>(_: Owner.Type = Owner.self) -> Owner {
        unsafeDowncast(object, to: Owner.self)
    }
}
