import Foundation

/// A value shared between threads, read and changed only while holding a lock.
///
/// The client uses it for its configuration, its cookies and the global hooks, so that one
/// ``JsonServiceClient`` can be used from many tasks at once. (`Mutex` from the Synchronization
/// module would do the same but needs macOS 15 / iOS 18.)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// One part of the value, read or changed under the lock.
    subscript<Part>(_ part: WritableKeyPath<Value, Part>) -> Part {
        get { withLock { $0[keyPath: part] } }
        set { withLock { $0[keyPath: part] = newValue } }
    }

    /// A copy of the value.
    var current: Value {
        withLock { $0 }
    }
}
