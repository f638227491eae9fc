import Foundation

/// A generated `[Flags]` enum: an `OptionSet` whose combinations are valid values.
///
/// ```swift
/// public struct MailingList : OptionSet, Hashable, Sendable {
///     public let rawValue: Int
///     public init(rawValue: Int) { self.rawValue = rawValue }
///     public static let TestGroup = MailingList(rawValue: 1)
///     public static let MonthlyNewsletter = MailingList(rawValue: 2)
/// }
/// extension MailingList : JsonFlags {
///     public static let jsonFlagNames: [(String, Int)] = [("TestGroup", 1), ("MonthlyNewsletter", 2)]
/// }
/// ```
/// Written as the combined number, as ServiceStack does for `[Flags]` enums; read from a number,
/// a numeric string, or names separated by commas (`"TestGroup, MonthlyNewsletter"`).
public protocol JsonFlags: OptionSet, JsonConvertible, Hashable, Sendable where RawValue == Int {
    /// Each named flag with its value, for reading names.
    static var jsonFlagNames: [(String, Int)] { get }
}

extension JsonFlags {
    public static func read(from reader: inout JsonReader) throws -> Self {
        let start = reader.offset
        if reader.peek() != .quote {
            return Self(rawValue: try reader.readInteger(Int.self))
        }
        let text = try reader.readString()
        if let number = Int(text) { return Self(rawValue: number) }
        var value = 0
        for part in text.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard
                let flag = jsonFlagNames.first(where: { $0.0 == name })
                    ?? jsonFlagNames.first(where: { $0.0.lowercased() == name.lowercased() })
            else {
                let names = jsonFlagNames.map(\.0).joined(separator: ", ")
                throw reader.error(
                    expected: "a number or names from \(names)", found: "\"\(name)\"",
                    valueStartingAt: start)
            }
            value |= flag.1
        }
        return Self(rawValue: value)
    }

    public func write(to writer: inout JsonWriter) {
        writer.writeInteger(rawValue)
    }
}
