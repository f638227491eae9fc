import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One data task's life, seen from the session's callbacks: waiting for the response's headers,
/// then handing the body on chunk by chunk, then how it ended.
///
/// It keeps no timer and no size limit: the client bounds each exchange itself, for every transport
/// alike. It stops the task when the waiting caller is cancelled, and when the body's reader stops
/// reading (the chunks' termination).
final class Exchange: Sendable {
    private struct State {
        var headers: CheckedContinuation<HTTPURLResponse, any Error>?
        /// The task was resumed.
        var started = false
        /// The caller was cancelled; the task is cancelled once it has started.
        var cancelled = false
        var response: URLResponse?
        var receivedBytes = 0
        var redirects = 0
        var tooManyRedirects = false
    }

    let request: URLRequest
    private let options: TransportOptions
    private let chunks: AsyncThrowingStream<Data, any Error>.Continuation
    private let state = Locked(State())

    init(request: URLRequest, options: TransportOptions, chunks: AsyncThrowingStream<Data, any Error>.Continuation) {
        self.request = request
        self.options = options
        self.chunks = chunks
    }

    var label: String { ServiceClientError.label(for: request.url) }

    /// Resumes `task`; `headers` is resumed once, with the response or the error the task ended with.
    /// A caller cancelled before the start cancels the task right after resuming it: a task
    /// cancelled before it was ever resumed need not end at all.
    func start(_ task: URLSessionDataTask, headers: CheckedContinuation<HTTPURLResponse, any Error>) {
        let cancelledAlready = state.withLock { state in
            (state.headers, state.started) = (headers, true)
            return state.cancelled
        }
        task.resume()
        if cancelledAlready { Self.cancelSoon(task) }
    }

    /// The caller was cancelled: the task is cancelled now, or as soon as it starts.
    func cancel(_ task: URLSessionDataTask) {
        let started = state.withLock { state in
            state.cancelled = true
            return state.started
        }
        if started { Self.cancelSoon(task) }
    }

    /// Cancels `task`, not on this thread: `cancel()` waits for the task's own queue, which may be
    /// waiting for the session's delegate queue — where a progress callback, say, may have
    /// cancelled the calling task.
    static func cancelSoon(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    func received(_ response: URLResponse) {
        let waiting = state.withLock { state in
            state.response = response
            return state.headers.takeOnce()
        }
        waiting.map { resume($0, with: response) }
    }

    private func resume(_ waiting: CheckedContinuation<HTTPURLResponse, any Error>, with response: URLResponse?) {
        if state[\.tooManyRedirects] {
            waiting.resume(throwing: ServiceClientError.tooManyRedirects(url: label, count: options.maxRedirects))
        } else if let http = response as? HTTPURLResponse {
            waiting.resume(returning: http)
        } else {
            waiting.resume(throwing: ServiceClientError.invalidResponse(url: label, reason: "not an HTTP response"))
        }
    }

    func received(_ data: Data) {
        state.withLock { $0.receivedBytes += data.count }
        chunks.yield(data)
    }

    func sent(_ sent: Int64, of total: Int64) {
        options.onUploadProgress?(sent, total)
    }

    /// The request to follow a redirect with, or nil to stop (the limit is reached).
    func redirect(to next: URLRequest) -> URLRequest? {
        let allowed = state.withLock { state -> Bool in
            state.redirects += 1
            state.tooManyRedirects = state.redirects > options.maxRedirects
            return !state.tooManyRedirects
        }
        // Refusing (not cancelling: FoundationNetworking traps on a cancel while it waits for this
        // answer) ends the task with the redirect response, which `resume` turns into the error.
        return allowed ? TransportOptions.redirect(from: request, to: next) : nil
    }

    /// The task ended: with `error`, or, when nil, with `response` (a 401 whose credential challenge
    /// was declined included: its body has arrived, its headers may not have been handed on).
    func complete(response: URLResponse?, error: (any Error)?) {
        let (waiting, failure, received) = state.withLock { state in
            let failure = error.map {
                URLSessionTransport.failure($0, url: label, timeout: request.timeoutInterval, response: state.response,
                                            receivedBytes: state.receivedBytes)
            }
            return (state.headers.takeOnce(), failure, state.response)
        }
        if let waiting {
            if let failure {
                waiting.resume(throwing: failure)
            } else {
                resume(waiting, with: response ?? received)
            }
        }
        chunks.finish(throwing: failure)
    }
}

extension Optional {
    /// The value, leaving nil behind.
    package mutating func takeOnce() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
