/// The warnings of one generation, by JSON path; the generator adds file, line and column.
final class WarningLog {
    struct Entry {
        var jsonPath: String
        var message: String
    }

    private(set) var entries: [Entry] = []

    private var seen: Set<String> = []

    /// Records a warning once (base classes are resolved again for each subclass).
    func warn(at jsonPath: String, _ message: String) {
        guard seen.insert(jsonPath + "\u{0}" + message).inserted else { return }
        entries.append(Entry(jsonPath: jsonPath, message: message))
    }
}
