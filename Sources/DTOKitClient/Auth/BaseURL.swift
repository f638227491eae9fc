import Foundation

/// A client's base URL as its calls read it, parsed once: the base URL never changes, and every call
/// asks where its credentials may go (its origin) and what of it must never show (its user info).
struct BaseURL: Sendable {
    let url: URL?
    /// Its origin, one of those the client's credentials belong to.
    let origin: CredentialRules.Origin?
    /// What of its user info must never show in an error, as written (even when it does not parse).
    let userInfo: [String]

    init(_ text: String) {
        url = URL(string: text)
        origin = url.flatMap(CredentialRules.Origin.init)
        userInfo = ServiceClientError.userInfoSecrets(inText: text)
    }
}
