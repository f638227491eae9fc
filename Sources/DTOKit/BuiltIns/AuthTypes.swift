import Foundation

/// Signs in with a provider (`credentials`, `apikey`, …) and returns the session and tokens.
open class Authenticate: IReturn, IPost {
    public typealias Return = AuthenticateResponse

    /// The auth provider: `credentials`, `apikey`, `jwt`, an OAuth provider name.
    public var provider: String?
    public var userName: String?
    public var password: String?
    public var rememberMe: Bool?
    public var accessToken: String?
    public var accessTokenSecret: String?
    public var returnUrl: String?
    public var errorView: String?
    public var meta: [String: String]?

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
    public static var typeName: String { "Authenticate" }
    public static let routes = [ServiceRoute("/auth"), ServiceRoute("/auth/{provider}")]
    public static let metadata = Metadata.create([
        Property<Authenticate>.optional("provider", get: { $0.provider }, set: { $0.provider = $1 }),
        Property<Authenticate>.optional("userName", get: { $0.userName }, set: { $0.userName = $1 }),
        Property<Authenticate>.optional("password", get: { $0.password }, set: { $0.password = $1 }),
        Property<Authenticate>.optional("rememberMe", get: { $0.rememberMe }, set: { $0.rememberMe = $1 }),
        Property<Authenticate>.optional("accessToken", get: { $0.accessToken }, set: { $0.accessToken = $1 }),
        Property<Authenticate>.optional("accessTokenSecret", get: { $0.accessTokenSecret }, set: { $0.accessTokenSecret = $1 }),
        Property<Authenticate>.optional("returnUrl", get: { $0.returnUrl }, set: { $0.returnUrl = $1 }),
        Property<Authenticate>.optional("errorView", get: { $0.errorView }, set: { $0.errorView = $1 }),
        Property<Authenticate>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
    ])
}

/// The signed-in session: who, and the tokens to stay signed in.
open class AuthenticateResponse {
    public var userId: String?
    public var sessionId: String?
    public var userName: String?
    public var displayName: String?
    public var referrerUrl: String?
    /// The JWT to send as `Authorization: Bearer` (absent when the server sets it as the `ss-tok` cookie).
    public var bearerToken: String?
    /// The token that gets new bearer tokens (absent when sent as the `ss-reftok` cookie).
    public var refreshToken: String?
    public var refreshTokenExpiry: Date?
    public var profileUrl: String?
    public var roles: [String]?
    public var permissions: [String]?
    public var authProvider: String?
    public var responseStatus: ResponseStatus?
    public var meta: [String: String]?

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
    public static var typeName: String { "AuthenticateResponse" }
    public static let metadata = Metadata.create([
        Property<AuthenticateResponse>.optional("userId", get: { $0.userId }, set: { $0.userId = $1 }),
        Property<AuthenticateResponse>.optional("sessionId", get: { $0.sessionId }, set: { $0.sessionId = $1 }),
        Property<AuthenticateResponse>.optional("userName", get: { $0.userName }, set: { $0.userName = $1 }),
        Property<AuthenticateResponse>.optional("displayName", get: { $0.displayName }, set: { $0.displayName = $1 }),
        Property<AuthenticateResponse>.optional("referrerUrl", get: { $0.referrerUrl }, set: { $0.referrerUrl = $1 }),
        Property<AuthenticateResponse>.optional("bearerToken", get: { $0.bearerToken }, set: { $0.bearerToken = $1 }),
        Property<AuthenticateResponse>.optional("refreshToken", get: { $0.refreshToken }, set: { $0.refreshToken = $1 }),
        Property<AuthenticateResponse>.optional("refreshTokenExpiry", get: { $0.refreshTokenExpiry }, set: { $0.refreshTokenExpiry = $1 }),
        Property<AuthenticateResponse>.optional("profileUrl", get: { $0.profileUrl }, set: { $0.profileUrl = $1 }),
        Property<AuthenticateResponse>.optionalArray("roles", get: { $0.roles }, set: { $0.roles = $1 }),
        Property<AuthenticateResponse>.optionalArray("permissions", get: { $0.permissions }, set: { $0.permissions = $1 }),
        Property<AuthenticateResponse>.optional("authProvider", get: { $0.authProvider }, set: { $0.authProvider = $1 }),
        Property<AuthenticateResponse>.optionalObject("responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
        Property<AuthenticateResponse>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
    ])
}

/// Exchanges a refresh token for a new bearer token (JWT auth).
open class GetAccessToken: IReturn, IPost {
    public typealias Return = GetAccessTokenResponse

    public var refreshToken: String?
    /// Ask the server to return the new token as the `ss-tok` cookie instead of in the body.
    public var useTokenCookie: Bool?
    public var meta: [String: String]?

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
    public static var typeName: String { "GetAccessToken" }
    public static let routes = [ServiceRoute("/access-token")]
    public static let metadata = Metadata.create([
        Property<GetAccessToken>.optional("refreshToken", get: { $0.refreshToken }, set: { $0.refreshToken = $1 }),
        Property<GetAccessToken>.optional("useTokenCookie", get: { $0.useTokenCookie }, set: { $0.useTokenCookie = $1 }),
        Property<GetAccessToken>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
    ])
}

open class GetAccessTokenResponse {
    public var accessToken: String?
    public var meta: [String: String]?
    public var responseStatus: ResponseStatus?

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
    public static var typeName: String { "GetAccessTokenResponse" }
    public static let metadata = Metadata.create([
        Property<GetAccessTokenResponse>.optional("accessToken", get: { $0.accessToken }, set: { $0.accessToken = $1 }),
        Property<GetAccessTokenResponse>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        Property<GetAccessTokenResponse>.optionalObject("responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
    ])
}
