import Foundation

/// The blocking families' one bridge to the async core, and where they may run.
enum BlockingCall {
    /// Runs `operation` in a task and blocks the calling thread until it ends.
    ///
    /// The operation and its result cross from this thread to the task and back unchecked: the
    /// calling thread does nothing but wait in between, so nothing touches them from two places at
    /// once (the reason `sending` parameters exist, which the blocking families, taking their
    /// caller's values as they always have, cannot require).
    static func wait<T>(_ operation: @escaping () async throws -> T) throws -> T {
        checkThread()
        let handOver = HandOver(operation)
        let done = DispatchSemaphore(value: 0)
        Task {
            await handOver.run()
            done.signal()
        }
        done.wait()
        return try handOver.result()
    }

    /// On an app's main thread a blocking call freezes the interface for as long as the server takes
    /// (up to the timeout, 60 s by default): iOS's watchdog ends an app that does so at launch, and
    /// Xcode's Thread Performance Checker reports it. Debug builds of apps on iOS, tvOS, watchOS and
    /// visionOS therefore stop at such a call. macOS is left out: there the main thread of a command
    /// line tool, a fine place to block, is the same thread. Release builds check nothing.
    static func checkThread() {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        assert(!Thread.isMainThread, mainThreadMessage)
        #endif
    }

    static let mainThreadMessage = "DTOKit: a blocking call (get, post, send, execute…) on the main thread "
        + "freezes the app until the response arrives; call its …Async form from a Task instead"

    /// The operation going to the task, its outcome coming back (see ``wait(_:)`` for why unchecked).
    private final class HandOver<T>: @unchecked Sendable {
        private let operation: () async throws -> T
        private var outcome: Result<T, any Error>?

        init(_ operation: @escaping () async throws -> T) {
            self.operation = operation
        }

        func run() async {
            do {
                outcome = .success(try await operation())
            } catch {
                outcome = .failure(error)
            }
        }

        func result() throws -> T {
            guard let outcome else { throw CancellationError() }
            return try outcome.get()
        }
    }
}
