import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one `URLRequest` and collects the whole response, either blocking the calling thread
/// (sync API) or suspending the task (async API); the only place where the two differ.
///
/// The transport is its sessions' delegate, so that it sees a response while it arrives: it
/// stops one as soon as it grows past the size limit, follows at most `maxRedirects` redirects (with
/// the request's own credentials on the same origin, never to another), declines the credential
/// challenge of a 401 so that the client answers it, and stops an exchange that has not finished
/// within the timeout — a server that answers slowly, or drips its body, cannot hold a call longer
/// than that. The callbacks run on the sessions' own queue, so a sync call never deadlocks, and an
/// async call never blocks a thread of the cooperative pool. Cancelling the awaiting task cancels
/// the data task.
///
/// `@unchecked Sendable` because URLSession is thread-safe but not marked `Sendable` in every SDK.
final class URLSessionTransport: @unchecked Sendable {
    /// How one exchange runs: seconds it may take, body bytes accepted (nil: any), redirects
    /// followed, and who hears how its bytes go.
    struct Limits: Sendable {
        var timeout: TimeInterval
        var maxResponseSize: Int?
        var maxRedirects: Int
        var progress = TransferProgress()
    }

    let session: URLSession
    let delegate = SessionDelegate()
    private let configuration: URLSessionConfiguration
    private let sessionDelegate: any URLSessionDataDelegate
    private let interposer: (any SessionInterposer)?

    init(configuration: URLSessionConfiguration, interposer: (any SessionInterposer)? = nil) {
        self.configuration = configuration
        self.interposer = interposer
        sessionDelegate = interposer?.delegate(forwardingTo: delegate) ?? delegate
        session = URLSession(configuration: configuration, delegate: sessionDelegate, delegateQueue: nil)
    }

    /// Sends `request`, blocking the calling thread until the exchange ends.
    func send(_ request: URLRequest, limits: Limits) throws -> (Data, HTTPURLResponse) {
        let exchange = Exchange(request: request, limits: limits)
        let done = DispatchSemaphore(value: 0)
        try start(exchange) { done.signal() }
        done.wait()
        return try exchange.result()
    }

    /// Sends `request`, suspending until the exchange ends; cancelling the task cancels it.
    func send(_ request: URLRequest, limits: Limits) async throws -> (Data, HTTPURLResponse) {
        let exchange = Exchange(request: request, limits: limits)
        if Task.isCancelled { throw ServiceClientError.cancelled(url: exchange.label) }
        let task = try dataTask(for: request, exchange: exchange)
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                exchange.start(task) { continuation.resume() }
            }
        } onCancel: {
            exchange.halt(.cancelled)
        }
        return try exchange.result()
    }

    private func start(_ exchange: Exchange, onFinish: @escaping @Sendable () -> Void) throws {
        exchange.start(try dataTask(for: exchange.request, exchange: exchange), onFinish: onFinish)
    }

    /// A data task for `request`, its callbacks routed to `exchange`; not resumed yet.
    func dataTask(for request: URLRequest, exchange: any TaskExchange) throws -> URLSessionDataTask {
        if let refusal = interposer?.refusal(of: request) {
            throw Self.failure(refusal, url: request.url.map(Self.urlWithoutQuery) ?? "?", timeout: 0,
                               response: nil, receivedBytes: 0)
        }
        let task: URLSessionDataTask
        if Self.needsConnectionOfItsOwn(request) {
            // A session for this request alone; the delegate invalidates it when the task completes.
            let own = URLSession(configuration: configuration, delegate: sessionDelegate, delegateQueue: nil)
            own.sessionDescription = Self.connectionOfItsOwn
            task = own.dataTask(with: request)
        } else {
            task = session.dataTask(with: request)
        }
        delegate.register(exchange, for: task)
        return task
    }

    /// The description of a session made for one request (see ``needsConnectionOfItsOwn(_:)``).
    static let connectionOfItsOwn = "DTOKit: a connection of its own"

    /// Whether `request` must not go out on a kept-alive connection, because the HTTP stack under
    /// the client would send it again when that connection turns out to be closed.
    ///
    /// A server (or proxy) may close an idle kept-alive connection just as the next request is
    /// written to it. Apple's URLSession then retries only idempotent requests, and fails the others
    /// with `NSURLErrorNetworkConnectionLost`. FoundationNetworking's libcurl retries any request on
    /// a fresh connection, and one with a body only after a rewind that FoundationNetworking cannot
    /// do: the call hangs until its timeout, and the same POST then goes out a second time. So
    /// there, a request that is not idempotent (POST, PATCH, any other) or has a body gets a
    /// connection of its own, which libcurl never retries.
    static func needsConnectionOfItsOwn(_ request: URLRequest, reusedConnectionsMayResend: Bool = resendsOnReusedConnections) -> Bool {
        guard reusedConnectionsMayResend else { return false }
        let method = HttpMethod(rawValue: request.httpMethod ?? "GET")
        return !method.isIdempotent || request.httpBody != nil || request.httpBodyStream != nil
    }

    /// Whether this platform's HTTP stack retries any request on a fresh connection when a reused
    /// one was closed (libcurl, under FoundationNetworking).
    static var resendsOnReusedConnections: Bool {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }

    /// The request that follows a redirect from `request`: on the same origin with the original's
    /// `Authorization` and `Cookie` headers (Apple's URLSession drops `Authorization` from a
    /// redirected request, FoundationNetworking copies every header: the same result on both);
    /// to another origin without them.
    static func redirect(from request: URLRequest, to next: URLRequest) -> URLRequest {
        var redirected = next
        let sameOrigin = request.url.map { from in
            next.url.map { to in from.scheme == to.scheme && from.host == to.host && from.port == to.port } ?? false
        } ?? false
        for name in ["Authorization", "Cookie"] {
            redirected.setValue(sameOrigin ? request.value(forHTTPHeaderField: name) : nil, forHTTPHeaderField: name)
        }
        return redirected
    }

    static func urlWithoutQuery(_ url: URL) -> String {
        let text = url.absoluteString
        if let mark = text.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            return String(text[..<mark])
        }
        return text
    }
}
