/// ServiceStack types the DTOKit runtime already provides. Snapshots from `/metadata/app.json` define
/// them again and `/types/metadata` snapshots only reference them; either way they are never generated.
enum BuiltInTypes {
    struct Property {
        let name: String
        let type: SwiftType
        /// What the runtime's declaration says of it.
        var documentation = ""
    }

    struct Class {
        /// The CLR name, with arity (`QueryDb`1`).
        var clrName = ""
        /// Swift name in the runtime.
        let swiftName: String
        /// Has its own `JsonSerializable` conformance: a generated subclass cannot have one too, so it
        /// declares these members itself instead of inheriting them.
        let isSerializable: Bool
        /// An AutoQuery base (`QueryDb<T>`…): its subclasses' collections start nil.
        var isQuery = false
        /// The runtime class's generic parameters (`T`), which `properties` use.
        var genericParameters: [String] = []
        /// Its properties, base class first, as generated code lists them.
        let properties: [Property]
        /// What the runtime's declaration says of it.
        var documentation = ""
        /// The runtime base class's Swift name (`QueryBase`), whose properties come first.
        var baseName: String?
        /// A request's response type (`IReturn`), by Swift name.
        var returnType: String?
        /// The protocols of DTOKit it conforms to besides `IReturn`: a request's verb markers (`IPost`),
        /// `IQuery`, `IQueryResponse`.
        var protocols: [String] = []
        var routes: [RouteDefinition] = []
        /// Codable member by member rather than through the metadata table.
        var codesMembers = false
    }

    // The tables are text (BuiltInTypes+Table.swift), read once when the generator starts: as Swift
    // literals of nested enum values they were the most expensive code of the generator to compile
    // (the build plugin's tool is compiled before anything else in a user's build).

    /// The built-ins in the order the table defines them.
    static let orderedClasses: [Class] = table(definitions, groups: groups(sharedProperties))

    /// Classes by CLR name (with arity).
    static let classes: [String: Class] = Dictionary(
        orderedClasses.map { ($0.clrName, $0) }, uniquingKeysWith: { first, _ in first })

    /// The name of a built-in's struct form in DTOKit (`ResponseStatusValue`), which DTOs generated
    /// as structs use.
    static func valueName(of swiftName: String) -> String {
        swiftName + "Value"
    }

    /// `type` with the built-in DTOs it names in their struct forms (`[ResponseErrorValue]?`).
    static func valueForms(_ type: SwiftType) -> SwiftType {
        switch type {
        case .named(let name, let arguments, let kind, let module):
            let isBuiltIn = kind == .dto && classes.values.contains { $0.swiftName == name }
            return .named(isBuiltIn ? valueName(of: name) : name, arguments.map(valueForms), kind, module: module)
        case .array(let element): return .array(valueForms(element))
        case .dictionary(let key, let value): return .dictionary(valueForms(key), valueForms(value))
        case .optional(let wrapped): return .optional(valueForms(wrapped))
        }
    }

    static let queryBaseProperties = classes["QueryBase"]?.properties ?? []
    static let auditBaseProperties = classes["AuditBase"]?.properties ?? []

    /// Interfaces the runtime declares as protocols (same name in C# and Swift); generated types
    /// conform to them.
    static let protocols = Set(
        TextTable.words("IGet IPost IPut IDelete IPatch IHasBearerToken IHasSessionId IHasVersion IMeta"))

    /// The exact property types the runtime protocols require, by Swift protocol name; such
    /// properties must have them whatever the options.
    static let protocolRequirements: [String: [Property]] = [
        "IHasBearerToken": declared("bearerToken: String?"),
        "IHasSessionId": declared("sessionId: String?"),
        "IHasVersion": declared("version: Int?"),
        "IMeta": groups(sharedProperties)["meta"] ?? [],
    ]

    private static func declared(_ line: String) -> [Property] {
        members([line], genericParameters: [], groups: [:]).properties
    }

    /// ServiceStack interfaces that only matter on the server; dropped from `implements`.
    static let droppedInterfaces = Set(
        TextTable.words(
            """
            IReturn`1 IReturnVoid ICreateDb`1 IUpdateDb`1 IPatchDb`1 IDeleteDb`1 ISaveDb`1 IVerb IAny IQuery IQueryDb
            IQueryData IQueryResponse IHasResponseStatus ICrud
            """))

    // MARK: Reading the tables

