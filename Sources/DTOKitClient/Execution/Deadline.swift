import DTOKit
import Foundation

/// The client's timeout, the same over every transport: an exchange that has not finished within
/// its time fails with ``ServiceClientError/timedOut(url:timeout:)`` and is cancelled (its transport
/// stops the request) — a server that answers slowly, or drips its body, cannot hold a call longer
/// than that, and neither can a middleware or hook that does not stop when cancelled: the caller
/// goes on at once, whatever the cancelled work still does.
enum Deadline {
    /// Runs `operation`, failing it with `timedOut` after `seconds` (none when not positive and
    /// finite); cancelling the calling task cancels it and fails it with `cancelled` at once (and a
    /// task cancelled already does not start it).
    static func run<T: Sendable>(
        seconds: TimeInterval, url: URL,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        // A cancelled task's exchange does not start: not even its middleware sees it.
        if Task.isCancelled { throw ServiceClientError.cancelled(url: ServiceClientError.label(for: url)) }
        guard seconds > 0, seconds.isFinite else { return try await operation() }
        let race = Race<T>()
        let work = BlockingCall.startTask {
            do {
                race.finish(.success(try await operation()))
            } catch {
                race.finish(.failure(error))
            }
        }
        let timeout = Timeouts.shared.schedule(after: seconds) {
            if race.finish(
                .failure(ServiceClientError.timedOut(url: ServiceClientError.label(for: url), timeout: seconds)))
            {
                work.cancel()
            }
        }
        defer { Timeouts.shared.cancel(timeout) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { race.wait(with: $0) }
        } onCancel: {
            race.finish(.failure(ServiceClientError.cancelled(url: ServiceClientError.label(for: url))))
            work.cancel()
        }
    }

    /// The first outcome of the operation, the timer and the caller's cancellation; the others are
    /// dropped.
    private final class Race<T: Sendable>: Sendable {
        private struct State {
            var waiting: CheckedContinuation<T, any Error>?
            var outcome: Result<T, any Error>?
            var finished = false
        }

        private let state = Locked(State())

        /// Resumes `continuation` with the outcome, now or when it comes.
        func wait(with continuation: CheckedContinuation<T, any Error>) {
            let outcome = state.withLock { state -> Result<T, any Error>? in
                guard let outcome = state.outcome else {
                    state.waiting = continuation
                    return nil
                }
                return outcome
            }
            outcome.map { continuation.resume(with: $0) }
        }

        /// Records `outcome` if it is the first; returns whether it was.
        @discardableResult
        func finish(_ outcome: Result<T, any Error>) -> Bool {
            let (first, waiting) = state.withLock { state -> (Bool, CheckedContinuation<T, any Error>?) in
                guard !state.finished else { return (false, nil) }
                state.finished = true
                state.outcome = outcome
                let waiting = state.waiting
                state.waiting = nil
                return (true, waiting)
            }
            waiting?.resume(with: outcome)
            return first
        }
    }
}
