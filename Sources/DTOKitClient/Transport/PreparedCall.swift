import Foundation

/// A request ready to be sent, before the per-attempt parts (authorization, cookies, filters) are
/// added, so that it can be sent again after the access token was refreshed.
struct PreparedCall: Sendable {
    var method: HttpMethod
    var url: URL
    var body: Data?
    var contentType: String?
    /// False for the refresh request itself and for the retry after a refresh.
    var allowsTokenRefresh = true

    /// The URL without its query string, for error messages.
    var label: String { URLSessionTransport.urlWithoutQuery(url) }
}

/// What authenticated one attempt, to tell on a 401 whether another call already refreshed it.
struct AuthSnapshot: Equatable {
    var bearerToken: String?
    var tokenCookie: String?
}
