/// Standard reason phrases for HTTP status codes.
///
/// URLSession does not expose the reason phrase the server sent, so the client names the status
/// the way RFC 9110 does.
enum HTTPStatus {
    static func reasonPhrase(for statusCode: Int) -> String {
        if let phrase = phrases[statusCode] { return phrase }
        switch statusCode {
        case 400..<500: return "Client Error"
        case 500..<600: return "Server Error"
        default: return "HTTP \(statusCode)"
        }
    }

    private static let phrases: [Int: String] = [
        200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
        301: "Moved Permanently", 302: "Found", 304: "Not Modified",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        413: "Content Too Large", 415: "Unsupported Media Type", 418: "I'm a teapot", 422: "Unprocessable Content",
        429: "Too Many Requests",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout",
    ]
}
