import DTOKit

/// Writes JSON values in JSV, the text format ServiceStack binds query-string and form values
/// from.
///
/// - Strings are written as they are, unless they contain one of the JSV-special characters
///   `[` `]` `{` `}` `,` `"` (or a line break): then they are wrapped in `"…"` with each inner `"`
///   doubled, e.g. `2" x 1"` → `"2"" x 1"""`.
/// - Numbers and booleans as in JSON.
/// - Arrays as `[a,b,c]`, objects and dictionaries as `{Key:Value,Key2:Value2}`.
/// - Dates, durations and bytes arrive here already in their JSON text forms (`/Date(ms)/`,
///   `PT1H30M`, Base64), which the server reads back from JSV as well.
public enum JsvEncoder {
    /// The JSV text of `value`, or nil for `null`.
    public static func encode(_ value: JsonValue) -> String? {
        switch value {
        case .null:
            return nil
        case .bool(let flag):
            return flag ? "true" : "false"
        case .int(let number):
            return String(number)
        case .double:
            return value.toJson()
        case .string(let text):
            return encodeString(text)
        case .array(let elements):
            return "[" + elements.map { encode($0) ?? "" }.joined(separator: ",") + "]"
        case .object(let object):
            let members = object.compactMap { name, member -> String? in
                guard let text = encode(member) else { return nil }
                return encodeString(name) + ":" + text
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    /// A string as a JSV value: quoted only when it contains JSV-special characters.
    public static func encodeString(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { specialCharacters.contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static let specialCharacters: Set<Unicode.Scalar> = ["[", "]", "{", "}", ",", "\"", "\r", "\n"]

    /// Whether the value is worth sending: `null`, `[]` and `{}` are left out of query strings
    /// and forms, as the ServiceStack clients do.
    static func isEmptyValue(_ value: JsonValue) -> Bool {
        switch value {
        case .null: return true
        case .array(let elements): return elements.isEmpty
        case .object(let object): return object.isEmpty
        default: return false
        }
    }
}
