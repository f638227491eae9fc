/// Parses `NAME.options`: the `Key: Value` lines of a ServiceStack `/* Options: */` header.
///
/// Lines starting with `//` (options left at their defaults in a pasted header), blank lines and the
/// `/* Options:` / `*/` frame are ignored, so the block from an existing `dtos.swift` can be pasted
/// as is. Unknown keys and invalid values are errors naming the line and the valid choices.
public enum OptionsFile {
    /// Keys of a ServiceStack header that describe the server or the generation and configure nothing here.
    static let informationalKeys = Set(TextTable.words("""
        Date Version SwiftVersion Tip UsePath GlobalNamespace MakePartial MakeVirtual AddReturnMarker
        AddDataContractAttributes AddIndexesToDataMembers AddGeneratedCodeAttributes ExportValueTypes
        InitializeCollectionsForAutoQuery
        """))

    /// Every key this file accepts, in the order of the reference.
    public static let knownKeys = [
        "BaseUrl", "BaseClass", "AddModelExtensions", "AddServiceStackTypes", "MakePropertiesOptional",
        "IncludeTypes", "ExcludeTypes", "ExcludeGenericBaseTypes", "AddResponseStatus", "AddImplicitVersion",
        "AddDescriptionAsComments", "InitializeCollections", "TreatTypesAsStrings", "DefaultImports",
        "AccessLevel", "AddCodable",
    ]

    /// Parses the text of an options file; `fileName` is used in error messages.
    /// - Throws: ``GeneratorError`` naming the line, the key and the valid choices.
    public static func parse(_ text: String, fileName: String) throws -> GeneratorOptions {
        var options = GeneratorOptions()
        var seen: [String: Int] = [:]
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
                throw fail("expected `Key: Value`, found `\(line)`",
                           "comment a line out with `//`; valid keys: \(knownKeys.joined(separator: ", "))")
            }
            let key = String(line[..<colon]).trimmingWhitespace()
            let value = String(line[line.index(after: colon)...]).trimmingWhitespace()
            if informationalKeys.contains(key) { continue }
            guard knownKeys.contains(key) else {
                let suggestion = knownKeys.first { $0.lowercased() == key.lowercased() }
                throw fail("unknown option `\(key)`" + (suggestion.map { " (did you mean `\($0)`?)" } ?? ""),
                           "valid options: \(knownKeys.joined(separator: ", "))")
            }
            if let previous = seen[key] {
                throw fail("option `\(key)` is set twice (first on line \(previous))")
            }
            seen[key] = lineNumber
            try apply(key: key, value: value, to: &options, fail: fail)
        }
        return options
    }

    private static func apply(key: String, value: String, to options: inout GeneratorOptions,
                              fail: (String, String?) -> GeneratorError) throws {
        func bool() throws -> Bool {
            switch value.lowercased() {
            case "true": return true
            case "false": return false
            default: throw fail("`\(key)` must be `True` or `False`, found `\(value)`", nil)
            }
        }
        func list() -> [String] { splitList(value) }
        switch key {
        case "BaseUrl": options.baseUrl = value.isEmpty ? nil : value
        case "BaseClass":
            guard value.isEmpty || SwiftNames.isIdentifierPath(value) else {
                throw fail("`BaseClass` must be a type name such as `NSObject`, found `\(value)`", nil)
            }
            options.baseClass = value.isEmpty ? nil : value
        case "AddModelExtensions": options.addModelExtensions = try bool()
        case "AddServiceStackTypes": options.addServiceStackTypes = try bool()
        case "MakePropertiesOptional": options.makePropertiesOptional = try bool()
        case "IncludeTypes": options.includeTypes = list()
        case "ExcludeTypes": options.excludeTypes = list()
        case "ExcludeGenericBaseTypes": options.excludeGenericBaseTypes = try bool()
        case "AddResponseStatus": options.addResponseStatus = try bool()
        case "AddImplicitVersion":
            if value.isEmpty {
                options.addImplicitVersion = nil
            } else if let version = Int(value) {
                options.addImplicitVersion = version
            } else {
                throw fail("`AddImplicitVersion` must be an integer such as `1`, or empty, found `\(value)`", nil)
            }
        case "AddDescriptionAsComments": options.addDescriptionAsComments = try bool()
        case "InitializeCollections": options.initializeCollections = try bool()
        case "TreatTypesAsStrings": options.treatTypesAsStrings = list()
        case "DefaultImports":
            let imports = list()
            if let bad = imports.first(where: { !SwiftNames.isIdentifierPath($0) }) {
                throw fail("`DefaultImports` must list module names, found `\(bad)`", nil)
            }
            options.defaultImports = imports
        case "AccessLevel":
            guard let level = GeneratorOptions.AccessLevel(rawValue: value) else {
                let choices = GeneratorOptions.AccessLevel.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail("`AccessLevel` must be one of \(choices), found `\(value)`", nil)
            }
            options.accessLevel = level
        case "AddCodable": options.addCodable = try bool()
        default: break
        }
    }

    /// Splits a comma list, keeping `{tag1,tag2}` entries whole.
    static func splitList(_ value: String) -> [String] {
        var items: [String] = []
        var current = ""
        var braceDepth = 0
        for character in value {
            switch character {
            case "{": braceDepth += 1; current.append(character)
            case "}": braceDepth -= 1; current.append(character)
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
        func line(_ key: String, _ value: String, _ defaultValue: String) -> String {
            let text = value.isEmpty ? "\(key):" : "\(key): \(value)"
            return value == defaultValue ? "//" + text : text
        }
        func flag(_ value: Bool) -> String { value ? "True" : "False" }
        func list(_ value: [String]) -> String { value.joined(separator: ",") }
        return [
            "Tip: To override a DTO option, remove \"//\" prefix before updating",
            line("BaseUrl", options.baseUrl ?? "", ""),
            "",
            line("BaseClass", options.baseClass ?? "", ""),
            line("AddModelExtensions", flag(options.addModelExtensions), flag(defaults.addModelExtensions)),
            line("AddServiceStackTypes", flag(options.addServiceStackTypes), flag(defaults.addServiceStackTypes)),
            line("MakePropertiesOptional", flag(options.makePropertiesOptional), flag(defaults.makePropertiesOptional)),
            line("IncludeTypes", list(options.includeTypes), list(defaults.includeTypes)),
            line("ExcludeTypes", list(options.excludeTypes), list(defaults.excludeTypes)),
            line("ExcludeGenericBaseTypes", flag(options.excludeGenericBaseTypes), flag(defaults.excludeGenericBaseTypes)),
            line("AddResponseStatus", flag(options.addResponseStatus), flag(defaults.addResponseStatus)),
            line("AddImplicitVersion", options.addImplicitVersion.map(String.init) ?? "", ""),
            line("AddDescriptionAsComments", flag(options.addDescriptionAsComments), flag(defaults.addDescriptionAsComments)),
            line("InitializeCollections", flag(options.initializeCollections), flag(defaults.initializeCollections)),
            line("TreatTypesAsStrings", list(options.treatTypesAsStrings), list(defaults.treatTypesAsStrings)),
            line("DefaultImports", list(options.defaultImports), list(defaults.defaultImports)),
            line("AccessLevel", options.accessLevel.rawValue, defaults.accessLevel.rawValue),
            line("AddCodable", flag(options.addCodable), flag(defaults.addCodable)),
        ]
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
