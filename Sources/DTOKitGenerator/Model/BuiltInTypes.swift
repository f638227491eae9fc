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

    private static func optional(_ name: String, _ swiftName: String) -> Property {
        Property(name: name, type: .optional(.named(swiftName, [], .scalar, module: nil)))
    }

    private static func optionalDto(_ name: String, _ swiftName: String) -> Property {
        Property(name: name, type: .optional(.named(swiftName, [], .dto, module: nil)))
    }

    private static let string = SwiftType.named("String", [], .scalar, module: nil)
    private static let stringMap = SwiftType.optional(.dictionary(string, string))
    private static let meta = Property(name: "meta", type: stringMap)
    private static let responseStatus = optionalDto("responseStatus", "ResponseStatus")

    static let queryBaseProperties = [
        optional("skip", "Int"), optional("take", "Int"), optional("orderBy", "String"),
        optional("orderByDesc", "String"), optional("include", "String"), optional("fields", "String"), meta,
    ]

    static let auditBaseProperties = [
        optional("createdDate", "Date"), optional("createdBy", "String"), optional("modifiedDate", "Date"),
        optional("modifiedBy", "String"), optional("deletedDate", "Date"), optional("deletedBy", "String"),
    ]

    private static func query(_ swiftName: String, _ parameters: [String]) -> Class {
        Class(swiftName: swiftName, isSerializable: false, isQuery: true, genericParameters: parameters,
              properties: queryBaseProperties)
    }

    private static func serializable(_ swiftName: String, _ properties: [Property], parameters: [String] = []) -> Class {
        Class(swiftName: swiftName, isSerializable: true, genericParameters: parameters, properties: properties)
    }

    /// Classes by CLR name (with arity).
    static let classes: [String: Class] = [
        "QueryBase": query("QueryBase", []),
        "QueryDb`1": query("QueryDb", ["T"]),
        "QueryDb`2": query("QueryDb2", ["From", "Into"]),
        "QueryData`1": query("QueryData", ["T"]),
        "QueryData`2": query("QueryData2", ["From", "Into"]),
        "AuditBase": Class(swiftName: "AuditBase", isSerializable: false, properties: auditBaseProperties),
        "QueryResponse`1": serializable("QueryResponse", [
            optional("offset", "Int"), optional("total", "Int"),
            Property(name: "results", type: .optional(.array(.named("T", [], .genericParameter, module: nil)))),
            meta, responseStatus,
        ], parameters: ["T"]),
        "ResponseStatus": serializable("ResponseStatus", [
            optional("errorCode", "String"), optional("message", "String"), optional("stackTrace", "String"),
            Property(name: "errors", type: .optional(.array(.named("ResponseError", [], .dto, module: nil)))), meta,
        ]),
        "ResponseError": serializable("ResponseError", [
            optional("errorCode", "String"), optional("fieldName", "String"), optional("message", "String"), meta,
        ]),
        "ErrorResponse": serializable("ErrorResponse", [responseStatus]),
        "EmptyResponse": serializable("EmptyResponse", [responseStatus]),
        "IdResponse": serializable("IdResponse", [optional("id", "String"), responseStatus]),
        "BoolResponse": serializable("BoolResponse", [optional("result", "Bool"), meta, responseStatus]),
        "StringResponse": serializable("StringResponse", [optional("result", "String"), meta, responseStatus]),
        "StringsResponse": serializable("StringsResponse", [
            Property(name: "results", type: .optional(.array(string))), meta, responseStatus,
        ]),
        "Authenticate": serializable("Authenticate", [
            optional("provider", "String"), optional("userName", "String"), optional("password", "String"),
            optional("rememberMe", "Bool"), optional("accessToken", "String"), optional("accessTokenSecret", "String"),
            optional("returnUrl", "String"), optional("errorView", "String"), meta,
        ]),
        "AuthenticateResponse": serializable("AuthenticateResponse", [
            optional("userId", "String"), optional("sessionId", "String"), optional("userName", "String"),
            optional("displayName", "String"), optional("referrerUrl", "String"), optional("bearerToken", "String"),
            optional("refreshToken", "String"), optional("refreshTokenExpiry", "Date"), optional("profileUrl", "String"),
            Property(name: "roles", type: .optional(.array(string))),
            Property(name: "permissions", type: .optional(.array(string))),
            optional("authProvider", "String"), responseStatus, meta,
        ]),
        "GetAccessToken": serializable("GetAccessToken", [
            optional("refreshToken", "String"), optional("useTokenCookie", "Bool"), meta,
        ]),
        "GetAccessTokenResponse": serializable("GetAccessTokenResponse", [
            optional("accessToken", "String"), meta, responseStatus,
        ]),
        "KeyValuePair`2": serializable("KeyValuePair", [
            Property(name: "key", type: .optional(.named("K", [], .genericParameter, module: nil))),
            Property(name: "value", type: .optional(.named("V", [], .genericParameter, module: nil))),
        ], parameters: ["K", "V"]),
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

    /// The exact property types the runtime protocols require, by Swift protocol name.
    static let protocolRequirements: [String: [Property]] = [
        "IHasBearerToken": [optional("bearerToken", "String")],
        "IHasSessionId": [optional("sessionId", "String")],
        "IHasVersion": [optional("version", "Int")],
        "IMeta": [meta],
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
