import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The rules every transport follows between sending a request and handing the client its response,
/// written once: which redirects are followed and how, and when a request goes out once more.
///
/// - A redirect (301, 302, 303, 307, 308 with a `Location`) is followed at most
///   ``TransportOptions/maxRedirects`` times; one more fails with
///   ``ServiceClientError/tooManyRedirects(url:count:)``. 301 and 302 turn a POST into a GET, 303
///   anything but HEAD (without the body), as URLSession and browsers do; 307 and 308 keep the method
///   and body. The redirected request keeps `Authorization` and `Cookie` on the same origin (scheme,
///   host and port) only.
/// - A request that failed before anything of it was written (a pooled connection the server had
///   closed) goes once more, whatever its method; an idempotent one whose connection closed under
///   it right after a redirect goes once more too (the server may close the connection the redirect
///   came on). Never twice in a row.
///
/// A state machine: each event the transport meets returns what it does next
/// (``Next``), so that URLSession's delegate and AsyncHTTPClient's loop follow the same rules, which
/// are tested on their own. A transport of your own can drive one the same way:
///
/// ```swift
/// var course = ExchangeCourse(request, options: options)
/// while true {
///     let response: HTTPURLResponse
///     do {
///         response = try await send(course.request)
///     } catch let failure as ServiceClientError {
///         guard case .send = course.failed(failure, nothingWritten: false) else { throw failure }
///         continue
///     }
///     switch course.received(response) {
///     case .deliver: return response
///     case .send: continue          // course.request is the redirect's
///     case .fail(let error): throw error
///     }
/// }
/// ```
public struct ExchangeCourse: Sendable {
    /// What the transport does next.
    public enum Next: Sendable {
        /// Send ``ExchangeCourse/request``: a redirect's, or the same request once more.
        case send
        /// The response is the final one: hand it to the client.
        case deliver
        /// End the exchange with this error.
        case fail(ServiceClientError)
    }

    private enum State: Sendable {
        /// The request is out (`redirects` followed so far); `resent`: it is the same request sent again.
        case sending(redirects: Int, resent: Bool)
        /// A final response was delivered or the exchange failed: no further event is expected.
        case ended
    }

    /// The request to send now: the client's, then each redirect's.
    public private(set) var request: OutgoingRequest
    private var state = State.sending(redirects: 0, resent: false)
    private let maxRedirects: Int

    /// The course of `request`, with the transport's options.
    public init(_ request: OutgoingRequest, options: TransportOptions) {
        self.request = request
        maxRedirects = options.maxRedirects
    }

    /// The redirects followed so far.
    public var redirects: Int {
        if case .sending(let redirects, _) = state { return redirects }
        return 0
    }

    /// The headers of a response arrived: a redirect is followed (``Next/send``, with the request
    /// made from `response`'s `Location`) or refused, any other response is delivered.
    public mutating func received(_ response: HTTPURLResponse) -> Next {
        guard let next = Self.request(following: response, from: request) else {
            state = .ended
            return .deliver
        }
        return redirecting(to: next)
    }

    /// A platform that follows redirects itself (URLSession) made `next` for the redirect it met:
    /// followed (``Next/send``: ``request`` is `next` with the credential headers this course
    /// allows) or refused (``Next/fail(_:)``).
    public mutating func redirecting(to next: OutgoingRequest) -> Next {
        guard case .sending(let redirects, _) = state else {
            return .fail(.invalidResponse(url: label, reason: "a redirect after the end"))
        }
        guard redirects < maxRedirects else {
            state = .ended
            return .fail(.tooManyRedirects(url: label, count: maxRedirects))
        }
        var next = next
        // The body follows the method (307 and 308 keep both): a platform's redirected request may
        // come without it (FoundationNetworking's does).
        if next.method == request.method, next.method.allowsBody, next.body == nil { next.body = request.body }
        request = Self.redirect(from: request, to: next)
        state = .sending(redirects: redirects + 1, resent: false)
        return .send
    }

    /// The request failed before a response arrived; `nothingWritten` when none of it went out.
    public mutating func failed(_ failure: ServiceClientError, nothingWritten: Bool) -> Next {
        guard case .sending(let redirects, let resent) = state else { return .fail(failure) }
        let afterRedirect: Bool
        if case .connectionLost(_, 0) = failure, redirects > 0,
            request.method.isIdempotent
        {
            afterRedirect = true
        } else {
            afterRedirect = false
        }
        guard !resent, nothingWritten || afterRedirect else {
            state = .ended
            return .fail(failure)
        }
        state = .sending(redirects: redirects, resent: true)
        return .send
    }

    private var label: String { ServiceClientError.label(for: request.url) }

    // MARK: The rules

    /// The request that follows `response` from `request` when it redirects, before the credential
    /// headers are decided (``redirect(from:to:)``); nil when it does not.
    static func request(following response: HTTPURLResponse, from request: OutgoingRequest) -> OutgoingRequest? {
        let status = response.statusCode
        guard [301, 302, 303, 307, 308].contains(status), let location = response.value(forHTTPHeaderField: "Location"),
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        else {
            return nil
        }
        var next = request
        next.url = target
        let method = request.httpMethod
        if (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        return next
    }

    /// The request that follows a redirect from `request` to `next`: with the original's credential
    /// headers where ``CredentialRules/mayCarry(from:to:)`` allows it (the same origin), else without them.
    static func redirect(from request: OutgoingRequest, to next: OutgoingRequest) -> OutgoingRequest {
        var redirected = next
        for header in CredentialRules.redirected(from: request.url, to: next.url, value: request.value) {
            redirected.setValue(header.value, forHTTPHeaderField: header.name)
        }
        return redirected
    }
}
