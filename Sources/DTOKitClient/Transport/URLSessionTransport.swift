import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: Foundation's URLSession (FoundationNetworking on Linux), with no
/// dependencies.
///
/// The transport is its session's delegate, so that it sees a response while it arrives: it
/// follows at most ``TransportOptions/maxRedirects`` redirects (with the request's own credentials
/// on the same origin, never to another), declines the credential challenge of a 401 so that the
/// client answers it, and reports the request body's progress. Cancelling the awaiting task, or
/// ending the body's iteration, cancels the data task.
///
/// `@unchecked Sendable` because URLSession is thread-safe but not marked `Sendable` in every SDK.
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    let session: URLSession
    let delegate = SessionDelegate()
    private let configuration: URLSessionConfiguration
    private let sessionDelegate: any URLSessionDataDelegate
    private let interposer: (any SessionInterposer)?
    /// How bodies that are not bytes go up (``BodyDelivery/platform``; the tests force the other).
    let bodyDelivery: BodyDelivery
    /// Where bodies are written first, when they are (``BodyDelivery/spooled``).
    let spoolFolder = SpoolFolder()
    /// Every request on the one session, as on Apple's platforms (for the tests).
    private let oneSessionForAll: Bool

    /// A transport over a session configured your way (proxy, TLS, connection limits…).
    ///
    /// The transport turns off the configuration's cookie handling, URL cache and credential
    /// storage (on a copy: yours stays as it was): the client keeps its own cookies, and answers a
    /// server's 401 itself, never with a credential the system stored. A background configuration
    /// (`.background(withIdentifier:)`) cannot carry the client's calls: each fails with
    /// ``ServiceClientError/invalidRequest(url:reason:)``, which says so.
    public convenience init(configuration: URLSessionConfiguration = .ephemeral) {
        self.init(configuration: configuration, interposer: nil)
    }

    init(
        configuration: URLSessionConfiguration, interposer: (any SessionInterposer)?,
        bodyDelivery: BodyDelivery = .platform, oneSessionForAll: Bool = false
    ) {
        self.bodyDelivery = bodyDelivery
        self.oneSessionForAll = oneSessionForAll
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        self.configuration = configuration
        self.interposer = interposer
        sessionDelegate = interposer?.delegate(forwardingTo: delegate) ?? delegate
        session = URLSession(configuration: configuration, delegate: sessionDelegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: OutgoingRequest, options: TransportOptions) async throws -> ServiceStream {
        if let refusal = Self.refusal(ofConfigurationWithIdentifier: configuration.identifier) {
            throw ServiceClientError.invalidRequest(url: ServiceClientError.label(for: request.url), reason: refusal)
        }
        var course = ExchangeCourse(request, options: options)
        while true {
            let (stream, exchange) = try await send(course, options: options)
            guard let next = exchange.resend else { return stream }
            // A redirect that keeps the body, sent on a task of its own: the redirect's response ends
            // with its task, its body not wanted.
            do {
                for try await _ in stream.chunks {}
            } catch {}
            course = next
        }
    }

    /// Sends the course's request on a task; returns at the response's headers.
    private func send(_ course: ExchangeCourse, options: TransportOptions) async throws -> (ServiceStream, Exchange) {
        let request = course.request
        let label = ServiceClientError.label(for: request.url)
        if Task.isCancelled { throw ServiceClientError.cancelled(url: label) }
        // A body that is not bytes goes up as a stream, read as it is sent (or from a file).
        let upload = try await UploadBody.make(
            for: request.body, delivery: bodyDelivery, spoolFolder: spoolFolder, url: label,
            onActivity: options.onActivity)
        let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let exchange = Exchange(course: course, options: options, chunks: continuation, upload: upload)
        let task: URLSessionDataTask
        let session: URLSession
        do {
            (task, session) = try dataTask(for: request, upload: upload, exchange: exchange)
        } catch {
            upload?.end()
            throw error
        }
        let callbacks = session.delegateQueue
        // Weakly: the exchange keeps the stream's continuation, which keeps this closure.
        continuation.onTermination = { [weak exchange] termination in
            guard case .cancelled = termination else { return }
            exchange?.cancelWhileRunning(task, callbacks: callbacks)
        }
        do {
            let response = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation {
                    (headers: CheckedContinuation<HTTPURLResponse, any Error>) in
                    exchange.start(task, headers: headers)
                }
            } onCancel: {
                exchange.cancel(task, callbacks: callbacks)
            }
            return (ServiceStream(httpResponse: response, chunks: chunks), exchange)
        } catch {
            // A task cancelled before it started never ends by itself: forget it here, and end the
            // session made for it alone (the delegate ends one when its task completes).
            if exchange.neverStarted {
                delegate.forget(task)
                if session !== self.session { session.invalidateAndCancel() }
            }
            throw error
        }
    }

    /// Why a configuration with `identifier` cannot carry calls, if it cannot: one with an identifier
    /// is a background configuration (`.background(withIdentifier:)`, Apple platforms only), whose
    /// sessions run only uploads from and downloads to files, handed to the system, not the data
    /// tasks whose bytes the client reads as they arrive.
    static func refusal(ofConfigurationWithIdentifier identifier: String?) -> String? {
        guard let identifier else { return nil }
        return "the transport's URLSessionConfiguration is a background one (identifier \"\(identifier)\"), which runs "
            + "only uploads from and downloads to files; give JsonServiceClient or URLSessionTransport a .default or "
            + ".ephemeral configuration"
    }

    /// A data task for `request` (its body the upload's stream, when it is not bytes), its callbacks
    /// routed to `exchange`; not resumed yet. With it, its session: the transport's, or one made for it
    /// alone.
    private func dataTask(for outgoing: OutgoingRequest, upload: UploadBody?, exchange: Exchange) throws
        -> (URLSessionDataTask, URLSession)
    {
        var request = outgoing.urlRequest
        if let upload {
            request.httpBodyStream = upload.makeStream()
            if let length = upload.length {
                request.setValue(String(length), forHTTPHeaderField: "Content-Length")
                if let blank = Self.unframedBodyStream {
                    request.setValue(blank, forHTTPHeaderField: "Transfer-Encoding")
                }
            }
        }
        if let refusal = interposer?.refusal(of: request) {
            throw Self.failure(
                refusal, url: exchange.label, timeout: request.timeoutInterval, response: nil, receivedBytes: 0)
        }
        var session = self.session
        if !oneSessionForAll, Self.needsConnectionOfItsOwn(outgoing) {
            // A session for this request alone; the delegate invalidates it when the task completes.
            session = URLSession(configuration: configuration, delegate: sessionDelegate, delegateQueue: nil)
            session.sessionDescription = Self.connectionOfItsOwn
        }
        let task = session.dataTask(with: request)
        delegate.register(exchange, for: task)
        return (task, session)
    }

    /// What tells the platform not to frame a body stream of known length as chunked, if it must be
    /// told. libcurl (FoundationNetworking) sends a body stream chunked — with the `Content-Length` the
    /// request carries too, which RFC 9112 §6.2 forbids and a server or proxy may read either way — unless
    /// the request names a `Transfer-Encoding`; one of blank value turns chunking off and is itself left
    /// out of the request (libcurl's rule for a header without a value). Apple's URLSession sends a body
    /// stream by its `Content-Length` when it has one.
    static var unframedBodyStream: String? {
        #if canImport(FoundationNetworking)
        " "
        #else
        nil
        #endif
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
    static func needsConnectionOfItsOwn(
        _ request: OutgoingRequest, reusedConnectionsMayResend: Bool = resendsOnReusedConnections
    ) -> Bool {
        guard reusedConnectionsMayResend else { return false }
        return !request.method.isIdempotent || request.body != nil
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
}
