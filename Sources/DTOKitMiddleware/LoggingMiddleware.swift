import DTOKit
import DTOKitClient
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes a line for every request and every response: the method, the URL without its query's
/// values, the headers with credentials hidden, the status and how long it took.
///
/// ```
/// → GET http://localhost:5000/api/Hello?name=… [Accept: application/json, Authorization: ‹redacted›]
/// ← 200 GET http://localhost:5000/api/Hello (12 ms) [Content-Type: application/json]
/// ```
/// `Authorization`, `Cookie`, `Set-Cookie`, `Proxy-Authorization` and every header named in
/// ``redactedHeaders`` show as `‹redacted›`; query values and bodies are never written, as they may
/// hold tokens and personal data. Lines go to `log` (by default `print`).
public struct LoggingMiddleware: ClientMiddleware {
    /// Where each line goes.
    public var log: @Sendable (String) -> Void
    /// Further headers whose values are hidden (case does not matter).
    public var redactedHeaders: Set<String>

    public init(redactedHeaders: Set<String> = [], log: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.log = log
        self.redactedHeaders = redactedHeaders
    }

    public func intercept(
        _ request: OutgoingRequest, context: MiddlewareContext,
        next: MiddlewareNext
    ) async throws -> ServiceStream {
        let target = "\(context.method.rawValue) \(Self.describe(request.url))"
        log("→ \(target) \(headers(request.allHTTPHeaderFields))")
        let started = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> String { "\((DispatchTime.now().uptimeNanoseconds &- started) / 1_000_000) ms" }
        do {
            let response = try await next(request)
            let fields = response.httpResponse.allHeaderFields.reduce(into: [String: String]()) { fields, field in
                fields["\(field.key)"] = "\(field.value)"
            }
            log("← \(response.statusCode) \(target) (\(elapsed())) \(headers(fields))")
            return response
        } catch {
            log("✕ \(target) (\(elapsed())) \(error)")
            throw error
        }
    }

    /// The URL with each query value replaced by `…` (the names kept) and no fragment. Plain text
    /// work: `URLComponents` traps when given a query with characters a URL cannot hold.
    static func describe(_ url: URL?) -> String {
        let text = ServiceClientError.label(for: url)
        guard let full = url?.absoluteString, let mark = full.firstIndex(of: "?") else { return text }
        let query = full[full.index(after: mark)...].prefix { $0 != "#" }
        guard !query.isEmpty else { return text }
        let names = query.split(separator: "&").map { $0.prefix { $0 != "=" } }
        return text + "?" + names.map { "\($0)=…" }.joined(separator: "&")
    }

    private func headers(_ fields: [String: String]) -> String {
        let hidden = Self.alwaysRedacted.union(redactedHeaders.map { $0.lowercased() })
        let shown = fields.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { name, value in
            "\(name): \(hidden.contains(name.lowercased()) ? Redaction.placeholder : value)"
        }
        return "[" + shown.joined(separator: ", ") + "]"
    }

    /// The credential headers, the cookies a response sets, and a proxy's credentials.
    static let alwaysRedacted = Set(
        (CredentialRules.headers + ["Set-Cookie", "Proxy-Authorization"]).map { $0.lowercased() })
}
