import DTOKit
import DTOKitClient
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sees every error response (status 400 or more) before the client throws it, and may answer
/// the call with another response instead: C#'s `ExceptionFilter`.
///
/// ```swift
/// // A missing technology reads as an empty one, not an error.
/// client.middleware.append(ErrorResponseMiddleware { response, context in
///     guard response.statusCode == 404, context.requestTypeName == "GetTechnology" else { return nil }
///     return try .json(GetTechnologyResponse())
/// })
/// ```
///
/// `substitute` gets the error response with its body read (up to 1 MiB) and returns the response to
/// use, or nil to let the error be thrown as usual. A substituted response is decoded as the call's
/// response type; its status should be below 400.
public struct ErrorResponseMiddleware: ClientMiddleware {
    public typealias Substitute = @Sendable (ServiceResponse, MiddlewareContext) async throws -> ServiceResponse?

    /// Decides what replaces an error response.
    public var substitute: Substitute

    public init(_ substitute: @escaping Substitute) {
        self.substitute = substitute
    }

    public func intercept(
        _ request: OutgoingRequest, context: MiddlewareContext,
        next: MiddlewareNext
    ) async throws -> ServiceStream {
        let response = try await next(request)
        guard response.statusCode >= 400 else { return response }
        let received = ServiceResponse(
            data: try await response.collect(limit: 1024 * 1024, truncating: true),
            httpResponse: response.httpResponse)
        return ServiceStream(try await substitute(received, context) ?? received)
    }
}
