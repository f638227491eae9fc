import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The typed API of a ServiceStack client, built on one primitive: send a ``ServiceCall``, get a
/// ``ServiceResponse`` (the body bytes and the HTTP response) back.
///
/// ``JsonServiceClient`` implements the primitive over HTTP. Every method family comes from
/// extensions of this protocol, so a test double implements only ``execute(_:)`` and gets them all:
///
/// ```swift
/// struct MockClient: ServiceClient {
///     func execute(_ call: ServiceCall) throws -> ServiceResponse {
///         guard call.request is GetTechnology else { throw WebServiceException(statusCode: 404) }
///         return try .json(GetTechnologyResponse())
///     }
/// }
/// ```
///
/// The families — `get`, `post`, `put`, `delete`, `patch`, `send` with request DTOs or URLs, the
/// uploads, `getData` and `send(intoResponse:request:)` — each come blocking (`throws`) and
/// `…Async` (`async throws`, with `sending` results the caller may hand to any actor).
///
/// HTTP errors are thrown as ``WebServiceException``, other failures as ``ServiceClientError``.
public protocol ServiceClient: Sendable {
    /// Sends `call`, blocking the calling thread, and returns the successful response.
    ///
    /// Like every blocking family it is unavailable from async code (a warning in Swift 5 mode, an
    /// error in Swift 6 mode): a blocked thread of the cooperative pool holds up other tasks.
    ///
    /// - Throws: ``WebServiceException`` for a status of 400 or more, ``ServiceClientError`` when
    ///   there is no usable response.
    @available(*, noasync, message: "blocks the calling thread until the response arrives; call the …Async form")
    func execute(_ call: ServiceCall) throws -> ServiceResponse

    /// Sends `call`, suspending until the response arrives.
    ///
    /// The default implementation runs ``execute(_:)``: enough for a mock that answers at once,
    /// but a client that does real I/O should suspend instead of blocking the task's thread.
    func executeAsync(_ call: ServiceCall) async throws -> ServiceResponse

    /// The cookies the client would send to its base URL, by name (none by default).
    func getCookies() -> [String: String]

    /// Sends `call` and returns once the response's headers arrive, with its body as it arrives:
    /// for responses that last, such as Server Events (`ServerEventsClient`, in DTOKitServerEvents).
    ///
    /// The default implementation runs ``executeAsync(_:)`` and hands the whole body on at once, so
    /// a mock that answers `execute` with an event-stream body serves a `ServerEventsClient` too.
    func stream(_ call: ServiceCall) async throws -> ServiceStream
}

extension ServiceClient {
    public func executeAsync(_ call: ServiceCall) async throws -> ServiceResponse {
        try executeAnswering(call)
    }

    /// ``execute(_:)`` for the default ``executeAsync(_:)``: a mock's `execute` answers at once, so
    /// running it inside a task blocks nothing (a synchronous step, so that `noasync` allows it).
    private func executeAnswering(_ call: ServiceCall) throws -> ServiceResponse {
        try execute(call)
    }

    public func getCookies() -> [String: String] { [:] }

    public func stream(_ call: ServiceCall) async throws -> ServiceStream {
        let response = try await executeAsync(call)
        let body = response.data
        return ServiceStream(httpResponse: response.httpResponse, chunks: AsyncThrowingStream { continuation in
            continuation.yield(body)
            continuation.finish()
        })
    }

    /// The JWT the server set as the `ss-tok` cookie, if any.
    public func getTokenCookie() -> String? { getCookies()["ss-tok"] }

    /// The refresh token the server set as the `ss-reftok` cookie, if any.
    public func getRefreshTokenCookie() -> String? { getCookies()["ss-reftok"] }

    /// Executes `call` and decodes its body as `type` (see ``ServiceResponse/decode(_:)``).
    @available(*, noasync, message: "blocks the calling thread until the response arrives; call the …Async form")
    func fetch<R: JsonConvertible>(_ call: ServiceCall, as type: R.Type) throws -> R {
        try execute(call).decode(R.self)
    }

    /// Async ``fetch(_:as:)``; the decoded value is new, so the caller may send it anywhere.
    func fetchAsync<R: JsonConvertible>(_ call: ServiceCall, as type: R.Type) async throws -> sending R {
        try await executeAsync(call).decode(R.self)
    }
}
