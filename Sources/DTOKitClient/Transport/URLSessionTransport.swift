import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one `URLRequest` and waits for the whole response, either blocking the calling thread
/// (sync API) or suspending the task (async API).
///
/// Both use `dataTask(with:completionHandler:)`: the completion runs on the session's own delegate
/// queue, so a sync call never deadlocks when made from any thread other than that queue, and an
/// async call never blocks a thread of the cooperative pool. Cancelling the awaiting task cancels
/// the data task.
///
/// The timeout is enforced here too (not only through `URLRequest.timeoutInterval`, which some
/// platforms round down to whole seconds or ignore), so it means the same everywhere: the whole
/// exchange must finish within it.
///
/// `@unchecked Sendable` because URLSession is thread-safe but not marked `Sendable` in every SDK.
struct URLSessionTransport: @unchecked Sendable {
    let session: URLSession

    /// Sends `request`, blocking the calling thread until the response arrives.
    func send(_ request: URLRequest, timeout: TimeInterval) throws -> (Data, HTTPURLResponse) {
        let control = TaskControl()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            control.finish(Outcome(data: data, response: response, error: error))
            done.signal()
        }
        control.start(task, timeout: timeout)
        done.wait()
        control.stopTimer()
        return try control.result(request: request, timeout: timeout)
    }

    /// Sends `request`, suspending until the response arrives; cancelling the task cancels it.
    func send(_ request: URLRequest, timeout: TimeInterval) async throws -> (Data, HTTPURLResponse) {
        if Task.isCancelled { throw ServiceClientError.cancelled(url: Self.label(request)) }
        let control = TaskControl()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let task = session.dataTask(with: request) { data, response, error in
                    control.finish(Outcome(data: data, response: response, error: error))
                    continuation.resume()
                }
                control.start(task, timeout: timeout)
            }
        } onCancel: {
            control.cancel()
        }
        control.stopTimer()
        return try control.result(request: request, timeout: timeout)
    }

    /// The request's URL without its query string, for error messages.
    static func label(_ request: URLRequest) -> String {
        request.url.map(Self.urlWithoutQuery) ?? "?"
    }

    static func urlWithoutQuery(_ url: URL) -> String {
        let text = url.absoluteString
        if let mark = text.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            return String(text[..<mark])
        }
        return text
    }
}

/// One data task's life: started, maybe cancelled or timed out, finished with an outcome.
private final class TaskControl: @unchecked Sendable {
    private enum Stop { case none, cancelled, timedOut }

    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var stop = Stop.none
    private var outcome: Outcome?
    private var timer: DispatchWorkItem?

    /// Resumes `task` (or cancels it at once when the call was cancelled before it started) and
    /// arms the timeout.
    func start(_ task: URLSessionDataTask, timeout: TimeInterval) {
        let timer = DispatchWorkItem { [weak self] in self?.halt(.timedOut) }
        lock.lock()
        self.task = task
        self.timer = timer
        let stoppedAlready = stop != .none
        lock.unlock()
        task.resume()
        if stoppedAlready {
            task.cancel()
        } else if timeout > 0 && timeout.isFinite {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        }
    }

    func cancel() {
        halt(.cancelled)
    }

    private func halt(_ reason: Stop) {
        lock.lock()
        if stop == .none && outcome == nil { stop = reason }
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    func finish(_ outcome: Outcome) {
        lock.lock()
        self.outcome = outcome
        lock.unlock()
    }

    func stopTimer() {
        lock.lock()
        let timer = self.timer
        lock.unlock()
        timer?.cancel()
    }

    /// The response, or the error for how the task ended.
    func result(request: URLRequest, timeout: TimeInterval) throws -> (Data, HTTPURLResponse) {
        lock.lock()
        let outcome = self.outcome
        let stop = self.stop
        lock.unlock()
        let url = URLSessionTransport.label(request)
        switch stop {
        case .timedOut: throw ServiceClientError.timedOut(url: url, timeout: timeout)
        case .cancelled: throw ServiceClientError.cancelled(url: url)
        case .none: break
        }
        guard let outcome else {
            throw ServiceClientError.invalidResponse(url: url, reason: "no response")
        }
        if let error = outcome.error {
            throw TransportErrors.map(error, url: url, timeout: timeout)
        }
        guard let http = outcome.response as? HTTPURLResponse else {
            throw ServiceClientError.invalidResponse(url: url, reason: "not an HTTP response")
        }
        return (outcome.data ?? Data(), http)
    }
}

/// What a data task's completion handler received.
private struct Outcome: @unchecked Sendable {
    // URLResponse and Error are not Sendable on every platform; the values are handed over once
    // from the completion handler and only read afterwards.
    let data: Data?
    let response: URLResponse?
    let error: (any Error)?
}

/// Maps URLSession errors onto ``ServiceClientError`` cases.
enum TransportErrors {
    static func map(_ error: any Error, url: String, timeout: TimeInterval) -> ServiceClientError {
        if let clientError = error as? ServiceClientError { return clientError }
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else {
            return .networkFailure(url: url, code: nsError.code, message: nsError.localizedDescription)
        }
        switch nsError.code {
        case NSURLErrorCancelled:
            return .cancelled(url: url)
        case NSURLErrorTimedOut:
            return .timedOut(url: url, timeout: timeout)
        case NSURLErrorCannotConnectToHost:
            return .connectionRefused(url: url)
        default:
            return .networkFailure(url: url, code: nsError.code, message: nsError.localizedDescription)
        }
    }
}
