import Foundation

/// HTTP Basic authentication, as ServiceStack's .NET clients do it.
///
/// With credentials set, a call that fails with 401 is sent once more with
/// `Authorization: Basic base64(userName:password)`, unless the client has a refresh token (a call is
/// sent again once at most, and a new access token is tried first). ``alwaysSendBasicAuthHeader`` sends
/// the header from the first attempt; a ``bearerToken`` takes precedence over it. The encoded header,
/// and the password when it has 8 characters or more, never show in an error, a log line or a dump of
/// the client.
extension JsonServiceClient {
    /// Sets the user name and password for HTTP Basic authentication, sent only to the client's own
    /// origins (the base URL's, and ``credentialOrigins``). Nothing is sent while either is empty.
    public func setCredentials(userName: String, password: String) {
        settings[\.credentials] = BasicCredentials(userName: userName, password: password)
    }

    /// Forgets the credentials set with ``setCredentials(userName:password:)``.
    public func clearCredentials() {
        settings[\.credentials] = nil
    }
}

/// A user name and password. Their description and mirror hide the password, so that printing or
/// dumping a client's settings cannot show it.
struct BasicCredentials: Sendable, CustomStringConvertible, CustomReflectable {
    let userName: String
    let password: String

    /// `Basic base64(UTF-8 "userName:password")`; nil when either part is empty.
    var headerValue: String? {
        guard !userName.isEmpty, !password.isEmpty else { return nil }
        return "Basic " + Data(Array("\(userName):\(password)".utf8)).base64EncodedString()
    }

    /// The texts that must never show in error descriptions.
    var secrets: [String] {
        [password, "\(userName):\(password)", headerValue.map { String($0.dropFirst("Basic ".count)) }].compactMap {
            $0
        }
    }

    var description: String { "BasicCredentials(userName: \(userName), password: \(Redaction.placeholder))" }

    var customMirror: Mirror {
        Mirror(self, children: ["userName": userName, "password": Redaction.placeholder])
    }
}
