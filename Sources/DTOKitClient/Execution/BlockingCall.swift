import DTOKit
import Foundation

/// The blocking families' one bridge to the async core, and where they may run.
///
/// A blocking call returns (its answer, or its timeout) whatever thread makes it: the main thread
/// of a command-line tool, a GCD queue, `DispatchQueue.concurrentPerform`, or a thread of Swift's
/// shared pool inside a task, with any number of calls at once. Its async work runs on the waiting
/// thread itself (``CallingThreadExecutor``), so it never waits for a thread that other blocking
/// calls may hold.
enum BlockingCall {
    /// The executor of the blocking call whose task this is, if any: the client's unstructured
    /// tasks (``startTask(_:)``) run there too. (`any Executor`: `TaskExecutor` is newer than the
    /// oldest systems DTOKit runs on.)
    @TaskLocal static var executor: (any Executor)?

    /// Runs `operation` and blocks the calling thread until it ends.
    ///
    /// Where the calling thread cannot run the work itself (systems before macOS 15 and iOS 18, which
    /// have no task executors), the work runs on Swift's shared pool, and the caller waits no longer than
    /// `client`'s timeouts allow (``CallClock``, which the call runs within; 60 s without progress for a
    /// client that has none, such as a test double): when every thread of the pool is blocked the same
    /// way the work never runs, and the caller gets ``ServiceClientError/timedOut(url:timeout:)``.
    ///
    /// The operation and its result cross from this thread to the task and back unchecked: the
    /// calling thread does nothing but run the task's jobs or wait in between, so nothing touches them
    /// from two places at once (the reason `sending` parameters exist, which the blocking families,
    /// taking their caller's values as they always have, cannot require).
    static func wait<T>(for client: some ServiceClient, _ operation: @escaping () async throws -> T) throws -> T {
        checkThread()
        let handOver = HandOver(operation)
        if !withoutTaskExecutor, #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            let executor = CallingThreadExecutor()
            let task = Task(executorPreference: executor) {
                await $executor.withValue(executor) { await handOver.run() }
                executor.finish()
            }
            executor.runJobs(cancelling: { task.cancel() })
        } else {
            // The task made here does not inherit the caller's cancellation, and would start at once.
            if callerIsATask, Task.isCancelled { throw ServiceClientError.cancelled(url: label) }
            let clock = CallClock.forBlockingCall(of: client)
            defer { clock.end() }
            let done = DispatchSemaphore(value: 0)
            let task = Task {
                await CallClock.$current.withValue(clock) { await handOver.run() }
                done.signal()
            }
            try waitOnThePool(for: task, done: done, clock: clock)
        }
        return try handOver.result()
    }

    /// Waits for `task` to signal `done`, until the call's clock runs out
    /// (``ServiceClientError/timedOut(url:timeout:)``) or, when the caller is itself a task, until that
    /// task is cancelled (``ServiceClientError/cancelled(url:)``; a task made here does not inherit
    /// its caller's cancellation, and no handler can be installed from synchronous code, so the caller's
    /// task is looked at every 0.1 s, as ``CallingThreadExecutor`` looks at it).
    private static func waitOnThePool(for task: Task<Void, Never>, done: DispatchSemaphore, clock: CallClock) throws {
        let callerIsATask = Self.callerIsATask
        while true {
            var until = dispatchTime(after: clock.timeRemaining)
            if callerIsATask { until = min(until, .now() + 0.1) }
            if done.wait(timeout: until) == .success { return }
            if let limit = clock.expiredLimit {
                task.cancel()
                throw ServiceClientError.timedOut(url: label, timeout: limit)
            }
            if callerIsATask, Task.isCancelled {
                task.cancel()
                // The call ends at once when it runs; when every thread of the pool is blocked it may
                // never run, so the caller does not wait for it.
                if done.wait(timeout: .now() + 0.1) == .success { return }
                throw ServiceClientError.cancelled(url: label)
            }
        }
    }

    /// What a blocking call's own errors name in place of a URL.
    private static let label = "a blocking call"

    /// Blocking calls take the path of systems without task executors (macOS before 15, iOS before 18)
    /// wherever this runs, so that the tests run it here too: `DTOKIT_BLOCKING_WITHOUT_TASK_EXECUTOR=1`.
    static let withoutTaskExecutor =
        ProcessInfo.processInfo.environment["DTOKIT_BLOCKING_WITHOUT_TASK_EXECUTOR"] == "1"

    /// Starts an unstructured task of a call (a timer, work the caller may stop waiting for) where
    /// the call runs: on its blocking caller's thread (``executor``), else as `Task {}` does.
    static func startTask<T: Sendable>(_ operation: sending @escaping () async throws -> T) -> Task<T, any Error> {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *),
            let executor = executor as? any TaskExecutor
        {
            return Task(executorPreference: executor, operation: operation)
        }
        return Task(operation: operation)
    }

    private static func dispatchTime(after seconds: TimeInterval?) -> DispatchTime {
        guard let seconds, seconds.isFinite, seconds < 365 * 86_400 else { return .distantFuture }
        return .now() + max(seconds, 0.001)
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

    static let mainThreadMessage =
        "DTOKit: a blocking call (get, post, send, execute…) on the main thread "
        + "freezes the app until the response arrives; call its …Async form from a Task instead"

    /// The operation going to the task, its outcome coming back (see ``wait(for:_:)`` for why
    /// unchecked).
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
