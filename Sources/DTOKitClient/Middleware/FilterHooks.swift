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

    func intercept(_ request: URLRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
        -> ServiceStream
    {
        var request = request
        requestFilter?(&request)
        JsonServiceClient.Global.requestFilter?(&request)
        let response = try await next(request)
        responseFilter?(response.httpResponse)
        JsonServiceClient.Global.responseFilter?(response.httpResponse)
        return response
    }
}
