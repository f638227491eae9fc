import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One data task's life: started, receiving, maybe stopped early (cancelled, timed out, too large,
/// too many redirects), completed.
final class Exchange: TaskExchange {
    enum Stop { case none, cancelled, timedOut, tooLarge, tooManyRedirects }

    /// What the callbacks, the timer and the caller share.
    struct State {
        var task: URLSessionDataTask?
        var timer: DispatchWorkItem?
        var onFinish: (@Sendable () -> Void)?
        var stop = Stop.none
        var completed = false
        var response: URLResponse?
        var body = Data()
        var redirects = 0
        var error: (any Error)?

        /// The caller's wake-up, handed out once.
        mutating func takeOnFinish() -> (@Sendable () -> Void)? {
            defer { onFinish = nil }
            return onFinish
        }
    }

    let request: URLRequest
    let limits: URLSessionTransport.Limits
    private let state = Locked(State())

    init(request: URLRequest, limits: URLSessionTransport.Limits) {
        self.request = request
        self.limits = limits
    }

    var label: String { request.url.map(URLSessionTransport.urlWithoutQuery) ?? "?" }

    func received(_ response: URLResponse) {
        state.withLock { $0.response = response }
    }

    /// Resumes `task` and arms the timeout; `onFinish` is called once, when the caller may go on.
    /// A call cancelled before it started is cancelled at once.
    func start(_ task: URLSessionDataTask, onFinish: @escaping @Sendable () -> Void) {
        let timer = DispatchWorkItem { [weak self] in self?.halt(.timedOut) }
        let stoppedAlready = state.withLock { state in
            (state.task, state.timer, state.onFinish) = (task, timer, onFinish)
            return state.stop != .none
        }
        task.resume()
        if stoppedAlready {
            task.cancel()
            state.withLock { $0.takeOnFinish() }?()
        } else if limits.timeout > 0 && limits.timeout.isFinite {
            DispatchQueue.global().asyncAfter(deadline: .now() + limits.timeout, execute: timer)
        }
    }

    /// Stops the exchange for `reason` (the first reason wins; nothing happens once it completed).
    /// The caller is released at once: URLSession may take a while to wind a cancelled task down
    /// (the exchange stays registered, ignoring what still arrives, until it has). `cancel: false`
    /// only records the reason, for a task that ends by itself.
    func halt(_ reason: Stop, cancel: Bool = true) {
        let (task, timer, finish) = state.withLock { state -> (URLSessionDataTask?, DispatchWorkItem?, (@Sendable () -> Void)?) in
            guard state.stop == .none, !state.completed else { return (nil, nil, nil) }
            state.stop = reason
            guard cancel, state.task != nil else { return (nil, nil, nil) }
            return (state.task, state.timer, state.takeOnFinish())
        }
        timer?.cancel()
        finish?()
        // Not on this thread: `cancel()` waits for the task's own queue, which may be waiting
        // for the session's delegate queue — the very queue a size check runs on.
        if let task { DispatchQueue.global().async { task.cancel() } }
    }

    func received(_ data: Data) {
        let (tooLarge, received, response) = state.withLock { state -> (Bool, Int, URLResponse?) in
            guard state.stop == .none else { return (false, 0, nil) }
            state.body.append(data)
            return (limits.maxResponseSize.map { state.body.count > $0 } ?? false, state.body.count, state.response)
        }
        if tooLarge {
            halt(.tooLarge)
        } else if received > 0, let download = limits.progress.download {
            download(Int64(received), TransferProgress.announcedLength(of: response))
        }
    }

    func sent(_ sent: Int64, of total: Int64) {
        guard let upload = limits.progress.upload, state[\.stop] == .none else { return }
        upload(sent, total)
    }

    /// The request to follow a redirect with, or nil to stop (the limit is reached).
    func redirect(to next: URLRequest) -> URLRequest? {
        guard state.withLock({ $0.redirects += 1; return $0.redirects }) <= limits.maxRedirects else {
            // Not cancelled: refusing the redirect ends the task with the redirect response (and
            // FoundationNetworking traps on a cancel while it waits for the answer).
            halt(.tooManyRedirects, cancel: false)
            return nil
        }
        return URLSessionTransport.redirect(from: request, to: next)
    }

    func complete(response: URLResponse?, error: (any Error)?) {
        let (timer, finish) = state.withLock { state in
            (state.completed, state.response, state.error) = (true, response ?? state.response, error)
            return (state.timer, state.takeOnFinish())
        }
        timer?.cancel()
        finish?()
    }

    /// The response, or the error for how the exchange ended.
    func result() throws -> (Data, HTTPURLResponse) {
        let state = self.state.current
        switch state.stop {
        case .timedOut: throw ServiceClientError.timedOut(url: label, timeout: limits.timeout)
        case .cancelled: throw ServiceClientError.cancelled(url: label)
        case .tooLarge: throw ServiceClientError.responseTooLarge(url: label, limit: limits.maxResponseSize ?? 0)
        case .tooManyRedirects: throw ServiceClientError.tooManyRedirects(url: label, count: limits.maxRedirects)
        case .none: break
        }
        if let error = state.error { throw failure(error, state) }
        guard let http = state.response as? HTTPURLResponse else {
            throw ServiceClientError.invalidResponse(url: label, reason: "not an HTTP response")
        }
        return (state.body, http)
    }

    /// A URLSession error as a ``ServiceClientError``.
    private func failure(_ error: any Error, _ state: State) -> ServiceClientError {
        URLSessionTransport.failure(error, url: label, timeout: limits.timeout, response: state.response,
                                    receivedBytes: state.body.count)
    }
}
