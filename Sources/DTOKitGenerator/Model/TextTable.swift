/// Tables of names written as text and split when first used. A literal `Set` or `Dictionary` of
/// strings compiles to one insertion per element (type-checked and lowered in every clean build of the
/// build plugin's tool); a string and a split compile to almost nothing.
enum TextTable {
    /// The words of `text`, separated by spaces or newlines.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    /// `Key=Value` words as a dictionary.
    static func pairs(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        for word in words(text) {
            let parts = word.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { table[String(parts[0])] = String(parts[1]) }
        }
        return table
    }
}
