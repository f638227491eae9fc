/// Removes secrets (bearer and refresh tokens, token cookies) from text meant for people, so that
/// error descriptions and logs never show them even when a server echoes them back.
struct Redaction {
    /// Values shorter than this are not treated as secrets (they would match ordinary words).
    static let minimumLength = 8
    static let placeholder = "‹redacted›"

    let secrets: [String]

    init(secrets: [String]) {
        self.secrets = secrets.filter { $0.count >= Self.minimumLength }
    }

    func redact(_ text: String) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: Self.placeholder) }
    }
}
