import DTOKit
import Foundation

/// The time one call may still take: its idle timeout, counted from its last sign of progress (its
/// start, bytes of the request going out, the response's headers, bytes of the response coming in),
/// and its own deadline, counted from its start. Whichever comes first ends the call with
/// ``ServiceClientError/timedOut(url:timeout:)`` (``Deadline``).
///
/// Everything the call runs is bounded by it, through a task-local: each exchange with its middleware,
/// the hooks between exchanges (`onAuthenticationRequired`), a retry's wait (which
/// ``MiddlewareContext/timeRemaining`` weighs), and a blocking call's wait where its thread cannot run
/// the call itself. A call made while another runs — the `GetAccessToken` of a token refresh, a call a
/// hook or a middleware makes — has a clock of its own under the outer call's: it ends at whichever
/// runs out first, and its progress is the outer call's too. Once the outer call has ended, its clock
/// bounds nothing (a task it started and left running makes calls of their own).
final class CallClock: Sendable {
    /// The clock of the call the current task runs, if any.
    @TaskLocal static var current: CallClock?

    /// Seconds without progress before the call times out; nil: no idle timeout.
    let idle: TimeInterval?
    /// Seconds the whole call may take; nil: no limit.
    let total: TimeInterval?
    /// The clock of the call this one runs within, if any.
    let outer: CallClock?
    private let start: UInt64
    private let state: Locked<(lastProgress: UInt64, ended: Bool)>

    /// A clock starting now, within `outer`'s. A limit that is not positive and finite (or over a year)
    /// is no limit.
    init(idle: TimeInterval?, total: TimeInterval?, within outer: CallClock? = nil) {
        self.idle = Self.limit(idle)
        self.total = Self.limit(total)
        self.outer = outer
        start = Self.now
        state = Locked((start, false))
    }

    /// Something arrived or went out: the idle timeout counts again from now, this call's and the
    /// calls' it runs within.
    func progress() {
        let now = Self.now
        state.withLock { $0.lastProgress = now }
        outer?.progress()
    }

    /// The call ended: its clock bounds nothing any more.
    func end() {
        state.withLock { $0.ended = true }
    }

    /// When the call times out as things are now (uptime nanoseconds), and the limit that says so; nil
    /// when it has no limit. An outer call's that comes first, while that call runs.
    var expiry: (at: UInt64, limit: TimeInterval)? {
        let (lastProgress, ended) = state.current
        guard !ended else { return nil }
        // The earliest of three, without an array: every call reads it a few times. On a tie the call's
        // own idle limit names the timeout, then its total, then the outer call's.
        var earliest = outer?.expiry
        func consider(_ limit: TimeInterval?, from start: UInt64) {
            guard let limit else { return }
            let at = start &+ Timeouts.nanoseconds(limit)
            if earliest.map({ at <= $0.at }) ?? true { earliest = (at, limit) }
        }
        consider(total, from: start)
        consider(idle, from: lastProgress)
        return earliest
    }

    /// The limit that has run out, if one has.
    var expiredLimit: TimeInterval? {
        guard let expiry, expiry.at <= Self.now else { return nil }
        return expiry.limit
    }

    /// Seconds left before the call times out if nothing progresses; nil: no limit.
    var timeRemaining: TimeInterval? {
        guard let expiry else { return nil }
        let now = Self.now
        return expiry.at > now ? TimeInterval(expiry.at - now) / 1_000_000_000 : 0
    }

    /// The idle timeout of a client's calls until it is set (``JsonServiceClient/idleTimeout``), and of
    /// a blocking call whose client has no timeouts of its own.
    static let defaultIdleTimeout: TimeInterval = 60

    /// The clock a blocking call of `client` runs by where the waiting thread cannot run the call
    /// itself (``BlockingCall/wait(for:_:)``): the client's timeouts, else the default idle timeout.
    static func forBlockingCall(of client: some ServiceClient) -> CallClock {
        (client as? any TimedClient)?.callClock(options: CallOptions())
            ?? CallClock(idle: defaultIdleTimeout, total: nil)
    }

    static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    private static func limit(_ seconds: TimeInterval?) -> TimeInterval? {
        guard let seconds, seconds > 0, seconds < 365 * 86_400 else { return nil }
        return seconds
    }
}
