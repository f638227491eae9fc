/// ServiceStack types the DTOKit runtime already provides. Snapshots from `/metadata/app.json` define
/// them again and `/types/metadata` snapshots only reference them; either way they are never generated.
enum BuiltInTypes {
    struct Property {
        let name: String
        let type: SwiftType
    }

    struct Class {
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
    }

    // The tables are text, read once when the generator starts: as Swift literals of nested enum
    // values they were the most expensive code of the generator to compile (the build plugin's tool
    // is compiled before anything else in a user's build).

    /// Classes by CLR name (with arity). One line per class: CLR name, Swift name with its generic
    /// parameters, `serializable` (has its own `JsonSerializable` conformance: a generated
    /// subclass cannot have one too, so it declares these members itself instead of inheriting
    /// them), `query` (an AutoQuery base: its subclasses' collections start nil) or `plain`, and
    /// the properties, base class first, as `name: Type` (see ``propertyType(_:)``).
    static let classes: [String: Class] = table(
        """
        QueryBase        QueryBase              query         | \(queryBase)
        QueryDb`1        QueryDb<T>             query         | \(queryBase)
        QueryDb`2        QueryDb2<From,Into>    query         | \(queryBase)
        QueryData`1      QueryData<T>           query         | \(queryBase)
        QueryData`2      QueryData2<From,Into>  query         | \(queryBase)
        AuditBase        AuditBase              plain         | createdDate: Date?, createdBy: String?, modifiedDate: Date?, modifiedBy: String?, deletedDate: Date?, deletedBy: String?
        QueryResponse`1  QueryResponse<T>       serializable  | offset: Int?, total: Int?, results: [T]?, \(meta), \(status)
        ResponseStatus   ResponseStatus         serializable  | errorCode: String?, message: String?, stackTrace: String?, errors: [ResponseError]?, \(meta)
        ResponseError    ResponseError          serializable  | errorCode: String?, fieldName: String?, message: String?, \(meta)
        ErrorResponse    ErrorResponse          serializable  | \(status)
        EmptyResponse    EmptyResponse          serializable  | \(status)
        IdResponse       IdResponse             serializable  | id: String?, \(status)
        BoolResponse     BoolResponse           serializable  | result: Bool?, \(meta), \(status)
        StringResponse   StringResponse         serializable  | result: String?, \(meta), \(status)
        StringsResponse  StringsResponse        serializable  | results: [String]?, \(meta), \(status)
        Authenticate     Authenticate           serializable  | provider: String?, userName: String?, password: String?, rememberMe: Bool?, accessToken: String?, accessTokenSecret: String?, returnUrl: String?, errorView: String?, \(meta)
        AuthenticateResponse AuthenticateResponse serializable | userId: String?, sessionId: String?, userName: String?, displayName: String?, referrerUrl: String?, bearerToken: String?, refreshToken: String?, refreshTokenExpiry: Date?, profileUrl: String?, roles: [String]?, permissions: [String]?, authProvider: String?, \(status), \(meta)
        GetAccessToken   GetAccessToken         serializable  | refreshToken: String?, useTokenCookie: Bool?, \(meta)
        GetAccessTokenResponse GetAccessTokenResponse serializable | accessToken: String?, \(meta), \(status)
        KeyValuePair`2   KeyValuePair<K,V>      serializable  | key: K?, value: V?
        """)

    private static let queryBase =
        "skip: Int?, take: Int?, orderBy: String?, orderByDesc: String?, include: String?, fields: String?, \(meta)"
    private static let meta = "meta: [String:String]?"
    private static let status = "responseStatus: ResponseStatus?"

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

    static let queryBaseProperties = properties(queryBase, genericParameters: [])
    static let auditBaseProperties = classes["AuditBase"]?.properties ?? []

    /// Interfaces the runtime declares as protocols (same name in C# and Swift); generated types
    /// conform to them.
    static let protocols = Set(
        TextTable.words("IGet IPost IPut IDelete IPatch IHasBearerToken IHasSessionId IHasVersion IMeta"))

    /// The exact property types the runtime protocols require, by Swift protocol name; such
    /// properties must have them whatever the options.
    static let protocolRequirements: [String: [Property]] = [
        "IHasBearerToken": properties("bearerToken: String?", genericParameters: []),
        "IHasSessionId": properties("sessionId: String?", genericParameters: []),
        "IHasVersion": properties("version: Int?", genericParameters: []),
        "IMeta": properties(meta, genericParameters: []),
    ]

    /// ServiceStack interfaces that only matter on the server; dropped from `implements`.
    static let droppedInterfaces = Set(
        TextTable.words(
            """
            IReturn`1 IReturnVoid ICreateDb`1 IUpdateDb`1 IPatchDb`1 IDeleteDb`1 ISaveDb`1 IVerb IAny IQuery IQueryDb
            IQueryData IQueryResponse IHasResponseStatus ICrud
            """))

    // MARK: Reading the tables

    private static func table(_ text: String) -> [String: Class] {
        var classes: [String: Class] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "|", maxSplits: 1)
            let head = TextTable.words(String(parts[0]))
            guard head.count == 3, parts.count == 2 else { continue }
            let (swiftName, parameters) = genericName(head[1])
            classes[head[0]] = Class(
                swiftName: swiftName, isSerializable: head[2] == "serializable",
                isQuery: head[2] == "query", genericParameters: parameters,
                properties: properties(String(parts[1]), genericParameters: parameters))
        }
        return classes
    }

    /// `QueryDb2<From,Into>` → (`QueryDb2`, [`From`, `Into`]).
    private static func genericName(_ text: String) -> (String, [String]) {
        guard let open = text.firstIndex(of: "<") else { return (text, []) }
        let parameters = text[text.index(after: open)...].dropLast().split(separator: ",").map(String.init)
        return (String(text[..<open]), parameters)
    }

    /// `name: Type, name: Type` → properties.
    private static func properties(_ text: String, genericParameters: [String]) -> [Property] {
        text.split(separator: ",").compactMap { entry in
            let parts = entry.split(separator: ":", maxSplits: 1).map { $0.trimmingWhitespace() }
            guard parts.count == 2 else { return nil }
            return Property(name: parts[0], type: propertyType(parts[1], genericParameters: genericParameters))
        }
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
