import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A typed client for ServiceStack JSON APIs, over URLSession.
///
/// ```swift
/// let client = JsonServiceClient(baseUrl: "https://techstacks.io")
///
/// let request = GetTechnology()
/// request.slug = "servicestack"
/// let response = try await client.getAsync(request)   // GET /technology/servicestack
/// print(response.technology?.name ?? "")
/// ```
///
/// It implements the ``ServiceClient`` core; the method families come from the protocol.
///
/// The client is safe to use from many threads and tasks at once: its settings and cookies are
/// guarded by a lock, and every call reads the settings it needs once, when it starts. Each client
/// has its own URLSession and its own cookies (kept apart from `HTTPCookieStorage.shared`).
public final class JsonServiceClient: ServiceClient, TimedClient, Sendable {
    /// The base URL every relative path and route is appended to, ending with `/`.
    public let baseUrl: String

    let settings: Locked<Settings>
    let cookieJar = CookieJar()
    let transport: any HTTPTransport
    /// ``baseUrl`` parsed, its origin and its user info, read once: the base URL never changes.
    let base: BaseURL

    /// Creates a client for the ServiceStack server at `baseUrl` (e.g. `https://techstacks.io`).
    public convenience init(baseUrl: String) {
        self.init(baseUrl: baseUrl, configuration: .ephemeral)
    }

    /// Creates a client with a URLSession configured your way (proxy, TLS, connection limits…).
    ///
    /// The client turns off the configuration's cookie handling, URL cache and credential storage
    /// (on a copy): it keeps its own cookies, and it answers a server's 401 itself (see
    /// ``setCredentials(userName:password:)``), never with a credential the system stored. A
    /// background configuration cannot carry calls (see ``URLSessionTransport/init(configuration:)``).
    public convenience init(baseUrl: String, configuration: URLSessionConfiguration) {
        self.init(baseUrl: baseUrl, transport: URLSessionTransport(configuration: configuration))
    }

    /// Creates a client whose requests go over `transport`: AsyncHTTPClient in a server-side app
    /// (`DTOKitAsyncHTTPClient`), or one of your own (see ``HTTPTransport``).
    public init(baseUrl: String, transport: any HTTPTransport) {
        self.baseUrl = baseUrl.hasSuffix("/") ? baseUrl : baseUrl + "/"
        self.transport = transport
        base = BaseURL(self.baseUrl)
        settings = Locked(Settings())
    }

    /// The settings of a client; each call works with a copy taken when it starts.
    struct Settings {
        var basePath: String? = "api"
        var useCustomRoutes = true
        var bearerToken: String?
        var refreshToken: String?
        var refreshTokenUrl: String?
        var sessionId: String?
        var version: Int?
        var idleTimeout: TimeInterval = CallClock.defaultIdleTimeout
        var callTimeout: TimeInterval?
        /// What the deprecated ``JsonServiceClient/timeout`` was set to.
        var legacyTimeout: TimeInterval?
        var cachePolicy: URLRequest.CachePolicy = .reloadIgnoringLocalCacheData
        var maxResponseSize: Int? = 64 * 1024 * 1024
        var maxRedirects = 10
        var headers: [String: String] = [:]
        var decodingOptions = JsonDecodingOptions()
        var encodingOptions = JsonServiceClient.defaultEncodingOptions
        var credentials: BasicCredentials?
        var alwaysSendBasicAuthHeader = false
        var credentialOrigins: [String] = []
        var onError: (@Sendable (any Error) -> Void)?
        var onUploadProgress: (@Sendable (Int64, Int64) -> Void)?
        var onDownloadProgress: (@Sendable (Int64, Int64?) -> Void)?
        var requestFilter: (@Sendable (inout URLRequest) -> Void)?
        var responseFilter: (@Sendable (HTTPURLResponse) -> Void)?
        var middleware: [any ClientMiddleware] = []
        var onAuthenticationRequired: (@Sendable () async throws -> Void)?
    }

    // MARK: Routing

