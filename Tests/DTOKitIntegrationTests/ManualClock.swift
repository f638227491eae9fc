import DTOKitServerEvents
import Foundation

/// A clock for `ServerEventsClient` that moves only when a test moves it: heartbeat intervals, idle
/// timeouts and reconnect delays then pass at once, and a test says exactly how much time has passed
/// when it checks what the client did.
final class ManualClock: EventsClock, @unchecked Sendable {
    private struct Sleeper {
        var deadline: UInt64
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current: UInt64 = 1_000_000_000
    private var sleepers: [Int: Sleeper] = [:]
    private var cancelledTickets: Set<Int> = []
    private var nextTicket = 0

    func now() -> UInt64 {
        lock.withLock { current }
    }

    /// How many tasks wait on the clock.
    var sleeperCount: Int {
        lock.withLock { sleepers.count }
    }

    func sleep(nanoseconds: UInt64) async throws {
        let (ticket, deadline) = lock.withLock { () -> (Int, UInt64) in
            defer { nextTicket += 1 }
            return (nextTicket, current &+ nanoseconds)
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Now { case wait, done, cancelled }
                let now = lock.withLock { () -> Now in
                    if cancelledTickets.remove(ticket) != nil { return .cancelled }
                    if deadline <= current { return .done }
                    sleepers[ticket] = Sleeper(deadline: deadline, continuation: continuation)
                    return .wait
                }
                switch now {
                case .wait: break
                case .done: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = lock.withLock { () -> Sleeper? in
                guard let sleeper = sleepers.removeValue(forKey: ticket) else {
                    cancelledTickets.insert(ticket)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `milliseconds` and wakes every task whose time has come.
    func advance(milliseconds: UInt64) {
        let due = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            current += milliseconds * 1_000_000
            let ready = sleepers.filter { $0.value.deadline <= current }
            for ticket in ready.keys { sleepers[ticket] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }
}
