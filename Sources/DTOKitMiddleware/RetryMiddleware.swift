import DTOKit
import DTOKitClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends an idempotent request again when the server is briefly unavailable or the connection
/// failed, waiting longer each time: capped exponential back-off with full jitter.
///
/// Only idempotent requests are retried (GET, HEAD, OPTIONS, TRACE, PUT, DELETE; never a POST or a
/// batch, which the server may have run in part). A response with a status in ``statuses``
/// (default 408, 429, 502, 503, 504) or a failure that may pass (``/DTOKitClient/ServiceClientError/isTransient``:
/// refused or lost connections, other network failures — never App Transport Security, TLS or an
/// invalid URL, which no retry cures) is retried, up
/// to ``maxRetries`` times; the last answer is the call's. The wait before retry `n` (from 1) is a
/// random time up to `min(maxDelay, baseDelay × 2ⁿ⁻¹)`, or the server's `Retry-After` seconds when
/// it gives them and they are no more than `maxDelay`. The client's timeout bounds the attempt with
/// its retries, waits included; cancelling the task ends the wait.
public struct RetryMiddleware: ClientMiddleware {
    /// How many times a request is sent again at most.
    public var maxRetries: Int
    /// The first wait's upper bound, in seconds.
    public var baseDelay: TimeInterval
    /// The longest wait, in seconds.
    public var maxDelay: TimeInterval
    /// The response statuses that are retried.
    public var statuses: Set<Int>

    public init(maxRetries: Int = 2, baseDelay: TimeInterval = 0.25, maxDelay: TimeInterval = 8,
                statuses: Set<Int> = [408, 429, 502, 503, 504]) {
        self.maxRetries = maxRetries
        // NaN is no wait; waits are between nothing and an hour.
        self.baseDelay = baseDelay.isNaN ? 0 : min(max(0, baseDelay), 3_600)
        self.maxDelay = maxDelay.isNaN ? 0 : min(max(0, maxDelay), 3_600)
        self.statuses = statuses
    }

    public func intercept(_ request: URLRequest, context: MiddlewareContext,
                          next: MiddlewareNext) async throws -> ServiceStream {
        guard context.isIdempotent else { return try await next(request) }
        var retry = 0
        while true {
            retry += 1
            let retryAfter: TimeInterval?
            do {
                let response = try await next(request)
                guard retry <= maxRetries, statuses.contains(response.statusCode) else { return response }
                retryAfter = response.httpResponse.value(forHTTPHeaderField: "Retry-After").flatMap(TimeInterval.init)
            } catch let error as ServiceClientError where retry <= maxRetries && error.isTransient {
                retryAfter = nil
            }
            // The unread body of the answer given up on is dropped: its connection closes.
            let wait = retryAfter.flatMap { $0 >= 0 && $0 <= maxDelay ? $0 : nil }
                ?? Self.delay(beforeRetry: retry, baseDelay: baseDelay, maxDelay: maxDelay)
            do {
                // NaN compares false both ways: no wait.
                let seconds = wait > 3_600 ? 3_600 : wait > 0 ? wait : 0
                try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            } catch {
                throw ServiceClientError.cancelled(url: ServiceClientError.label(for: request.url))
            }
        }
    }

    /// The wait before retry `retry` (from 1): random up to `min(maxDelay, baseDelay × 2^(retry-1))`.
    static func delay(beforeRetry retry: Int, baseDelay: TimeInterval, maxDelay: TimeInterval,
                      random: (ClosedRange<Double>) -> Double = { Double.random(in: $0) }) -> TimeInterval {
        let exponential = baseDelay * pow(2, Double(min(max(retry, 1), 62) - 1))
        guard exponential > 0, maxDelay > 0 else { return 0 }   // NaN compares false: no wait
        let cap = min(maxDelay, exponential)
        return cap.isFinite ? random(0 ... cap) : 0
    }
}
