import DTOKit

/// What one connection's reader, watchdog and heartbeat tasks share: the subscription once
/// `cmd.onConnect` brought it, when the stream last delivered something, and the tasks waiting for
/// the subscription.
final class Connection: Sendable {
    private struct State {
        var subscription: ServerEventSubscription?
        var isPublished = false
        var lastActivity: UInt64
        var receivedBytes = 0
        /// Tasks waiting in ``subscriptionArrived()``, by ticket; tickets cancelled before they waited.
        var waiting: [Int: CheckedContinuation<ServerEventSubscription, any Error>] = [:]
        var cancelledTickets: Set<Int> = []
        var nextTicket = 0
    }

    let isReconnect: Bool
    let clock: any EventsClock
    private let state: Locked<State>

    init(isReconnect: Bool, clock: any EventsClock) {
        self.isReconnect = isReconnect
        self.clock = clock
        state = Locked(State(lastActivity: clock.now()))
    }

    var subscription: ServerEventSubscription? { state[\.subscription] }
    var lastActivity: UInt64 { state[\.lastActivity] }
    var receivedBytes: Int { state[\.receivedBytes] }

    func received(_ count: Int) {
        let now = clock.now()
        state.withLock { state in
            state.lastActivity = now
            state.receivedBytes += count
        }
    }

    /// Keeps the subscription and wakes the tasks waiting for it.
    func subscribed(_ subscription: ServerEventSubscription) {
        let waiting = state.withLock { state -> [CheckedContinuation<ServerEventSubscription, any Error>] in
            state.subscription = subscription
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume(returning: subscription) }
    }

    /// The subscription, once `cmd.onConnect` has brought it; throws `CancellationError` when the task
    /// is cancelled first.
    func subscriptionArrived() async throws -> ServerEventSubscription {
        if let subscription { return subscription }
        let ticket = state.withLock { state -> Int in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                enum Now {
                    case wait
                    case subscribed(ServerEventSubscription)
                    case cancelled
                }
                let now = state.withLock { state -> Now in
                    if let subscription = state.subscription { return .subscribed(subscription) }
                    if state.cancelledTickets.remove(ticket) != nil { return .cancelled }
                    state.waiting[ticket] = continuation
                    return .wait
                }
                switch now {
                case .wait: break
                case .subscribed(let subscription): continuation.resume(returning: subscription)
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<ServerEventSubscription, any Error>? in
                guard let continuation = state.waiting.removeValue(forKey: ticket) else {
                    state.cancelledTickets.insert(ticket)  // cancelled before it waited
                    return nil
                }
                return continuation
            }
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Whether the subscription was handed to the client (then `stop()` unregisters it).
    var isPublished: Bool { state[\.isPublished] }

    func published() {
        state[\.isPublished] = true
    }
}
