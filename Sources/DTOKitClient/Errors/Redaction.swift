/// Removes secrets (bearer and refresh tokens, token cookies) from text meant for people, so that
/// error descriptions and logs never show them even when a server echoes them back.
package struct Redaction {
    /// Values shorter than this are not treated as secrets (they would match ordinary words).
    static let minimumLength = 8
    package static let placeholder = "‹redacted›"

    let secrets: [String]

    init(secrets: [String]) {
        // Longer first: a secret that holds another is replaced whole, not around the shorter one. (Put
        // in place as they come: a handful of secrets, where a sort would compile a sort's code.)
        var ordered: [String] = []
        for secret in secrets where secret.count >= Self.minimumLength {
            ordered.insert(secret, at: ordered.firstIndex { $0.count < secret.count } ?? ordered.endIndex)
        }
        self.secrets = ordered
    }

    func redact(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: Self.placeholder) }
    }
}

extension ServiceClientError {
    /// The same error with every secret in its texts replaced. A decoding error whose description
    /// shows a secret (a token in the body) becomes an ``invalidResponse(url:reason:)`` with the
    /// redacted description.
    func redacted(by redaction: Redaction) -> ServiceClientError {
        let clean = redaction.redact
        switch self {
        case .connectionRefused(let url): return .connectionRefused(url: clean(url))
        case .timedOut(let url, let timeout): return .timedOut(url: clean(url), timeout: timeout)
        case .cancelled(let url): return .cancelled(url: clean(url))
        case .connectionLost(let url, let received): return .connectionLost(url: clean(url), receivedBytes: received)
        case .truncatedResponse(let url, let received, let expected):
            return .truncatedResponse(url: clean(url), receivedBytes: received, expectedBytes: expected)
        case .responseTooLarge(let url, let limit): return .responseTooLarge(url: clean(url), limit: limit)
        case .tooManyRedirects(let url, let count): return .tooManyRedirects(url: clean(url), count: count)
        case .networkFailure(let url, let code, let message):
            return .networkFailure(url: clean(url), code: code, message: clean(message))
        case .blockedByAppTransportSecurity(let url): return .blockedByAppTransportSecurity(url: clean(url))
        case .secureConnectionFailed(let url, let code, let message):
            return .secureConnectionFailed(url: clean(url), code: code, message: clean(message))
        case .invalidUrl(let url): return .invalidUrl(clean(url))
        case .invalidRequest(let url, let reason): return .invalidRequest(url: clean(url), reason: clean(reason))
        case .requestEncodingFailed(let typeName, let reason):
            return .requestEncodingFailed(typeName: typeName, reason: clean(reason))
        case .invalidResponse(let url, let reason): return .invalidResponse(url: clean(url), reason: clean(reason))
        case .responseDecodingFailed(let url, let typeName, let error):
            let text = "\(error)"
            return clean(text) == text
                ? .responseDecodingFailed(url: clean(url), typeName: typeName, error: error)
                : .invalidResponse(url: clean(url), reason: "could not decode \(typeName): \(clean(text))")
        case .refreshTokenFailed(let url, let underlying):
            let cleanUnderlying = (underlying as? ServiceClientError)?.redacted(by: redaction) ?? underlying
            return .refreshTokenFailed(url: clean(url), underlying: cleanUnderlying)
        }
    }
}
