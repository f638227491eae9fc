// Code as users wrote it against main before 2.0.0 (commit 8e7428b): per-call options, today's
// middleware and transport forms. Nothing of it is in 1.0.0, so the API check cannot guard it; this does.
import DTOKit
import DTOKitClient
import DTOKitMiddleware
import DTOs
import Foundation

/// A pull to refresh past the cache, with a longer timeout and a header of its own.
public func refresh(_ client: JsonServiceClient) async throws -> HelloResponse {
    let options = CallOptions(cachePolicy: .reload, timeout: 120, headers: ["X-Refresh": "1"], allowsRetry: false)
    return try await client.with(options).getAsync(Hello())
}

/// Signs every request; the request value reads as URLRequest's.
public struct SigningMiddleware: ClientMiddleware {
    public init() {}
    public func intercept(
        _ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext
    ) async throws -> ServiceStream {
        var request = request
        request.setValue("sig-\(request.url.path.count)", forHTTPHeaderField: "X-Signature")
        if context.options.cachePolicy == .onlyIfCached { request.setValue("1", forHTTPHeaderField: "X-Offline") }
        return try await next(request)
    }
}

/// A transport that answers every request with an empty `HelloResponse`, reading the body as it goes.
public struct EchoTransport: HTTPTransport {
    public init() {}
    public func send(_ request: OutgoingRequest, options: TransportOptions) async throws -> ServiceStream {
        var length = 0
        for try await chunk in request.body?.chunks() ?? OutgoingBody.bytes(Data()).chunks() { length += chunk.count }
        let course = ExchangeCourse(request, options: options)
        _ = course.redirects
        let response = HelloResponse()
        response.result = "\(request.method.rawValue) \(length)"
        return try .json(response)
    }
}

/// The client as such an app sets it up.
public func makeClient() -> JsonServiceClient {
    let client = JsonServiceClient(baseUrl: "http://fixture.invalid", transport: EchoTransport())
    client.middleware = [SigningMiddleware(), RetryMiddleware(maxRetryAfter: 5), HTTPCache(), LoggingMiddleware()]
    return client
}
