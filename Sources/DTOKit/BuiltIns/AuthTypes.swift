import Foundation

/// Signs in with a provider (`credentials`, `apikey`, …) and returns the session and tokens.
open class Authenticate: IReturn, IPost {
    public typealias Return = AuthenticateResponse

    /// The auth provider: `credentials`, `apikey`, `jwt`, an OAuth provider name.
    public var provider: String?
    /// The user name.
    public var userName: String?
    /// The password (credentials provider).
    public var password: String?
    /// Keep the session after the browser closes (`ss-pid`).
    public var rememberMe: Bool?
    /// An OAuth access token, or the new JWT (GetAccessTokenResponse).
    public var accessToken: String?
    /// An OAuth 1 access token secret.
    public var accessTokenSecret: String?
    /// Where to redirect after signing in.
    public var returnUrl: String?
    /// The view to show on error.
    public var errorView: String?
    /// Extra key/value data.
    public var meta: [String: String]?

    /// An empty instance; set the members you need.
    public required init() {}

    /// Decodes through the metadata table (Codable support for `AddCodable: True` types).
    public required init(from decoder: any Decoder) throws {
        try CodableSupport.decodeThroughMetadata(self, from: decoder)
    }

    /// Encodes through the metadata table (Codable support for `AddCodable: True` types).
    open func encode(to encoder: any Encoder) throws {
        try CodableSupport.encodeThroughMetadata(self, to: encoder)
    }
}

extension Authenticate: JsonSerializable {
    public static let metadata = Metadata.create(
        routes: [ServiceRoute("/auth"), ServiceRoute("/auth/{provider}")],
        [
            Property<Authenticate>.optionalString("provider", get: { $0.provider }, set: { $0.provider = $1 }),
            Property<Authenticate>.optionalString("userName", get: { $0.userName }, set: { $0.userName = $1 }),
            Property<Authenticate>.optionalString("password", get: { $0.password }, set: { $0.password = $1 }),
            Property<Authenticate>.optionalBool("rememberMe", get: { $0.rememberMe }, set: { $0.rememberMe = $1 }),
            Property<Authenticate>.optionalString("accessToken", get: { $0.accessToken }, set: { $0.accessToken = $1 }),
            Property<Authenticate>.optionalString(
                "accessTokenSecret", get: { $0.accessTokenSecret }, set: { $0.accessTokenSecret = $1 }),
            Property<Authenticate>.optionalString("returnUrl", get: { $0.returnUrl }, set: { $0.returnUrl = $1 }),
            Property<Authenticate>.optionalString("errorView", get: { $0.errorView }, set: { $0.errorView = $1 }),
            Property<Authenticate>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        ])
}

/// The signed-in session: who, and the tokens to stay signed in.
open class AuthenticateResponse {
    /// The signed-in user's id.
    public var userId: String?
    /// The session id (`ss-id` cookie value).
    public var sessionId: String?
    /// The user name.
    public var userName: String?
    /// The name to display.
    public var displayName: String?
    /// Where the server would redirect after signing in.
    public var referrerUrl: String?
    /// The JWT to send as `Authorization: Bearer` (absent when the server sets it as the `ss-tok` cookie).
    public var bearerToken: String?
    /// The token that gets new bearer tokens (absent when sent as the `ss-reftok` cookie).
    public var refreshToken: String?
    /// When the refresh token expires.
    public var refreshTokenExpiry: Date?
    /// The user's avatar URL.
    public var profileUrl: String?
    /// The user's roles.
    public var roles: [String]?
    /// The user's permissions.
    public var permissions: [String]?
    /// The provider that authenticated the user.
    public var authProvider: String?
    /// The error details, when the call failed.
    public var responseStatus: ResponseStatus?
    /// Extra key/value data.
    public var meta: [String: String]?

    /// An empty instance; set the members you need.
    public required init() {}

    /// Decodes through the metadata table (Codable support for `AddCodable: True` types).
    public required init(from decoder: any Decoder) throws {
        try CodableSupport.decodeThroughMetadata(self, from: decoder)
    }

    /// Encodes through the metadata table (Codable support for `AddCodable: True` types).
    open func encode(to encoder: any Encoder) throws {
        try CodableSupport.encodeThroughMetadata(self, to: encoder)
    }
}

