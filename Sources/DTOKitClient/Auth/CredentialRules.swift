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

    /// The requests whose body holds credentials (a password, a refresh token): they follow a
    /// redirect that keeps the body to the same origin only (``TransportOptions/bodyStaysOnItsOrigin``).
    static let requestsWithCredentialsInBody: Set<String> = ["Authenticate", "Register", "GetAccessToken"]

    /// The status that asks for credentials, which the client answers itself (a new access token,
    /// `onAuthenticationRequired`, the Basic credentials) before it is the call's error.
    public static let challengeStatus = 401

    /// Whether a request to `origin` may carry its credentials to `destination`: the same origin —
    /// scheme, host and port, as the Fetch standard compares them (case aside, an omitted port being
    /// the scheme's own: `https://h` and `HTTPS://H:443` are one origin); a URL that is not http or
    /// https has no origin to share. (Apple's URLSession drops `Authorization` from every redirected
    /// request, FoundationNetworking and AsyncHTTPClient copy every header: with this rule all three
    /// agree.)
    public static func mayCarry(from origin: URL, to destination: URL) -> Bool {
        guard let from = Origin(origin) else { return false }
        return from == Origin(destination)
    }

    /// A URL's origin (RFC 6454): scheme and host in lower case, the port the connection goes to.
    struct Origin: Hashable, Sendable {
        let scheme: String
        let host: String
        let port: Int

        /// Nil for a URL that is not http or https, or has no host.
        init?(_ url: URL) {
            guard let scheme = url.scheme.map(Self.lowercased), scheme == "http" || scheme == "https",
                let host = url.host.map(Self.lowercased), !host.isEmpty
            else { return nil }
            self.scheme = scheme
            self.host = host
            port = url.port ?? (scheme == "https" ? 443 : 80)
        }

        /// `text` in lower case, copied only when it is not already (a call reads a few origins).
        private static func lowercased(_ text: String) -> String {
            // An upper-case ASCII letter, or anything not ASCII (which `lowercased()` may change too).
            text.utf8.contains { ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || $0 >= 0x80 }
                ? text.lowercased() : text
        }
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
