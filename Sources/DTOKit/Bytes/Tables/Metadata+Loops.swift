/// The decoding and encoding loops of a metadata table: the hot path of every DTO, over the table's
/// unretained accessors (``AccessorTable``) and in-place name matching (``MemberTable``).
///
/// The loops call the accessors here, not through an ``AccessorTable`` method: each nesting level of
/// a document is one pass through `decodeMembers`, and a frame more per level would not fit the
/// deepest documents ``JsonDecodingOptions/maxDepth`` allows into a secondary thread's stack in
/// debug builds, where nothing is inlined.
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
        let object = accessors.checked(object)
        guard try reader.beginObject() else { return }
        var hint = 0
        repeat {
            guard let index = try members.match(&reader, hint: hint) else { continue }
            let valueStart = reader.offset
            let depth = reader.depth
            do {
                try accessors.table[index]._withUnsafeGuaranteedRef { try $0.decode(&reader, object) }
            } catch let error as JsonDecodingError {
                try skipInvalidMember(index, error, &reader, valueStart: valueStart, depth: depth)
            }
            hint = index + 1
        } while try reader.nextMember()
    }

    /// After the member at `index` failed to decode: skips its value when the options ask to skip
    /// values that are valid JSON but do not fit, else throws the error with the member's name.
    /// (Out of the loop's frame, which every nesting level of a document keeps.)
    @inline(never)
    func skipInvalidMember(_ index: Int, _ error: JsonDecodingError, _ reader: inout JsonReader,
                           valueStart: Int, depth: Int) throws {
        let name = accessors.name(index)
        guard reader.options.invalidMembers.report != nil else { throw error.prefixed(with: .key(name)) }
        do {
            try reader.skipInvalidMember(error, valueStart: valueStart, depth: depth)
        } catch let invalidValue as JsonDecodingError {
            throw invalidValue.prefixed(with: .key(name))
        }
    }

    // MARK: Encoding

    /// Writes `object` as a JSON object: each property through its getter, nil ones left out.
    @usableFromInline
    func encodeMembers(of object: AnyObject, to writer: inout JsonWriter) {
        let object = accessors.checked(object)
        writer.beginObject()
        // Through the unretained accessors: iterating `properties` would copy (retain and release)
        // each property's name and closures.
        for index in 0..<accessors.count {
            accessors.table[index]._withUnsafeGuaranteedRef { $0.encode(object, &writer) }
        }
        writer.endObject()
    }
}
