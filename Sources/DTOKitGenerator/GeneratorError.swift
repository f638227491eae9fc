/// A problem with the generator's input, reported the way compilers do: `file:line:column: error: …`,
/// with the JSON path of the offending value and what to do about it.
public struct GeneratorError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file the problem is in (snapshot or options file), as given to the generator.
    public var file: String?
    /// 1-based line in `file`, when known.
    public var line: Int?
    /// 1-based column in `file`, when known.
    public var column: Int?
    /// Where in the snapshot, as a JSON path (`$.types[3].properties[0].type`).
    public var jsonPath: String?
    /// What is wrong.
    public var message: String
    /// What to do about it, when there is something to say.
    public var hint: String?

    /// An error with as much location as is known.
    public init(
        file: String? = nil, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil,
        message: String, hint: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.message = message
        self.hint = hint
    }

    /// `file:line:column: error: message (at $.path)` and a `note:` line with the hint, like compiler diagnostics.
    public var description: String {
        DiagnosticText.format(
            severity: "error", file: file, line: line, column: column,
            message: message, jsonPath: jsonPath, hint: hint)
    }
}
