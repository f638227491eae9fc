import DTOKit
import Foundation

/// The timeouts of every exchange under way, on one dispatch timer armed for the earliest.
///
/// A sleeping task per exchange (`Task.sleep`) costs a dispatch timer of its own, armed through the
/// dispatch manager (a system call) and kept — with the task's memory, about 0.7 KB — until it would
/// have fired, long after the exchange ended and cancelled it: under load, a minute's worth of calls
/// held. Here a timeout is an entry in a heap, gone when its exchange ends; the one timer is armed
/// again only when a new timeout is due earlier than every other. Its handlers run on a dispatch
/// queue, not on Swift's pool: a blocking call's timeout fires however busy the pool is.
///
/// `@unchecked Sendable`: the dispatch timer (thread-safe, but not marked `Sendable` on every
/// platform) is armed only while the state's lock is held.
final class Timeouts: @unchecked Sendable {
    static let shared = Timeouts()

    /// A scheduler of its own (the client uses ``shared``).
    init() {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.fireDue() }
        timer.activate()
    }

    deinit {
        timer.cancel()
    }

    /// A scheduled timeout, for ``cancel(_:)``.
    struct Token: Sendable {
        fileprivate let id: UInt64
    }

    private struct State {
        var nextId: UInt64 = 0
        /// The handlers of the timeouts not yet fired or cancelled.
        var handlers: [UInt64: @Sendable () -> Void] = [:]
        /// The due times of those timeouts and of cancelled ones not yet swept (a min-heap by `due`).
        var heap = MinHeap()
        /// When the timer is armed to fire (uptime nanoseconds), if it is.
        var armedFor: UInt64?
    }

    private let queue = DispatchQueue(label: "DTOKit.Timeouts")
    private let timer: any DispatchSourceTimer
    private let state = Locked(State())

    /// Calls `handler` (on a dispatch queue) after `seconds`, unless cancelled first.
    func schedule(after seconds: TimeInterval, _ handler: @escaping @Sendable () -> Void) -> Token {
        let (sum, overflow) = DispatchTime.now().uptimeNanoseconds.addingReportingOverflow(Self.nanoseconds(seconds))
        return schedule(at: overflow ? UInt64.max : sum, handler)
    }

    /// Calls `handler` (on a dispatch queue) at `due` (uptime nanoseconds), unless cancelled first.
    func schedule(at due: UInt64, _ handler: @escaping @Sendable () -> Void) -> Token {
        // The timer is armed under the lock, so that two timeouts scheduled at once arm it for the
        // earlier of them whichever comes last.
        return state.withLock { state in
            state.nextId += 1
            state.handlers[state.nextId] = handler
            state.heap.insert(due, state.nextId)
            if state.armedFor.map({ due < $0 }) ?? true {
                state.armedFor = due
                timer.schedule(deadline: DispatchTime(uptimeNanoseconds: due), leeway: .milliseconds(1))
            }
            return Token(id: state.nextId)
        }
    }

    /// Forgets `token`'s timeout: its handler is not called (unless it is being called already).
    func cancel(_ token: Token) {
        state.withLock { state in
            guard state.handlers.removeValue(forKey: token.id) != nil else { return }
            // Cancelled entries stay in the heap until swept: at most as many as live ones.
            if state.heap.count > 64 && state.heap.count > 2 * state.handlers.count {
                state.heap.keepOnly(state.handlers)
            }
        }
    }

    /// Timeouts scheduled and not yet fired or cancelled, and entries the heap holds (for tests).
    var counts: (live: Int, heap: Int) {
        state.withLock { ($0.handlers.count, $0.heap.count) }
    }

    /// The timer fired: calls the handlers that are due, and arms it for the next.
    private func fireDue() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = state.withLock { state -> [@Sendable () -> Void] in
            var due: [@Sendable () -> Void] = []
            while let first = state.heap.first, first.due <= now {
                state.heap.removeFirst()
                if let handler = state.handlers.removeValue(forKey: first.id) { due.append(handler) }
            }
            state.armedFor = state.heap.first?.due
            if let next = state.armedFor {
                timer.schedule(deadline: DispatchTime(uptimeNanoseconds: next), leeway: .milliseconds(1))
            }
            return due
        }
        for handler in due { handler() }
    }

    /// `seconds` in nanoseconds, at most a year's (a longer wait is no wait at all; no overflow).
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        UInt64(min(max(seconds, 0), 365 * 86_400) * 1_000_000_000)
    }
}

/// Due times with their timeouts' ids, the earliest first.
private struct MinHeap {
    private var entries: [(due: UInt64, id: UInt64)] = []

    var count: Int { entries.count }
    var first: (due: UInt64, id: UInt64)? { entries.first }

    mutating func insert(_ due: UInt64, _ id: UInt64) {
        entries.append((due, id))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].due < entries[parent].due else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() {
        guard !entries.isEmpty else { return }
        entries.swapAt(0, entries.count - 1)
        entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count && entries[left].due < entries[smallest].due { smallest = left }
            if right < entries.count && entries[right].due < entries[smallest].due { smallest = right }
            guard smallest != parent else { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }

    /// Drops the entries whose id is not a key of `live`, and orders the rest again.
    mutating func keepOnly<Value>(_ live: [UInt64: Value]) {
        let kept = entries.filter { live[$0.id] != nil }
        entries = []
        entries.reserveCapacity(kept.count)
        for entry in kept { insert(entry.due, entry.id) }
    }
}
