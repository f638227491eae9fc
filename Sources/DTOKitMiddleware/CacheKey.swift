import DTOKitClient
import Foundation

/// What a response is kept under, written once: its URL, and a fingerprint of who asked — the SHA-256
/// of the request's credential headers (`Authorization` and `Cookie`, ``/DTOKitClient/CredentialRules``),
/// never their values — so that one user's response answers only that user's requests, on disk too:
/// two sets of credentials do not share a fingerprint in practice (a 64-bit hash's chance collisions
/// are gone). A response's `Vary` headers must also match (``CachedResponse/variant``).
enum CacheKey {
    /// The key of `request`'s response.
    static func key(for request: OutgoingRequest) -> String {
        key(url: request.url, credentials: CredentialRules.headers.map { request.value(forHTTPHeaderField: $0) })
    }

    /// The key of a response to `url` for a request with `credentials` (one value per credential
    /// header, nil when the request had none).
    static func key(url: URL, credentials: [String?]) -> String {
        // Each value with its length before it, so that no two lists run together into one text.
        let fingerprint = credentials.map { value in value.map { "\($0.utf8.count):\($0)" } ?? "-" }
        return url.absoluteString + " "
            + SHA256.hex("DTOKit.HTTPCache.credentials\n" + fingerprint.joined(separator: "\n"))
    }

    /// A short name for any text (a file's name), collision-resistant as the key.
    static func digest(_ text: String) -> String {
        SHA256.hex(text)
    }
}
