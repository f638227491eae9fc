import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one `URLRequest` and collects the whole response, either blocking the calling thread
/// (sync API) or suspending the task (async API); the only place where the two differ.
///
/// The transport is its session's delegate, so that it sees a response while it arrives: it
/// stops one as soon as it grows past the size limit, follows at most `maxRedirects` redirects (and never
/// carries the `Authorization` or `Cookie` header to another origin), and stops an exchange that
/// has not finished within the timeout — a server that answers slowly, or drips its body, cannot
/// hold a call longer than that. The callbacks run on the session's own queue, so a sync call
/// never deadlocks, and an async call never blocks a thread of the cooperative pool. Cancelling
/// the awaiting task cancels the data task.
///
/// `@unchecked Sendable` because URLSession is thread-safe but not marked `Sendable` in every SDK.
final class URLSessionTransport: @unchecked Sendable {
    /// The bounds of one exchange: seconds it may take, body bytes accepted (nil: any), redirects followed.
    struct Limits: Sendable {
        var timeout: TimeInterval
        var maxResponseSize: Int?
        var maxRedirects: Int
    }

    let session: URLSession
    let delegate = SessionDelegate()

    init(configuration: URLSessionConfiguration) {
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    /// Sends `request`, blocking the calling thread until the exchange ends.
    func send(_ request: URLRequest, limits: Limits) throws -> (Data, HTTPURLResponse) {
        let exchange = Exchange(request: request, limits: limits)
        let done = DispatchSemaphore(value: 0)
        start(exchange) { done.signal() }
        done.wait()
        return try exchange.result()
    }

    /// Sends `request`, suspending until the exchange ends; cancelling the task cancels it.
    func send(_ request: URLRequest, limits: Limits) async throws -> (Data, HTTPURLResponse) {
        let exchange = Exchange(request: request, limits: limits)
        if Task.isCancelled { throw ServiceClientError.cancelled(url: exchange.label) }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                start(exchange) { continuation.resume() }
            }
        } onCancel: {
            exchange.halt(.cancelled)
        }
        return try exchange.result()
    }

    private func start(_ exchange: Exchange, onFinish: @escaping @Sendable () -> Void) {
        let task = session.dataTask(with: exchange.request)
        delegate.exchanges.withLock { $0[task.taskIdentifier] = exchange }
        exchange.start(task, onFinish: onFinish)
    }

    /// The request that follows a redirect from `request`: without the `Authorization` and `Cookie`
    /// headers when it goes to another origin.
    static func redirect(from request: URLRequest, to next: URLRequest) -> URLRequest {
        guard let from = request.url, let to = next.url,
              from.scheme != to.scheme || from.host != to.host || from.port != to.port else { return next }
        var sameOriginOnly = next
        sameOriginOnly.setValue(nil, forHTTPHeaderField: "Authorization")
        sameOriginOnly.setValue(nil, forHTTPHeaderField: "Cookie")
        return sameOriginOnly
    }

    static func urlWithoutQuery(_ url: URL) -> String {
        let text = url.absoluteString
        if let mark = text.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            return String(text[..<mark])
        }
        return text
    }
}

/// Routes the session's callbacks to the exchange of each task, or to its stream.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    fileprivate let exchanges = Locked<[Int: Exchange]>([:])
    let streams = Locked<[Int: StreamExchange]>([:])

    private func exchange(for task: URLSessionTask) -> Exchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    private func stream(for task: URLSessionTask) -> StreamExchange? {
        streams.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        stream(for: dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if let stream = stream(for: dataTask) {
            stream.received(data)
        } else {
            exchange(for: dataTask)?.received(data)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        if let stream = stream(for: task) {
            completionHandler(stream.redirect(to: request))
        } else {
            completionHandler(exchange(for: task)?.redirect(to: request))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let stream = streams.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) {
            stream.complete(error: error)
            return
        }
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        exchange?.complete(response: task.response, error: error)
    }
}

/// One data task's life: started, receiving, maybe stopped early (cancelled, timed out, too large,
/// too many redirects), completed.
private final class Exchange: Sendable {
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
        let tooLarge = state.withLock { state -> Bool in
            guard state.stop == .none else { return false }
            state.body.append(data)
            return limits.maxResponseSize.map { state.body.count > $0 } ?? false
        }
        if tooLarge { halt(.tooLarge) }
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
            (state.completed, state.response, state.error) = (true, response, error)
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

extension URLSessionTransport {
    /// A URLSession error as a ``ServiceClientError``, given what had arrived.
    static func failure(_ error: any Error, url label: String, timeout: TimeInterval, response: URLResponse?,
                        receivedBytes: Int) -> ServiceClientError {
        let nsError = error as NSError
        switch nsError.domain == NSURLErrorDomain ? nsError.code : 0 {
        case NSURLErrorCancelled: return .cancelled(url: label)
        case NSURLErrorTimedOut: return .timedOut(url: label, timeout: timeout)
        case NSURLErrorCannotConnectToHost: return .connectionRefused(url: label)
        case NSURLErrorNetworkConnectionLost: return .connectionLost(url: label, receivedBytes: receivedBytes)
        case NSURLErrorHTTPTooManyRedirects: return .tooManyRedirects(url: label, count: 0)
        default:
            // The headers arrived, then the transfer failed: the body is incomplete.
            guard let expected = response?.expectedContentLength else {
                return .networkFailure(url: label, code: nsError.code, message: nsError.localizedDescription)
            }
            return .truncatedResponse(url: label, receivedBytes: receivedBytes, expectedBytes: expected >= 0 ? Int(exactly: expected) : nil)
        }
    }
}