    /// The prefix of pre-defined routes: `"api"` (the default) calls `/api/{Name}` — one-way calls
    /// and batches too, as ServiceStack's `JsonApiClient` does; nil or `""` calls `/json/reply/{Name}`
    /// and `/json/oneway/{Name}` (for servers before ServiceStack v6). ServiceStack 8's endpoint
    /// routing serves only `/api` (see <doc:ServiceStackServerVersions>).
    public var basePath: String? {
        get { settings[\.basePath] }
        set { settings[\.basePath] = newValue }
    }

    /// Whether requests use their custom routes when their values fill them (default `true`);
    /// `false` always calls the pre-defined route.
    public var useCustomRoutes: Bool {
        get { settings[\.useCustomRoutes] }
        set { settings[\.useCustomRoutes] = newValue }
    }

    // MARK: Authentication

    /// The JWT or API key sent as `Authorization: Bearer <token>` with every request to the client's
    /// own origins (the base URL's, and ``credentialOrigins``). After a 401, the client replaces it
    /// with the token it gets from ``refreshToken``.
    public var bearerToken: String? {
        get { settings[\.bearerToken] }
        set { settings[\.bearerToken] = newValue }
    }

    /// The refresh token used to get a new ``bearerToken`` when a request fails with 401 (sent in a
    /// `GetAccessToken` request). Without it, the `ss-reftok` cookie is used when the server set one.
    public var refreshToken: String? {
        get { settings[\.refreshToken] }
        set { settings[\.refreshToken] = newValue }
    }

    /// Where `GetAccessToken` is sent; nil (the default) uses its pre-defined route.
    public var refreshTokenUrl: String? {
        get { settings[\.refreshTokenUrl] }
        set { settings[\.refreshTokenUrl] = newValue }
    }

    /// Sent as the `sessionId` of requests that conform to ``/DTOKit/IHasSessionId`` and leave it nil.
    public var sessionId: String? {
        get { settings[\.sessionId] }
        set { settings[\.sessionId] = newValue }
    }

    /// Sent as the `version` of requests that conform to ``/DTOKit/IHasVersion`` and leave it nil.
    public var version: Int? {
        get { settings[\.version] }
        set { settings[\.version] = newValue }
    }

    /// Sends `Authorization: Basic` with every request to the client's own origins instead of waiting
    /// for a 401 (default `false`). A ``bearerToken`` takes precedence. See ``setCredentials(userName:password:)``.
    public var alwaysSendBasicAuthHeader: Bool {
        get { settings[\.alwaysSendBasicAuthHeader] }
        set { settings[\.alwaysSendBasicAuthHeader] = newValue }
    }

    /// Origins besides the base URL's (and ``refreshTokenUrl``'s) that the client's credentials go
    /// to, as URLs (`"https://files.example.com"`; any path is ignored): its bearer token, Basic
    /// credentials, and the `Authorization` and `Cookie` of its ``headers``. A call to any other
    /// origin — an absolute URL, such as a download link a service returned — carries none of them,
    /// and a 401 it gets is its answer (no token refresh, no Basic credentials). Cookies go where the
    /// server that set them said (see <doc:CookiesCredentialsAndRedirects>).
    public var credentialOrigins: [String] {
        get { settings[\.credentialOrigins] }
        set { settings[\.credentialOrigins] = newValue }
    }

    /// The user name given to ``setCredentials(userName:password:)``, if any (the password cannot
    /// be read back).
    public var userName: String? { settings[\.credentials]?.userName }

    // MARK: Decoding

    /// How responses are decoded (the default is strict): set
    /// `JsonDecodingOptions(invalidMembers: .skip(reportingTo: report))` to skip a member whose
    /// value does not fit its property, as ServiceStack.Text does, instead of failing the response;
    /// each skipped member is reported (see ``/DTOKit/InvalidMembers``).
    public var decodingOptions: JsonDecodingOptions {
        get { settings[\.decodingOptions] }
        set { settings[\.decodingOptions] = newValue }
    }

