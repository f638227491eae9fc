import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// DTOKit 1.0's middleware took a `URLRequest`: `intercept(_ request: URLRequest, context:next:)`, calling
// `next(request)` with one. Such a middleware still builds — with a warning on its conformance, which
// the `OutgoingRequest` form's default below satisfies — and still works: the default hands it the
// request as a `URLRequest` (its body when the body is bytes), and what it passes to `next` goes on
// with the original body when it holds none (a file or a stream a `URLRequest` cannot hold), as does
// a `URLRequest` any middleware passes to `next`.

extension ClientMiddleware {
    /// Runs a middleware that implements only DTOKit 1.0's `URLRequest` form.
    @available(
        *, deprecated,
        message: "implement intercept(_: OutgoingRequest, context:next:); its request reads as URLRequest's"
    )
    public func intercept(
        _ request: OutgoingRequest, context: MiddlewareContext,
        next: MiddlewareNext
    ) async throws -> ServiceStream {
        try await intercept(request.urlRequest, context: context, next: next)
    }

    /// The request of DTOKit 1.0's form as an `OutgoingRequest`, for the middleware's own form.
    public func intercept(
        _ request: URLRequest, context: MiddlewareContext,
        next: MiddlewareNext
    ) async throws -> ServiceStream {
        try await LegacyForms.bridge(from: Self.self, url: request.url) {
            try await intercept(OutgoingRequest(request), context: context, next: next)
        }
    }
}

extension MiddlewareNext {
    /// Sends a `URLRequest` on, as a middleware of DTOKit 1.0 does (`next(request)`): with the body of
    /// the request the middleware was given when it holds none (a file or a stream, which a `URLRequest`
    /// cannot hold).
    @available(*, deprecated, message: "pass the OutgoingRequest a middleware's intercept(_:context:next:) gets")
    public func callAsFunction(_ request: URLRequest) async throws -> ServiceStream {
        var outgoing = try OutgoingRequest(request)
        if outgoing.body == nil, originalBody?.data == nil { outgoing.body = originalBody }
        return try await self(outgoing)
    }
}

/// The forms of DTOKit 1.0 each requirement keeps beside its current one, each with a default that
/// calls the other: a type that implements neither would go round for ever. A task-local count of
/// the bridges under way ends that with an error.
enum LegacyForms {
    @TaskLocal private static var depth = 0

    /// Runs `body`, an old form's default calling the new form, unless that has gone round already.
    static func bridge<T>(from type: Any.Type, url: URL?, _ body: () async throws -> T) async throws -> T {
        guard depth < 8 else {
            throw ServiceClientError.invalidRequest(
                url: url.map(ServiceClientError.label(for:)) ?? "?",
                reason: "\(type) implements neither the OutgoingRequest form of its protocol's requirement nor "
                    + "DTOKit 1.0's URLRequest form")
        }
        return try await $depth.withValue(depth + 1) { try await body() }
    }
}