    /// The classes of `text` (see BuiltInTypes+Table.swift), with `groups` of shared properties.
    private static func table(_ text: String, groups: [String: [Property]]) -> [Class] {
        blocks(of: text).compactMap { head, lines in
            let words = TextTable.words(head)
            guard words.count >= 3 else { return nil }
            let (swiftName, parameters) = genericName(words[1])
            let (documentation, properties) = members(lines, genericParameters: parameters, groups: groups)
            var result = Class(
                clrName: words[0], swiftName: swiftName, isSerializable: words[2] == "serializable",
                isQuery: words[2] == "query", genericParameters: parameters, properties: properties,
                documentation: documentation)
            for word in words.dropFirst(3) {
                let parts = word.split(separator: ":", maxSplits: 1).map(String.init)
                switch (parts.first, parts.count) {
                case ("base", 2): result.baseName = parts[1]
                case ("returns", 2): result.returnType = parts[1]
                case ("route", 2): result.routes.append(RouteDefinition(path: parts[1], verbs: nil))
                case ("codable", 2): result.codesMembers = parts[1] == "members"
                default: result.protocols.append(word)
                }
            }
            return result
        }
    }

    /// The groups of shared properties by name; a group may use those above it.
    private static func groups(_ text: String) -> [String: [Property]] {
        var groups: [String: [Property]] = [:]
        for (head, lines) in blocks(of: text) {
            groups[head.trimmingWhitespace()] = members(lines, genericParameters: [], groups: groups).properties
        }
        return groups
    }

    /// Each unindented line with the indented lines after it.
    private static func blocks(of text: String) -> [(head: String, lines: [String])] {
        var blocks: [(head: String, lines: [String])] = []
        for line in text.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
            if line.first?.isWhitespace == false {
                blocks.append((String(line), []))
            } else if !blocks.isEmpty {
                blocks[blocks.count - 1].lines.append(line.trimmingWhitespace())
            }
        }
        return blocks
    }

    /// `| documentation` lines, `name: Type | documentation` properties and group names.
    private static func members(_ lines: [String], genericParameters: [String], groups: [String: [Property]])
        -> (documentation: String, properties: [Property])
    {
        var documentation: [String] = []
        var properties: [Property] = []
        for line in lines {
            let parts = line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                .map { $0.trimmingWhitespace() }
            if parts[0].isEmpty {
                documentation.append(parts.count == 2 ? parts[1] : "")
                continue
            }
            let declaration = parts[0].split(separator: ":", maxSplits: 1).map { $0.trimmingWhitespace() }
            guard declaration.count == 2 else {
                properties += groups[parts[0]] ?? []
                continue
            }
            properties.append(
                Property(
                    name: declaration[0], type: propertyType(declaration[1], genericParameters: genericParameters),
                    documentation: parts.count == 2 ? parts[1] : ""))
        }
        return (documentation.joined(separator: "\n"), properties)
    }

    /// `QueryDb2<From,Into>` → (`QueryDb2`, [`From`, `Into`]).
    private static func genericName(_ text: String) -> (String, [String]) {
        guard let open = text.firstIndex(of: "<") else { return (text, []) }
        let parameters = text[text.index(after: open)...].dropLast().split(separator: ",").map(String.init)
        return (String(text[..<open]), parameters)
    }

    /// `String?`, `[ResponseError]?`, `[String:String]?`, `T?`: the scalars, generic parameters and
    /// runtime DTOs these tables use.
    private static func propertyType(_ text: String, genericParameters: [String]) -> SwiftType {
        if text.hasSuffix("?") {
            return .optional(propertyType(String(text.dropLast()), genericParameters: genericParameters))
        }
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inner = text.dropFirst().dropLast()
            if let colon = inner.firstIndex(of: ":") {
                return .dictionary(
                    propertyType(String(inner[..<colon]), genericParameters: genericParameters),
                    propertyType(String(inner[inner.index(after: colon)...]), genericParameters: genericParameters))
            }
            return .array(propertyType(String(inner), genericParameters: genericParameters))
        }
        if genericParameters.contains(text) { return .named(text, [], .genericParameter, module: nil) }
        let kind: SwiftType.Kind = ["String", "Int", "Bool", "Date"].contains(text) ? .scalar : .dto
        return .named(text, [], kind, module: nil)
    }

    /// Whether a snapshot type is one of these (then it is not generated).
    static func isBuiltIn(name: String, namespace: String) -> Bool {
        guard namespace.isEmpty || namespace == "ServiceStack" || namespace.hasPrefix("ServiceStack.") else {
            return false
        }
        return classes[name] != nil || protocols.contains(name) || droppedInterfaces.contains(name)
    }
}
