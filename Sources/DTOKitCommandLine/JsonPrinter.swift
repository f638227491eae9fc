import DTOKitGenerator

/// Writes a parsed document back as JSON: indented for snapshots on disk (two spaces, members in
/// document order, numbers as the server wrote them, a newline at the end, so the same document
/// always prints the same text and changes show as readable diffs), or compact for comparisons.
enum JsonPrinter {
    static func pretty(_ node: JsonNode) -> String {
        var text = ""
        write(node, to: &text, indent: 0)
        text += "\n"
        return text
    }

    static func compact(_ node: JsonNode) -> String {
        var text = ""
        write(node, to: &text, indent: nil)
        return text
    }

    /// `indent` nil writes without whitespace.
    private static func write(_ node: JsonNode, to text: inout String, indent: Int?) {
        switch node.value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += number
        case .string(let string): writeString(string, to: &text)
        case .array(let elements) where !elements.isEmpty:
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                newline(&text, indent.map { $0 + 1 })
                write(element, to: &text, indent: indent.map { $0 + 1 })
            }
            newline(&text, indent)
            text += "]"
        case .object(let members) where !members.isEmpty:
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                newline(&text, indent.map { $0 + 1 })
                writeString(member.name, to: &text)
                text += indent == nil ? ":" : ": "
                write(member.value, to: &text, indent: indent.map { $0 + 1 })
            }
            newline(&text, indent)
            text += "}"
        case .array: text += "[]"
        case .object: text += "{}"
        }
    }

    private static func newline(_ text: inout String, _ indent: Int?) {
        guard let indent else { return }
        text += "\n" + String(repeating: "  ", count: indent)
    }

    /// Quotes, backslashes and control characters escaped; everything else as UTF-8, as ServiceStack writes.
    private static func writeString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
