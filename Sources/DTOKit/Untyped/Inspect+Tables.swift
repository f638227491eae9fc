import Foundation

/// The rest of ServiceStack's `Inspect` helpers: DTOs as a text table, and variables written to
/// the file named by `INSPECT_VARS` (for tools that watch a script's state).
extension Inspect {
    /// `rows` as a text table, a column per member (`columns`, or every member in first-seen
    /// order); numbers are right-aligned, nested values shown as JSON:
    /// ```
    /// +----+--------------+-----------+
    /// | id |     name     | viewCount |
    /// +----+--------------+-----------+
    /// |  1 | ServiceStack |       900 |
    /// +----+--------------+-----------+
    /// ```
    public static func dumpTable<S: Sequence>(_ rows: S, columns: [String]? = nil) -> String
    where S.Element: JsonConvertible {
        let objects = rows.map(membersOf)
        var names = columns ?? []
        if columns == nil {
            for object in objects { names += object.keys.filter { !names.contains($0) } }
        }
        let cells = objects.map { object in names.map { object[$0].map(cellText) ?? "" } }
        let widths = names.indices.map { column in
            cells.reduce(names[column].count) { max($0, $1[column].count) }
        }
        let rule = "+" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "+") + "+"
        var lines = [
            rule, "|" + names.indices.map { " " + centered(names[$0], widths[$0]) + " " }.joined(separator: "|") + "|",
            rule,
        ]
        for (object, row) in zip(objects, cells) {
            lines.append(
                "|"
                    + names.indices.map { column -> String in
                        let padding = String(repeating: " ", count: widths[column] - row[column].count)
                        let isNumber = object[names[column]].map(isNumeric) ?? false
                        return " " + (isNumber ? padding + row[column] : row[column] + padding) + " "
                    }.joined(separator: "|") + "|")
        }
        lines.append(rule)
        return lines.joined(separator: "\n")
    }

    /// Prints ``dumpTable(_:columns:)`` to standard output.
    public static func printDumpTable<S: Sequence>(_ rows: S, columns: [String]? = nil)
    where S.Element: JsonConvertible {
        print(dumpTable(rows, columns: columns))
    }

    /// Writes `values` as a JSON object to the file named by the `INSPECT_VARS` environment
    /// variable (relative to the current directory; folders are created), and does nothing when
    /// it is not set. Failures are ignored: this is a debugging aid.
    public static func vars<T: JsonConvertible>(_ values: [String: T]) {
        guard let path = ProcessInfo.processInfo.environment["INSPECT_VARS"], !path.isEmpty else { return }
        let file = URL(
            fileURLWithPath: path.replacingOccurrences(of: "\\", with: "/"),
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? JsonWriter.writeData { writer in
            writer.beginObject()
            for (name, value) in values.sorted(by: { $0.key < $1.key }) {
                writer.writeKey(name)
                value.write(to: &writer)
            }
            writer.endObject()
        }.write(to: file, options: .atomic)
    }

    private static func membersOf<T: JsonConvertible>(_ row: T) -> JsonObject {
        guard let value = try? JsonValue(parsing: row.toJsonData()) else { return [:] }
        return value.objectValue ?? ["value": value]
    }

    private static func cellText(_ value: JsonValue) -> String {
        switch value {
        case .null: return ""
        case .string(let text): return text
        default: return value.toJson()
        }
    }

    private static func isNumeric(_ value: JsonValue) -> Bool {
        switch value {
        case .int, .double: return true
        default: return false
        }
    }

    private static func centered(_ text: String, _ width: Int) -> String {
        let space = width - text.count
        return String(repeating: " ", count: space / 2) + text + String(repeating: " ", count: space - space / 2)
    }
}
