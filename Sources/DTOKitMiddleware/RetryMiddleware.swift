import DTOKit
import DTOKitClient
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends an idempotent request again when the server is briefly unavailable or the connection
/// failed, waiting longer each time: capped exponential back-off with full jitter.
///
/// ```swift
/// client.middleware = [RetryMiddleware(maxRetries: 3, baseDelay: 0.5, maxDelay: 10)]
/// ```
///
/// Only idempotent requests are retried (GET, HEAD, OPTIONS, TRACE, PUT, DELETE; never a POST or a
/// batch, which the server may have run in part), and not a call made with
/// `CallOptions(allowsRetry: false)` nor one that only a cache may answer
/// (`CallOptions(cachePolicy: .onlyIfCached)`: `HTTPCache`'s 504 is final, wherever it stands). A
/// response with a status in ``statuses`` (default 408, 429, 502, 503, 504) or a failure that may pass
/// (``/DTOKitClient/ServiceClientError/isTransient``: refused or lost connections, other network
/// failures — never App Transport Security, TLS or an invalid URL, which no retry cures) is retried, up
/// to ``maxRetries`` times; the last answer is the call's. The wait before retry `n` (from 1) is a
/// random time up to `min(maxDelay, baseDelay × 2ⁿ⁻¹)`, or the server's `Retry-After` when it gives one. A server that asks for more than
/// ``maxRetryAfter`` is not asked sooner: its response is the call's at once, and the error says
/// how long the server asked for (``/DTOKitClient/WebServiceException/retryAfter``). The call's
/// timeouts bound it with its retries, waits included: a wait that would not end before the call
/// times out (``/DTOKitClient/MiddlewareContext/timeRemaining``) is not begun, and the answer so far is
/// the call's — the 503 with its `retryAfter`, or the failure. Cancelling the task ends the wait.
public struct RetryMiddleware: ClientMiddleware {
    /// How many times a request is sent again at most.
    public var maxRetries: Int
    /// The first wait's upper bound, in seconds.
    public var baseDelay: TimeInterval
    /// The longest back-off wait, in seconds.
    public var maxDelay: TimeInterval
    /// The longest `Retry-After` waited for, in seconds (by default ``maxDelay``).
    public var maxRetryAfter: TimeInterval
    /// The response statuses that are retried.
    public var statuses: Set<Int>

    /// - Parameters:
    ///   - maxRetries: how many times a request is sent again at most (default 2).
    ///   - baseDelay: the first wait's upper bound, in seconds (default 0.25).
    ///   - maxDelay: the longest back-off wait, in seconds (default 8).
    ///   - maxRetryAfter: the longest `Retry-After` to wait for, in seconds; nil (the default) is
    ///     `maxDelay`. A longer one ends the retries at once.
    ///   - statuses: the response statuses that are retried (default 408, 429, 502, 503, 504).
    public init(
        maxRetries: Int = 2, baseDelay: TimeInterval = 0.25, maxDelay: TimeInterval = 8,
        maxRetryAfter: TimeInterval? = nil, statuses: Set<Int> = [408, 429, 502, 503, 504]
    ) {
        self.maxRetries = maxRetries
        // NaN is no wait; waits are between nothing and an hour.
        self.baseDelay = Self.bounded(baseDelay)
        self.maxDelay = Self.bounded(maxDelay)
        self.maxRetryAfter = Self.bounded(maxRetryAfter ?? maxDelay)
        self.statuses = statuses
    }

    /// DTOKit 1.0's initializer (before `maxRetryAfter:`), kept so that binaries built against it still
    /// link; calls written for it compile against the current one, which wins.
    @available(*, deprecated, renamed: "init(maxRetries:baseDelay:maxDelay:maxRetryAfter:statuses:)")
    @_disfavoredOverload
    public init(
        maxRetries: Int = 2, baseDelay: TimeInterval = 0.25, maxDelay: TimeInterval = 8,
        statuses: Set<Int> = [408, 429, 502, 503, 504]
    ) {
        self.init(
            maxRetries: maxRetries, baseDelay: baseDelay, maxDelay: maxDelay, maxRetryAfter: nil, statuses: statuses)
    }

    public func intercept(
        _ request: OutgoingRequest, context: MiddlewareContext,
        next: MiddlewareNext
    ) async throws -> ServiceStream {
        guard context.isIdempotent, context.options.allowsRetry != false, context.options.cachePolicy != .onlyIfCached
        else { return try await next(request) }
        var retry = 0
        while true {
            retry += 1
            let wait: TimeInterval
            do {
                let response = try await next(request)
                guard retry <= maxRetries, statuses.contains(response.statusCode) else { return response }
                let retryAfter = RetryAfter.seconds(in: response.httpResponse)
                // Never sooner than the server asked: a longer wait than allowed ends the retries.
                if let retryAfter, retryAfter > maxRetryAfter { return response }
                wait = retryAfter ?? Self.delay(beforeRetry: retry, baseDelay: baseDelay, maxDelay: maxDelay)
                if !Self.fits(wait, context) { return response }
            } catch let error as ServiceClientError where retry <= maxRetries && error.isTransient {
                wait = Self.delay(beforeRetry: retry, baseDelay: baseDelay, maxDelay: maxDelay)
                if !Self.fits(wait, context) { throw error }
            }
            // The unread body of the answer given up on is dropped: its connection closes.
            do {
                try await Task.sleep(nanoseconds: UInt64(Self.bounded(wait) * 1_000_000_000))
            } catch {
                throw ServiceClientError.cancelled(url: ServiceClientError.label(for: request.url))
            }
        }
    }

    /// Whether a wait of `seconds` ends before the call times out.
    private static func fits(_ seconds: TimeInterval, _ context: MiddlewareContext) -> Bool {
        context.timeRemaining.map { bounded(seconds) < $0 } ?? true
    }

    /// `seconds` between nothing and an hour (NaN: nothing).
    private static func bounded(_ seconds: TimeInterval) -> TimeInterval {
        seconds.isNaN ? 0 : min(max(0, seconds), 3_600)
    }

    /// The wait before retry `retry` (from 1): random up to `min(maxDelay, baseDelay × 2^(retry-1))`.
    static func delay(
        beforeRetry retry: Int, baseDelay: TimeInterval, maxDelay: TimeInterval,
        random: (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) -> TimeInterval {
        let exponential = baseDelay * pow(2, Double(min(max(retry, 1), 62) - 1))
        guard exponential > 0, maxDelay > 0 else { return 0 }  // NaN compares false: no wait
        let cap = min(maxDelay, exponential)
        return cap.isFinite ? random(0...cap) : 0
    }
}
