/// Swift spellings of ServiceStack names: camelCase properties, keyword escaping, generic arity.
enum SwiftNames {
    /// Words that need backticks as identifiers (declarations and member access).
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "as", "Any", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "await", "async", "package", "consume", "borrowing", "consuming", "some", "any", "Type", "Protocol",
    ]

    /// `Name` → `` `Name` `` when it is a keyword.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// ServiceStack's ToCamelCase: lowercase the leading run of capitals, keeping the last capital of a
    /// run when a lowercase letter follows (`ID` → `id`, `URLValue` → `urlValue`, `UShort` → `uShort`).
    static func camelCase(_ name: String) -> String {
        let characters = Array(name)
        guard let first = characters.first, first.isUppercase else { return name }
        var result = ""
        var index = 0
        while index < characters.count, characters[index].isUppercase {
            let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
            if index > 0 && nextIsLower { break }
            result += characters[index].lowercased()
            index += 1
        }
        result += String(characters[index...])
        return result
    }


    /// `QueryDb`1` → `QueryDb`; `Outer+Inner` → `Inner`.
    static func stripArity(_ clrName: String) -> String {
        var name = clrName
        if let plus = name.lastIndex(of: "+") { name = String(name[name.index(after: plus)...]) }
        if let tick = name.firstIndex(of: "`") { name = String(name[..<tick]) }
        return name
    }

    /// The declared generic arity in a CLR name (`Dictionary`2` → 2), or 0.
    static func arity(_ clrName: String) -> Int {
        guard let tick = clrName.firstIndex(of: "`") else { return 0 }
        return Int(clrName[clrName.index(after: tick)...]) ?? 0
    }

    /// A name Swift accepts as an identifier (letters, digits, underscores; not starting with a digit).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first,
              first == "_" || first.properties.isXIDStart else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// `Foundation`, `Foundation.NSObject`, `My_Module`.
    static func isIdentifierPath(_ text: String) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isIdentifier(String($0)) }
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
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : Character($0) })
            .trimmingWhitespace()
    }
}
