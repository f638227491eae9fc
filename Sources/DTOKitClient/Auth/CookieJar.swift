import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One cookie a server set.
struct StoredCookie: Sendable, Equatable {
    var name: String
    var value: String
    /// The host the cookie belongs to (lower-case, without a leading dot).
    var domain: String
    /// True when the cookie had no `Domain` attribute: only the exact host gets it back.
    var hostOnly: Bool
    var path: String
    var expires: Date?
    var secure: Bool

    func matches(_ url: URL, at now: Date) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        if let expires, expires <= now { return false }
        if secure && url.scheme?.lowercased() != "https" { return false }
        let domainMatches = hostOnly ? host == domain : (host == domain || host.hasSuffix("." + domain))
        guard domainMatches else { return false }
        let requestPath = url.path.isEmpty ? "/" : url.path
        if path == "/" || requestPath == path { return true }
        return requestPath.hasPrefix(path.hasSuffix("/") ? path : path + "/")
    }
}

/// The cookies of one client, kept apart from every other client and from the shared cookie
/// storage: `ss-id`/`ss-pid` sessions and the `ss-tok`/`ss-reftok` JWT cookies.
///
/// Reads `Set-Cookie` headers (RFC 6265: `Expires`, `Max-Age`, `Domain`, `Path`, `Secure`) and
/// writes the `Cookie` header. Several `Set-Cookie` headers may arrive joined by commas (as
/// Foundation joins repeated headers); they are split again, minding the commas inside `Expires`
/// dates.
final class CookieJar: Sendable {
    let cookies = Locked<[StoredCookie]>([])

    /// Stores (or, for expired ones, removes) the cookies a response sets.
    func store(from response: HTTPURLResponse, now: Date = Date()) {
        guard let url = response.url, let header = response.value(forHTTPHeaderField: "Set-Cookie") else { return }
        let parsed = Self.splitSetCookieHeader(header).compactMap { Self.parse($0, for: url, now: now) }
        guard !parsed.isEmpty else { return }
        cookies.withLock { stored in
            for cookie in parsed {
                stored.removeAll { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
                if cookie.expires.map({ $0 > now }) ?? true {
                    stored.append(cookie)
                }
            }
        }
    }

    /// The cookies a request to `url` carries, longer paths first (as RFC 6265 asks); expired
    /// cookies are dropped on the way.
    func matching(_ url: URL, now: Date = Date()) -> [StoredCookie] {
        cookies.withLock { stored in
            stored.removeAll { $0.expires.map { $0 <= now } ?? false }
            return stored.filter { $0.matches(url, at: now) }.sorted { $0.path.count > $1.path.count }
        }
    }

    /// The `Cookie` header value for a request to `url`, or nil when no cookie applies.
    func headerValue(for url: URL) -> String? {
        let matching = matching(url)
        return matching.isEmpty ? nil : matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Name → value of the cookies that would be sent to `url` (the longest path wins a name).
    func values(for url: URL) -> [String: String] {
        Dictionary(matching(url).reversed().map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }

    /// Every stored cookie value (to keep them out of error descriptions).
    func allValues() -> [String] {
        cookies.withLock { $0.map(\.value) }
    }

    /// Sets a cookie for `url`'s host, as if the server had sent it.
    func set(name: String, value: String, for url: URL, path: String = "/", expires: Date? = nil) {
        guard let host = url.host?.lowercased() else { return }
        let cookie = StoredCookie(
            name: name, value: value, domain: host, hostOnly: true, path: path,
            expires: expires, secure: false)
        cookies.withLock { stored in
            stored.removeAll { $0.name == name && $0.domain == host && $0.path == path }
            stored.append(cookie)
        }
    }

    func removeAll() {
        cookies.withLock { $0.removeAll() }
    }

    // MARK: Parsing

    /// Splits a header that may hold several cookies joined by commas. A comma starts a new cookie
    /// only when `name=` follows it (the commas in `Expires=Wed, 21 Oct 2026 …` do not).
    static func splitSetCookieHeader(_ header: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var rest = Substring(header)
        while let comma = rest.firstIndex(of: ",") {
            let before = rest[..<comma]
            let after = rest[rest.index(after: comma)...]
            current += before
            if startsCookie(after) {
                parts.append(current)
                current = ""
            } else {
                current += ","
            }
            rest = after
        }
        current += rest
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func startsCookie(_ text: Substring) -> Bool {
        let trimmed = text.drop(while: { $0 == " " })
        guard let equals = trimmed.firstIndex(of: "=") else { return false }
        let name = trimmed[..<equals]
        return !name.isEmpty && !name.contains(where: { $0 == ";" || $0 == " " || $0 == "," })
    }

    /// Parses one `Set-Cookie` value received from `url`.
    static func parse(_ text: String, for url: URL, now: Date) -> StoredCookie? {
        guard let host = url.host?.lowercased() else { return nil }
        let attributes = text.split(separator: ";", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let pair = attributes.first, let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
        var value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        guard !name.isEmpty else { return nil }
        var cookie = StoredCookie(
            name: name, value: value, domain: host, hostOnly: true,
            path: defaultPath(for: url), expires: nil, secure: false)
        var maxAge: Int?
        for attribute in attributes.dropFirst() {
            let parts = attribute.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let key = parts.first?.lowercased() else { continue }
            let argument = parts.count > 1 ? parts[1] : ""
            switch key {
            case "expires":
                if let date = HTTPDate.parse(argument) { cookie.expires = date }
            case "max-age":
                if let seconds = Int(argument) { maxAge = seconds }
            case "domain":
                var domain = argument.lowercased()
                while domain.hasPrefix(".") { domain.removeFirst() }
                // A server may only set cookies for its own domain or a parent of it.
                if !domain.isEmpty, host == domain || host.hasSuffix("." + domain) {
                    cookie.domain = domain
                    cookie.hostOnly = false
                }
            case "path":
                if argument.hasPrefix("/") { cookie.path = argument }
            case "secure":
                cookie.secure = true
            default:
                break
            }
        }
        if let maxAge {
            // Max-Age wins over Expires; zero or less deletes the cookie.
            cookie.expires = maxAge <= 0 ? Date.distantPast : now.addingTimeInterval(TimeInterval(maxAge))
        }
        return cookie
    }

    static func defaultPath(for url: URL) -> String {
        let path = url.path
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}

/// Dates in `Expires` attributes: `Wed, 21 Oct 2026 07:28:00 GMT` (and the obsolete RFC 850 and
/// asctime forms).
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz",
        "EEE MMM d HH:mm:ss yyyy", "EEE, dd-MMM-yyyy HH:mm:ss zzz",
    ]

    static func parse(_ text: String) -> Date? {
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
