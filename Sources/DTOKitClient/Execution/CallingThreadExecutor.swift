import DTOKit
import Foundation

/// The executor of one blocking call: its jobs run on the thread that waits for the call. (One of the
/// places unsafe code may be, `Scripts/check-build.py`: running a job takes the executor's unowned
/// reference, which the compiler counts as unsafe; ``BlockingCall`` uses it through
/// ``runJobs(cancelling:)`` and ``finish()``.)
///
/// A blocking call cannot wait for work queued on Swift's shared pool of threads: when it is made
/// from code running on that pool (a synchronous helper called from `Task {}` or SwiftUI's
/// `.task {}`), as many such calls as the pool has threads (as many as the device has cores) block
/// every thread, and the work they wait for never runs. So the call's task prefers this executor
/// (SE-0417), and the waiting thread runs the jobs enqueued on it until the call ends: it needs no
/// thread but its own. Child tasks inherit the preference; the client's unstructured tasks take it
/// too (its `BlockingCall.startTask`). Jobs enqueued after the caller left — a timer cancelled as the call returned, work the call's timeout abandoned — go to
/// the global concurrent executor.
@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
final class CallingThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: every stored property is read and changed only while `condition` is locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false
    private var callerLeft = false

    /// How many times a waiting thread woke with no job (to look at its task's cancellation), for tests.
    static let idleWakes = Locked(0)

    init() {}

    func enqueue(_ job: UnownedJob) {
        condition.lock()
        if callerLeft {
            condition.unlock()
            globalConcurrentExecutor.enqueue(job)
            return
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends ``runJobs(cancelling:)``: jobs still queued, and later ones, go to the global executor.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs on this thread until ``finish()``.
    ///
    /// When the calling thread runs a task (a synchronous helper called from `Task {}`), that task's
    /// cancellation is looked at every 50 ms while no job comes, and passed on by `cancel`: synchronous
    /// code has no other way to hear it. Outside a task nothing can be cancelled, and the thread sleeps
    /// until a job comes.
    func runJobs(cancelling cancel: () -> Void) {
        let inTask = BlockingCall.callerIsATask
        var passedOnCancellation = Task.isCancelled
        if passedOnCancellation { cancel() }
        while true {
            switch next(waitingAtMost: passedOnCancellation || !inTask ? nil : 0.05) {
            case .job(let job):
                unsafe job.runSynchronously(on: asUnownedTaskExecutor())
            case .idle:
                Self.idleWakes.withLock { $0 += 1 }
                if Task.isCancelled {
                    passedOnCancellation = true
                    cancel()
                }
            case .finished(let leftOver):
                for job in leftOver { globalConcurrentExecutor.enqueue(job) }
                return
            }
        }
    }

    private enum Next {
        case job(UnownedJob)
        /// No job came within the time given.
        case idle
        /// The call ended; the caller leaves these jobs behind.
        case finished(leftOver: [UnownedJob])
    }

    private func next(waitingAtMost seconds: TimeInterval?) -> Next {
        condition.lock()
        defer { condition.unlock() }
        let deadline = seconds.map { Date(timeIntervalSinceNow: $0) }
        while jobs.isEmpty && !finished {
            if let deadline {
                if !condition.wait(until: deadline) { return .idle }
            } else {
                condition.wait()
            }
        }
        guard !finished else {
            callerLeft = true
            defer { jobs = [] }
            return .finished(leftOver: jobs)
        }
        return .job(jobs.removeFirst())
    }
}

extension BlockingCall {
    /// Whether the calling thread runs a task (synchronous code called from one), whose cancellation
    /// a blocking call then looks at.
    static var callerIsATask: Bool {
        unsafe withUnsafeCurrentTask { unsafe $0 != nil }
    }
}
