import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The typed API of a ServiceStack client, built on one async primitive: perform a ``ServiceCall``,
/// get its response (a ``ServiceStream``: the HTTP response and its body) back.
///
/// ``JsonServiceClient`` performs calls over HTTP. Every method family comes from extensions of
/// this protocol, so a test double implements only ``perform(_:)`` and gets them all:
///
/// ```swift
/// struct MockClient: ServiceClient {
///     func perform(_ call: ServiceCall) async throws -> ServiceStream {
///         guard call.request is GetTechnology else { throw WebServiceException(statusCode: 404) }
///         return try .json(GetTechnologyResponse())
///     }
/// }
/// ```
///
/// The families — `get`, `post`, `put`, `delete`, `patch`, `send` with request DTOs or URLs, the
/// uploads, batches, `getData` and `send(intoResponse:request:)` — each come `…Async`
/// (`async throws`, with `sending` results the caller may hand to any actor) and blocking
/// (`throws`, for ServiceStack.Swift's users: the async form run on a task while the thread waits,
/// through one bridge; unavailable from async code).
///
/// HTTP errors are thrown as ``WebServiceException``, other failures as ``ServiceClientError``.
public protocol ServiceClient: Sendable {
    /// Performs `call` and returns its successful response (status below 400).
    ///
    /// The body is complete when it returns, unless the call asks for it as it arrives
    /// (``ServiceCall/streamsResponseBody``, as ``ServiceClient/stream(_:)`` does): ``JsonServiceClient``
    /// collects it within its timeout and up to its `maxResponseSize`.
    ///
    /// - Throws: ``WebServiceException`` for a status of 400 or more, ``ServiceClientError`` when
    ///   there is no usable response.
    func perform(_ call: ServiceCall) async throws -> ServiceStream

    /// The error to throw for `error`, which a family met after ``perform(_:)`` returned (decoding
    /// the body). ``JsonServiceClient`` removes secrets and calls its error hooks, as for its own
    /// errors; the default returns `error`.
    func report(_ error: any Error) -> any Error

    /// The cookies the client would send to its base URL, by name (none by default).
    func getCookies() -> [String: String]
}

extension ServiceClient {
    public func report(_ error: any Error) -> any Error { error }

    public func getCookies() -> [String: String] { [:] }

    /// Performs `call` and returns the whole response.
    public func executeAsync(_ call: ServiceCall) async throws -> ServiceResponse {
        var call = call
        call.streamsResponseBody = false
        return try await perform(call).collected()
    }

    /// ``executeAsync(_:)``, blocking the calling thread, as every blocking family does. The call's
    /// work runs on the waiting thread itself, so a blocking call returns from any thread — inside a
    /// task too, however many wait at once — and cancelling the task it runs in cancels it.
    /// Unavailable from async code all the same (a warning in Swift 5 mode, an error in Swift 6 mode,
    /// with the `…Async` form as the fix-it): a thread of Swift's pool that waits holds up every other
    /// task. Work that needs the blocked thread's actor (a main-actor hook, when the main thread
    /// blocks) cannot run until the call times out.
    @available(
        *, noasync, renamed: "executeAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func execute(_ call: ServiceCall) throws -> ServiceResponse {
        try BlockingCall.wait(for: self) { try await executeAsync(call) }
    }

    /// Performs `call` and returns once the response's headers arrive, with its body as it arrives:
    /// for responses that last, such as Server Events (`ServerEventsClient`, in DTOKitServerEvents).
    public func stream(_ call: ServiceCall) async throws -> ServiceStream {
        var call = call
        call.streamsResponseBody = true
        return try await perform(call)
    }

    /// The JWT the server set as the `ss-tok` cookie, if any.
    public func getTokenCookie() -> String? { getCookies()["ss-tok"] }

    /// The refresh token the server set as the `ss-reftok` cookie, if any.
    public func getRefreshTokenCookie() -> String? { getCookies()["ss-reftok"] }

    /// Executes `call` and decodes its body as `type` (see ``ServiceResponse/decode(_:)``).
    @available(
        *, noasync, renamed: "fetchAsync(_:as:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    func fetch<R: JsonConvertible>(_ call: ServiceCall, as type: R.Type) throws -> R {
        try BlockingCall.wait(for: self) { try await fetchAsync(call, as: R.self) }
    }

    /// Async ``fetch(_:as:)``; the decoded value is new, so the caller may send it anywhere.
    func fetchAsync<R: JsonConvertible>(_ call: ServiceCall, as type: R.Type) async throws -> sending R {
        let response = try await executeAsync(call)
        do {
            return try response.decode(R.self)
        } catch {
            throw report(error)
        }
    }
}
