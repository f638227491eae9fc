import DTOKit
import Foundation

/// Where an ``HTTPCache`` keeps its responses: ``MemoryCacheStore`` by default, ``DiskCacheStore``
/// to keep them across launches, or one of your own.
public protocol HTTPCacheStore: Sendable {
    func response(for key: String) -> CachedResponse?
    func store(_ response: CachedResponse, for key: String)
    func removeResponse(for key: String)
    func removeAll()
}

/// Responses in memory, at most `capacity` of them: storing one more drops the one stored (or
/// renewed) longest ago.
public final class MemoryCacheStore: HTTPCacheStore {
    private struct Entries {
        var responses: [String: CachedResponse] = [:]
        var order: [String] = []
    }

    /// How many responses are kept at most.
    public let capacity: Int
    private let entries = Locked(Entries())

    public init(capacity: Int = 500) {
        self.capacity = max(1, capacity)
    }

    public func response(for key: String) -> CachedResponse? {
        entries.withLock { $0.responses[key] }
    }

    public func store(_ response: CachedResponse, for key: String) {
        entries.withLock { entries in
            if entries.responses.updateValue(response, forKey: key) != nil { entries.order.removeAll { $0 == key } }
            entries.order.append(key)
            while entries.order.count > capacity {
                entries.responses[entries.order.removeFirst()] = nil
            }
        }
    }

    public func removeResponse(for key: String) {
        entries.withLock { entries in
            entries.responses[key] = nil
            entries.order.removeAll { $0 == key }
        }
    }

    public func removeAll() {
        entries.withLock { $0 = Entries() }
    }

    /// How many responses it holds.
    public var count: Int { entries.withLock { $0.responses.count } }
}
