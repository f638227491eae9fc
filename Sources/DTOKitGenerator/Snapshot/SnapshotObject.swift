/// One JSON object of a snapshot with its JSON path: typed access to its members that fails with
/// the file, line, column and path when a member has the wrong kind of value.
///
/// A missing member and `null` both read as nil (servers omit false flags and empty lists).
struct SnapshotObject {
    let node: JsonNode
    /// `$.types[3]`
    let path: String
    let source: SnapshotSource

    func string(_ name: String) throws -> String? {
        guard let member = try present(name) else { return nil }
        guard case .string(let text) = member.value else { throw mismatch(name, member, expected: "a string") }
        return text
    }

    func bool(_ name: String) throws -> Bool? {
        guard let member = try present(name) else { return nil }
        guard case .bool(let flag) = member.value else { throw mismatch(name, member, expected: "true or false") }
        return flag
    }

    func int(_ name: String) throws -> Int? {
        guard let member = try present(name) else { return nil }
        guard case .number(let text) = member.value, let number = Int(text) else {
            throw mismatch(name, member, expected: "an integer")
        }
        return number
    }

    func strings(_ name: String) throws -> [String]? {
        guard let elements = try array(name) else { return nil }
        return try elements.enumerated().map { index, element in
            guard case .string(let text) = element.value else {
                throw source.error(
                    at: element.offset, path: "\(path).\(name)[\(index)]",
                    expected: "a string", found: element.kindName)
            }
            return text
        }
    }

    func object(_ name: String) throws -> SnapshotObject? {
        guard let member = try present(name) else { return nil }
        guard case .object = member.value else { throw mismatch(name, member, expected: "an object") }
        return SnapshotObject(node: member, path: "\(path).\(name)", source: source)
    }

    func objects(_ name: String) throws -> [SnapshotObject]? {
        guard let elements = try array(name) else { return nil }
        return try elements.enumerated().map { index, element in
            let elementPath = "\(path).\(name)[\(index)]"
            guard case .object = element.value else {
                throw source.error(
                    at: element.offset, path: elementPath, expected: "an object", found: element.kindName)
            }
            return SnapshotObject(node: element, path: elementPath, source: source)
        }
    }

    // MARK: Helpers

    private func array(_ name: String) throws -> [JsonNode]? {
        guard let member = try present(name) else { return nil }
        guard case .array(let elements) = member.value else { throw mismatch(name, member, expected: "an array") }
        return elements
    }

    private func present(_ name: String) throws -> JsonNode? {
        guard let member = node.member(name) else { return nil }
        if case .null = member.value { return nil }
        return member
    }

    private func mismatch(_ name: String, _ member: JsonNode, expected: String) -> GeneratorError {
        source.error(at: member.offset, path: "\(path).\(name)", expected: expected, found: member.kindName)
    }
}

/// The snapshot file being read: its name and bytes, for diagnostics with line and column.
struct SnapshotSource {
    let fileName: String
    let bytes: [UInt8]

    /// "the snapshot is not valid metadata JSON: expected …, found …" at an offset and path.
    func error(at offset: Int, path: String?, expected: String, found: String) -> GeneratorError {
        let position = SourcePosition.lineAndColumn(of: offset, in: bytes)
        return GeneratorError(
            file: fileName, line: position.line, column: position.column, jsonPath: path,
            message: "the snapshot is not valid metadata JSON: expected \(expected), found \(found)",
            hint: "download it again with `dtokit fetch <baseUrl>` or `swift package update-dtos`")
    }
}
