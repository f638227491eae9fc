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
        /// Has its own `JsonSerializable` conformance (a subclass cannot get its own metadata).
        let isSerializable: Bool
        /// Properties a generated subclass lists in its metadata, base class first.
        let properties: [Property]
    }

    private static func optional(_ name: String, _ swiftName: String) -> Property {
        Property(name: name, type: .optional(.named(swiftName, [], .scalar, module: nil)))
    }

    private static let stringMap = SwiftType.optional(.dictionary(.named("String", [], .scalar, module: nil),
                                                                  .named("String", [], .scalar, module: nil)))

    static let queryBaseProperties = [
        optional("skip", "Int"), optional("take", "Int"), optional("orderBy", "String"),
        optional("orderByDesc", "String"), optional("include", "String"), optional("fields", "String"),
        Property(name: "meta", type: stringMap),
    ]

    static let auditBaseProperties = [
        optional("createdDate", "Date"), optional("createdBy", "String"), optional("modifiedDate", "Date"),
        optional("modifiedBy", "String"), optional("deletedDate", "Date"), optional("deletedBy", "String"),
    ]

    /// Classes by CLR name (with arity).
    static let classes: [String: Class] = [
        "QueryBase": Class(swiftName: "QueryBase", isSerializable: false, properties: queryBaseProperties),
        "QueryDb`1": Class(swiftName: "QueryDb", isSerializable: false, properties: queryBaseProperties),
        "QueryDb`2": Class(swiftName: "QueryDb2", isSerializable: false, properties: queryBaseProperties),
        "QueryData`1": Class(swiftName: "QueryData", isSerializable: false, properties: queryBaseProperties),
        "QueryData`2": Class(swiftName: "QueryData2", isSerializable: false, properties: queryBaseProperties),
        "AuditBase": Class(swiftName: "AuditBase", isSerializable: false, properties: auditBaseProperties),
        "QueryResponse`1": Class(swiftName: "QueryResponse", isSerializable: true, properties: []),
        "ResponseStatus": Class(swiftName: "ResponseStatus", isSerializable: true, properties: []),
        "ResponseError": Class(swiftName: "ResponseError", isSerializable: true, properties: []),
        "ErrorResponse": Class(swiftName: "ErrorResponse", isSerializable: true, properties: []),
        "EmptyResponse": Class(swiftName: "EmptyResponse", isSerializable: true, properties: []),
        "IdResponse": Class(swiftName: "IdResponse", isSerializable: true, properties: []),
        "BoolResponse": Class(swiftName: "BoolResponse", isSerializable: true, properties: []),
        "StringResponse": Class(swiftName: "StringResponse", isSerializable: true, properties: []),
        "StringsResponse": Class(swiftName: "StringsResponse", isSerializable: true, properties: []),
        "Authenticate": Class(swiftName: "Authenticate", isSerializable: true, properties: []),
        "AuthenticateResponse": Class(swiftName: "AuthenticateResponse", isSerializable: true, properties: []),
        "GetAccessToken": Class(swiftName: "GetAccessToken", isSerializable: true, properties: []),
        "GetAccessTokenResponse": Class(swiftName: "GetAccessTokenResponse", isSerializable: true, properties: []),
        "KeyValuePair`2": Class(swiftName: "KeyValuePair", isSerializable: true, properties: []),
    ]

    /// Interfaces the runtime declares as protocols, by CLR name; generated types conform to them.
    static let protocols: [String: String] = [
        "IGet": "IGet", "IPost": "IPost", "IPut": "IPut", "IDelete": "IDelete", "IPatch": "IPatch",
        "IHasBearerToken": "IHasBearerToken", "IHasSessionId": "IHasSessionId", "IHasVersion": "IHasVersion",
        "IMeta": "IMeta",
    ]

    /// Properties the runtime protocols require, which must therefore be `String?`/`Int?` whatever the options.
    static let protocolProperties: [String: [String]] = [
        "IHasBearerToken": ["bearerToken"], "IHasSessionId": ["sessionId"], "IHasVersion": ["version"], "IMeta": ["meta"],
    ]

    /// ServiceStack interfaces that only matter on the server; dropped from `implements`.
    static let droppedInterfaces: Set<String> = [
        "IReturn`1", "IReturnVoid", "ICreateDb`1", "IUpdateDb`1", "IPatchDb`1", "IDeleteDb`1", "ISaveDb`1",
        "IVerb", "IAny", "IQuery", "IQueryDb", "IQueryData", "IQueryResponse", "IHasResponseStatus", "ICrud",
    ]

    /// Whether a snapshot type is one of these (then it is not generated).
    static func isBuiltIn(name: String, namespace: String) -> Bool {
        guard namespace.isEmpty || namespace == "ServiceStack" || namespace.hasPrefix("ServiceStack.") else { return false }
        return classes[name] != nil || protocols[name] != nil || droppedInterfaces.contains(name)
    }
}
