import DTOKitClient
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response kept by an ``HTTPCache``: what it needs to answer from the cache, revalidate, and be
/// written to disk.
public struct CachedResponse: Sendable, Equatable {
    /// The URL the response came from.
    public var url: String
    public var statusCode: Int
    /// The response's headers (the last 304's validators and freshness merged in).
    public var headers: [String: String]
    public var body: Data
    /// When it was received or last revalidated.
    public var storedAt: Date
    /// A hash of the request's values of the headers the response's `Vary` names ("" without `Vary`):
    /// the response answers only requests with the same values.
    public var variant: String

    public init(
        url: String, statusCode: Int, headers: [String: String], body: Data, storedAt: Date, variant: String = ""
    ) {
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.storedAt = storedAt
        self.variant = variant
    }

    /// The headers not kept: cookies (the client keeps its own; a kept `Set-Cookie` would bring a
    /// session back) and those about the connection the response came on.
    static let unkeptHeaders: Set<String> = [
        "set-cookie", "connection", "keep-alive", "transfer-encoding",
        "proxy-authenticate", "proxy-connection", "upgrade", "trailer",
    ]

    /// The hash of `request`'s values for the headers `vary` names (a `Vary` header's value).
    static func variant(of request: OutgoingRequest, vary: String?) -> String {
        guard let vary, !vary.isEmpty else { return "" }
        let names = vary.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.sorted()
        return CacheKey.digest(
            names.map { "\($0):\(request.value(forHTTPHeaderField: $0) ?? "")" }.joined(separator: "\n"))
    }

    /// A header's value, whatever the case of its name.
    public func header(_ name: String) -> String? {
        let lowercased = name.lowercased()
        return headers.first { $0.key.lowercased() == lowercased }?.value
    }

    /// What its `Cache-Control` says.
    var control: CacheControl { CacheControl(header("Cache-Control")) }

    /// Whether it may answer a request without asking the server: `max-age` has not passed since it
    /// was stored (counting the `Age` it arrived with), and no `no-cache` asks for revalidation.
    func isFresh(at now: Date) -> Bool {
        guard let maxAge = control.maxAge, maxAge > 0, !control.noCache else { return false }
        let arrivedAged = header("Age").flatMap(TimeInterval.init) ?? 0
        return now.timeIntervalSince(storedAt) + max(0, arrivedAged) < maxAge
    }

    /// Whether it may stand in for an answer the server could not give: not `no-cache`, and not
    /// `must-revalidate` once stale (as C#'s `CanUseCacheOnError`).
    func mayAnswerOnError(at now: Date) -> Bool {
        !control.noCache && !(control.mustRevalidate && !isFresh(at: now))
    }

    /// The same response, revalidated by a 304 at `now`: the 304's validators and freshness replace
    /// the stored ones (RFC 9111 §4.3.4).
    func revalidated(by response: HTTPURLResponse, at now: Date) -> CachedResponse {
        var updated = self
        for name in ["Cache-Control", "ETag", "Last-Modified", "Expires", "Age"] {
            guard let value = response.value(forHTTPHeaderField: name) else { continue }
            for key in updated.headers.keys where key.lowercased() == name.lowercased() { updated.headers[key] = nil }
            updated.headers[name] = value
        }
        if response.value(forHTTPHeaderField: "Age") == nil {
            for key in updated.headers.keys where key.lowercased() == "age" { updated.headers[key] = nil }
        }
        updated.storedAt = now
        return updated
    }

    /// The response as the client reads it.
    func serviceStream() throws -> ServiceStream {
        guard let url = URL(string: url) else { throw ServiceClientError.invalidUrl(url) }
        return try ServiceStream(data: body, statusCode: statusCode, headers: headers, url: url)
    }
}

/// The `Cache-Control` directives a client cache acts on.
struct CacheControl {
    var maxAge: TimeInterval?
    var noCache = false
    var noStore = false
    var mustRevalidate = false

    init(_ header: String?) {
        for directive in (header ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            switch parts.first {
            case "max-age": maxAge = parts.count == 2 ? TimeInterval(parts[1].trimmingCharacters(in: ["\""])) : nil
            case "no-cache": noCache = true
            case "no-store": noStore = true
            case "must-revalidate": mustRevalidate = true
            default: break
            }
        }
    }
}
