/// Accumulates Swift source lines with 4-space indentation.
struct SourceWriter {
    private(set) var lines: [String] = []
    private var indentation = 0

    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: indentation) + text)
    }

    /// `header {`, the body indented, `}`.
    mutating func block(_ header: String, _ body: (inout SourceWriter) throws -> Void) rethrows {
        line(header + " {")
        indentation += 1
        try body(&self)
        indentation -= 1
        line("}")
    }

    /// A `///` doc comment, one line per line of text.
    mutating func docComment(_ text: String?) {
        guard let text else { return }
        for part in text.split(whereSeparator: \.isNewline) {
            let cleaned = SwiftSyntax.commentText(String(part))
            if !cleaned.isEmpty { line("/// " + cleaned) }
        }
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}
