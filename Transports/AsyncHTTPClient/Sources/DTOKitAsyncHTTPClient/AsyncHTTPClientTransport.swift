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

    /// Sends the request, following redirects and sending it again as ``ExchangeCourse`` says.
    public func send(_ request: OutgoingRequest, options: TransportOptions) async throws -> ServiceStream {
        var course = ExchangeCourse(request, options: options)
        while true {
            let request = course.request
            let label = ServiceClientError.label(for: request.url)
            if Task.isCancelled { throw ServiceClientError.cancelled(url: label) }
            let response: HTTPClientResponse
            do {
                response = try await client.execute(
                    try await Self.clientRequest(request, options: options),
                    timeout: Self.backstop)
            } catch {
                let failure = Self.failure(error, url: label, receivedBytes: 0, timeout: request.timeoutInterval)
                // SwiftNIO fails a write to a channel already closed (a pooled connection the server
                // had closed without saying `Connection: close`) with this error, having written nothing.
                let nothingWritten = (error as? ChannelError) == .ioOnClosedChannel
                guard case .send = course.failed(failure, nothingWritten: nothingWritten) else { throw failure }
                continue
            }
            let headers = try Self.httpResponse(response, url: request.url)
            switch course.received(headers) {
            case .deliver:
                return ServiceStream(httpResponse: headers, chunks: Self.chunks(of: response, url: label))
            case .fail(let failure):
                throw failure
            case .send:
                // A redirect: its body read to its end, so that the connection goes back to the pool
                // for the next request; the body is not needed, so a connection closing under it is
                // no failure.
                do {
                    for try await _ in response.body {}
                } catch {}
            }
        }
    }

    /// AsyncHTTPClient's own deadline, a backstop only: the client's clock bounds every call (its idle
    /// timeout from the last bytes that went out or came in, its call timeout from its start). A
    /// deadline counted from the request's start, such as the request's `timeoutInterval`, would end
    /// an upload that takes longer while its bytes still flow.
    private static let backstop = TimeAmount.hours(24)
}
