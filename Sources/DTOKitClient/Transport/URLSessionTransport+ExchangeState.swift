import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One data task's life as its session's callbacks tell it, as a value: each event is a `mutating`
/// transition that returns what the ``Exchange`` does next (resume the caller waiting for the
/// headers, cancel the task), so that the rules are tested without a session.
///
/// `Waiter` is what waits for the headers: a continuation in ``Exchange``, anything in the tests.
struct ExchangeState<Waiter> {
    /// Where the task is.
    enum Phase {
        /// Made, not resumed yet; `cancelled`: the caller was cancelled already.
        case created(cancelled: Bool)
        /// Resumed: the caller waits for the response's headers.
        case waitingForHeaders(Waiter)
        /// The headers were handed on (or the caller was told why there are none); the body may arrive.
        case headersHandedOn
        /// The task ended.
        case ended
    }

    /// What the exchange does after an event.
    enum Action {
        case none
        /// Cancel the task (it has started; the caller was cancelled).
        case cancelTask
        /// Do not start the task: the caller was cancelled before it started; tell the caller why.
        case neverStart(Waiter, with: ServiceClientError)
        /// Hand the caller the headers, or the error instead of them.
        case resume(Waiter, with: Result<HTTPURLResponse, ServiceClientError>)
    }

    private(set) var phase = Phase.created(cancelled: false)
    /// Which redirects are followed.
    private(set) var course: ExchangeCourse
    /// The course goes on with a request the platform would not send whole: a redirect that keeps the
    /// body (307, 308), whose body FoundationNetworking drops. The platform's redirect is refused, the
    /// task ends with the redirect's response, and the transport sends `course.request` on a task of
    /// its own.
    private(set) var resend: ExchangeCourse?
    /// Why the course refused a redirect, which ends the task with the redirect's response.
    private var refusal: ServiceClientError?
    /// The last response the task received (a redirect's included).
    private var response: URLResponse?
    /// The body's bytes so far, for the error a failure becomes.
    private(set) var receivedBytes = 0
    private let label: String
    private let timeout: TimeInterval

    init(request: OutgoingRequest, options: TransportOptions) {
        self.init(course: ExchangeCourse(request, options: options))
    }

    /// The life of a task that sends `course.request`, the course's redirects so far counting.
    init(course: ExchangeCourse) {
        self.course = course
        label = ServiceClientError.label(for: course.request.url)
        timeout = course.request.timeoutInterval
    }

    /// Whether the task has ended, or was never resumed and never will be: nothing is left to cancel.
    var hasEnded: Bool {
        if case .ended = phase { return true }
        return false
    }

    /// The transport has cancelled the task (``cancelling()``): a redirect it asks about afterwards
    /// is left unanswered.
    private(set) var cancelMade = false

    /// The transport is about to cancel the task: whether it should (the task has not ended).
    mutating func cancelling() -> Bool {
        guard !hasEnded else { return false }
        cancelMade = true
        return true
    }

    /// Whether the task was never resumed because the caller was cancelled first.
    private(set) var neverStarted = false

    /// The task is to be resumed, `waiter` waits for its headers; unless the caller was cancelled
    /// before: then it is never resumed (nothing of the request goes out), and the exchange ends.
    mutating func started(_ waiter: Waiter) -> Action {
        guard case .created(let cancelled) = phase else { return .none }
        guard !cancelled else {
            phase = .ended
            neverStarted = true
            return .neverStart(waiter, with: .cancelled(url: label))
        }
        phase = .waitingForHeaders(waiter)
        return .none
    }

    /// The caller was cancelled: the task is cancelled now, or as soon as it starts.
    mutating func cancelled() -> Action {
        switch phase {
        case .created: phase = .created(cancelled: true)
        case .waitingForHeaders, .headersHandedOn: return .cancelTask
        case .ended: break
        }
        return .none
    }

    /// The response's headers arrived. A redirect the platform did not follow (a `Location` it could
    /// not read, a scheme it would not follow) is the course's to decide: refused, or sent by the
    /// transport on a task of its own.
    mutating func received(_ response: URLResponse) -> Action {
        self.response = response
        if refusal == nil, resend == nil, let http = response as? HTTPURLResponse {
            switch course.received(http) {
            case .deliver: break
            case .fail(let refusal): self.refusal = refusal
            case .send: resend = course
            }
        }
        return handOn(.success(response))
    }

    /// A piece of the body arrived.
    mutating func received(bytes count: Int) {
        receivedBytes += count
    }

    /// What the platform is told when it met `response`, a redirect: `.some` of the request to follow
    /// it with, as the course makes it (the platform's own is not used: FoundationNetworking drops a
    /// kept body, reads a `file:` `Location` as a path on the same host, and copies every header), or
    /// of nil to stop there; `.none`, nothing, once the task was cancelled: FoundationNetworking
    /// traps on an answer that comes after its cancel (which has stopped the transfer), and the
    /// cancel ends the task without one.
    mutating func redirect(after response: HTTPURLResponse) -> URLRequest?? {
        guard !cancelMade else { return .none }
        return .some(follow(response))
    }

    private mutating func follow(_ response: HTTPURLResponse) -> URLRequest? {
        switch course.received(response) {
        case .send:
            guard course.request.body == nil else {
                resend = course
                return nil
            }
            return course.request.urlRequest
        case .fail(let refusal):
            self.refusal = refusal
            return nil
        case .deliver:
            return nil
        }
    }

    /// The task ended: with `error`, or, when nil, with `response` (a 401 whose credential challenge
    /// was declined included: its body has arrived, its headers may not have been handed on).
    /// Returns what the caller is told, and the error the body ends with.
    mutating func completed(response: URLResponse?, error: (any Error)?) -> (Action, bodyEnd: ServiceClientError?) {
        let failure = error.map {
            URLSessionTransport.failure(
                $0, url: label, timeout: timeout, response: self.response, receivedBytes: receivedBytes)
        }
        let action: Action
        if let failure {
            action = handOn(.failure(failure))
        } else if let ending = response ?? self.response {
            action = handOn(.success(ending))
        } else {
            action = handOn(.failure(.invalidResponse(url: label, reason: "not an HTTP response")))
        }
        phase = .ended
        return (action, failure)
    }

    /// Resumes the waiting caller, once: with the refusal of a redirect, the HTTP response, or why not.
    private mutating func handOn(_ outcome: Result<URLResponse, ServiceClientError>) -> Action {
        guard case .waitingForHeaders(let waiter) = phase else { return .none }
        phase = .headersHandedOn
        if let refusal { return .resume(waiter, with: .failure(refusal)) }
        switch outcome {
        case .success(let response as HTTPURLResponse): return .resume(waiter, with: .success(response))
        case .success:
            return .resume(waiter, with: .failure(.invalidResponse(url: label, reason: "not an HTTP response")))
        case .failure(let failure): return .resume(waiter, with: .failure(failure))
        }
    }
}
