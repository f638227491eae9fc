import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One data task's life, seen from the session's callbacks: waiting for the response's headers,
/// then handing the body on chunk by chunk, then how it ended. The rules are ``ExchangeState``'s;
/// this class keeps it behind a lock and does what its transitions return.
///
/// It keeps no timer and no size limit: the client bounds each exchange itself, for every transport
/// alike. It stops the task when the waiting caller is cancelled, and when the body's reader stops
/// reading (the chunks' termination).
final class Exchange: Sendable {
    typealias Headers = CheckedContinuation<HTTPURLResponse, any Error>

    let request: OutgoingRequest
    private let options: TransportOptions
    private let chunks: AsyncThrowingStream<Data, any Error>.Continuation
    private let state: Locked<ExchangeState<Headers>>
    /// The body, when it is not bytes: stopped and its temporary file removed when the task ends.
    let upload: URLSessionTransport.UploadBody?
    /// Where the upload's progress is reported: a queue of its own, so that a callback that makes a
    /// call of its own (blocking, say) never holds up the session's delegate queue that call needs.
    private let progressQueue: DispatchQueue?
    /// The progress not reported yet (only the latest counts), whether a report is on its way (one
    /// callback at a time, so that a slow callback never leaves a backlog for the answer to wait behind),
    /// and whether the caller has its answer (no progress is reported after it).
    private let pendingProgress = Locked<(latest: (sent: Int64, total: Int64)?, scheduled: Bool, answered: Bool)>(
        (nil, false, false))

    init(
        course: ExchangeCourse, options: TransportOptions, chunks: AsyncThrowingStream<Data, any Error>.Continuation,
        upload: URLSessionTransport.UploadBody? = nil
    ) {
        request = course.request
        self.options = options
        self.chunks = chunks
        self.upload = upload
        state = Locked(ExchangeState(course: course))
        progressQueue = options.onUploadProgress == nil ? nil : DispatchQueue(label: "DTOKit.uploadProgress")
    }

    /// The course to go on with on a task of its own, when this task's redirect kept a body
    /// (``ExchangeState/resend``); known once the headers are handed on.
    var resend: ExchangeCourse? { state.withLock { $0.resend } }

    var label: String { ServiceClientError.label(for: request.url) }

    /// Resumes `task`, unless the caller was cancelled before (then it never starts); `headers` is
    /// resumed once, with the response or the error the task ended with.
    func start(_ task: URLSessionDataTask, headers: Headers) {
        let action = state.withLock { $0.started(headers) }
        if case .neverStart = action {
            upload?.end()
            chunks.finish(throwing: ServiceClientError.cancelled(url: label))
            Self.cancelUnstarted(task)
        } else {
            task.resume()
        }
        perform(action)
    }

    /// Whether the task was never started: the caller was cancelled before.
    var neverStarted: Bool { state.withLock { $0.neverStarted } }

    /// The caller was cancelled: the body's reading stops, the task is cancelled (from `callbacks`,
    /// its session's delegate queue), or never starts.
    func cancel(_ task: URLSessionDataTask, callbacks: OperationQueue) {
        upload?.end()
        guard case .cancelTask = state.withLock({ $0.cancelled() }) else { return }
        cancelWhileRunning(task, callbacks: callbacks)
    }

    /// Cancels `task` from `callbacks`, its session's delegate queue, unless it has ended by then.
    ///
    /// FoundationNetworking (6.3) traps in its task registry ("a task that in not in the registry")
    /// when a cancel made from another thread meets the task's end: the end's callback, on the
    /// delegate queue, has the task taken out of its session before the cancel's last step, which
    /// looks it up there (under load, one stress run in four). The delegate queue runs one operation
    /// at a time, and the end's callback is one of them: a cancel made there either comes first, and
    /// has marked the task cancelling before the end is told, or comes after it, and is not made.
    /// It is not made on the calling thread either: `cancel()` waits for the task's own queue.
    func cancelWhileRunning(_ task: URLSessionDataTask, callbacks: OperationQueue) {
        callbacks.addOperation { [self] in
            guard state.withLock({ $0.cancelling() }) else { return }
            task.cancel()
        }
    }