extension AuthenticateResponse: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<AuthenticateResponse>.optionalString("userId", get: { $0.userId }, set: { $0.userId = $1 }),
        Property<AuthenticateResponse>.optionalString("sessionId", get: { $0.sessionId }, set: { $0.sessionId = $1 }),
        Property<AuthenticateResponse>.optionalString("userName", get: { $0.userName }, set: { $0.userName = $1 }),
        Property<AuthenticateResponse>.optionalString(
            "displayName", get: { $0.displayName }, set: { $0.displayName = $1 }),
        Property<AuthenticateResponse>.optionalString(
            "referrerUrl", get: { $0.referrerUrl }, set: { $0.referrerUrl = $1 }),
        Property<AuthenticateResponse>.optionalString(
            "bearerToken", get: { $0.bearerToken }, set: { $0.bearerToken = $1 }),
        Property<AuthenticateResponse>.optionalString(
            "refreshToken", get: { $0.refreshToken }, set: { $0.refreshToken = $1 }),
        Property<AuthenticateResponse>.optionalDate(
            "refreshTokenExpiry", get: { $0.refreshTokenExpiry }, set: { $0.refreshTokenExpiry = $1 }),
        Property<AuthenticateResponse>.optionalString(
            "profileUrl", get: { $0.profileUrl }, set: { $0.profileUrl = $1 }),
        Property<AuthenticateResponse>.optionalArray("roles", get: { $0.roles }, set: { $0.roles = $1 }),
        Property<AuthenticateResponse>.optionalArray(
            "permissions", get: { $0.permissions }, set: { $0.permissions = $1 }),
        Property<AuthenticateResponse>.optionalString(
            "authProvider", get: { $0.authProvider }, set: { $0.authProvider = $1 }),
        Property<AuthenticateResponse>.optionalObject(
            "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
        Property<AuthenticateResponse>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
    ])
}

/// Exchanges a refresh token for a new bearer token (JWT auth).
open class GetAccessToken: IReturn, IPost {
    public typealias Return = GetAccessTokenResponse

    /// The refresh token to exchange for a new bearer token.
    public var refreshToken: String?
    /// Ask the server to return the new token as the `ss-tok` cookie instead of in the body.
    public var useTokenCookie: Bool?
    /// Extra key/value data.
    public var meta: [String: String]?

    /// An empty instance; set the members you need.
    public required init() {}

    /// Decodes through the metadata table (Codable support for `AddCodable: True` types).
    public required init(from decoder: any Decoder) throws {
        try CodableSupport.decodeThroughMetadata(self, from: decoder)
    }

    /// Encodes through the metadata table (Codable support for `AddCodable: True` types).
    open func encode(to encoder: any Encoder) throws {
        try CodableSupport.encodeThroughMetadata(self, to: encoder)
    }
}

extension GetAccessToken: JsonSerializable {
    public static let metadata = Metadata.create(
        routes: [ServiceRoute("/access-token")],
        [
            Property<GetAccessToken>.optionalString(
                "refreshToken", get: { $0.refreshToken }, set: { $0.refreshToken = $1 }),
            Property<GetAccessToken>.optionalBool(
                "useTokenCookie", get: { $0.useTokenCookie }, set: { $0.useTokenCookie = $1 }),
            Property<GetAccessToken>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        ])
}

open class GetAccessTokenResponse {
    /// An OAuth access token, or the new JWT (GetAccessTokenResponse).
    public var accessToken: String?
    /// Extra key/value data.
    public var meta: [String: String]?
    /// The error details, when the call failed.
    public var responseStatus: ResponseStatus?

    /// An empty instance; set the members you need.
    public required init() {}

    /// Decodes through the metadata table (Codable support for `AddCodable: True` types).
    public required init(from decoder: any Decoder) throws {
        try CodableSupport.decodeThroughMetadata(self, from: decoder)
    }

    /// Encodes through the metadata table (Codable support for `AddCodable: True` types).
    open func encode(to encoder: any Encoder) throws {
        try CodableSupport.encodeThroughMetadata(self, to: encoder)
    }
}

extension GetAccessTokenResponse: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<GetAccessTokenResponse>.optionalString(
            "accessToken", get: { $0.accessToken }, set: { $0.accessToken = $1 }),
        Property<GetAccessTokenResponse>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        Property<GetAccessTokenResponse>.optionalObject(
            "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
    ])
}
