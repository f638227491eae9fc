/// Skipping members whose values do not fit their properties (``InvalidMembers/skip(reportingTo:)``),
/// and reporting them with their paths from the document's root.
extension JsonReader {
    /// After the member `name` failed to decode: skips its value when the options ask to skip
    /// values that are valid JSON but do not fit, or when it is ServiceStack's unset enum (`0`, which
    /// no case has: the property keeps its value whatever the options; reported when they skip), else
    /// throws the error with the member's name. (Out of the decoding loops' frames, which every
    /// nesting level of a document keeps.)
    @inline(never)
    mutating func skipInvalidMember(named name: String, _ error: JsonDecodingError, valueStart: Int, depth: Int) throws
    {
        // An unset enum inside an array or a dictionary (a path below the member) still fails: only a
        // member can be left as it was.
        guard options.invalidMembers.report != nil || (error.isUnsetEnumValue && error.reversedPath.isEmpty) else {
            throw error.prefixed(with: .key(name))
        }
        do {
            try skipInvalidMember(error, valueStart: valueStart, depth: depth)
        } catch let invalidValue as JsonDecodingError {
            throw invalidValue.prefixed(with: .key(name))
        }
    }

    /// Goes back to the start of a member's value (its offset) and skips it, validating its syntax as strictly as
    /// ever; the member's error is kept for the report.
    /// - Throws: what makes the value itself invalid (bad syntax, nesting too deep): then the
    ///   document cannot be read at all.
    @inline(never)
    mutating func skipInvalidMember(_ error: JsonDecodingError, valueStart: Int, depth: Int) throws {
        unsafe _cursor = unsafe _start + valueStart
        self.depth = depth
        skipWhitespace()
        let valueOffset = offset
        try skipValue()
        if skippedMembers.count < Self.maxReportedSkips {
            skippedMembers.append((error, valueOffset))
        } else {
            omittedSkips += 1
        }
    }

    /// How many skipped members of one document are reported with their paths: finding a path walks
    /// the document again, so a response full of odd values must not cost that walk for each one.
    static let maxReportedSkips = 32

    /// Passes each skipped member's error to `report`, its path completed from the document's root.
    /// (The path is worked out only now, by finding the value again: keeping track of it while
    /// decoding would cost every member.)
    mutating func reportSkippedMembers(to report: SkippedMembers) {
        for (error, valueOffset) in skippedMembers {
            report.add(error.rooted(at: pathComponents(toValueAt: valueOffset)))
        }
        report.omit(omittedSkips)
        skippedMembers.removeAll()
        omittedSkips = 0
    }

    /// The path from the root to the value starting at `target`, found by walking the document
    /// down to it, skipping every value that does not contain it.
    func pathComponents(toValueAt target: Int) -> [JsonDecodingError.PathComponent] {
        var walker = unsafe JsonReader(start: _start, count: _end - _start, options: options)
        walker.skipByteOrderMark()
        var path: [JsonDecodingError.PathComponent] = []
        while let first = walker.peek(), walker.offset < target {
            var next: JsonDecodingError.PathComponent?
            if first == .openBrace, (try? walker.beginObject()) == true {
                repeat {
                    guard let name = try? walker.readMemberName(),
                        let contains = walker.skipUnlessContains(target)
                    else { return path }
                    if contains { next = .key(name) }
                } while next == nil && (try? walker.nextMember()) == true
            } else if first == .openBracket, (try? walker.beginArray()) == true {
                var index = 0
                repeat {
                    guard let contains = walker.skipUnlessContains(target) else { return path }
                    if contains { next = .index(index) }
                    index += 1
                } while next == nil && (try? walker.nextElement()) == true
            }
            guard let next else { return path }
            path.append(next)
        }
        return path
    }

    /// Whether the value at the cursor contains `target` (then the cursor stays at its start);
    /// otherwise skips it. Nil when it cannot be skipped.
    private mutating func skipUnlessContains(_ target: Int) -> Bool? {
        skipWhitespace()
        let valueStart = unsafe _cursor
        guard (try? skipValue()) != nil else { return nil }
        if unsafe target >= valueStart - _start, target < offset {
            unsafe _cursor = unsafe valueStart
            return true
        }
        return false
    }
}

extension JsonDecodingError {
    /// The error with `prefix` (the path to the value it was found in) before its own path.
    func rooted(at prefix: [PathComponent]) -> JsonDecodingError {
        var copy = self
        copy.reversedPath += prefix.reversed()
        return copy
    }
}
