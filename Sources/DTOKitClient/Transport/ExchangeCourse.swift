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
///   and body.
/// - Only to `http` and `https`, as the Fetch standard says: a `Location` of another scheme (`file:`,
///   `data:`, `javascript:`, `ftp:`…), one that is not a URL, or one with user info fails the exchange
///   with ``ServiceClientError/invalidResponse(url:reason:)``, which names it.
/// - A request whose body holds credentials (``TransportOptions/bodyStaysOnItsOrigin``) follows a
///   redirect that keeps its body (307, 308; 301 and 302 of a method other than POST) to the same
///   origin only.
/// - The redirected request keeps `Authorization` on the same origin (scheme, host and port) only. Its
///   `Cookie` header is the client's cookies for the new URL (``TransportOptions/cookies``), the
///   cookies the redirect's response set included; a `Cookie` header the caller set, only on the same
///   origin.
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
    private let cookies: TransportOptions.Cookies?
    private let bodyStaysOnItsOrigin: Bool

    /// The course of `request`, with the transport's options.
    public init(_ request: OutgoingRequest, options: TransportOptions) {
        self.request = request
        maxRedirects = options.maxRedirects
        cookies = options.cookies
        bodyStaysOnItsOrigin = options.bodyStaysOnItsOrigin
    }

    /// The redirects followed so far.
    public var redirects: Int {
        if case .sending(let redirects, _) = state { return redirects }
        return 0
    }

    /// A response's headers arrived: a redirect is followed (``Next/send``, with the request made from
    /// `response`'s `Location`) or refused (``Next/fail(_:)``), any other response is delivered. A
    /// platform that follows redirects itself (URLSession) calls this with each redirect it meets, and
    /// sends ``request`` in place of its own.
    public mutating func received(_ response: HTTPURLResponse) -> Next {
        guard case .sending(let redirects, _) = state else { return .deliver }
        let target: URL
        switch Self.redirectTarget(of: response, from: request.url) {
        case nil:
            state = .ended
            return .deliver
        case .failure(let refusal):
            cookies?.keep(response)
            state = .ended
            return .fail(refusal)
        case .success(let url):
            target = url
        }
        // A Cookie header the jar did not write is the caller's own.
        let callersCookie = cookies?.header(request.url) == nil ? request.value(forHTTPHeaderField: "Cookie") : nil
        cookies?.keep(response)
        guard redirects < maxRedirects else {
            state = .ended
            return .fail(.tooManyRedirects(url: label, count: maxRedirects))
        }
        let following = Self.request(following: response.statusCode, to: target, from: request)
        // Whatever the status: a 301 or 302 keeps the body of a method other than POST too.
        if following.body != nil, bodyStaysOnItsOrigin, !CredentialRules.mayCarry(from: request.url, to: target) {
            state = .ended
            return .fail(
                .invalidResponse(
                    url: label,
                    reason: "redirected with its body, which holds credentials, to another origin "
                        + "(\(ServiceClientError.label(for: target))): not followed"))
        }
        var next = Self.redirect(from: request, to: following)
        if let cookies {
            let sameOrigin = CredentialRules.mayCarry(from: request.url, to: target)
            next.setValue(cookies.header(target) ?? (sameOrigin ? callersCookie : nil), forHTTPHeaderField: "Cookie")
        }
        request = next
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

    /// Where `response` redirects a request to `url`: nil when it is no redirect (not a redirect
    /// status, or no `Location`); the refusal when it goes where no request may follow.
    static func redirectTarget(of response: HTTPURLResponse, from url: URL) -> Result<URL, ServiceClientError>? {
        guard [301, 302, 303, 307, 308].contains(response.statusCode),
            let location = response.value(forHTTPHeaderField: "Location")
        else { return nil }
        let shown = Self.shown(location)
        let from = ServiceClientError.label(for: url)
        guard let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: url)?.absoluteURL
        else {
            return .failure(.invalidResponse(url: from, reason: "redirected to \(shown), which is not a URL"))
        }
        let scheme = target.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https", target.host?.isEmpty == false else {
            return .failure(
                .invalidResponse(
                    url: from,
                    reason: "redirected to \(shown): a \(scheme.isEmpty ? "URL without a scheme" : scheme + ": URL"); "
                        + "only http and https are followed"))
        }
        guard target.user == nil, target.password == nil else {
            return .failure(
                .invalidResponse(url: from, reason: "redirected to a URL with user info, which is not followed"))
        }
        return .success(target)
    }

    /// A `Location` as an error shows it: at most 100 characters, its query, fragment and user info left out.
    private static func shown(_ location: String) -> String {
        let label = ServiceClientError.label(forText: location)
        return "\"" + (label.count > 100 ? label.prefix(100) + "…" : label) + "\""
    }

    /// The request that follows a redirect of `status` from `request` to `target`, before the
    /// credential headers are decided (``redirect(from:to:)``).
    static func request(following status: Int, to target: URL, from request: OutgoingRequest) -> OutgoingRequest {
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
