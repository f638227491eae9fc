import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request and response filters (the client's, then ``JsonServiceClient/Global``'s), as the
/// last middleware of every chain: they see each request as it goes to the transport, after any
/// other middleware, and each response as the transport gave it — ServiceStack.Swift's hooks, kept
/// for its users; new code writes a ``ClientMiddleware``.
struct FilterHooks: ClientMiddleware {
    let requestFilter: (@Sendable (inout URLRequest) -> Void)?
    let responseFilter: (@Sendable (HTTPURLResponse) -> Void)?

    func intercept(_ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
        -> ServiceStream
    {
        let global = JsonServiceClient.Global.requestFilter
        guard requestFilter != nil || global != nil else { return try await respond(to: request, next: next) }
        // The filters see the request as a `URLRequest` (ServiceStack.Swift's type); a body that is a
        // file or a stream stays as it was unless a filter sets one of its own.
        var filtered = request.urlRequest
        requestFilter?(&filtered)
        global?(&filtered)
        var changed = try OutgoingRequest(filtered)
        if filtered.httpBody == nil, request.httpBody == nil { changed.body = request.body }
        return try await respond(to: changed, next: next)
    }

    private func respond(to request: OutgoingRequest, next: MiddlewareNext) async throws -> ServiceStream {
        let response = try await next(request)
        responseFilter?(response.httpResponse)
        JsonServiceClient.Global.responseFilter?(response.httpResponse)
        return response
    }
}
