extension JsonValue {
    /// The value as indented JSON (two spaces, members in document order, a newline at the end),
    /// stable for diffs: the same value always prints the same text.
    public func prettyPrinted() -> String {
        var writer = JsonWriter(capacity: 4096, options: JsonEncodingOptions())
        writePretty(to: &writer, indent: 0)
        writer.writeRaw(.lineFeed)
        return writer.finishString()
    }

    private func writePretty(to writer: inout JsonWriter, indent: Int) {
        switch self {
        case .array(let elements) where !elements.isEmpty:
            writer.writeRaw(.openBracket)
            for (index, element) in elements.enumerated() {
                if index > 0 { writer.writeRaw(.comma) }
                JsonValue.newline(&writer, indent + 1)
                element.writePretty(to: &writer, indent: indent + 1)
            }
            JsonValue.newline(&writer, indent)
            writer.writeRaw(.closeBracket)
        case .object(let object) where !object.isEmpty:
            writer.writeRaw(.openBrace)
            for (index, (name, value)) in object.enumerated() {
                if index > 0 { writer.writeRaw(.comma) }
                JsonValue.newline(&writer, indent + 1)
                writer.writeString(name)
                writer.writeRaw(": ")
                value.writePretty(to: &writer, indent: indent + 1)
            }
            JsonValue.newline(&writer, indent)
            writer.writeRaw(.closeBrace)
        default:
            write(to: &writer)
        }
    }

    private static func newline(_ writer: inout JsonWriter, _ indent: Int) {
        writer.writeRaw(.lineFeed)
        for _ in 0..<indent { writer.writeRaw("  ") }
    }
}