    /// Cancels `task`, which was never resumed (so it cannot be ending), not on this thread:
    /// `cancel()` waits for the task's own queue.
    private static func cancelUnstarted(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    func received(_ response: URLResponse) {
        perform(state.withLock { $0.received(response) })
    }

    func received(_ data: Data) {
        state.withLock { $0.received(bytes: data.count) }
        chunks.yield(data)
    }

    /// The body's progress: the length it states when the platform knows none (a body stream).
    func sent(_ sent: Int64, of total: Int64) {
        options.onActivity?()
        guard options.onUploadProgress != nil, let progressQueue else { return }
        let total = total > 0 ? total : request.body?.length ?? -1
        let schedule = pendingProgress.withLock { pending -> Bool in
            guard !pending.answered else { return false }
            pending.latest = (sent, total)
            defer { pending.scheduled = true }
            return !pending.scheduled
        }
        if schedule { progressQueue.async { [self] in reportProgress() } }
    }

    /// Reports the latest progress; the next report, if more came meanwhile, goes after what the queue
    /// holds already (the answer, once it arrived, which reports the latest figures first).
    private func reportProgress() {
        let taken = pendingProgress.withLock { pending in
            let latest = pending.latest.takeOnce()
            if latest == nil { pending.scheduled = false }
            return latest
        }
        guard let latest = taken else { return }
        options.onUploadProgress?(latest.sent, latest.total)
        let more = pendingProgress.withLock { pending -> Bool in
            if pending.latest == nil { pending.scheduled = false }
            return pending.latest != nil
        }
        if more { progressQueue?.async { [self] in reportProgress() } }
    }

    /// A new stream of the body for the platform, from its start (a redirect, a resend).
    func newBodyStream() -> InputStream? {
        upload?.makeStream()
    }

    /// Answers the platform's redirect question with the request to follow it with, as the course
    /// decides, or nil to stop; or not at all once the task was cancelled
    /// (``ExchangeState/redirect(after:)``). (Refusing, not cancelling: FoundationNetworking traps on
    /// a cancel while it waits for this answer; the task then ends with the redirect's response, which
    /// the caller gets as the refusal's error.)
    func redirect(after response: HTTPURLResponse, answer: (URLRequest?) -> Void) {
        guard let request = state.withLock({ $0.redirect(after: response) }) else { return }
        answer(request)
    }

    /// The task ended: with `error`, or, when nil, with `response`. A failure of the body's own (it
    /// could not be read to its end) is the exchange's error.
    func complete(response: URLResponse?, error: (any Error)?) {
        let bodyFailure = error == nil ? nil : upload?.failure
        upload?.end()
        let failure = bodyFailure.map { URLSessionTransport.bodyFailure($0, url: label) } ?? error
        let (action, bodyEnd) = state.withLock { $0.completed(response: response, error: failure) }
        perform(action)
        chunks.finish(throwing: bodyEnd)
    }

    /// Does what a transition returned; a `.cancelTask` only ``cancel(_:callbacks:)`` returns and does.
    private func perform(_ action: ExchangeState<Headers>.Action) {
        switch action {
        case .none, .cancelTask: break
        case .neverStart(let waiting, let failure):
            waiting.resume(throwing: failure)
        case .resume(let waiting, let outcome):
            // After the progress reported so far, and the latest figures not reported yet (one callback
            // more at most): the caller hears of every byte sent before its answer, and of none after.
            guard let progressQueue else { return waiting.resume(with: outcome) }
            progressQueue.async { [self] in
                let last = pendingProgress.withLock { pending in
                    pending.answered = true
                    return pending.latest.takeOnce()
                }
                if let last { options.onUploadProgress?(last.sent, last.total) }
                waiting.resume(with: outcome)
            }
        }
    }
}
