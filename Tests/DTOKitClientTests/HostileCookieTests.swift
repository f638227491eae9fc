import Foundation
import Testing

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cookie, origin and URL-label rules as a hostile server would try them.
/// Each test states a rule of RFC 6265bis or of the client's origins.
@Suite("Cookies and labels against a hostile server")
struct HostileCookieTests {
    private static func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    // MARK: Headers that would make work

    /// A header of commas is one cookie, read in one pass (a split that looked for `=` after every comma
    /// took a minute for 64 KiB); a response sets at most as many cookies as a domain keeps.
    @Test func aHeaderOfCommasIsOneCookieAndAResponseSetsFewCookies() throws {
        let commas = "a=b" + String(repeating: ",", count: 64 * 1024)
        #expect(SetCookie.split(commas).map(\.count) == [commas.count])
        #expect(SetCookie.split(String(repeating: ", ", count: 10_000)).count == 1)
        let jar = CookieJar()
        let url = try Self.url("http://api.example.org/")
        let many = (0..<1_000).map { "c\($0)=1" }.joined(separator: ", ")
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Set-Cookie": many]))
        jar.store(from: response)
        #expect(jar.allValues().count == CookieJar.maxPerDomain)
    }

    // MARK: Domain: an IP address written with a trailing dot

    /// The jar refuses `Domain` for an IP address (`isIPAddress` is used for both the host and the
    /// domain). But `http://127.0.0.1./` (a trailing dot; resolvers take it for 127.0.0.1) is not
    /// seen as an IP address: it may set `Domain=0.0.1.`, and that cookie then goes to every host
    /// `*.0.0.1.` — 10.0.0.1., 192.0.0.1. — other machines.
    @Test func anIPAddressWithATrailingDotCannotWidenItsCookiesToOtherAddresses() throws {
        let jar = CookieJar()
        let stored = jar.store("planted=1; Domain=0.0.1.; Path=/", from: try Self.url("http://127.0.0.1./"))
        #expect(!stored, "Domain=0.0.1. from 127.0.0.1. was kept")
        #expect(
            jar.headerValue(for: try Self.url("http://10.0.0.1./")) == nil, "a cookie of 127.0.0.1. went to 10.0.0.1.")
    }

    /// The same hole for a single-label domain: "single-label domains are taken as public suffixes",
    /// but `com.` (a fully qualified `com`) has a dot, so `http://evil.com./` may set `Domain=com.`
    /// and the cookie goes to `http://bank.com./` (a trailing-dot host resolves like any other).
    @Test func aTrailingDotDoesNotMakeATopLevelDomainSettable() throws {
        let jar = CookieJar()
        let stored = jar.store("planted=1; Domain=com.; Path=/", from: try Self.url("http://evil.com./"))
        #expect(!stored, "Domain=com. from evil.com. was kept")
        #expect(jar.headerValue(for: try Self.url("http://bank.com./")) == nil, "evil.com.'s cookie went to bank.com.")
    }

    // MARK: Secure cookies evicted by plain http (RFC 6265bis §5.8.4)

    /// "http cannot replace/shadow a Secure cookie" — but it can evict one: the per-domain limit
    /// removes the least recently used, Secure or not. 6265bis evicts cookies whose secure-only-flag
    /// is false first. A plain-http page of the same domain sets 50 cookies and the https session
    /// cookie is gone.
    @Test func plainHttpCannotEvictASecureCookie() throws {
        let jar = CookieJar()
        #expect(jar.store("ss-tok=secure-session; Secure; Path=/", from: try Self.url("https://example.org/")))
        for index in 0..<CookieJar.maxPerDomain {
            jar.store("filler\(index)=1; Path=/", from: try Self.url("http://example.org/"))
        }
        let header = jar.headerValue(for: try Self.url("https://example.org/")) ?? ""
        #expect(header.contains("ss-tok=secure-session"), "the Secure cookie was evicted by http cookies")
    }

    // MARK: Nameless cookies that look like prefixed ones (RFC 6265bis §5.7 step 21)

    /// 6265bis: a cookie with an empty name whose value starts with `__Secure-` or `__Host-` is
    /// ignored — it would go back as `__Host-sid`, which a server reads as the prefixed cookie, set by
    /// plain http without any of the prefix's promises.
    @Test func aNamelessCookieWhoseValueLooksPrefixedIsIgnored() throws {
        for line in ["__Host-sid; Path=/", "__Secure-sid; Path=/", "=__Host-sid; Path=/"] {
            let jar = CookieJar()
            jar.store(line, from: try Self.url("http://api.example.org/"))
            #expect(jar.headerValue(for: try Self.url("http://api.example.org/")) == nil, "\(line) was kept")
        }
    }

    /// A refused `Location` is shown "its query, fragment and user info left out" (ExchangeCourse's
    /// `shown`). One whose password holds a `/` is no URL — and is shown whole, password included.
    @Test func aRefusedLocationIsShownWithoutItsUserInfo() throws {
        let response = try #require(
            HTTPURLResponse(
                url: try Self.url("http://api.example.org/a"), statusCode: 302, httpVersion: "HTTP/1.1",
                headerFields: ["Location": "http://user:pa/ss-word@evil.example/"]))
        guard
            case .failure(let error)? = ExchangeCourse.redirectTarget(
                of: response, from: try Self.url("http://api.example.org/a"))
        else {
            Issue.record("the redirect was not refused")
            return
        }
        #expect(!"\(error)".contains("pa/ss-word"), "\(error)")
    }

    // MARK: User info in error labels

    /// "User info in a URL never appears in error descriptions": `label(forText:)` strips the user
    /// info only when the authority has no `/`, `?` or `#` in it. A password holding one of them
    /// (written unencoded, so that the URL does not parse — exactly the text `invalidUrl` shows)
    /// shows whole or in part.
    @Test func aPasswordWithASlashOrHashNeverShowsInALabel() {
        for (text, secret) in [
            ("http://admin:pa/ss-word@api.example.org/x", "pa/ss-word"),
            ("http://admin:pa#ssword@api.example.org/x", "admin:pa"),
            ("http://admin:pa?ssword@api.example.org/x", "admin:pa"),
        ] {
            let label = ServiceClientError.label(forText: text)
            #expect(!label.contains(secret), "\(text) → \(label)")
        }
    }
}
