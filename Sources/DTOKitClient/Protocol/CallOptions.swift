import Foundation

/// Settings for one call, over the client's own, which stay the defaults: how the HTTP cache
/// answers, the timeout, extra headers, whether `RetryMiddleware` may send it again, and the
/// progress of this call's transfer.
///
/// Give them with ``ServiceClient/with(_:)``, which every family — async and blocking — takes them
/// from:
///
/// ```swift
/// // Pull to refresh: past the cache, to the server (the fresh response is cached again).
/// let fresh = try await client.with(CallOptions(cachePolicy: .reload)).getAsync(FindTechnologies())
///
/// // One upload that may take an hour in all, with its own progress.
/// let upload = client.with(CallOptions(callTimeout: 3_600, onUploadProgress: { sent, total in
///     print("\(sent) of \(total) bytes")
/// }))
/// ```
public struct CallOptions: Sendable {
    /// How `HTTPCache` (DTOKitMiddleware) answers a GET; without an `HTTPCache` it changes nothing.
    public enum CachePolicy: Sendable, Equatable {
        /// The cache's own rules: a fresh response answers, a stale one is revalidated (the default).
        case useCache
        /// The server answers, whatever the cache holds; its response is kept as usual.
        case reload
        /// Only the cache answers, fresh or stale; with nothing kept, the call fails with a 504
        /// (`WebServiceException`, error code `NotCached`), as HTTP's `only-if-cached` does.
        case onlyIfCached
    }

    /// How the cache answers; nil: ``CachePolicy/useCache``.
    public var cachePolicy: CachePolicy?
    /// Seconds the call may go without progress; nil: the client's ``JsonServiceClient/idleTimeout``.
    public var idleTimeout: TimeInterval?
    /// Seconds the whole call may take; nil: the client's ``JsonServiceClient/callTimeout``.
    public var callTimeout: TimeInterval?
    /// Headers sent with the call, over the client's ``JsonServiceClient/headers`` (a `URLRequest`
    /// you send keeps its own).
    public var headers: [String: String]
    /// Whether `RetryMiddleware` may send the call again; nil: its own rules.
    public var allowsRetry: Bool?
    /// The progress of the request's body going out (bytes sent, and the body's length); nil: the
    /// client's ``JsonServiceClient/onUploadProgress``.
    public var onUploadProgress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)?
    /// The progress of the response's body arriving (bytes received, and the announced length); nil:
    /// the client's ``JsonServiceClient/onDownloadProgress``.
    public var onDownloadProgress: (@Sendable (_ received: Int64, _ total: Int64?) -> Void)?

    public init(
        cachePolicy: CachePolicy? = nil, idleTimeout: TimeInterval? = nil, callTimeout: TimeInterval? = nil,
        headers: [String: String] = [:], allowsRetry: Bool? = nil,
        onUploadProgress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? = nil,
        onDownloadProgress: (@Sendable (_ received: Int64, _ total: Int64?) -> Void)? = nil
    ) {
        self.cachePolicy = cachePolicy
        self.idleTimeout = idleTimeout
        self.callTimeout = callTimeout
        self.headers = headers
        self.allowsRetry = allowsRetry
        self.onUploadProgress = onUploadProgress
        self.onDownloadProgress = onDownloadProgress
    }

    /// Options with `timeout` as both of the timeouts that replaced it (see
    /// ``JsonServiceClient/timeout``).
    @available(
        *, deprecated,
        renamed: "init(cachePolicy:idleTimeout:callTimeout:headers:allowsRetry:onUploadProgress:onDownloadProgress:)",
        message: "timeout is two settings now: idleTimeout and callTimeout"
    )
    @_disfavoredOverload
    public init(
        cachePolicy: CachePolicy? = nil, timeout: TimeInterval? = nil, headers: [String: String] = [:],
        allowsRetry: Bool? = nil,
        onUploadProgress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? = nil,
        onDownloadProgress: (@Sendable (_ received: Int64, _ total: Int64?) -> Void)? = nil
    ) {
        self.init(
            cachePolicy: cachePolicy, idleTimeout: timeout, callTimeout: timeout, headers: headers,
            allowsRetry: allowsRetry, onUploadProgress: onUploadProgress, onDownloadProgress: onDownloadProgress)
    }

    /// Both timeouts, as DTOKit 1's single one (see ``JsonServiceClient/timeout``); reading it gives the
    /// call's limit.
    @available(*, deprecated, message: "two settings now: idleTimeout and callTimeout")
    public var timeout: TimeInterval? {
        get { callTimeout }
        set { (idleTimeout, callTimeout) = (newValue, newValue) }
    }

    /// These options with what `other` sets on top (its headers added to these).
    public func merging(_ other: CallOptions) -> CallOptions {
        CallOptions(
            cachePolicy: other.cachePolicy ?? cachePolicy, idleTimeout: other.idleTimeout ?? idleTimeout,
            callTimeout: other.callTimeout ?? callTimeout,
            headers: headers.overridden(by: other.headers),
            allowsRetry: other.allowsRetry ?? allowsRetry,
            onUploadProgress: other.onUploadProgress ?? onUploadProgress,
            onDownloadProgress: other.onDownloadProgress ?? onDownloadProgress)
    }
}

extension ServiceClient {
    /// This client with `options` for every call made through it; the client itself is unchanged.
    /// Cheap to make, for one call or many: `client.with(options).getAsync(request)`.
    public func with(_ options: CallOptions) -> ServiceClientWithOptions<Self> {
        ServiceClientWithOptions(base: self, options: options)
    }
}

/// A client whose calls carry ``CallOptions``; see ``ServiceClient/with(_:)``.
public struct ServiceClientWithOptions<Base: ServiceClient>: ServiceClient {
    /// The client the calls go to.
    public let base: Base
    /// The options every call carries (a call's own, from a nested `with`, on top).
    public let options: CallOptions

    public func perform(_ call: ServiceCall) async throws -> ServiceStream {
        var call = call
        call.options = options.merging(call.options)
        return try await base.perform(call)
    }

    public func report(_ error: any Error) -> any Error { base.report(error) }

    public func getCookies() -> [String: String] { base.getCookies() }

    /// The same client with `more` on top of these options.
    public func with(_ more: CallOptions) -> ServiceClientWithOptions<Base> {
        ServiceClientWithOptions(base: base, options: options.merging(more))
    }
}

extension ServiceClientWithOptions: TimedClient {
    /// The base client's timeouts under these options; for a base without timeouts of its own (a test
    /// double), these options' over the default idle timeout.
    func callClock(options: CallOptions) -> CallClock {
        let merged = self.options.merging(options)
        if let timed = base as? any TimedClient { return timed.callClock(options: merged) }
        return CallClock(idle: merged.idleTimeout ?? CallClock.defaultIdleTimeout, total: merged.callTimeout)
    }
}

/// A client whose calls have timeouts: what a blocking call waits at most where the waiting thread
/// cannot run the call itself (``BlockingCall/wait(for:_:)``).
protocol TimedClient {
    /// A clock, started now, with the client's timeouts under `options`.
    func callClock(options: CallOptions) -> CallClock
}
