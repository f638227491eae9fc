import DTOKit
import Foundation

/// The client's timeouts, the same over every transport: a call whose ``CallClock`` runs out fails with
/// ``ServiceClientError/timedOut(url:timeout:)`` and its work is cancelled (its transport stops the
/// request) — a server that answers slowly, or stops in the middle of a body, cannot hold a call longer
/// than that, and neither can a middleware or hook that does not stop when cancelled: the caller goes
/// on at once, whatever the cancelled work still does.
enum Deadline {
    /// Runs `operation` within `clock`'s limits; cancelling the calling task cancels it and fails it
    /// with `cancelled` at once (and a task cancelled already does not start it).
    static func run<T: Sendable>(
        clock: CallClock, url: URL,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        // A cancelled task's work does not start: not even its middleware sees it.
        if Task.isCancelled { throw ServiceClientError.cancelled(url: ServiceClientError.label(for: url)) }
        guard clock.expiry != nil else { return try await operation() }
        let race = Race<T>()
        let work = BlockingCall.startTask {
            do {
                race.finish(.success(try await operation()))
            } catch {
                race.finish(.failure(error))
            }
        }
        let timer = Timer(clock: clock) {
            if race.finish(.failure(ServiceClientError.timedOut(url: ServiceClientError.label(for: url), timeout: $0)))
            {
                work.cancel()
            }
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { race.wait(with: $0) }
        } onCancel: {
            race.finish(.failure(ServiceClientError.cancelled(url: ServiceClientError.label(for: url))))
            work.cancel()
        }
    }

    /// The timer of one run: armed for the clock's expiry, and when it fires before it (the call made
    /// progress meanwhile), armed again for the new one.
    private final class Timer: Sendable {
        private let state = Locked<(token: Timeouts.Token?, cancelled: Bool)>((nil, false))
        private let clock: CallClock
        private let expired: @Sendable (TimeInterval) -> Void

        init(clock: CallClock, expired: @escaping @Sendable (TimeInterval) -> Void) {
            self.clock = clock
            self.expired = expired
            arm()
        }

        func cancel() {
            let token = state.withLock { state -> Timeouts.Token? in
                state.cancelled = true
                return state.token
            }
            token.map(Timeouts.shared.cancel)
        }

        private func arm() {
            guard let expiry = clock.expiry else { return }
            state.withLock { state in
                guard !state.cancelled else { return }
                state.token = Timeouts.shared.schedule(at: expiry.at) { [self] in fire() }
            }
        }

        private func fire() {
            if let limit = clock.expiredLimit {
                expired(limit)
            } else {
                arm()
            }
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
