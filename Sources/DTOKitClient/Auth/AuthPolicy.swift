import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Who the client says it is, decided in one place, from one reading of its settings and cookies:
/// what a request carries (bearer token, Basic credentials, the session's cookies), and what a 401
/// leads to (a new access token, `onAuthenticationRequired`, Basic credentials, or the error). Where
/// credentials may go once sent is ``CredentialRules``.
///
/// As ServiceStack's .NET clients: a request carries `Authorization: Basic` when it is sent again
/// after a 401 with credentials set, else `Bearer` when there is a token, else `Basic` when
/// `alwaysSendBasicAuthHeader`; its own `Authorization` header wins over all. A 401 is answered once:
/// with a new access token when there is a refresh token (at once, when another call already got
/// one), else after `onAuthenticationRequired`, else with the Basic credentials the attempt did not
/// carry. The I/O — getting the token, calling the handler — is the driver's.
///
/// The client's credentials — bearer token, Basic credentials, the `Authorization` and `Cookie` of its
/// `headers` — belong to its own origins (``mayAuthenticate(_:)``): the base URL's, the refresh
/// URL's and those named in ``JsonServiceClient/credentialOrigins``. A call to any other origin (an
/// absolute URL, a download link a service returned) carries none, and its 401 is its answer.
/// Cookies go where the jar's rules say (``CookieJar``).
struct AuthPolicy {
    let settings: JsonServiceClient.Settings
    let cookies: CookieJar
    /// The client's base URL: where the `ss-reftok` cookie is looked for
    /// (``ServiceClient/getRefreshTokenCookie()``), and what of its user info must never show.
    let base: BaseURL
    /// The client's other origins: the refresh URL's (where `GetAccessToken` goes, when not to the base
    /// URL) and ``JsonServiceClient/credentialOrigins``, read once per policy (a call asks several times;
    /// the base URL's origin the client read once).
    let otherOrigins: [CredentialRules.Origin]

    init(settings: JsonServiceClient.Settings, cookies: CookieJar, base: BaseURL, refreshUrl: URL? = nil) {
        self.settings = settings
        self.cookies = cookies
        self.base = base
        // Only what a setting names is parsed here, and most clients name nothing.
        if refreshUrl == nil && settings.credentialOrigins.isEmpty {
            otherOrigins = []
        } else {
            otherOrigins = ([refreshUrl] + settings.credentialOrigins.map { URL(string: $0) })
                .compactMap { $0.flatMap(CredentialRules.Origin.init) }
        }
    }

    /// How a request was authenticated, to answer its 401.
    struct Credentials: Equatable {
        var bearerToken: String?
        var tokenCookie: String?
        /// It carried `Authorization: Basic` (then a 401 is final).
        var sentBasicAuth = false

        /// The token it carried, as a bearer token or a cookie: another call may have replaced it since.
        var token: [String?] { [bearerToken, tokenCookie] }
    }

    /// Whether the client's credentials may go to `url`: its origin is one of the client's own.
    func mayAuthenticate(_ url: URL) -> Bool {
        guard let origin = CredentialRules.Origin(url) else { return false }
        return origin == base.origin || otherOrigins.contains(origin)
    }

    /// The client's `headers` for a request to `url`: without `Authorization` and `Cookie` when the
    /// client's credentials may not go there.
    func clientHeaders(for url: URL, mayAuthenticate: Bool? = nil) -> [String: String] {
        guard !(mayAuthenticate ?? self.mayAuthenticate(url)) else { return settings.headers }
        return settings.headers.filter { name, _ in
            !CredentialRules.headers.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
        }
    }

    /// Adds the `Authorization` and `Cookie` headers `request` should carry to `url`.
    func authorize(
        _ request: inout OutgoingRequest, to url: URL, sendsBasicAuth: Bool, mayAuthenticate: Bool? = nil
    ) -> Credentials {
        let mayAuthenticate = mayAuthenticate ?? self.mayAuthenticate(url)
        var credentials = current(for: url, mayAuthenticate: mayAuthenticate)
        if mayAuthenticate, request.value(forHTTPHeaderField: CredentialRules.authorization) == nil {
            let basic = settings.credentials?.headerValue
            if sendsBasicAuth, let basic {
                request.setValue(basic, forHTTPHeaderField: CredentialRules.authorization)
                credentials.sentBasicAuth = true
            } else if let token = settings.bearerToken, !token.isEmpty {
                request.setValue("Bearer \(token)", forHTTPHeaderField: CredentialRules.authorization)
            } else if settings.alwaysSendBasicAuthHeader, let basic {
                request.setValue(basic, forHTTPHeaderField: CredentialRules.authorization)
                credentials.sentBasicAuth = true
            }
        }
        if let header = cookies.headerValue(for: url) {
            request.setValue(header, forHTTPHeaderField: CredentialRules.cookie)
        }
        return credentials
    }

    /// The token a request to `url` would carry now (`mayAuthenticate`: what ``mayAuthenticate(_:)``
    /// says of `url`, when the caller asked already).
    func current(for url: URL, mayAuthenticate: Bool? = nil) -> Credentials {
        Credentials(
            bearerToken: mayAuthenticate ?? self.mayAuthenticate(url) ? settings.bearerToken : nil,
            tokenCookie: cookies.values(for: url)["ss-tok"])
    }

    /// What answers a 401 to a request that carried `sent`.
    enum Answer: Equatable {
        /// Get a new access token with the refresh token, then send the call again.
        case refreshToken
        /// Send it again at once: another call got a new token meanwhile.
        case resend
        /// Call `onAuthenticationRequired`, then send the call again (with the Basic credentials, when set).
        case askForAuthentication(thenBasic: Bool)
        /// Send it again with the Basic credentials.
        case basic
        /// Nothing to try: the 401 is the call's answer.
        case none
    }

    func answer(to401For url: URL, sent: Credentials) -> Answer {
        guard mayAuthenticate(url) else { return .none }
        let canSendBasic = !sent.sentBasicAuth && settings.credentials?.headerValue != nil
        if settings.refreshToken != nil || base.url.flatMap({ cookies.values(for: $0)["ss-reftok"] }) != nil {
            return current(for: url).token != sent.token ? .resend : .refreshToken
        }
        if settings.onAuthenticationRequired != nil { return .askForAuthentication(thenBasic: canSendBasic) }
        return canSendBasic ? .basic : .none
    }

    /// The `GetAccessToken` request: the refresh token in the body, or (when it is only a cookie)
    /// `useTokenCookie`, so that the server sets the new token as a cookie too.
    func refreshRequest() -> GetAccessToken {
        let request = GetAccessToken()
        request.refreshToken = settings.refreshToken
        if settings.refreshToken == nil && settings.bearerToken == nil {
            request.useTokenCookie = true
        }
        return request
    }

    /// The tokens, cookie values and credentials that must never show in error descriptions (a
    /// password in the base URL's user info included).
    var secrets: [String] {
        [settings.bearerToken, settings.refreshToken, base.url?.password].compactMap { $0 } + base.userInfo
            + cookies.allValues()
            + (settings.credentials?.secrets ?? [])
    }
}

extension JsonServiceClient {
    /// The policy, on the client's settings and cookies as they are now.
    var authPolicy: AuthPolicy { authPolicy(settings: settings.current) }

    /// The policy on `settings` (a copy the caller already took) and the client's cookies.
    func authPolicy(settings: Settings) -> AuthPolicy {
        AuthPolicy(
            settings: settings, cookies: cookieJar, base: base,
            refreshUrl: settings.refreshTokenUrl.flatMap { URL(string: resolveUrlText($0)) })
    }
}
