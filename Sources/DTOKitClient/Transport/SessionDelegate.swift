import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Routes the callbacks of the transport's sessions to the ``Exchange`` of each task.
///
/// Keyed by the task object, not its `taskIdentifier`: a request that needs a connection of its own
/// runs in a session of its own, whose identifiers start again at 1.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Registration {
        let exchange: Exchange
        /// The task's 401 credential challenge was declined (``declineCredentialChallenge``).
        var declinedChallenge = false
    }

    private let registrations = Locked<[ObjectIdentifier: Registration]>([:])

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        registrations.withLock { $0[ObjectIdentifier(task)] = Registration(exchange: exchange) }
    }

    /// Stops routing `task`'s callbacks (a task never started), and lets go of the session made for it
    /// alone.
    func forget(_ task: URLSessionTask) {
        registrations.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(task)) }
    }

    private func exchange(for task: URLSessionTask) -> Exchange? {
        registrations.withLock { $0[ObjectIdentifier(task)]?.exchange }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        exchange(for: dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        exchange(for: task)?.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    /// The platform sends the body again from its start (Apple's URLSession, after a connection failed).
    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        completionHandler(exchange(for: task)?.newBodyStream())
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let exchange = exchange(for: task) else { return completionHandler(nil) }
        exchange.redirect(after: response, answer: completionHandler)
    }

    /// A server asks for a user's credentials: ServiceStack sends `WWW-Authenticate: {provider}
    /// realm="…"` with every 401 of a failed `[Authenticate]` (`basic`, `credentials`, `jwt`,
    /// `apikey`, `digest`…). The client answers 401s itself (a new access token, the Basic
    /// credentials, else the error), so such a challenge is declined, and the 401 reaches the client
    /// at once (``CredentialRules/clientAnswers(challenge:)`` says which).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard CredentialRules.clientAnswers(challenge: challenge.protectionSpace.authenticationMethod) else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        registrations.withLock { $0[ObjectIdentifier(task)]?.declinedChallenge = true }
        completionHandler(Self.declineCredentialChallenge, nil)
    }

    /// How a credential challenge is declined so that the 401 arrives as the task's response.
    /// Apple's URLSession delivers the 401 on default handling when no credential is stored (the
    /// client's sessions store none: `urlCredentialStorage` is nil). FoundationNetworking (Swift
    /// 6.3 and earlier) instead waits for ever there (swiftlang/swift-corelibs-foundation#5456), so
    /// there the task is cancelled: it has already received the whole 401 by then, and its exchange
    /// completes with it (``endingError(_:afterDecliningChallenge:)``).
    static var declineCredentialChallenge: URLSession.AuthChallengeDisposition {
        #if canImport(FoundationNetworking)
        .cancelAuthenticationChallenge
        #else
        .performDefaultHandling
        #endif
    }

    /// How a task ended, given that its credential challenge may have been declined by cancelling it
    /// (FoundationNetworking): then the cancellation is the end of a complete 401 response.
    private static func endingError(_ error: (any Error)?, afterDecliningChallenge declined: Bool) -> (any Error)? {
        guard declined, let error = error as NSError?, error.domain == NSURLErrorDomain,
            error.code == NSURLErrorCancelled
        else {
            return error
        }
        return nil
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let registration = registrations.withLock({ $0.removeValue(forKey: ObjectIdentifier(task)) }) {
            let error = Self.endingError(error, afterDecliningChallenge: registration.declinedChallenge)
            registration.exchange.complete(response: task.response, error: error)
        }
        if session.sessionDescription == URLSessionTransport.connectionOfItsOwn {
            session.finishTasksAndInvalidate()
        }
    }
}

/// What may stand between the transport's sessions and its delegate: in production nothing; in the
/// tests, a stand-in for Apple's URLSession where it differs from FoundationNetworking, so that the
/// client's suites run against both behaviours on Linux.
protocol SessionInterposer: Sendable {
    /// The delegate the sessions get, forwarding to `delegate` in its own way.
    func delegate(forwardingTo delegate: SessionDelegate) -> any URLSessionDataDelegate
    /// The error the platform fails `request` with before sending it, if any.
    func refusal(of request: URLRequest) -> (any Error)?
}
