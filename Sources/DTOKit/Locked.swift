import Foundation

/// A value shared between threads, read and changed only while holding a lock.
///
/// DTOKit uses it for the tables and codecs it makes once per type and for reports of skipped
/// members; the client for its configuration, its cookies and the global hooks, so that one
/// `JsonServiceClient` can be used from many tasks at once. (`Mutex` from the Synchronization module
/// would do the same but needs macOS 15 / iOS 18, and on Linux the thread sanitizer does not see its
/// lock change hands: every sanitized run of the client reported races. A lock of one allocation, a
/// pthread mutex in a buffer beside the value, measured no faster per call than this one.)
package final class Locked<Value>: @unchecked Sendable {
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