    /// How requests are written: their JSON bodies, and their values in routes, query strings and
    /// forms. By default dates are ISO 8601 in UTC (`2018-04-17T05:18:32.5130000Z`), which every
    /// ServiceStack server reads — ServiceStack.Text and System.Text.Json, the serializer of
    /// ServiceStack 8's endpoint routing, which reads no other form. Set
    /// `JsonEncodingOptions(dateFormat: .wcf)` to send `/Date(ms)/` as ServiceStack.Swift did (a
    /// ServiceStack.Text server reads both). See <doc:ServiceStackServerVersions>.
    public var encodingOptions: JsonEncodingOptions {
        get { settings[\.encodingOptions] }
        set { settings[\.encodingOptions] = newValue }
    }

    /// What ``encodingOptions`` is until set: ISO 8601 dates, which every server mode reads.
    public static let defaultEncodingOptions = JsonEncodingOptions(dateFormat: .iso8601)

    // MARK: HTTP

    /// Seconds a call may go without progress before it fails with
    /// ``ServiceClientError/timedOut(url:timeout:)`` (60 by default): the wait for the server's answer,
    /// and the gaps between bytes of a transfer going out or coming in — as URLSession's
    /// `timeoutInterval`, so that a large upload or download goes on as long as its bytes flow. It bounds
    /// what the call runs between them too: its middleware, ``onAuthenticationRequired``, a token
    /// refresh, a retry's wait. Zero, a negative or an infinite value: no idle timeout. A stream (Server
    /// Events) is bounded until its headers arrive. See ``callTimeout`` for a limit on the whole call.
    public var idleTimeout: TimeInterval {
        get { settings[\.idleTimeout] }
        set { settings[\.idleTimeout] = newValue }
    }

    /// Seconds a whole call may take, whatever flows — every exchange, retries and their waits, hooks —
    /// before it fails with ``ServiceClientError/timedOut(url:timeout:)``, as URLSession's
    /// `timeoutIntervalForResource`; nil (the default) sets no limit beyond ``idleTimeout``.
    public var callTimeout: TimeInterval? {
        get { settings[\.callTimeout] }
        set { settings[\.callTimeout] = newValue }
    }

    /// DTOKit 1's timeout, which bounded each exchange (60 s when nil). Setting it sets both of the
    /// timeouts that replace it: ``idleTimeout`` (nil: 60) and ``callTimeout`` — a call then fails after
    /// that long in all, or that long without progress. Reading it gives what was set.
    @available(
        *, deprecated,
        message: "two settings now: idleTimeout (the gaps while bytes flow, 60 s) and callTimeout (the whole call)"
    )
    public var timeout: TimeInterval? {
        get { settings[\.legacyTimeout] }
        set {
            settings.withLock { settings in
                settings.legacyTimeout = newValue
                settings.idleTimeout = newValue ?? 60
                settings.callTimeout = newValue
            }
        }
    }

    /// The cache policy of every request (default `.reloadIgnoringLocalCacheData`).
    public var cachePolicy: URLRequest.CachePolicy {
        get { settings[\.cachePolicy] }
        set { settings[\.cachePolicy] = newValue }
    }

    /// The largest response body accepted, in bytes (default 64 MiB); a larger one is stopped
    /// while it arrives and fails with ``ServiceClientError/responseTooLarge(url:limit:)``. Nil
    /// accepts any size.
    public var maxResponseSize: Int? {
        get { settings[\.maxResponseSize] }
        set { settings[\.maxResponseSize] = newValue }
    }

    /// How many redirects a request follows (default 10); one more fails with
    /// ``ServiceClientError/tooManyRedirects(url:count:)``. Only http and https URLs are followed;
    /// `Authorization` never goes on to another origin, and each redirect carries the cookies of its
    /// own URL (see <doc:CookiesCredentialsAndRedirects>).
    public var maxRedirects: Int {
        get { settings[\.maxRedirects] }
        set { settings[\.maxRedirects] = newValue }
    }

    /// Extra headers sent with every request.
    public var headers: [String: String] {
        get { settings[\.headers] }
        set { settings[\.headers] = newValue }
    }

