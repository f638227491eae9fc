import Foundation

/// The client's timeout, the same over every transport: an exchange that has not finished within
/// its time is cancelled (its transport stops the request) and fails with
/// ``ServiceClientError/timedOut(url:timeout:)`` — a server that answers slowly, or drips its body,
/// cannot hold a call longer than that.
enum Deadline {
    /// Runs `operation`, failing it with `timedOut` after `seconds` (none when not positive and
    /// finite); cancelling the calling task cancels it.
    static func run<T: Sendable>(seconds: TimeInterval, url: String,
                                 _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        guard seconds > 0, seconds.isFinite else { return try await operation() }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                do {
                    try await Task.sleep(nanoseconds: nanoseconds(seconds))
                } catch {
                    return nil   // cancelled: the operation ended first, or the caller was cancelled
                }
                throw ServiceClientError.timedOut(url: url, timeout: seconds)
            }
            defer { group.cancelAll() }
            while let result = try await group.next() {
                if let result { return result }
            }
            throw ServiceClientError.cancelled(url: url)   // not reached: the operation returns or throws
        }
    }

    /// `seconds` in nanoseconds, at most a year's (a longer wait is no wait at all; no overflow).
    private static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        UInt64(min(seconds, 365 * 86_400) * 1_000_000_000)
    }
}
