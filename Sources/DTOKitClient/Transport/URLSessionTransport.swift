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
struct URLSessionTransport: Sendable {
    let session: URLSession

    /// Sends `request`, blocking the calling thread until the response arrives.
    func send(_ request: URLRequest, timeout: TimeInterval) throws -> (Data, HTTPURLResponse) {
        let outcome = Locked<Outcome?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            outcome.withLock { $0 = Outcome(data: data, response: response, error: error) }
            done.signal()
        }
        task.resume()
        done.wait()
        guard let result = outcome.current else {
            throw ServiceClientError.invalidResponse(url: Self.label(request), reason: "no response")
        }
        return try result.unwrap(request: request, timeout: timeout)
    }

    /// Sends `request`, suspending until the response arrives; cancelling the task cancels it.
    func send(_ request: URLRequest, timeout: TimeInterval) async throws -> (Data, HTTPURLResponse) {
        if Task.isCancelled { throw ServiceClientError.cancelled(url: Self.label(request)) }
        let state = Locked(CancellableTask())
        let result: Outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let task = session.dataTask(with: request) { data, response, error in
                    continuation.resume(returning: Outcome(data: data, response: response, error: error))
                }
                let cancelledAlready = state.withLock { state -> Bool in
                    state.task = task
                    return state.isCancelled
                }
                if cancelledAlready { task.cancel() }
                task.resume()
            }
        } onCancel: {
            let task = state.withLock { state -> URLSessionDataTask? in
                state.isCancelled = true
                return state.task
            }
            task?.cancel()
        }
        return try result.unwrap(request: request, timeout: timeout)
    }

    /// The request's method and URL without its query string, for error messages.
    static func label(_ request: URLRequest) -> String {
        (request.url.map(Self.urlWithoutQuery) ?? "?")
    }

    static func urlWithoutQuery(_ url: URL) -> String {
        let text = url.absoluteString
        if let mark = text.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            return String(text[..<mark])
        }
        return text
    }
}

/// The data task whose cancellation an async send may have to pass on.
private struct CancellableTask {
    var task: URLSessionDataTask?
    var isCancelled = false
}

/// What a data task's completion handler received.
private struct Outcome: @unchecked Sendable {
    // URLResponse and Error are not Sendable on every platform; the values are handed over once
    // from the completion handler and only read afterwards.
    let data: Data?
    let response: URLResponse?
    let error: (any Error)?

    func unwrap(request: URLRequest, timeout: TimeInterval) throws -> (Data, HTTPURLResponse) {
        let url = URLSessionTransport.label(request)
        if let error {
            throw TransportErrors.map(error, url: url, timeout: timeout)
        }
        guard let http = response as? HTTPURLResponse else {
            throw ServiceClientError.invalidResponse(url: url, reason: "not an HTTP response")
        }
        return (data ?? Data(), http)
    }
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
