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
    /// Run once when the task ends (a spooled body's temporary file is removed).
    private let ended: Locked<(@Sendable () -> Void)?>

    init(
        course: ExchangeCourse, options: TransportOptions, chunks: AsyncThrowingStream<Data, any Error>.Continuation,
        whenEnded: (@Sendable () -> Void)? = nil
    ) {
        request = course.request
        self.options = options
        self.chunks = chunks
        state = Locked(ExchangeState(course: course))
        ended = Locked(whenEnded)
    }

    /// The course to go on with on a task of its own, when this task's redirect kept a body
    /// (``ExchangeState/resend``); known once the headers are handed on.
    var resend: ExchangeCourse? { state.withLock { $0.resend } }

    var label: String { ServiceClientError.label(for: request.url) }

    /// Resumes `task`; `headers` is resumed once, with the response or the error the task ended with.
    func start(_ task: URLSessionDataTask, headers: Headers) {
        let action = state.withLock { $0.started(headers) }
        task.resume()
        perform(action, on: task)
    }

    /// The caller was cancelled: the task is cancelled now, or as soon as it starts.
    func cancel(_ task: URLSessionDataTask) {
        perform(state.withLock { $0.cancelled() }, on: task)
    }

    /// Cancels `task`, not on this thread: `cancel()` waits for the task's own queue, which may be
    /// waiting for the session's delegate queue — where a progress callback, say, may have
    /// cancelled the calling task.
    static func cancelSoon(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    func received(_ response: URLResponse) {
        perform(state.withLock { $0.received(response) }, on: nil)
    }

    func received(_ data: Data) {
        state.withLock { $0.received(bytes: data.count) }
        chunks.yield(data)
    }

    func sent(_ sent: Int64, of total: Int64) {
        options.onUploadProgress?(sent, total)
    }

    /// The request to follow a redirect with, as the course decides, or nil to stop. (Refusing, not
    /// cancelling: FoundationNetworking traps on a cancel while it waits for this answer; the task
    /// then ends with the redirect's response, which the caller gets as the refusal's error.)
    func redirect(to next: URLRequest) -> URLRequest? {
        state.withLock { $0.redirect(to: next) }
    }

    /// The task ended: with `error`, or, when nil, with `response`.
    func complete(response: URLResponse?, error: (any Error)?) {
        ended.withLock { $0.takeOnce() }?()
        let (action, bodyEnd) = state.withLock { $0.completed(response: response, error: error) }
        perform(action, on: nil)
        chunks.finish(throwing: bodyEnd)
    }

    private func perform(_ action: ExchangeState<Headers>.Action, on task: URLSessionDataTask?) {
        switch action {
        case .none: break
        case .cancelTask: task.map(Self.cancelSoon)
        case .resume(let waiting, .success(let response)): waiting.resume(returning: response)
        case .resume(let waiting, .failure(let failure)): waiting.resume(throwing: failure)
        }
    }
}
