import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cookies of one client, kept apart from every other client and from the shared cookie
/// storage (`ss-id`/`ss-pid` sessions, the `ss-tok`/`ss-reftok` JWT cookies), by the rules of RFC
/// 6265bis — the one place they are written:
///
/// - A cookie is kept from any response (a redirect and a 401 included) and goes back to the hosts
///   and paths it names, until it expires (`Max-Age` over `Expires`; without either, for the client's
///   life).
/// - `Domain` widens a cookie to a domain's subdomains only when the host is that domain or one of
///   its subdomains, and the domain is neither an IP address nor a public suffix; DTOKit carries no
///   public suffix list, and takes every single-label domain (`com`, `localhost`) for one. A `Domain`
///   that the host cannot set drops the cookie.
/// - A `Secure` cookie comes only from and goes only to `https`; plain `http` cannot set a cookie that
///   would shadow a `Secure` one. `__Secure-` and `__Host-` names keep their promises (§4.1.3).
/// - A cookie whose name or value holds a control character is dropped; values are kept byte for
///   byte, quotes included.
/// - At most ``maxPerDomain`` cookies per domain and ``maxCookies`` in all: the least recently used
///   go first, so a hostile server cannot fill the client's memory.
final class CookieJar: Sendable {
    /// One cookie as the jar keeps it (§5.7).
    struct Cookie: Sendable, Equatable {
        var name: String
        var value: String
        /// The host (host-only) or domain it goes to: lower-case, no leading dot.
        var domain: String
        var hostOnly: Bool
        var path: String
        /// Nil: for the client's life.
        var expires: Date?
        var secureOnly: Bool
        var httpOnly: Bool
        var creation: Date
        var lastAccess: Date

        /// The same cookie: it replaces this one.
        func isSame(as other: Cookie) -> Bool {
            name == other.name && domain == other.domain && hostOnly == other.hostOnly && path == other.path
        }

        func isExpired(at now: Date) -> Bool { expires.map { $0 <= now } ?? false }
    }

    static let maxPerDomain = 50
    static let maxCookies = 3000

    private let cookies = Locked<[Cookie]>([])

    // MARK: Keeping

    /// Keeps (or, for expired ones, removes) the cookies `response` sets.
    func store(from response: HTTPURLResponse, now: Date = Date()) {
        guard let url = response.url, let header = response.value(forHTTPHeaderField: "Set-Cookie") else { return }
        // A response sets at most as many cookies as a domain keeps: a hostile one cannot make work.
        for line in SetCookie.split(header).prefix(Self.maxPerDomain) {
            store(line, from: url, now: now)
        }
    }

    /// Keeps the cookie one `Set-Cookie` value sets, received from `url`, as §5.7 decides; false when
    /// it is ignored.
    @discardableResult
    func store(_ setCookie: String, from url: URL, now: Date = Date()) -> Bool {
        guard let parsed = SetCookie(setCookie), let cookie = Self.cookie(parsed, from: url, now: now) else {
            return false
        }
        return cookies.withLock { stored in
            let fromSecureOrigin = Self.isSecure(url)
            // Plain http cannot shadow a Secure cookie of the same name (§5.7 step 16).
            if !cookie.secureOnly, !fromSecureOrigin,
                stored.contains(where: { old in
                    old.name == cookie.name && old.secureOnly
                        && (Self.domainMatches(old.domain, cookie.domain)
                            || Self.domainMatches(cookie.domain, old.domain))
                        && Self.pathMatches(cookie.path, old.path)
                })
            {
                return false
            }
            var cookie = cookie
            if let index = stored.firstIndex(where: { $0.isSame(as: cookie) }) {
                cookie.creation = stored[index].creation
                stored.remove(at: index)
            }
            // An expired cookie removes the one it replaces: that is what it is for.
            guard !cookie.isExpired(at: now) else { return true }
            stored.append(cookie)
            Self.evict(&stored, domain: cookie.domain, now: now)
            return true
        }
    }

