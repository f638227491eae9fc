import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A step between a client and its transport that sees every request and its response: logging,
/// retries, caching, substituting error responses, signing… (``JsonServiceClient/middleware``).
///
/// A middleware gets the request the client built (route, body, headers, credentials, cookies, the
/// request filters applied) and calls `next` to pass it on — changed, as it is, several times, or
/// not at all — and returns a response: `next`'s, or one of its own.
///
/// ```swift
/// nonisolated struct UserAgent: ClientMiddleware {   // nonisolated: in a MainActor-by-default target
///     func intercept(_ request: OutgoingRequest, context: MiddlewareContext,
///                    next: MiddlewareNext) async throws -> ServiceStream {
///         var request = request
///         request.setValue("MyApp/1.0", forHTTPHeaderField: "User-Agent")
///         return try await next(request)
///     }
/// }
/// client.middleware = [UserAgent(), RetryMiddleware(), LoggingMiddleware()]
/// ```
///
/// The response's body may still be arriving: read it (``ServiceStream/collected()``) only when the
/// middleware needs it, and hand on a ``ServiceStream`` made from what it read. Every exchange of a
/// call goes through the chain: a retry after a 401, the `GetAccessToken` request that refreshes a
/// token. The client's timeout bounds each exchange with everything its middleware does; a
/// middleware should stop when its task is cancelled (the client goes on without it either way).
public protocol ClientMiddleware: Sendable {
    func intercept(
        _ request: OutgoingRequest, context: MiddlewareContext,
        next: MiddlewareNext
    ) async throws -> ServiceStream

    /// DTOKit 1.0's form, with the request as a `URLRequest`: a middleware written for it still builds
    /// and works, through a bridge (see `ClientMiddleware+URLRequest.swift`); implement the
    /// `OutgoingRequest` form instead.
    @available(*, deprecated, message: "implement intercept(_: OutgoingRequest, context:next:)")
    func intercept(
        _ request: URLRequest, context: MiddlewareContext,
        next: MiddlewareNext
    ) async throws -> ServiceStream
}

/// What comes after a middleware: the next middleware, or the transport. Call it with a request:
/// `try await next(request)`.
///
/// A type rather than a closure parameter, so that a middleware's `intercept` matches the protocol
/// whatever its module's concurrency settings (a closure parameter's type changes with Swift 6.2's
/// `NonisolatedNonsendingByDefault`, on in new Xcode 26 app targets, and would then no longer match).
public struct MiddlewareNext: Sendable {
    private let send: @Sendable (OutgoingRequest) async throws -> ServiceStream
    /// The body of the request the middleware was given: a `URLRequest` it passes on (DTOKit 1.0's
    /// form) cannot hold a file or a stream, and goes on with this one when it holds no body.
    var originalBody: OutgoingBody?

    init(_ send: @escaping @Sendable (OutgoingRequest) async throws -> ServiceStream) {
        self.send = send
    }

    /// Sends `request` on, and returns its response.
    public func callAsFunction(_ request: OutgoingRequest) async throws -> ServiceStream {
        try await send(request)
    }
}

/// What a middleware knows of the call a request belongs to.
public struct MiddlewareContext: Sendable {
    /// The request's method.
    public var method: HTTPMethod
    /// The request DTO's type name (the first one's, for a batch); nil for a call to a URL.
    public var requestTypeName: String?
    /// An auto-batched call: the server runs its requests one by one, and may have run some when it fails.
    public var isBatch: Bool
    /// The response's body is handed on as it arrives, for as long as it lasts (Server Events).
    public var streamsResponseBody: Bool
    /// The call's own settings (``ServiceClient/with(_:)``): `HTTPCache` reads its cache policy,
    /// `RetryMiddleware` whether it may retry.
    public var options: CallOptions
    /// The clock of the call the request belongs to, when a client with timeouts sends it.
    var clock: CallClock?

    /// Seconds the call has left before it times out if nothing progresses (its idle timeout, or the
    /// end of its ``CallOptions/callTimeout``, whichever is sooner); nil when it has no limit. A
    /// middleware that waits (`RetryMiddleware`, before a retry) waits no longer than this.
    public var timeRemaining: TimeInterval? { clock?.timeRemaining }

    public init(
        method: HTTPMethod, requestTypeName: String? = nil, isBatch: Bool = false, streamsResponseBody: Bool = false,
        options: CallOptions = CallOptions()
    ) {
        self.method = method
        self.requestTypeName = requestTypeName
        self.isBatch = isBatch
        self.streamsResponseBody = streamsResponseBody
        self.options = options
    }

    /// Whether sending the request twice has the effect of sending it once: an idempotent method
    /// (GET, HEAD, OPTIONS, TRACE, PUT, DELETE), not a batch.
    public var isIdempotent: Bool { method.isIdempotent && !isBatch }
}

extension Array where Element == any ClientMiddleware {
    /// Sends `request` through these middlewares in order (the first sees it first and the response
    /// last), then `transport`.
    func send(
        _ request: OutgoingRequest, context: MiddlewareContext,
        transport: @escaping @Sendable (OutgoingRequest) async throws -> ServiceStream
    ) async throws -> ServiceStream {
        var next = MiddlewareNext(transport)
        for middleware in reversed() {
            let inner = next
            next = MiddlewareNext { request in
                var inner = inner
                inner.originalBody = request.body
                return try await middleware.intercept(request, context: context, next: inner)
            }
        }
        return try await next(request)
    }
}
