import DTOKit
import Foundation

// The ServiceStack built-in DTOs as `Sendable` structs, for DTOs generated with `ExportAsStructs: True`
// (a struct's members must be values too). Named after their classes with `Value` appended: a DTO
// module that declared `ResponseStatus` itself would make the name ambiguous wherever DTOKit is
// imported too. The members, JSON names and formats are those of the classes.

/// The status of a call: `ResponseStatus` as a value.
public struct ResponseStatusValue: Hashable, Sendable {
    public var errorCode: String?
    public var message: String?
    public var stackTrace: String?
    public var errors: [ResponseErrorValue]?
    public var meta: [String: String]?

    public init() {}
}

extension ResponseStatusValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "ResponseStatus",
        [
            StructProperty<ResponseStatusValue>.optionalString(
                "errorCode", get: { $0.errorCode }, set: { $0.errorCode = $1 }),
            StructProperty<ResponseStatusValue>.optionalString(
                "message", get: { $0.message }, set: { $0.message = $1 }),
            StructProperty<ResponseStatusValue>.optionalString(
                "stackTrace", get: { $0.stackTrace }, set: { $0.stackTrace = $1 }),
            StructProperty<ResponseStatusValue>.optionalArray("errors", get: { $0.errors }, set: { $0.errors = $1 }),
            StructProperty<ResponseStatusValue>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        ])
}

/// One error of a ``ResponseStatusValue``, usually of one field.
public struct ResponseErrorValue: Hashable, Sendable {
    public var errorCode: String?
    public var fieldName: String?
    public var message: String?
    public var meta: [String: String]?

    public init() {}
}

extension ResponseErrorValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "ResponseError",
        [
            StructProperty<ResponseErrorValue>.optionalString(
                "errorCode", get: { $0.errorCode }, set: { $0.errorCode = $1 }),
            StructProperty<ResponseErrorValue>.optionalString(
                "fieldName", get: { $0.fieldName }, set: { $0.fieldName = $1 }),
            StructProperty<ResponseErrorValue>.optionalString("message", get: { $0.message }, set: { $0.message = $1 }),
            StructProperty<ResponseErrorValue>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        ])
}

/// The body of a failed call without a response type of its own.
public struct ErrorResponseValue: Hashable, Sendable {
    public var responseStatus: ResponseStatusValue?

    public init() {}
}

extension ErrorResponseValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "ErrorResponse",
        [
            StructProperty<ErrorResponseValue>.optionalObject(
                "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 })
        ])
}

/// A response with no data.
public struct EmptyResponseValue: Hashable, Sendable {
    public var responseStatus: ResponseStatusValue?

    public init() {}
}

extension EmptyResponseValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "EmptyResponse",
        [
            StructProperty<EmptyResponseValue>.optionalObject(
                "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 })
        ])
}

/// The id of a created or changed row (AutoQuery CRUD).
public struct IdResponseValue: Hashable, Sendable {
    public var id: String?
    public var responseStatus: ResponseStatusValue?

    public init() {}
}

extension IdResponseValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "IdResponse",
        [
            StructProperty<IdResponseValue>.optionalString("id", get: { $0.id }, set: { $0.id = $1 }),
            StructProperty<IdResponseValue>.optionalObject(
                "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
        ])
}

/// A `Bool` result.
public struct BoolResponseValue: Hashable, Sendable {
    public var result: Bool?
    public var meta: [String: String]?
    public var responseStatus: ResponseStatusValue?

    public init() {}
}

extension BoolResponseValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "BoolResponse",
        [
            StructProperty<BoolResponseValue>.optionalBool("result", get: { $0.result }, set: { $0.result = $1 }),
            StructProperty<BoolResponseValue>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
            StructProperty<BoolResponseValue>.optionalObject(
                "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
        ])
}

/// A `String` result.
public struct StringResponseValue: Hashable, Sendable {
    public var result: String?
    public var meta: [String: String]?
    public var responseStatus: ResponseStatusValue?

    public init() {}
}

extension StringResponseValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "StringResponse",
        [
            StructProperty<StringResponseValue>.optionalString("result", get: { $0.result }, set: { $0.result = $1 }),
            StructProperty<StringResponseValue>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
            StructProperty<StringResponseValue>.optionalObject(
                "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
        ])
}

