/// Finds the value at a JSON path (`$.api.types[3].name`) in a parsed document, so diagnostics about
/// well-formed but odd snapshots can point into the file. When a member is missing, the object that
/// lacks it is found instead.
enum JsonPathLocator {
    private enum Step {
        case member(String)
        case element(Int)
    }

    /// The byte offset of the value at `jsonPath` (or of its nearest existing ancestor).
    static func offset(of jsonPath: String, in document: JsonNode) -> Int? {
        var node = document
        for step in parse(jsonPath) {
            switch (step, node.value) {
            case (.member(let name), .object):
                guard let member = node.member(name) else { return node.offset }
                node = member
            case (.element(let index), .array(let elements)):
                guard elements.indices.contains(index) else { return node.offset }
                node = elements[index]
            default:
                return node.offset
            }
        }
        return node.offset
    }

    private static func parse(_ jsonPath: String) -> [Step] {
        var steps: [Step] = []
        var rest = Substring(jsonPath.hasPrefix("$") ? String(jsonPath.dropFirst()) : jsonPath)
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                steps.append(.member(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                let digits = rest.dropFirst().prefix { $0.isNumber }
                steps.append(.element(Int(digits) ?? 0))
                rest = rest.dropFirst(digits.count + 2)
            } else {
                break
            }
        }
        return steps
    }
}
