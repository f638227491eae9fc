/// Something odd in the snapshot that the generator worked around instead of failing the build:
/// a type it cannot know (generated as `JsonValue`), a name it had to change, a conformance it had
/// to leave out. Printed like a compiler warning, `file:line:column: warning: …`, so SwiftPM and
/// Xcode show it with the build.
public struct GeneratorWarning: Sendable, Equatable, CustomStringConvertible {
    /// The snapshot file, as given to the generator.
    public var file: String?
    /// 1-based line in `file`, when known.
    public var line: Int?
    /// 1-based column in `file`, when known.
    public var column: Int?
    /// Where in the snapshot, as a JSON path (`$.types[3].properties[0].type`).
    public var jsonPath: String?
    /// What was found and what the generated code does instead.
    public var message: String

    /// A warning with as much location as is known.
    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.message = message
    }

    /// `file:line:column: warning: message (at $.path)`.
    public var description: String {
        DiagnosticText.format(
            severity: "warning", file: file, line: line, column: column,
            message: message, jsonPath: jsonPath, hint: nil)
    }
}

/// The compiler-style text of generator diagnostics.
enum DiagnosticText {
    static func format(
        severity: String, file: String?, line: Int?, column: Int?, message: String,
        jsonPath: String?, hint: String?
    ) -> String {
        var location = ""
        if let file {
            location = file
            if let line {
                location += ":\(line)"
                if let column { location += ":\(column)" }
            }
            location += ": "
        }
        var text = "\(location)\(severity): \(message)"
        if let jsonPath { text += " (at \(jsonPath))" }
        if let hint { text += "\nnote: \(hint)" }
        return text
    }
}