/// A list of `String` results.
public struct StringsResponseValue: Hashable, Sendable {
    public var results: [String]?
    public var meta: [String: String]?
    public var responseStatus: ResponseStatusValue?

    public init() {}
}

extension StringsResponseValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "StringsResponse",
        [
            StructProperty<StringsResponseValue>.optionalArray(
                "results", get: { $0.results }, set: { $0.results = $1 }),
            StructProperty<StringsResponseValue>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
            StructProperty<StringsResponseValue>.optionalObject(
                "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
        ])
}

/// A page of AutoQuery results.
public struct QueryResponseValue<T: JsonConvertible> {
    public var offset: Int?
    public var total: Int?
    public var results: [T]?
    public var meta: [String: String]?
    public var responseStatus: ResponseStatusValue?

    public init() {}
}

extension QueryResponseValue: Equatable where T: Equatable {}
extension QueryResponseValue: Hashable where T: Hashable {}
extension QueryResponseValue: Sendable where T: Sendable {}

extension QueryResponseValue: JsonStruct {
    public static var metadata: StructMetadata<QueryResponseValue<T>> {
        StructMetadata.cached {
            StructMetadata.create(
                typeName: "QueryResponse",
                [
                    StructProperty<QueryResponseValue<T>>.optionalInt(
                        "offset", get: { $0.offset }, set: { $0.offset = $1 }),
                    StructProperty<QueryResponseValue<T>>.optionalInt(
                        "total", get: { $0.total }, set: { $0.total = $1 }),
                    StructProperty<QueryResponseValue<T>>.optionalArray(
                        "results", get: { $0.results }, set: { $0.results = $1 }),
                    StructProperty<QueryResponseValue<T>>.optionalDictionary(
                        "meta", get: { $0.meta }, set: { $0.meta = $1 }),
                    StructProperty<QueryResponseValue<T>>.optionalObject(
                        "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
                ])
        }
    }
}

/// A key and a value (.NET `KeyValuePair<K,V>`).
public struct KeyValuePairValue<K: JsonConvertible, V: JsonConvertible> {
    public var key: K?
    public var value: V?

    public init() {}
}

extension KeyValuePairValue: Equatable where K: Equatable, V: Equatable {}
extension KeyValuePairValue: Hashable where K: Hashable, V: Hashable {}
extension KeyValuePairValue: Sendable where K: Sendable, V: Sendable {}

extension KeyValuePairValue: JsonStruct {
    public static var metadata: StructMetadata<KeyValuePairValue<K, V>> {
        StructMetadata.cached {
            StructMetadata.create(
                typeName: "KeyValuePair",
                [
                    StructProperty<KeyValuePairValue<K, V>>.optional("key", get: { $0.key }, set: { $0.key = $1 }),
                    StructProperty<KeyValuePairValue<K, V>>.optional(
                        "value", get: { $0.value }, set: { $0.value = $1 }),
                ])
        }
    }
}

/// Signs in (`/auth/{provider}`).
public struct AuthenticateValue: IReturn, IPost, Hashable, Sendable {
    public typealias Return = AuthenticateResponseValue

    public var provider: String?
    public var userName: String?
    public var password: String?
    public var rememberMe: Bool?
    public var accessToken: String?
    public var accessTokenSecret: String?
    public var returnUrl: String?
    public var errorView: String?
    public var meta: [String: String]?

    public init() {}
}

extension AuthenticateValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "Authenticate",
        [
            StructProperty<AuthenticateValue>.optionalString(
                "provider", get: { $0.provider }, set: { $0.provider = $1 }),
            StructProperty<AuthenticateValue>.optionalString(
                "userName", get: { $0.userName }, set: { $0.userName = $1 }),
            StructProperty<AuthenticateValue>.optionalString(
                "password", get: { $0.password }, set: { $0.password = $1 }),
            StructProperty<AuthenticateValue>.optionalBool(
                "rememberMe", get: { $0.rememberMe }, set: { $0.rememberMe = $1 }),
            StructProperty<AuthenticateValue>.optionalString(
                "accessToken", get: { $0.accessToken }, set: { $0.accessToken = $1 }),
            StructProperty<AuthenticateValue>.optionalString(
                "accessTokenSecret", get: { $0.accessTokenSecret }, set: { $0.accessTokenSecret = $1 }),
            StructProperty<AuthenticateValue>.optionalString(
                "returnUrl", get: { $0.returnUrl }, set: { $0.returnUrl = $1 }),
            StructProperty<AuthenticateValue>.optionalString(
                "errorView", get: { $0.errorView }, set: { $0.errorView = $1 }),
            StructProperty<AuthenticateValue>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        ])
}

