import DTOKit

/// The cache misses being fetched, by key: a request that misses while the same key is being
/// fetched waits for that fetch instead of making its own (then reads what it kept), so that twenty
/// identical misses at once make one request — only for keys whose last response was kept fresh, so
/// that no request waits for an answer that will not answer it (`HTTPCache` tells:
/// ``rememberKept(_:vary:)``, ``forgetKept(_:)``); and by variant (the `Vary` headers that response
/// named), so that a request for another variant does not wait for this one.
final class FetchesUnderWay: Sendable {
    /// How many keys are remembered as kept at most; the oldest go first.
    static let keptCapacity = 4_096
    private enum Waiter {
        case waiting(CheckedContinuation<Void, Never>)
        /// Cancelled before it began to wait.
        case cancelled
    }

    private struct State {
        var nextId: UInt64 = 0
        /// The keys being fetched, and who waits for each.
        var fetches: [String: [UInt64: Waiter]] = [:]
        /// Keys whose last response was kept fresh, with that response's `Vary`, in the order they were
        /// remembered.
        var kept: [String: String?] = [:]
        var keptOrder: [String] = []
    }

    private let state = Locked(State())

    /// The `Vary` of `key`'s last response when it was kept fresh (then a miss of it waits for the
    /// same fetch under way, of the same variant); nil when it was not.
    func keptVary(_ key: String) -> String?? {
        state.withLock { $0.kept[key] }
    }

    /// `key`'s response was kept, fresh; it named these `Vary` headers.
    func rememberKept(_ key: String, vary: String?) {
        state.withLock { state in
            guard state.kept.updateValue(vary, forKey: key) == nil else { return }
            state.keptOrder.append(key)
            if state.keptOrder.count > Self.keptCapacity {
                let dropped = state.keptOrder.prefix(state.keptOrder.count - Self.keptCapacity / 2)
                for old in dropped { state.kept[old] = nil }
                state.keptOrder.removeFirst(dropped.count)
            }
        }
    }

    /// `key`'s response was not kept (or not fresh), or was invalidated.
    func forgetKept(_ key: String) {
        state.withLock { state in
            if state.kept.removeValue(forKey: key) != nil { state.keptOrder.removeAll { $0 == key } }
        }
    }

    /// Every kept response was removed.
    func forgetAllKept() {
        state.withLock { state in
            state.kept = [:]
            state.keptOrder = []
        }
    }

    /// True when the caller is to fetch `key` itself (and call ``finish(_:)`` when done); false once
    /// the fetch under way ended, or the caller's task was cancelled while it waited.
    func lead(_ key: String) async -> Bool {
        let id = state.withLock { state -> UInt64? in
            guard state.fetches[key] != nil else {
                state.fetches[key] = [:]
                return nil
            }
            state.nextId += 1
            return state.nextId
        }
        guard let id else { return true }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waits = state.withLock { state -> Bool in
                    guard state.fetches[key] != nil, state.fetches[key]?[id] == nil else {
                        state.fetches[key]?[id] = nil
                        return false
                    }
                    state.fetches[key]?[id] = .waiting(continuation)
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard state.fetches[key] != nil else { return nil }
                if case .waiting(let continuation)? = state.fetches[key]?[id] {
                    state.fetches[key]?[id] = nil
                    return continuation
                }
                state.fetches[key]?[id] = .cancelled
                return nil
            }
            waiting?.resume()
        }
        return false
    }

    /// The fetch of `key` ended: whoever waits for it goes on.
    func finish(_ key: String) {
        let waiters = state.withLock { $0.fetches.removeValue(forKey: key) ?? [:] }
        for case .waiting(let continuation) in waiters.values { continuation.resume() }
    }

    /// How many requests wait for fetches under way (for tests).
    var waiting: Int {
        state.withLock { $0.fetches.values.reduce(0) { $0 + $1.count } }
    }
}
