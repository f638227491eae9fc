import Foundation

/// How names and text are written in Swift source, for ``SwiftRenderer``: keyword escaping, string
/// literals, comment text.
enum SwiftSyntax {
    /// Words that need backticks as identifiers (declarations and member access).
    static let keywords = Set(
        TextTable.words(
            """
            associatedtype class deinit enum extension fileprivate func import init inout internal let open operator
            private precedencegroup protocol public rethrows static struct subscript typealias var break case catch
            continue default defer do else fallthrough for guard if in repeat return throw switch where while as Any
            false is nil self Self super throws true try await async package consume borrowing consuming some any
            Type Protocol
            """))

    /// `Name` → `` `Name` `` when it is a keyword.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// A Swift string literal with the text escaped.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Text safe inside a `//` or `///` comment: one line, no control characters.
    static func commentText(_ text: String) -> String {
        String(
            text.unicodeScalars.map {
                $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : Character($0)
            }
        )
        .trimmingWhitespace()
    }

    /// Text safe inside a `/* */` block: one line, and no `*/` that would end the block early.
    static func blockCommentText(_ text: String) -> String {
        commentText(text).replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "/*", with: "/ *")
    }
}