    /// The cookie `parsed` makes for a response from `url`, or nil when the jar ignores it.
    static func cookie(_ parsed: SetCookie, from url: URL, now: Date) -> Cookie? {
        guard let host = canonicalHost(of: url), isHTTP(url) else { return nil }
        var domain = host
        var hostOnly = true
        if let attribute = parsed.domain {
            if isPublicSuffix(attribute) {
                // A public suffix may only name the host itself: the cookie is then the host's alone.
                guard attribute == host else { return nil }
            } else {
                guard domainMatches(host, attribute) else { return nil }
                (domain, hostOnly) = (attribute, false)
            }
        }
        let secure = isSecure(url)
        if parsed.secure, !secure { return nil }
        let path = parsed.path ?? defaultPath(of: url)
        let lowered = parsed.name.lowercased()
        // A cookie without a name goes back as its value alone: one that reads as a prefixed name would
        // escape its prefix's rules.
        if parsed.name.isEmpty, ["__secure-", "__host-"].contains(where: { parsed.value.lowercased().hasPrefix($0) }) {
            return nil
        }
        if lowered.hasPrefix("__secure-"), !parsed.secure { return nil }
        if lowered.hasPrefix("__host-"), !parsed.secure || !hostOnly || parsed.domain != nil || path != "/" {
            return nil
        }
        var expires = parsed.expires
        if let maxAge = parsed.maxAge {
            expires =
                maxAge <= 0
                ? .distantPast : now.addingTimeInterval(TimeInterval(min(maxAge, 400 * 86_400)))
        } else if let date = expires {
            // 6265bis caps a cookie's life at 400 days.
            expires = min(date, now.addingTimeInterval(400 * 86_400))
        }
        return Cookie(
            name: parsed.name, value: parsed.value, domain: domain, hostOnly: hostOnly, path: path,
            expires: expires, secureOnly: parsed.secure, httpOnly: parsed.httpOnly, creation: now, lastAccess: now)
    }

    /// Removes expired cookies, then beyond the limits those that go first (§5.7): cookies that are not
    /// `Secure` before those that are (so that plain http cannot push a `Secure` one out), the least
    /// recently used first.
    private static func evict(_ stored: inout [Cookie], domain: String, now: Date) {
        stored.removeAll { $0.isExpired(at: now) }
        removeFirstToGo(from: &stored, beyond: maxPerDomain) { $0.domain == domain }
        removeFirstToGo(from: &stored, beyond: maxCookies) { _ in true }
    }

    /// Removes the cookie that goes first, of those `counted` picks, while more than `limit` of them are
    /// kept. (A scan, not a sort: the jar keeps to its limits, so one cookie at most is over them.)
    private static func removeFirstToGo(
        from stored: inout [Cookie], beyond limit: Int, counting counted: (Cookie) -> Bool
    ) {
        var count = stored.reduce(0) { $0 + (counted($1) ? 1 : 0) }
        while count > limit {
            var first: Int?
            for index in stored.indices where counted(stored[index]) {
                if let current = first, !goesFirst(stored[index], stored[current]) { continue }
                first = index
            }
            guard let first else { return }
            stored.remove(at: first)
            count -= 1
        }
    }

    private static func goesFirst(_ a: Cookie, _ b: Cookie) -> Bool {
        a.secureOnly != b.secureOnly ? !a.secureOnly : a.lastAccess < b.lastAccess
    }

    // MARK: Sending

    /// The cookies a request to `url` carries, longer paths first, then older first (§5.8.3).
    func matching(_ url: URL, now: Date = Date()) -> [Cookie] {
        // Most clients keep no cookie: then nothing of the URL is read, on every request.
        guard !cookies.withLock({ $0.isEmpty }), let host = Self.canonicalHost(of: url), Self.isHTTP(url) else {
            return []
        }
        let path = Self.requestPath(of: url)
        let secure = Self.isSecure(url)
        return cookies.withLock { stored in
            stored.removeAll { $0.isExpired(at: now) }
            var matching: [Cookie] = []
            for index in stored.indices {
                let cookie = stored[index]
                guard cookie.hostOnly ? host == cookie.domain : Self.domainMatches(host, cookie.domain),
                    Self.pathMatches(path, cookie.path), secure || !cookie.secureOnly
                else { continue }
                stored[index].lastAccess = now
                // Put in its place as it is found, after those it ties with: a binary search, where a
                // sort would compile a sort's code for a handful of cookies.
                var (low, high) = (0, matching.count)
                while low < high {
                    let middle = low + (high - low) / 2
                    if Self.goesBefore(cookie, matching[middle]) { high = middle } else { low = middle + 1 }
                }
                matching.insert(cookie, at: low)
            }
            return matching
        }
    }

