/// A type's property accessors as the decoding and encoding loops call them: unretained, and with
/// objects whose class the table has checked.
///
/// The accessors take their object as ``CheckedObject`` and use it as an instance of the class
/// they were made for without a cast that checks (what makes them fast); only this table makes a
/// `CheckedObject`, after ``checked(_:)`` made sure the object is an instance of every class its
/// accessors were made for (a subclass's table holds its base classes' accessors too).
///
/// Non-copyable: it owns its memory and frees it when it goes.
@safe
struct AccessorTable: ~Copyable, @unchecked Sendable {
    // Immutable after `init`, so the table can be shared between threads (hence `@unchecked`).
    /// The accessors, unretained (`retained` keeps them alive as long as the table lives), so that
    /// the loops below call them without retaining and releasing them (and
    /// without a closure frame per nesting level, see ``JsonDecodingOptions/maxDepth``), with objects
    /// ``checked(_:)`` returned.
    let table: UnsafeMutablePointer<Unmanaged<PropertyAccessors>>
    /// The same accessors, retained: what keeps `table`'s entries alive for as long as the table.
    private let retained: [PropertyAccessors]
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
        retained = properties.map(\.accessors)
        count = retained.count
        unsafe table = UnsafeMutablePointer<Unmanaged<PropertyAccessors>>.allocate(capacity: max(1, count))
        unsafe table.initialize(from: retained.map { unsafe Unmanaged.passUnretained($0) }, count: count)
    }

    deinit {
        unsafe table.deallocate()
    }

    /// Checks that `object` is an instance of every class the accessors were made for, and stops the
    /// program when it is not: the accessors would read and write the wrong memory. Only a
    /// `JsonSerializable` conformance whose `metadata` belongs to an unrelated class gets there.
    @inline(__always)
    func check(_ object: AnyObject) {
        if let exactOwner, ObjectIdentifier(type(of: object)) == exactOwner { return }
        checkThoroughly(object)
    }

    /// `object`, checked (``check(_:)``), for calling accessors with.
    func checked(_ object: AnyObject) -> CheckedObject {
        check(object)
        return CheckedObject(object)
    }

    @inline(never)
    private func checkThoroughly(_ object: AnyObject) {
        for (index, includes) in ownerChecks.enumerated() where !includes(type(of: object)) {
            fatalError(
                "DTOKit: a metadata table with properties of \(ownerNames[index]) was used for an instance of \(type(of: object))"
            )
        }
    }

    /// The JSON name of the property at `index`.
    func name(_ index: Int) -> String {
        unsafe table[index]._withUnsafeGuaranteedRef { $0.name }
    }
}

/// An object an ``AccessorTable`` has checked: an instance of every class the accessors it is
/// handed to were made for. Only this file makes one: the table and its loops, after the check.
///
/// `@frozen`: in a binary framework (library evolution) the accessors then read its one field
/// directly; otherwise through a call and a retain per member (callgrind, payload 1 decoded by a
/// library-evolution build: 145.9 M instructions per 10 calls, 126.4 M frozen; source builds 121.1 M).
@usableFromInline @frozen
struct CheckedObject {
    @usableFromInline let object: AnyObject

    fileprivate init(_ object: AnyObject) {
        self.object = object
    }

    /// The object as the class an accessor was made for. Unchecked (`unsafeDowncast`): the table
    /// that made this value checked the object against every accessor it calls with it.
    @inlinable @inline(__always)
    func owner<Owner: AnyObject>(_: Owner.Type = Owner.self) -> Owner {
        unsafe unsafeDowncast(object, to: Owner.self)
    }
}

/// The decoding and encoding loops of a metadata table: the hot path of every DTO, over the table's
/// unretained accessors (``AccessorTable``) and in-place name matching (``MemberTable``).
///
/// The loops call the accessors here, not through an ``AccessorTable`` method: each nesting level of
/// a document is one pass through `decodeMembers`, and a frame more per level would not fit the
/// deepest documents ``JsonDecodingOptions/maxDepth`` allows into a secondary thread's stack in
/// debug builds, where nothing is inlined. They check the object once and wrap it in a
/// ``CheckedObject`` at each call (in this file: only it makes one): a wrapper made once and kept
/// for the loop would retain the object, one retain and release per DTO.
extension Metadata {
    // MARK: Decoding

    /// Reads a JSON object's members into `object` through the setters.
    ///
    /// Members are matched on raw bytes: exactly first (starting where the previous member
    /// matched, since servers write members in declaration order), then ignoring ASCII case,
    /// as ServiceStack binds. Unknown members are skipped (but still validated).
    ///
    /// Not public: ``JsonSerializable`` calls it with an object of the type the table belongs to,
    /// and ``AccessorTable/checked(_:)`` makes sure of it.
    @usableFromInline
    func decodeMembers(into object: AnyObject, from reader: inout JsonReader) throws {
        accessors.check(object)
        guard try reader.beginObject() else { return }
        var hint = 0
        repeat {
            guard let index = try members.match(&reader, hint: hint) else { continue }
            let valueStart = reader.offset
            let depth = reader.depth
            do {
                unsafe try accessors.table[index]._withUnsafeGuaranteedRef {
                    try $0.decode(&reader, CheckedObject(object))
                }
            } catch let error as JsonDecodingError {
                try reader.skipInvalidMember(named: accessors.name(index), error, valueStart: valueStart, depth: depth)
            }
            hint = index + 1
        } while try reader.nextMember()
    }

    // MARK: Encoding

    /// Writes `object` as a JSON object: each property through its getter, nil ones left out.
    @usableFromInline
    func encodeMembers(of object: AnyObject, to writer: inout JsonWriter) {
        accessors.check(object)
        writer.beginObject()
        // Through the unretained accessors: iterating `properties` would copy (retain and release)
        // each property's name and closures.
        for index in 0..<accessors.count {
            unsafe accessors.table[index]._withUnsafeGuaranteedRef { $0.encode(CheckedObject(object), &writer) }
        }
        writer.endObject()
    }
}