/// The session of a signed-in user.
public struct AuthenticateResponseValue: Hashable, Sendable {
    public var userId: String?
    public var sessionId: String?
    public var userName: String?
    public var displayName: String?
    public var referrerUrl: String?
    public var bearerToken: String?
    public var refreshToken: String?
    public var refreshTokenExpiry: Date?
    public var profileUrl: String?
    public var roles: [String]?
    public var permissions: [String]?
    public var authProvider: String?
    public var responseStatus: ResponseStatusValue?
    public var meta: [String: String]?

    public init() {}
}

extension AuthenticateResponseValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "AuthenticateResponse",
        [
            StructProperty<AuthenticateResponseValue>.optionalString(
                "userId", get: { $0.userId }, set: { $0.userId = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalString(
                "sessionId", get: { $0.sessionId }, set: { $0.sessionId = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalString(
                "userName", get: { $0.userName }, set: { $0.userName = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalString(
                "displayName", get: { $0.displayName }, set: { $0.displayName = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalString(
                "referrerUrl", get: { $0.referrerUrl }, set: { $0.referrerUrl = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalString(
                "bearerToken", get: { $0.bearerToken }, set: { $0.bearerToken = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalString(
                "refreshToken", get: { $0.refreshToken }, set: { $0.refreshToken = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalDate(
                "refreshTokenExpiry", get: { $0.refreshTokenExpiry }, set: { $0.refreshTokenExpiry = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalString(
                "profileUrl", get: { $0.profileUrl }, set: { $0.profileUrl = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalArray("roles", get: { $0.roles }, set: { $0.roles = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalArray(
                "permissions", get: { $0.permissions }, set: { $0.permissions = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalString(
                "authProvider", get: { $0.authProvider }, set: { $0.authProvider = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalObject(
                "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
            StructProperty<AuthenticateResponseValue>.optionalDictionary(
                "meta", get: { $0.meta }, set: { $0.meta = $1 }),
        ])
}

/// Asks for a new JWT with a refresh token.
public struct GetAccessTokenValue: IReturn, IPost, Hashable, Sendable {
    public typealias Return = GetAccessTokenResponseValue

    public var refreshToken: String?
    public var useTokenCookie: Bool?
    public var meta: [String: String]?

    public init() {}
}

extension GetAccessTokenValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "GetAccessToken",
        [
            StructProperty<GetAccessTokenValue>.optionalString(
                "refreshToken", get: { $0.refreshToken }, set: { $0.refreshToken = $1 }),
            StructProperty<GetAccessTokenValue>.optionalBool(
                "useTokenCookie", get: { $0.useTokenCookie }, set: { $0.useTokenCookie = $1 }),
            StructProperty<GetAccessTokenValue>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        ])
}

/// A new JWT.
public struct GetAccessTokenResponseValue: Hashable, Sendable {
    public var accessToken: String?
    public var meta: [String: String]?
    public var responseStatus: ResponseStatusValue?

    public init() {}
}

extension GetAccessTokenResponseValue: JsonStruct {
    public static let metadata = StructMetadata.create(
        typeName: "GetAccessTokenResponse",
        [
            StructProperty<GetAccessTokenResponseValue>.optionalString(
                "accessToken", get: { $0.accessToken }, set: { $0.accessToken = $1 }),
            StructProperty<GetAccessTokenResponseValue>.optionalDictionary(
                "meta", get: { $0.meta }, set: { $0.meta = $1 }),
            StructProperty<GetAccessTokenResponseValue>.optionalObject(
                "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
        ])
}

extension QueryResponseValue: IQueryResponse {
    public typealias Row = T
}
