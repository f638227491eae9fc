import AsyncHTTPClient
import DTOKitClient
import Foundation
import NIOCore
import NIOHTTP1
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPTransport`` over AsyncHTTPClient (SwiftNIO), for server-side apps — Vapor, Hummingbird —
/// that call ServiceStack services:
///
/// ```swift
/// let client = JsonServiceClient(baseUrl: "https://techstacks.io", transport: AsyncHTTPClientTransport())
/// ```
///
/// The transport follows redirects itself, as every DTOKit transport does (at most the client's
/// `maxRedirects`; `Authorization` and `Cookie` kept on the same origin only), so the `HTTPClient`
/// it is given must not follow them: the default one is made so, and shared by every transport
/// made without one. Give your own `HTTPClient` (configured with `redirectConfiguration: .disallow`)
/// to choose its event loops, TLS or proxy; you shut it down, as ever.
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// The `HTTPClient` requests go out on.
    public let client: HTTPClient

    /// A transport over `client` (by default one shared by the process, which does not follow redirects).
    public init(client: HTTPClient = AsyncHTTPClientTransport.sharedClient) {
        self.client = client
    }

    /// The `HTTPClient` of transports made without one: on the process's shared event loops, with
    /// AsyncHTTPClient's defaults but two. It does not follow redirects, which the transport follows
    /// itself; and a connection that cannot be made fails the request at once, as over URLSession,
    /// instead of being tried again until the connect timeout (10 s): whether to try again is the
    /// client's decision (`RetryMiddleware` retries a refused connection, never a TLS failure). It
    /// lives as long as the process, so it is never shut down.
    public static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    public func send(_ request: URLRequest, options: TransportOptions) async throws -> ServiceStream {
        var request = request
        var redirects = 0
        var resent = false
        while true {
            let label = ServiceClientError.label(for: request.url)
            if Task.isCancelled { throw ServiceClientError.cancelled(url: label) }
            let response: HTTPClientResponse
            do {
                response = try await client.execute(try Self.clientRequest(request, options: options),
                                                     timeout: Self.backstop(request.timeoutInterval))
            } catch let error as ChannelError where error == .ioOnClosedChannel && !resent {
                // A pooled connection the server had closed (without saying `Connection: close`)
                // before the request could be written (SwiftNIO fails a write to a channel already
                // closed with this error, writing nothing): it goes once more, on another connection,
                // whatever its method.
                resent = true
                continue
            } catch {
                let failure = Self.failure(error, url: label, receivedBytes: 0, timeout: request.timeoutInterval)
                // A redirect's next request may meet the connection the redirect came on closing
                // (a server need not say `Connection: close`): an idempotent one goes once more, as
                // URLSession resends it.
                if case .connectionLost(_, 0) = failure, redirects > 0, !resent,
                   DTOKitClient.HTTPMethod(rawValue: request.httpMethod ?? "GET").isIdempotent {
                    resent = true
                    continue
                }
                throw failure
            }
            resent = false
            guard let next = Self.redirect(of: request, by: response) else {
                return ServiceStream(httpResponse: try Self.httpResponse(response, url: request.url),
                                     chunks: Self.chunks(of: response, url: label))
            }
            redirects += 1
            guard redirects <= options.maxRedirects else {
                throw ServiceClientError.tooManyRedirects(url: label, count: options.maxRedirects)
            }
            // Read to its end, so that the connection goes back to the pool for the next request;
            // the body is not needed, so a connection closing under it is no failure.
            do {
                for try await _ in response.body {}
            } catch {}
            request = TransportOptions.redirect(from: request, to: next)
        }
    }

    /// AsyncHTTPClient's own deadline: a backstop behind the client's timeout (`timeoutInterval`
    /// is one second longer; a day for a stream).
    private static func backstop(_ seconds: TimeInterval) -> TimeAmount {
        .seconds(Int64(exactly: min(max(seconds, 1), 366 * 86_400).rounded(.up)) ?? 60)
    }
}
