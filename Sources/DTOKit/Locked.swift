import Foundation

#if !canImport(Darwin)
import Synchronization
#endif

/// A value shared between threads, read and changed only while holding a lock.
///
/// DTOKit uses it for the tables and codecs it makes once per type and for reports of skipped
/// members; the client for its configuration, its cookies, the global hooks and each call's clock,
/// so that one `JsonServiceClient` can be used from many tasks at once.
///
/// Where the Synchronization module's `Mutex` needs no newer system than the package supports (Linux,
/// and every system but Apple's), the lock is one, stored in this object: one allocation, where an
/// `NSLock` of FoundationNetworking's adds two of its own (itself and its mutex) — a call makes several.
/// On Apple platforms `Mutex` needs macOS 15 / iOS 18: an `NSLock` it is.
package final class Locked<Value>: @unchecked Sendable {
    #if canImport(Darwin)
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
    #else
    /// Guards `value` (held beside it, not in it: `Mutex`'s value must be sent in and out whole).
    private let mutex = Mutex(())
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try body(&value) }
    }
    #endif

    /// One part of the value, read or changed under the lock.
    package subscript<Part>(_ part: WritableKeyPath<Value, Part>) -> Part {
        get { withLock { $0[keyPath: part] } }
        set { withLock { $0[keyPath: part] = newValue } }
    }

    /// A copy of the value.
    package var current: Value {
        withLock { $0 }
    }
}
