import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What carries a client's HTTP requests: one request out, the response back as soon as its headers
/// arrive, its body as it comes.
///
/// ``URLSessionTransport`` is the default (no dependencies, every platform). A transport of your
/// own — AsyncHTTPClient for a server-side app (the `DTOKitAsyncHTTPClient` package in this
/// repository), a recording for tests — is given to ``JsonServiceClient/init(baseUrl:transport:)``;
/// the client does everything else itself: routes, headers, cookies, credentials and their retries,
/// the timeout, the response size limit, errors.
///
/// A transport:
/// - sends the request's body as it reads it (``OutgoingBody/chunks(chunkSize:)``), from its start
///   each time the request goes out; a body's ``OutgoingBody/length``, when known, is its
///   `Content-Length`;
/// - follows redirects and sends a request again as ``ExchangeCourse`` says: at most
///   ``TransportOptions/maxRedirects`` (one more throws
///   ``ServiceClientError/tooManyRedirects(url:count:)``), only to http and https, keeping
///   `Authorization` on the same origin, with the client's cookies for each new URL;
/// - hands a 401 to the client as a response, never answering a credential challenge itself;
/// - stops the exchange when the calling task is cancelled, or when the body's iteration ends early;
/// - throws ``ServiceClientError`` for failures (``ServiceClientError/cancelled(url:)``,
///   ``ServiceClientError/connectionRefused(url:)``…), and never enforces a timeout of its own
///   shorter than the request's `timeoutInterval`: the client bounds each call itself;
/// - calls ``TransportOptions/onActivity`` as bytes of the request go out, so that the client's idle
///   timeout does not end an upload that keeps going.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns once the response's headers arrive, with its body as it arrives.
    func send(_ request: OutgoingRequest, options: TransportOptions) async throws -> ServiceStream

    /// DTOKit 1.0's form, with the request as a `URLRequest` (its `httpBody` as the body): a transport
    /// written for it still builds and works, through a bridge; calling it sends the request through the
    /// `OutgoingRequest` form.
    @available(*, deprecated, message: "transports take an OutgoingRequest: send(OutgoingRequest(request), options:)")
    func send(_ request: URLRequest, options: TransportOptions) async throws -> ServiceStream
}

extension HTTPTransport {
    /// Sends a `URLRequest` (its `httpBody` as the body) through the `OutgoingRequest` form.
    public func send(_ request: URLRequest, options: TransportOptions) async throws -> ServiceStream {
        try await LegacyForms.bridge(from: Self.self, url: request.url) {
            try await send(OutgoingRequest(request), options: options)
        }
    }

    /// Runs a transport that implements only DTOKit 1.0's `URLRequest` form: the body, a file or a
    /// stream included, is read into memory first (`httpBody` is all such a transport sends).
    @available(
        *, deprecated,
        message: "implement send(_: OutgoingRequest, options:); send its body as it reads it (request.body?.chunks())"
    )
    public func send(_ request: OutgoingRequest, options: TransportOptions) async throws -> ServiceStream {
        var urlRequest = request.urlRequest
        if let body = request.body, body.data == nil { urlRequest.httpBody = try await body.collected() }
        return try await send(urlRequest, options: options)
    }
}

/// How a transport runs one exchange.
public struct TransportOptions: Sendable {
    /// How many redirects the request follows.
    public var maxRedirects: Int
    /// Called as the request's body goes out: bytes sent so far, and the body's length (-1 when it is
    /// not known: a stream without a stated length).
    public var onUploadProgress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)?
    /// Called whenever bytes of the request go out (at once, on the transport's own thread: it only
    /// notes the time): the client's idle timeout counts from the last of them, so that a long upload
    /// that keeps going never times out. (The client itself notes the response's headers and body.)
    public var onActivity: (@Sendable () -> Void)?
    /// The client's cookies, for the redirects the transport follows (``ExchangeCourse`` uses them):
    /// the cookies each redirect's response sets are kept, and the redirected request carries the
    /// `Cookie` header for its own URL. Nil (a transport used without a client): a redirect keeps the
    /// original's `Cookie` on the same origin only.
    public var cookies: Cookies?
    /// Whether a redirect that keeps the body (307, 308; a 301 or 302 of any method but POST) is followed
    /// to the same origin only (``ExchangeCourse``): the client sets it for the requests whose body holds
    /// credentials — ServiceStack's `Authenticate`, `Register` and `GetAccessToken` — so that a password
    /// or a refresh token never follows a redirect to another origin.
    public var bodyStaysOnItsOrigin = false

    /// Where a transport's redirects keep and find cookies (see ``TransportOptions/cookies``).
    public struct Cookies: Sendable {
        let keep: @Sendable (HTTPURLResponse) -> Void
        let header: @Sendable (URL) -> String?

        /// - Parameters:
        ///   - keep: keeps the cookies a response sets (its `Set-Cookie` headers).
        ///   - header: the `Cookie` header value for a request to a URL, nil for none.
        public init(
            keep: @escaping @Sendable (_ response: HTTPURLResponse) -> Void,
            header: @escaping @Sendable (_ url: URL) -> String?
        ) {
            self.keep = keep
            self.header = header
        }
    }

    public init(maxRedirects: Int = 10, onUploadProgress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? = nil) {
        self.maxRedirects = maxRedirects
        self.onUploadProgress = onUploadProgress
    }

    /// The request that follows a redirect from `request` to `next`: on the same origin with the
    /// original's `Authorization` and `Cookie` headers, to another origin without them.
    @available(*, deprecated, message: "ExchangeCourse follows redirects: received(_:)")
    public static func redirect(from request: URLRequest, to next: URLRequest) -> URLRequest {
        var redirected = next
        for header in CredentialRules.redirected(from: request.url, to: next.url, value: request.value) {
            redirected.setValue(header.value, forHTTPHeaderField: header.name)
        }
        return redirected
    }
}