    /// Whether `a` goes before `b` in a `Cookie` header: a longer path first, then an older cookie.
    private static func goesBefore(_ a: Cookie, _ b: Cookie) -> Bool {
        a.path.count != b.path.count ? a.path.count > b.path.count : a.creation < b.creation
    }

    /// The `Cookie` header value for a request to `url`, or nil when no cookie goes there.
    func headerValue(for url: URL) -> String? {
        let matching = matching(url)
        guard !matching.isEmpty else { return nil }
        return matching.map { $0.name.isEmpty ? $0.value : "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Name → value of the cookies that go to `url` (where a name repeats, the longest path's).
    func values(for url: URL) -> [String: String] {
        [String: String](lastWins: matching(url).reversed().map { ($0.name, $0.value) })
    }

    /// Every kept value (to keep them out of error descriptions).
    func allValues() -> [String] {
        cookies.withLock { $0.map(\.value) }
    }

    /// Sets a cookie for `url`'s host, as if the server had sent `name=value; Path=path; Expires=…`;
    /// false (nothing kept) when the name or value could not be sent back as they are: a control
    /// character, a `;`, a `=` in the name.
    @discardableResult
    func set(name: String, value: String, for url: URL, path: String = "/", expires: Date? = nil) -> Bool {
        let invalid = name.contains { $0 == ";" || $0 == "=" } || value.contains(";")
        guard !invalid, var parsed = SetCookie("\(name)=\(value)"), parsed.name == name, parsed.value == value else {
            return false
        }
        parsed.path = path.hasPrefix("/") ? path : nil
        parsed.secure = Self.isSecure(url) && name.lowercased().hasPrefix("__")
        let now = Date()
        guard var cookie = Self.cookie(parsed, from: url, now: now) else { return false }
        cookie.expires = expires
        cookies.withLock { stored in
            stored.removeAll { $0.isSame(as: cookie) }
            stored.append(cookie)
            Self.evict(&stored, domain: cookie.domain, now: now)
        }
        return true
    }

    func removeAll() {
        cookies.withLock { $0.removeAll() }
    }

    // MARK: The rules (RFC 6265bis §5.1)

    /// The host as cookies compare it: lower-case, without the brackets of an IPv6 address.
    static func canonicalHost(of url: URL) -> String? {
        guard var host = url.host?.lowercased(), !host.isEmpty else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host
    }

    static func isHTTP(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }

    /// Whether a request to `url` goes over a secure channel (what `Secure` asks for).
    static func isSecure(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "https"
    }

    /// Whether `host` domain-matches `domain` (§5.1.3): the same, or a subdomain of it, an IP address
    /// never being one.
    static func domainMatches(_ host: String, _ domain: String) -> Bool {
        host == domain || (host.hasSuffix("." + domain) && !isIPAddress(host))
    }

    /// What the jar takes for a public suffix, that no host may set a cookie for: a single label
    /// (`com`, `localhost`, `com.` with the root's dot) or an IP address.
    static func isPublicSuffix(_ domain: String) -> Bool {
        !withoutRootDot(domain).contains(".") || isIPAddress(domain)
    }

    /// Whether `host` is an IP address (`10.0.0.1`, `10.0.0.1.`, an IPv6 address).
    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return true }  // IPv6
        let labels = withoutRootDot(host).split(separator: ".", omittingEmptySubsequences: false)
        return labels.count == 4
            && labels.allSatisfy {
                !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber)
            }
    }

    /// A fully qualified name's trailing dot, which names the same host, left out.
    private static func withoutRootDot(_ name: String) -> Substring {
        name.hasSuffix(".") ? name.dropLast() : Substring(name)
    }

    /// Whether a request path gets a cookie of `cookiePath` (§5.1.4).
    static func pathMatches(_ requestPath: String, _ cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.count == cookiePath.count || cookiePath.hasSuffix("/")
            || requestPath.dropFirst(cookiePath.count).first == "/"
    }

    /// The path of a request as cookies compare it: as written in its URL, `/` when empty.
    static func requestPath(of url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        return path.isEmpty ? "/" : path
    }

    /// A cookie's path when it names none (§5.1.4): the request's path up to its last `/`.
    static func defaultPath(of url: URL) -> String {
        let path = requestPath(of: url)
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
