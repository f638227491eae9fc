import DTOKit
import Foundation

/// A failure other than an HTTP error response: the request never got an answer, was cancelled,
/// could not be built, or the answer could not be read.
///
/// HTTP error statuses are thrown as ``WebServiceException`` instead. Descriptions name the
/// request's method and URL without its query string, never headers, cookies or tokens.
public enum ServiceClientError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// Nothing accepted the connection (no server listening on the host and port).
    case connectionRefused(url: String)
    /// No response within the timeout (``JsonServiceClient/timeout``, in seconds).
    case timedOut(url: String, timeout: TimeInterval)
    /// The request was cancelled: its task was cancelled, or the session was invalidated.
    case cancelled(url: String)
    /// The connection broke (the server reset or closed it) after `receivedBytes` bytes of the
    /// response had arrived.
    case connectionLost(url: String, receivedBytes: Int)
    /// The response's headers arrived but its body ended early: `receivedBytes` of
    /// `expectedBytes` (its `Content-Length`, when it had one).
    case truncatedResponse(url: String, receivedBytes: Int, expectedBytes: Int?)
    /// The response was larger than ``JsonServiceClient/maxResponseSize`` (`limit` bytes); the
    /// client stopped receiving it.
    case responseTooLarge(url: String, limit: Int)
    /// The server redirected more than `count` times (``JsonServiceClient/maxRedirects``), e.g. in a loop.
    case tooManyRedirects(url: String, count: Int)
    /// Another transport failure: host not found, no network, … (`code` is the `NSURLErrorDomain`
    /// code, when the transport has one).
    case networkFailure(url: String, code: Int, message: String)
    /// App Transport Security refused a plain `http://` URL (Apple platforms, `NSURLErrorDomain`
    /// -1022): the app's Info.plist does not allow it. Use `https://`; for a development server,
    /// allow it (see the description).
    case blockedByAppTransportSecurity(url: String)
    /// The TLS handshake failed: the server's certificate is not trusted (self-signed, expired, for
    /// another host), or the server and the client share no protocol (`code` is the
    /// `NSURLErrorDomain` code, -1200 to -1206, when the transport has one).
    case secureConnectionFailed(url: String, code: Int, message: String)
    /// The URL could not be built from the base URL and the route or relative URL.
    case invalidUrl(String)
    /// The request cannot be sent as it is, on any platform (e.g. a GET with a body).
    case invalidRequest(url: String, reason: String)
    /// The request DTO could not be turned into a query string, form or body.
    case requestEncodingFailed(typeName: String, reason: String)
    /// The response was not HTTP, or not what the call expects.
    case invalidResponse(url: String, reason: String)
    /// A successful response whose body is not the expected response type.
    case responseDecodingFailed(url: String, typeName: String, error: JsonDecodingError)
    /// A request failed with 401 and getting a new access token with the refresh token failed too;
    /// `underlying` is why (usually a ``WebServiceException`` from `GetAccessToken`).
    case refreshTokenFailed(url: String, underlying: any Error)

    /// How errors name `url`: without its query string and fragment, which may hold secrets, nor its
    /// user info.
    public static func label(for url: URL?) -> String {
        guard let text = url?.absoluteString else { return "?" }
        return label(forText: text)
    }

    /// A URL's text as errors and logs show it: without its user info (`user:password@`), nor its query
    /// and fragment, which may hold secrets.
    static func label(forText text: String) -> String {
        var shown = Substring(text)
        if let userInfo = userInfoRange(in: shown) { shown.removeSubrange(userInfo) }
        if let mark = shown.firstIndex(where: { $0 == "?" || $0 == "#" }) { shown = shown[..<mark] }
        return String(shown)
    }

    /// What errors must not show of a base URL's user info, whether or not the text parses: its user info
    /// (without its `@`); and where a password that starts with digits and holds a `/`, `?` or `#` makes
    /// the text read as a host, a port and a path (`https://admin:2024/pass@host`, which every parser
    /// reads as host `admin`, port 2024), both what comes before the first `@` and its host-and-port
    /// part, as the label shows it. (A base URL with an `@` in its path after a port loses that part in
    /// errors too: the two read alike.)
    static func userInfoSecrets(inText text: String) -> [String] {
        let whole = Substring(text)
        if let range = userInfoRange(in: whole) { return [String(whole[range].dropLast())] }
        guard let separator = whole.range(of: "://"), let at = whole[separator.upperBound...].firstIndex(of: "@")
        else { return [] }
        let before = whole[separator.upperBound..<at]
        guard let colon = before.firstIndex(of: ":") else { return [] }
        let hostAndPort = before[..<(before[colon...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? at)]
        return [String(before), String(hostAndPort)]
    }

    /// Where `user:password@` is in a URL's text, its `@` included. A password written with `/`, `?`,
    /// `#` or `@` (which a URL cannot hold as they are) is found too: user info is what comes before the
    /// last `@` of the authority, and a `:` followed by anything but a port's digits before the first
    /// `/` says that what comes before the `@` is user info, not a path.
    private static func userInfoRange(in text: Substring) -> Range<Substring.Index>? {
        guard let separator = text.range(of: "://") else { return nil }
        let rest = text[separator.upperBound...]
        guard let firstAt = rest.firstIndex(of: "@") else { return nil }
        let before = rest[..<firstAt]
        if let slash = before.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            guard let colon = before.firstIndex(of: ":"), colon < slash else { return nil }
            let afterColon = before[before.index(after: colon)..<slash]
            guard afterColon.isEmpty || !afterColon.allSatisfy(\.isNumber) else { return nil }
        }
        let hostStart = rest[firstAt...].dropFirst()
        let authorityEnd = hostStart.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let lastAt = rest[..<authorityEnd].lastIndex(of: "@") ?? firstAt
        return separator.upperBound..<rest.index(after: lastAt)
    }

    /// What went wrong and for which URL (without its query string).
    public var description: String {
        switch self {
        case .connectionRefused(let url):
            return "Connection refused: nothing accepted the connection for \(url)"
        case .timedOut(let url, let timeout):
            return "Timed out: no response within \(Self.seconds(timeout)) for \(url)"
        case .cancelled(let url):
            return "Cancelled: \(url)"
        case .connectionLost(let url, let received):
            return "Connection lost: the server closed or reset the connection after \(received) bytes from \(url)"
        case .truncatedResponse(let url, let received, let expected):
            let total = expected.map { " of \($0)" } ?? ""
            return "Truncated response: the body from \(url) ended after \(received)\(total) bytes"
        case .responseTooLarge(let url, let limit):
            return "Response too large: the body from \(url) is larger than the limit of \(limit) bytes"
        case .tooManyRedirects(let url, let count):
            return "Too many redirects: \(url) redirected more than \(count) times"
        case .networkFailure(let url, let code, let message):
            return "Network failure (\(code)) for \(url): \(message)"
        case .blockedByAppTransportSecurity(let url):
            return
                "App Transport Security blocked \(url): the app's Info.plist does not allow plain HTTP to this host. "
                + "Use https://, or for a development server add to Info.plist NSAppTransportSecurity > "
                + "NSAllowsLocalNetworking = YES (localhost, IP addresses, .local and unqualified hosts) or "
                + "NSExceptionDomains > <host> > NSExceptionAllowsInsecureHTTPLoads = YES"
        case .secureConnectionFailed(let url, let code, let message):
            return "Secure connection failed (\(code)) for \(url): \(message). Check the server's certificate "
                + "(trusted issuer, not expired, issued for this host name) and its TLS versions"
        case .invalidUrl(let url):
            return "Invalid URL: \(url)"
        case .invalidRequest(let url, let reason):
            return "Invalid request for \(url): \(reason)"
        case .requestEncodingFailed(let typeName, let reason):
            return "Could not encode request \(typeName): \(reason)"
        case .invalidResponse(let url, let reason):
            return "Invalid response from \(url): \(reason)"
        case .responseDecodingFailed(let url, let typeName, let error):
            return "Could not decode \(typeName) from the response of \(url): \(error)"
        case .refreshTokenFailed(let url, let underlying):
            return "Authentication failed for \(url): the request was unauthorized (401) and getting a new "
                + "access token with the refresh token failed: \(underlying)"
        }
    }

    /// The case's name as a ServiceStack-style error code (`ConnectionRefused`, `TimedOut`, …): the
    /// ``ApiResult/errorCode`` of a call that failed this way.
    public var errorCode: String {
        switch self {
        case .connectionRefused: return "ConnectionRefused"
        case .timedOut: return "TimedOut"
        case .cancelled: return "Cancelled"
        case .connectionLost: return "ConnectionLost"
        case .truncatedResponse: return "TruncatedResponse"
        case .responseTooLarge: return "ResponseTooLarge"
        case .tooManyRedirects: return "TooManyRedirects"
        case .networkFailure: return "NetworkFailure"
        case .blockedByAppTransportSecurity: return "BlockedByAppTransportSecurity"
        case .secureConnectionFailed: return "SecureConnectionFailed"
        case .invalidUrl: return "InvalidUrl"
        case .invalidRequest: return "InvalidRequest"
        case .requestEncodingFailed: return "RequestEncodingFailed"
        case .invalidResponse: return "InvalidResponse"
        case .responseDecodingFailed: return "ResponseDecodingFailed"
        case .refreshTokenFailed: return "RefreshTokenFailed"
        }
    }

    /// Whether sending the same request again, unchanged, may succeed: nothing accepted the
    /// connection, the connection broke, or another network failure (host not found, no network).
    /// False for what only a change can cure — App Transport Security, TLS, an invalid URL or
    /// request, a response too large, too many redirects — and for cancellation, timeouts and
    /// unreadable responses. `RetryMiddleware` retries these failures only.
    public var isTransient: Bool {
        switch self {
        case .connectionRefused, .connectionLost, .networkFailure: return true
        case .timedOut, .cancelled, .truncatedResponse, .responseTooLarge, .tooManyRedirects, .invalidUrl,
            .invalidRequest,
            .requestEncodingFailed, .invalidResponse, .responseDecodingFailed, .refreshTokenFailed,
            .blockedByAppTransportSecurity, .secureConnectionFailed:
            return false
        }
    }

    /// The same as ``description``, for `LocalizedError`.
    public var errorDescription: String? { description }

    private static func seconds(_ value: TimeInterval) -> String {
        Int(exactly: value).map { "\($0) s" } ?? "\(value) s"
    }
}
