import Foundation

func format(_ value: Double, decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}

/// A ratio: one decimal, two below 1 (simdjson's column).
func ratio(_ value: Double) -> String {
    format(value, decimals: value < 1 ? 2 : 1) + "×"
}

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let count = text.count
    if count >= width { return text }
    let padding = String(repeating: " ", count: width - count)
    return left ? text + padding : padding + text
}

func duration(_ seconds: Double) -> String {
    if seconds >= 1e-3 { return format(seconds * 1e3, decimals: 2) + " ms" }
    return format(seconds * 1e6, decimals: 2) + " µs"
}

func bytes(_ count: Int) -> String {
    count >= 10_000 ? "\(count / 1000) KB" : "\(count) B"
}

/// One table: columns with a header each, right-aligned but for the `left` ones.
struct Table {
    var headers: [String]
    var left: Set<Int> = [0]
    var rows: [[String]] = []

    func render() -> String {
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { column < $0.count ? $0[column] : "" }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            headers.indices.map { column in
                pad(column < cells.count ? cells[column] : "", widths[column], left: left.contains(column))
            }.joined(separator: " | ")
        }
        let header = line(headers)
        return ([header, String(repeating: "-", count: header.count)] + rows.map(line)).joined(separator: "\n")
    }
}

/// The processor's name on Linux, for the report.
var cpuModel: String? {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
        let colon = line.firstIndex(of: ":")
    else { return nil }
    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
}
