import DTOKit
import Foundation

/// The time one call may still take: its idle timeout, counted from its last sign of progress (its
/// start, bytes of the request going out, the response's headers, bytes of the response coming in),
/// and its own deadline, counted from its start. Whichever comes first ends the call with
/// ``ServiceClientError/timedOut(url:timeout:)`` (``Deadline``).
///
/// Everything the call runs shares it, through a task-local: each exchange with its middleware, the
/// hooks between exchanges (`onAuthenticationRequired`), the `GetAccessToken` request of a token
/// refresh and a call the hook makes, a retry's wait (which ``MiddlewareContext/timeRemaining`` weighs),
/// and a blocking call's wait where its thread cannot run the call itself.
final class CallClock: Sendable {
    /// The clock of the call the current task runs, if any.
    @TaskLocal static var current: CallClock?

    /// Seconds without progress before the call times out; nil: no idle timeout.
    let idle: TimeInterval?
    /// Seconds the whole call may take; nil: no limit.
    let total: TimeInterval?
    private let start: UInt64
    private let lastProgress: Locked<UInt64>

    /// A clock starting now. A limit that is not positive and finite (or over a year) is no limit.
    init(idle: TimeInterval?, total: TimeInterval?) {
        self.idle = Self.limit(idle)
        self.total = Self.limit(total)
        start = Self.now
        lastProgress = Locked(start)
    }

    /// Something arrived or went out: the idle timeout counts again from now.
    func progress() {
        let now = Self.now
        lastProgress.withLock { $0 = now }
    }

    /// When the call times out as things are now (uptime nanoseconds), and the limit that says so; nil
    /// when it has no limit.
    var expiry: (at: UInt64, limit: TimeInterval)? {
        let idleEnd = idle.map { (lastProgress.current &+ Timeouts.nanoseconds($0), $0) }
        let totalEnd = total.map { (start &+ Timeouts.nanoseconds($0), $0) }
        switch (idleEnd, totalEnd) {
        case (let idle?, let total?): return idle.0 <= total.0 ? idle : total
        case (let only?, nil), (nil, let only?): return only
        case (nil, nil): return nil
        }
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
