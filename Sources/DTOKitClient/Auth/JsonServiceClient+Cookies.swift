import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's own cookies: session cookies (`ss-id`, `ss-pid`) and JWT cookies (`ss-tok`,
/// `ss-reftok`) the server set. Each client keeps its own, by the rules browsers follow (RFC
/// 6265bis, see <doc:CookiesCredentialsAndRedirects>); they are sent back with every request to the
/// hosts and paths they name, until they expire.
extension JsonServiceClient {
    /// The cookies the client would send to its base URL, by name.
    public func getCookies() -> [String: String] {
        guard let url = base.url else { return [:] }
        return cookieJar.values(for: url)
    }

    /// Sets a cookie for the base URL's host, as if the server had set it (e.g. to restore a
    /// saved session). A name or value that could not go back in a `Cookie` header as it is — a
    /// control character, a `;`, or a `=` in the name — is not set.
    /// - Parameters:
    ///   - name: the cookie name, e.g. `ss-tok`.
    ///   - value: its value.
    ///   - path: the paths it is sent to (default all).
    ///   - expires: when it stops being sent; nil keeps it for the client's lifetime.
    public func setCookie(name: String, value: String, path: String = "/", expires: Date? = nil) {
        guard let url = base.url else { return }
        cookieJar.set(name: name, value: value, for: url, path: path, expires: expires)
    }

    /// Forgets every cookie (signs a cookie session out on this side).
    public func clearCookies() {
        cookieJar.removeAll()
    }
}
