/// Parses `NAME.options`: the `Key: Value` lines of a ServiceStack `/* Options: */` header.
///
/// Lines starting with `//` (options left at their defaults in a pasted header), blank lines and the
/// `/* Options:` / `*/` frame are ignored, so the block from an existing `dtos.swift` can be pasted
/// as is. Unknown keys and invalid values are errors naming the line and the valid choices.
public enum OptionsFile {
    /// Every key this file accepts, in the order of the reference (``OptionKey``).
    public static var knownKeys: [String] { OptionKey.allCases.map(\.rawValue) }

    /// Parses the text of an options file; `fileName` is used in error messages.
    /// - Throws: ``GeneratorError`` naming the line, the key and the valid choices.
    public static func parse(_ text: String, fileName: String) throws -> GeneratorOptions {
        var options = GeneratorOptions()
        var seen: [OptionKey: Int] = [:]
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("//") || line.hasPrefix("/*") || line.hasPrefix("*/") || line == "*" {
                continue
            }
            func fail(_ message: String, _ hint: String? = nil) -> GeneratorError {
                GeneratorError(file: fileName, line: lineNumber, column: 1, message: message, hint: hint)
            }
            guard let colon = line.firstIndex(of: ":") else {
                throw fail(
                    "expected `Key: Value`, found `\(line)`",
                    "comment a line out with `//`; valid keys: \(knownKeys.joined(separator: ", "))")
            }
            let key = String(line[..<colon]).trimmingWhitespace()
            let value = String(line[line.index(after: colon)...]).trimmingWhitespace()
            if OptionKey.informational.contains(key) { continue }
            guard let known = OptionKey(rawValue: key) else {
                let suggestion = knownKeys.first { $0.lowercased() == key.lowercased() }
                throw fail(
                    "unknown option `\(key)`" + (suggestion.map { " (did you mean `\($0)`?)" } ?? ""),
                    "valid options: \(knownKeys.joined(separator: ", "))")
            }
            if let previous = seen[known] {
                throw fail("option `\(key)` is set twice (first on line \(previous))")
            }
            seen[known] = lineNumber
            try apply(known, value: value, to: &options, fail: fail)
        }
        if options.exportAsStructs, let baseClass = options.baseClass, let line = seen[.exportAsStructs] {
            throw GeneratorError(
                file: fileName, line: line, column: 1,
                message: "`ExportAsStructs: True` makes structs, which cannot have the base class "
                    + "`\(baseClass)` that `BaseClass` (line \(seen[.baseClass] ?? 0)) asks for",
                hint: "remove one of the two options (comment it out with `//`)")
        }
        return options
    }

    private static func apply(
        _ option: OptionKey, value: String, to options: inout GeneratorOptions,
        fail: (String, String?) -> GeneratorError
    ) throws {
        let key = option.rawValue
        func bool() throws -> Bool {
            switch value.lowercased() {
            case "true": return true
            case "false": return false
            default: throw fail("`\(key)` must be `True` or `False`, found `\(value)`", nil)
            }
        }
        func list() -> [String] { splitList(value) }
        switch option {
        case .baseUrl: options.baseUrl = value.isEmpty ? nil : value
        case .baseClass:
            guard value.isEmpty || SwiftNames.isIdentifierPath(value) else {
                throw fail("`BaseClass` must be a type name such as `NSObject`, found `\(value)`", nil)
            }
            options.baseClass = value.isEmpty ? nil : value
        case .addModelExtensions: options.addModelExtensions = try bool()
        case .addServiceStackTypes: options.addServiceStackTypes = try bool()
        case .makePropertiesOptional: options.makePropertiesOptional = try bool()
        case .includeTypes: options.includeTypes = list()
        case .excludeTypes: options.excludeTypes = list()
        case .excludeGenericBaseTypes: options.excludeGenericBaseTypes = try bool()
        case .addResponseStatus: options.addResponseStatus = try bool()
        case .addImplicitVersion:
            if value.isEmpty {
                options.addImplicitVersion = nil
            } else if let version = Int(value) {
                options.addImplicitVersion = version
            } else {
                throw fail("`AddImplicitVersion` must be an integer such as `1`, or empty, found `\(value)`", nil)
            }
        case .addDescriptionAsComments: options.addDescriptionAsComments = try bool()
        case .initializeCollections: options.initializeCollections = try bool()
        case .treatTypesAsStrings: options.treatTypesAsStrings = list()
        case .defaultImports:
            let imports = list()
            if let bad = imports.first(where: { !SwiftNames.isIdentifierPath($0) }) {
                throw fail("`DefaultImports` must list module names, found `\(bad)`", nil)
            }
            options.defaultImports = imports
        case .accessLevel:
            guard let level = GeneratorOptions.AccessLevel(rawValue: value) else {
                let choices = GeneratorOptions.AccessLevel.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail("`AccessLevel` must be one of \(choices), found `\(value)`", nil)
            }
            options.accessLevel = level
        case .addCodable: options.addCodable = try bool()
        case .keepUnknownEnumValues: options.keepUnknownEnumValues = try bool()
        case .exportAsStructs: options.exportAsStructs = try bool()
        }
    }

    /// Splits a comma list, keeping `{tag1,tag2}` entries whole.
    static func splitList(_ value: String) -> [String] {
        var items: [String] = []
        var current = ""
        var braceDepth = 0
        for character in value {
            switch character {
            case "{":
                braceDepth += 1
                current.append(character)
            case "}":
                braceDepth -= 1
                current.append(character)
            case "," where braceDepth == 0:
                items.append(current)
                current = ""
            default: current.append(character)
            }
        }
        items.append(current)
        return items.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// The options as the `Key: Value` lines of a ServiceStack header: options left at their
    /// defaults are commented out with `//`, the ones this file changes are not. Pasted into a
    /// `NAME.options` file, the lines give the same options back.
    package static func headerLines(_ options: GeneratorOptions) -> [String] {
        let defaults = GeneratorOptions()
        var lines = ["Tip: To override a DTO option, remove \"//\" prefix before updating"]
        for key in OptionKey.allCases {
            let value = options.text(of: key)
            let text = value.isEmpty ? "\(key.rawValue):" : "\(key.rawValue): \(value)"
            lines.append(value == defaults.text(of: key) ? "//" + text : text)
            // ServiceStack's header sets the server apart from the options with a blank line.
            if key == .baseUrl { lines.append("") }
        }
        return lines
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
