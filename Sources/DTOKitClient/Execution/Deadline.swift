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
        let race = Race<T>(clock: clock, url: url)
        let work = BlockingCall.startTask {
            do {
                race.finish(.success(try await operation()))
            } catch {
                race.finish(.failure(error))
            }
        }
        race.arm(cancelling: work)
        defer { race.disarm() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { race.wait(with: $0) }
        } onCancel: {
            if race.finish(.failure(ServiceClientError.cancelled(url: race.label))) { work.cancel() }
        }
    }

    /// One run: the first outcome of the operation, the clock running out and the caller's
    /// cancellation (the others are dropped), and the timer armed for the clock's expiry — armed again,
    /// when it fires before it, for the new one (the call made progress meanwhile). One object, one
    /// lock: a call makes one.
    private final class Race<T: Sendable>: Sendable {
        private struct State {
            var waiting: CheckedContinuation<T, any Error>?
            var outcome: Result<T, any Error>?
            var finished = false
            /// The operation's task, which the clock running out cancels.
            var work: Task<Void, any Error>?
            var timer: Timeouts.Token?
            var disarmed = false
        }

        private let state = Locked(State())
        private let clock: CallClock
        private let url: URL

        init(clock: CallClock, url: URL) {
            self.clock = clock
            self.url = url
        }

        /// The URL as errors name it (made only for an error).
        var label: String { ServiceClientError.label(for: url) }

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

        /// Arms the timer for the clock's expiry; when it runs out first, the run fails with `timedOut`
        /// and `work` is cancelled.
        func arm(cancelling work: Task<Void, any Error>) {
            arm(storing: work)
        }

        /// Stops the timer: the run is over.
        func disarm() {
            let timer = state.withLock { state -> Timeouts.Token? in
                state.disarmed = true
                return state.timer
            }
            timer.map(Timeouts.shared.cancel)
        }

        /// Arms the timer for the clock's expiry now (storing `work` first, under the same lock).
        private func arm(storing work: Task<Void, any Error>? = nil) {
            let expiry = clock.expiry
            state.withLock { state in
                if let work { state.work = work }
                guard let expiry, !state.disarmed else { return }
                state.timer = Timeouts.shared.schedule(at: expiry.at) { [self] in fire() }
            }
        }

        private func fire() {
            guard let limit = clock.expiredLimit else { return arm() }
            if finish(.failure(ServiceClientError.timedOut(url: label, timeout: limit))) {
                state.withLock { $0.work }?.cancel()
            }
        }
    }
}