    // MARK: Hooks

    /// Called with every error a call of this client throws, before it is thrown (then
    /// ``Global/onError`` is called).
    public var onError: (@Sendable (any Error) -> Void)? {
        get { settings[\.onError] }
        set { settings[\.onError] = newValue }
    }

    /// Called as a request's body goes out, with the bytes sent so far and the body's length: the
    /// progress of file uploads (C#'s `OnUploadProgress`). Called in order, one call at a time, off the
    /// main thread, and never after the call has its answer — by URLSessionTransport on a queue of the
    /// exchange's own, with the latest figures only when a callback takes longer than the bytes (the
    /// answer waits for the callback under way and one with the latest figures, no more); by
    /// AsyncHTTPClientTransport as it takes each piece of the body to write. Hop to the main actor to
    /// show it. A call that is sent again reports from zero again.
    public var onUploadProgress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? {
        get { settings[\.onUploadProgress] }
        set { settings[\.onUploadProgress] = newValue }
    }

    /// Called as a response's body arrives, with the bytes received so far and the body's length when
    /// the response announced it (nil for a chunked or compressed one): the progress of large
    /// responses and downloads (C#'s `OnDownloadProgress`). Called from the task that reads the
    /// response, in order. Not called for streams (Server Events).
    public var onDownloadProgress: (@Sendable (_ received: Int64, _ total: Int64?) -> Void)? {
        get { settings[\.onDownloadProgress] }
        set { settings[\.onDownloadProgress] = newValue }
    }

    /// The steps every request and response go through between the client and its transport, in
    /// order: the first sees a request first and its response last (see ``ClientMiddleware``; the
    /// DTOKitMiddleware module has `RetryMiddleware`, `LoggingMiddleware`, `ErrorResponseMiddleware`
    /// and `HTTPCache`). Empty by default.
    public var middleware: [any ClientMiddleware] {
        get { settings[\.middleware] }
        set { settings[\.middleware] = newValue }
    }

    /// Called when a call fails with 401 and there is no refresh token to get a new access token
    /// with (C#'s and TypeScript's `OnAuthenticationRequired`): authenticate here — set
    /// ``bearerToken``, call ``setCredentials(userName:password:)``, or send `Authenticate` with
    /// this client (its cookies are kept) — and the call is sent once more. Errors it throws are the
    /// call's. Not called for the `GetAccessToken` request itself.
    public var onAuthenticationRequired: (@Sendable () async throws -> Void)? {
        get { settings[\.onAuthenticationRequired] }
        set { settings[\.onAuthenticationRequired] = newValue }
    }

    /// Changes every `URLRequest` just before it goes to the transport, after any ``middleware``
    /// (then ``Global/requestFilter`` runs): add headers, log, sign. ServiceStack.Swift's hook; a
    /// ``ClientMiddleware`` can do the same and more.
    public var requestFilter: (@Sendable (inout URLRequest) -> Void)? {
        get { settings[\.requestFilter] }
        set { settings[\.requestFilter] = newValue }
    }

    /// Sees every HTTP response as the transport gives it, error responses included, before any
    /// ``middleware`` does (then ``Global/responseFilter`` runs).
    public var responseFilter: (@Sendable (HTTPURLResponse) -> Void)? {
        get { settings[\.responseFilter] }
        set { settings[\.responseFilter] = newValue }
    }
}

/// Printing or dumping a client shows where it calls and how, never its tokens or password.
extension JsonServiceClient: CustomStringConvertible, CustomReflectable {
    public var description: String { "JsonServiceClient(\(baseUrl))" }

    public var customMirror: Mirror {
        let settings = self.settings.current
        return Mirror(
            self,
            children: [
                "baseUrl": baseUrl,
                "basePath": settings.basePath as Any,
                "userName": settings.credentials?.userName as Any,
                "hasBearerToken": settings.bearerToken != nil,
                "hasRefreshToken": settings.refreshToken != nil,
            ], displayStyle: .class)
    }
}
