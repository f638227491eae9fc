import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Long-lived responses (Server Events): the body handed on chunk by chunk as it arrives, for as long
/// as the server keeps sending, instead of collected whole.
extension URLSessionTransport {
    /// Sends `request` and returns once the response's headers arrive (within `timeout` seconds),
    /// with the body's bytes as they come. Ending the iteration of `chunks`, or cancelling the task
    /// that iterates it, cancels the request.
    func openStream(_ request: URLRequest, timeout: TimeInterval) async throws
        -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        let label = request.url.map(URLSessionTransport.urlWithoutQuery) ?? "?"
        if Task.isCancelled { throw ServiceClientError.cancelled(url: label) }
        let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let exchange = StreamExchange(request: request, timeout: timeout, chunks: continuation)
        let task = try dataTask(for: request, exchange: exchange)
        continuation.onTermination = { _ in task.cancel() }
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (headers: CheckedContinuation<HTTPURLResponse, any Error>) in
                exchange.start(task, headers: headers)
            }
        } onCancel: {
            task.cancel()
        }
        return (response, chunks)
    }
}

/// One streaming data task: waits for the headers (bounded by the timeout), then passes each chunk
/// of the body on, then how it ended.
final class StreamExchange: TaskExchange {
    private struct State {
        var headers: CheckedContinuation<HTTPURLResponse, any Error>?
        var timer: DispatchWorkItem?
        var receivedBytes = 0
        var response: URLResponse?
        /// Set when the task ended; it may end before `start` has stored `headers` (cancelled at once).
        var ended = false
        var endError: (any Error)?
    }

    private let request: URLRequest
    private let timeout: TimeInterval
    private let chunks: AsyncThrowingStream<Data, any Error>.Continuation
    private let state = Locked(State())

    init(request: URLRequest, timeout: TimeInterval, chunks: AsyncThrowingStream<Data, any Error>.Continuation) {
        self.request = request
        self.timeout = timeout
        self.chunks = chunks
    }

    private var label: String { request.url.map(URLSessionTransport.urlWithoutQuery) ?? "?" }

    func start(_ task: URLSessionDataTask, headers: CheckedContinuation<HTTPURLResponse, any Error>) {
        let timer = DispatchWorkItem { [weak self, label, timeout] in
            guard let self, let waiting = self.state.withLock({ $0.headers.takeOnce() }) else { return }
            waiting.resume(throwing: ServiceClientError.timedOut(url: label, timeout: timeout))
            task.cancel()
        }
        let endedAlready = state.withLock { state -> (any Error)?? in
            guard !state.ended else { return .some(state.endError) }
            (state.headers, state.timer) = (headers, timer)
            return .none
        }
        if let endedAlready {
            headers.resume(throwing: endedAlready ?? ServiceClientError.cancelled(url: label))
            return
        }
        task.resume()
        if timeout > 0 && timeout.isFinite {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        }
    }

    func received(_ response: URLResponse) {
        let (waiting, timer) = state.withLock { state in
            state.response = response
            return (state.headers.takeOnce(), state.timer)
        }
        timer?.cancel()
        guard let waiting else { return }
        if let http = response as? HTTPURLResponse {
            waiting.resume(returning: http)
        } else {
            waiting.resume(throwing: ServiceClientError.invalidResponse(url: label, reason: "not an HTTP response"))
        }
    }

    func received(_ data: Data) {
        state.withLock { $0.receivedBytes += data.count }
        chunks.yield(data)
    }

    func redirect(to next: URLRequest) -> URLRequest? {
        URLSessionTransport.redirect(from: request, to: next)
    }

    func sent(_ sent: Int64, of total: Int64) {}

    func complete(response _: URLResponse?, error: (any Error)?) {
        let (response, receivedBytes) = state.withLock { ($0.response, $0.receivedBytes) }
        let failure = error.map {
            URLSessionTransport.failure($0, url: label, timeout: timeout, response: response, receivedBytes: receivedBytes)
        }
        let (waiting, timer) = state.withLock { state in
            (state.ended, state.endError) = (true, failure)
            return (state.headers.takeOnce(), state.timer)
        }
        timer?.cancel()
        if let waiting {
            waiting.resume(throwing: failure ?? ServiceClientError.invalidResponse(url: label, reason: "no response"))
        }
        chunks.finish(throwing: failure)
    }
}

extension Optional {
    /// The value, leaving nil behind.
    mutating func takeOnce() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
