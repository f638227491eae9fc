import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a request's credentials may go and which challenges for them the client answers: the rules
/// every part of DTOKit follows, written once here. ``ExchangeCourse`` keeps credentials off a
/// redirect to another origin, `URLSessionTransport` declines the challenges the client answers
/// itself, `HTTPCache` keeps one user's responses apart from another's; what a request carries and
/// what a 401 leads to is the client's auth policy, beside this file.
public enum CredentialRules {
    /// The headers that say who sends a request: they follow a redirect on the same origin only, and
    /// an HTTP cache keys its responses by them.
    public static let headers = [authorization, cookie]
    static let authorization = "Authorization"
    static let cookie = "Cookie"

    /// The status that asks for credentials, which the client answers itself (a new access token,
    /// `onAuthenticationRequired`, the Basic credentials) before it is the call's error.
    public static let challengeStatus = 401

    /// Whether a request to `origin` may carry its credentials to `destination`: the same scheme, host
    /// and port. (Apple's URLSession drops `Authorization` from every redirected request,
    /// FoundationNetworking and AsyncHTTPClient copy every header: with this rule all three agree.)
    public static func mayCarry(from origin: URL, to destination: URL) -> Bool {
        origin.scheme == destination.scheme && origin.host == destination.host && origin.port == destination.port
    }

    /// The credential headers of a request from `origin` redirected to `destination`: each with the
    /// value `value` gives it when the request may carry them there (``mayCarry(from:to:)``), else nil
    /// (removed).
    static func redirected(
        from origin: URL?, to destination: URL?, value: (String) -> String?
    ) -> [(name: String, value: String?)] {
        let carries = origin.flatMap { from in destination.map { mayCarry(from: from, to: $0) } } ?? false
        return headers.map { ($0, carries ? value($0) : nil) }
    }

    /// Whether the client answers a challenge of this authentication method itself (and the
    /// transport declines it, so that the 401 reaches the client): a user name and password or a
    /// token, whatever scheme the server names (ServiceStack's `credentials`, `jwt` or `apikey` are
    /// the default method). TLS server trust and client certificates, NTLM and Negotiate keep the
    /// system's handling.
    static func clientAnswers(challenge authenticationMethod: String) -> Bool {
        [
            NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
            NSURLAuthenticationMethodHTMLForm,
        ].contains(authenticationMethod)
    }
}
