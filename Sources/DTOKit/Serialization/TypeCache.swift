import Foundation

/// Values made once per type, on first use: the tables of generic DTO specializations and the
/// collection codecs.
final class TypeCache<Value: Sendable>: @unchecked Sendable {
    // A plain lock: Mutex from Synchronization needs macOS 15 / iOS 18.
    private let lock = NSLock()
    private var values: [ObjectIdentifier: Value] = [:]

    /// The value for `type`, made by `make` the first time. `make` runs outside the lock (making
    /// one value may need others); when two threads race, the first value stored wins.
    func value(for type: Any.Type, make: () -> Value) -> Value {
        let key = ObjectIdentifier(type)
        lock.lock()
        if let value = values[key] {
            lock.unlock()
            return value
        }
        lock.unlock()
        let value = make()
        lock.lock()
        defer { lock.unlock() }
        if let existing = values[key] { return existing }
        values[key] = value
        return value
    }
}
