// The ServiceStack types DTOKit provides: the one place they are defined. The generator reads this
// table to know what it must not generate (and what generated subclasses inherit); DTOKit's classes
// (Sources/DTOKit/BuiltIns/BuiltInDTOs.swift) and DTOKitStructs' struct forms
// (Sources/DTOKitStructs/BuiltInValues.swift) are written from it by the generator's own emitters
// (``BuiltInSources``). After changing it, write them again:
//     DTOKIT_RECORD_REFERENCES=1 DTOKIT_FAST_TESTS=1 swift test --filter BuiltInSourcesTests
//
// A type starts at a line without indentation: its CLR name (with arity), its Swift name with its
// generic parameters, and its kind: `serializable` (a DTO of its own, with a `JsonSerializable`
// conformance: a generated subclass cannot have one too, so it declares these members itself
// instead of inheriting them), `query` (an AutoQuery base: its subclasses' collections start nil) or
// `plain` (a base class whose subclasses list its members). Then, on the same line, what else it is:
// `base:Name` (its base class), `returns:Name` (a request's response type), the protocols of DTOKit it
// conforms to (a verb marker such as `IPost`, `IQuery`),
// `route:/path` (a request's route), `codable:members` (Codable member by member rather than through
// the metadata table: a page of results can be large). The indented lines that follow are its
// documentation (`| text`) and its properties, base class first, as generated code lists them
// (`name: Type | documentation`, or the name of a group of ``BuiltInTypes/sharedProperties``).
extension BuiltInTypes {
    static let definitions = """
        QueryBase  QueryBase  query  IQuery
            | The paging and ordering every AutoQuery request has. Generated AutoQuery requests subclass
            | ``QueryDb`` or ``QueryData`` and list these properties in their own metadata.
            queryBase
        QueryDb`1  QueryDb<T>  query  base:QueryBase
            | An AutoQuery request over table `T` (`QueryDb<T>` in C#).
            queryBase
        QueryDb`2  QueryDb2<From,Into>  query  base:QueryBase
            | An AutoQuery request over table `From` returning rows shaped as `Into`.
            queryBase
        QueryData`1  QueryData<T>  query  base:QueryBase
            | An AutoQuery Data request over data source rows `T`.
            queryBase
        QueryData`2  QueryData2<From,Into>  query  base:QueryBase
            | An AutoQuery Data request over `From` returning `Into`.
            queryBase
        AuditBase  AuditBase  plain
            | The audit columns of AutoQuery CRUD tables. Generated subclasses list these properties in
            | their own metadata.
            createdDate: Date?   | When the row was created.
            createdBy: String?   | Who created the row.
            modifiedDate: Date?  | When the row was last modified.
            modifiedBy: String?  | Who last modified the row.
            deletedDate: Date?   | When the row was soft-deleted.
            deletedBy: String?   | Who soft-deleted the row.
        QueryResponse`1  QueryResponse<T>  serializable  IQueryResponse  codable:members
            | The response of every AutoQuery request: a page of results.
            offset: Int?  | Rows skipped before this page.
            total: Int?   | Rows matching the query in all pages, when the server counted them (`include: "Total"`).
            results: [T]? | The page's rows.
            meta
            status
        ResponseStatus  ResponseStatus  serializable
            | The error details ServiceStack returns in every failed response's `responseStatus`.
            errorCode: String?        | The error's code: the exception type name or a validation rule (`NotEmpty`).
            message: String?          | A human-readable message.
            stackTrace: String?       | The server's stack trace (only in DebugMode).
            errors: [ResponseError]?  | One entry per invalid field for validation errors.
            meta
        ResponseError  ResponseError  serializable
            | One field's validation error.
            errorCode: String?  | The error code: the exception type or validation rule (`NotEmpty`, `ArgumentException`).
            fieldName: String?  | The request property at fault, as the server names it (`Name`).
            message: String?    | The human-readable message.
            meta
        ErrorResponse  ErrorResponse  serializable
            | The body of an error from a service whose response type has no `responseStatus`.
            status
        EmptyResponse  EmptyResponse  serializable
            | A response with nothing but a status.
            status
        IdResponse  IdResponse  serializable
            | The id of a created or changed record (AutoQuery CRUD services).
            id: String?  | The id of the created or affected row.
            status
        BoolResponse  BoolResponse  serializable
            | A single boolean result.
            result: Bool?  | The result value.
            meta
            status
        StringResponse  StringResponse  serializable
            | A single string result.
            result: String?  | The result value.
            meta
            status
        StringsResponse  StringsResponse  serializable
            | A list of strings.
            results: [String]?  | The result values.
            meta
            status
        Authenticate  Authenticate  serializable  returns:AuthenticateResponse  IPost  route:/auth  route:/auth/{provider}
            | Signs in with a provider (`credentials`, `apikey`, …) and returns the session and tokens.
            provider: String?           | The auth provider: `credentials`, `apikey`, `jwt`, an OAuth provider name.
            userName: String?           | The user name.
            password: String?           | The password (credentials provider).
            rememberMe: Bool?           | Keep the session after the browser closes (`ss-pid`).
            accessToken: String?        | An OAuth access token, or the new JWT (GetAccessTokenResponse).
            accessTokenSecret: String?  | An OAuth 1 access token secret.
            returnUrl: String?          | Where to redirect after signing in.
            errorView: String?          | The view to show on error.
            meta
        AuthenticateResponse  AuthenticateResponse  serializable
            | The signed-in session: who, and the tokens to stay signed in.
            userId: String?              | The signed-in user's id.
            sessionId: String?           | The session id (`ss-id` cookie value).
            userName: String?            | The user name.
            displayName: String?         | The name to display.
            referrerUrl: String?         | Where the server would redirect after signing in.
            bearerToken: String?         | The JWT to send as `Authorization: Bearer` (absent when the server sets it as the `ss-tok` cookie).
            refreshToken: String?        | The token that gets new bearer tokens (absent when sent as the `ss-reftok` cookie).
            refreshTokenExpiry: Date?    | When the refresh token expires.
            profileUrl: String?          | The user's avatar URL.
            roles: [String]?             | The user's roles.
            permissions: [String]?       | The user's permissions.
            authProvider: String?        | The provider that authenticated the user.
            status
            meta
        GetAccessToken  GetAccessToken  serializable  returns:GetAccessTokenResponse  IPost  route:/access-token
            | Exchanges a refresh token for a new bearer token (JWT auth).
            refreshToken: String?   | The refresh token to exchange for a new bearer token.
            useTokenCookie: Bool?   | Ask the server to return the new token as the `ss-tok` cookie instead of in the body.
            meta
        GetAccessTokenResponse  GetAccessTokenResponse  serializable
            | A new bearer token (JWT), from ``GetAccessToken``.
            accessToken: String?  | The new JWT.
            meta
            status
        KeyValuePair`2  KeyValuePair<K,V>  serializable
            | .NET's `KeyValuePair<K,V>`, as it appears in DTOs: an object with `key` and `value` members.
            key: K?    | The key.
            value: V?  | The value.
        """

    /// The groups of properties several built-ins have, by the name their definitions use.
    /// A group may use the groups above it.
    static let sharedProperties = """
        meta
            meta: [String:String]?  | Extra key/value data.
        status
            responseStatus: ResponseStatus?  | The error details, when the call failed.
        queryBase
            skip: Int?            | Rows to skip (paging).
            take: Int?            | Rows to return (page size).
            orderBy: String?      | Comma-separated fields to order by (`"Name,-Created"`).
            orderByDesc: String?  | Comma-separated fields to order by descending.
            include: String?      | Extra results to include, e.g. `"Total"`.
            fields: String?       | Comma-separated fields to return.
            meta
        """
}
