/// A struct type's property accessors as the decoding and encoding loops call them: unretained, as
/// in ``AccessorTable``, which spares a retain and a release of each accessor per member.
///
/// Unlike a class table it needs no check of the value it is used with: its accessors and its
/// loops are typed with `Owner`, so the compiler has made sure of it.
///
/// Non-copyable: it owns its memory and frees it when it goes.
@safe
struct StructAccessorTable<Owner>: ~Copyable, @unchecked Sendable {
    // Immutable after `init`, so the table can be shared between threads (hence `@unchecked`).
    /// The accessors, unretained; `retained` keeps them alive as long as the table lives.
    let table: UnsafeMutablePointer<Unmanaged<StructAccessors<Owner>>>
    private let retained: [StructAccessors<Owner>]
    let count: Int

    init(_ properties: [StructProperty<Owner>]) {
        retained = properties.map(\.accessors)
        count = retained.count
        unsafe table = UnsafeMutablePointer<Unmanaged<StructAccessors<Owner>>>.allocate(capacity: max(1, count))
        unsafe table.initialize(from: retained.map { unsafe Unmanaged.passUnretained($0) }, count: count)
    }

    deinit {
        unsafe table.deallocate()
    }

    /// The JSON name of the property at `index`.
    func name(_ index: Int) -> String {
        unsafe table[index]._withUnsafeGuaranteedRef { $0.name }
    }
}

/// The decoding and encoding loops of a struct's table: those of a class's (``Metadata``), over a
/// value the caller owns instead of an object.
extension StructMetadata {
    /// Reads a JSON object's members into `value` through the setters, matching names as
    /// ``Metadata`` does (exactly at the expected member, then anywhere, then ignoring case).
    @usableFromInline
    func decodeMembers(into value: inout Owner, from reader: inout JsonReader) throws {
        // The struct's address, for the length of the call: the accessors store each value in place.
        try unsafe decodeMembers(intoStructAt: &value, from: &reader)
    }

    private func decodeMembers(intoStructAt pointer: UnsafeMutablePointer<Owner>, from reader: inout JsonReader) throws
    {
        guard try reader.beginObject() else { return }
        let instance = unsafe StructInstance(pointer)
        var hint = 0
        repeat {
            guard let index = try members.match(&reader, hint: hint) else { continue }
            let valueStart = reader.offset
            let depth = reader.depth
            do {
                unsafe try accessors.table[index]._withUnsafeGuaranteedRef { try $0.decode(&reader, instance) }
            } catch let error as JsonDecodingError {
                try reader.skipInvalidMember(named: accessors.name(index), error, valueStart: valueStart, depth: depth)
            }
            hint = index + 1
        } while try reader.nextMember()
    }

    /// Writes `value` as a JSON object: each property through its getter, nil ones left out.
    @usableFromInline
    func encodeMembers(of value: Owner, to writer: inout JsonWriter) {
        writer.beginObject()
        for index in 0..<accessors.count {
            unsafe accessors.table[index]._withUnsafeGuaranteedRef { $0.encode(value, &writer) }
        }
        writer.endObject()
    }
}

/// The struct a table's loop is decoding into, as the accessors get it: the loop's own value,
/// reached through its address while the loop runs. Non-copyable, so that no accessor keeps it
/// past its call; only the loop above makes one.
@frozen @usableFromInline @safe
package struct StructInstance<Owner>: ~Copyable {
    @usableFromInline let pointer: UnsafeMutablePointer<Owner>

    init(_ pointer: UnsafeMutablePointer<Owner>) {
        unsafe self.pointer = pointer
    }

    /// Stores `value` in the struct through `set` (a property's setter).
    @inlinable @inline(__always)
    package func store<Value>(_ value: consuming Value, through set: (inout Owner, consuming Value) -> Void) {
        unsafe set(&pointer.pointee, value)
    }

    /// Runs `body` on the struct, for accessors of the app's own (``StructProperty/init(name:decode:encode:)``).
    func update(_ body: (inout Owner) throws -> Void) rethrows {
        try unsafe body(&pointer.pointee)
    }
}
