/// A CLR type name as metadata spells it, parsed into a tree:
/// `Dictionary`2` + genericArgs `["String","List<Poco>"]`, or the C#-style string `List<Dictionary<String,Poco>>`.
struct ClrTypeName: Equatable, Sendable {
    /// Name without arity, namespace or array suffix: `Dictionary`, `Poco`, `T`.
    var name: String
    var arguments: [ClrTypeName]
    /// `Poco[]` → 1, `Poco[][]` → 2.
    var arrayRank: Int

    /// A property's type: its `type` with its `genericArgs`.
    static func property(type: String, genericArgs: [String]) throws -> ClrTypeName {
        var base = type
        var rank = 0
        while base.hasSuffix("[]") {
            base.removeLast(2)
            rank += 1
        }
        let arguments = try genericArgs.map { try parse($0) }
        var node = try parse(base)
        // `Nullable`1` with genericArgs: the args belong to the innermost name.
        if node.arguments.isEmpty { node.arguments = arguments }
        node.arrayRank += rank
        return node
    }

    /// Parses C# syntax: `List<Dictionary<String,Poco>>`, `Nullable<Int32>`, `Poco[]`, `QueryDb`1`.
    static func parse(_ text: String) throws -> ClrTypeName {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        let node = try parser.parseType(depth: 0)
        guard parser.index == parser.scalars.count else { throw ParseError(text: text) }
        return node
    }

    struct ParseError: Error {
        let text: String
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        private var error: ParseError { ParseError(text: String(String.UnicodeScalarView(scalars))) }

        /// Real type names nest a few levels; a bound keeps hostile input from exhausting the stack.
        static let maxDepth = 32

        mutating func parseType(depth: Int) throws -> ClrTypeName {
            guard depth < Self.maxDepth else { throw error }
            skipSpaces()
            var name = ""
            while index < scalars.count, !"<>,[] ".unicodeScalars.contains(scalars[index]) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard !name.isEmpty else { throw error }
            var arguments: [ClrTypeName] = []
            skipSpaces()
            if index < scalars.count, scalars[index] == "<" {
                index += 1
                repeat {
                    arguments.append(try parseType(depth: depth + 1))
                    skipSpaces()
                    guard index < scalars.count else { throw error }
                    let separator = scalars[index]
                    index += 1
                    if separator == ">" { break }
                    guard separator == "," else { throw error }
                } while true
            }
            var rank = 0
            while index + 1 < scalars.count, scalars[index] == "[", scalars[index + 1] == "]" {
                rank += 1
                index += 2
            }
            // Namespaces are dropped (`System.String` → `String`), as ServiceStack's generators do.
            if let dot = name.lastIndex(of: "."), !name.hasPrefix(".") {
                name = String(name[name.index(after: dot)...])
            }
            return ClrTypeName(name: SwiftNames.stripArity(name), arguments: arguments, arrayRank: rank)
        }

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index] == " " { index += 1 }
        }
    }
}
