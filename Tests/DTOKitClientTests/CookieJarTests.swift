import Foundation
import Testing

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cookie rules of RFC 6265bis, one by one, as a server — or an attacker with a server the client
/// was sent to — would try them: what is kept, for which hosts and paths, and what goes back.
@Suite("Cookies")
struct CookieJarTests {
    private static func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    private static func jar(_ setCookies: [String], from origin: String) throws -> CookieJar {
        let jar = CookieJar()
        for line in setCookies { jar.store(line, from: try url(origin)) }
        return jar
    }

    private static func header(_ jar: CookieJar, _ target: String) throws -> String? {
        jar.headerValue(for: try url(target))
    }

    // MARK: Domain

    @Test func aHostOnlyCookieGoesToItsHostAlone() throws {
        let jar = try Self.jar(["a=1"], from: "http://api.example.org/x")
        #expect(try Self.header(jar, "http://api.example.org/") == "a=1")
        #expect(try Self.header(jar, "http://API.EXAMPLE.ORG/") == "a=1", "hosts compare without case")
        #expect(try Self.header(jar, "http://www.api.example.org/") == nil)
        #expect(try Self.header(jar, "http://example.org/") == nil)
    }

    @Test func aDomainCookieGoesToTheDomainAndItsSubdomains() throws {
        let jar = try Self.jar(["a=1; Domain=.Example.org"], from: "http://api.example.org/")
        for host in ["example.org", "api.example.org", "deep.files.example.org"] {
            #expect(try Self.header(jar, "http://\(host)/") == "a=1", "\(host)")
        }
        #expect(try Self.header(jar, "http://badexample.org/") == nil, "a suffix is not a subdomain")
        #expect(try Self.header(jar, "http://example.org.evil.net/") == nil)
    }

    /// `Domain=com` from any host would reach every `.com` host; `Domain=127.0.0.1` would reach
    /// nothing else but must not widen anything either.
    @Test(arguments: [
        ("com", "http://api.example.com/"), ("localhost", "http://api.localhost/"),
        ("0.0.1", "http://127.0.0.1/"), ("example.org", "http://example.com/"),
        ("api.example.org", "http://example.org/"), ("other.example.org", "http://api.example.org/"),
    ])
    func aDomainTheHostCannotSetDropsTheCookie(domain: String, origin: String) throws {
        let jar = try Self.jar(["planted=1; Domain=\(domain)"], from: origin)
        #expect(jar.allValues().isEmpty, "Domain=\(domain) from \(origin)")
    }

    /// A public suffix or an IP address naming the host itself: the cookie is the host's alone.
    @Test(arguments: [
        ("localhost", "http://localhost/"), ("127.0.0.1", "http://127.0.0.1/"), ("[::1]", "http://[::1]/"),
    ])
    func aDomainThatIsTheHostItselfMakesAHostOnlyCookie(domain: String, origin: String) throws {
        let attribute = domain.hasPrefix("[") ? String(domain.dropFirst().dropLast()) : domain
        let jar = try Self.jar(["a=1; Domain=\(attribute)"], from: origin)
        #expect(try Self.header(jar, origin) == "a=1")
        let cookie = try #require(jar.matching(try Self.url(origin)).first)
        #expect(cookie.hostOnly)
    }

    @Test func anIPAddressIsNeverADomain() throws {
        #expect(CookieJar.isIPAddress("10.0.0.1") && CookieJar.isIPAddress("::1"))
        #expect(!CookieJar.isIPAddress("10.0.0.com") && !CookieJar.isIPAddress("1.2.3"))
        #expect(!CookieJar.domainMatches("1.10.0.0.1", "0.0.1") || !CookieJar.isIPAddress("1.10.0.0.1"))
        #expect(!CookieJar.domainMatches("10.0.0.1", "0.0.1"))
    }

    // MARK: Secure

    @Test func aSecureCookieComesOnlyFromAndGoesOnlyToHttps() throws {
        let plain = try Self.jar(["s=1; Secure"], from: "http://api.example.org/")
        #expect(plain.allValues().isEmpty, "set over http: dropped")
        let secure = try Self.jar(["s=1; Secure"], from: "https://api.example.org/")
        #expect(try Self.header(secure, "https://api.example.org/") == "s=1")
        #expect(try Self.header(secure, "http://api.example.org/") == nil, "never over http")
    }

    @Test func plainHttpCannotReplaceOrShadowASecureCookie() throws {
        let jar = try Self.jar(["session=good; Secure; Path=/"], from: "https://api.example.org/")
        #expect(!jar.store("session=evil; Path=/", from: try Self.url("http://api.example.org/")), "ignored")
        #expect(!jar.store("session=evil; Path=/api", from: try Self.url("http://api.example.org/")))
        #expect(!jar.store("session=evil; Domain=example.org", from: try Self.url("http://www.example.org/")))
        #expect(!jar.store("session=; Max-Age=0", from: try Self.url("http://api.example.org/")), "nor deleted")
        #expect(try Self.header(jar, "https://api.example.org/api/x") == "session=good")
        #expect(jar.store("other=fine", from: try Self.url("http://api.example.org/")))
        #expect(try Self.header(jar, "http://api.example.org/") == "other=fine", "another name is kept")
    }

    @Test(arguments: [
        ("__Secure-a=1", "https://h.example.org/", false), ("__Secure-a=1; Secure", "https://h.example.org/", true),
        ("__secure-a=1; Secure", "http://h.example.org/", false),
        ("__Host-a=1; Secure; Path=/", "https://h.example.org/", true),
        ("__Host-a=1; Secure; Path=/; Domain=h.example.org", "https://h.example.org/", false),
        ("__Host-a=1; Secure; Path=/x", "https://h.example.org/", false),
        ("__HOST-a=1; Path=/", "https://h.example.org/", false),
    ])
    func prefixedNamesKeepTheirPromises(setCookie: String, origin: String, kept: Bool) throws {
        #expect(!(try Self.jar([setCookie], from: origin).allValues().isEmpty) == kept, "\(setCookie) from \(origin)")
    }

    // MARK: Paths

    @Test func aCookieGoesToItsPathAndBelowOnly() throws {
        let jar = try Self.jar(["a=1; Path=/a"], from: "http://h.example.org/")
        #expect(try Self.header(jar, "http://h.example.org/a") == "a=1")
        #expect(try Self.header(jar, "http://h.example.org/a/b") == "a=1")
        #expect(try Self.header(jar, "http://h.example.org/b") == nil)
        #expect(try Self.header(jar, "http://h.example.org/ab") == nil, "a prefix is not a parent")
        #expect(try Self.header(jar, "http://h.example.org/") == nil)
    }

    @Test func withoutAPathACookieTakesItsRequestsFolder() throws {
        let jar = try Self.jar(["a=1", "b=2; Path=relative"], from: "http://h.example.org/api/auth/login")
        #expect(try Self.header(jar, "http://h.example.org/api/auth/x") == "a=1; b=2")
        #expect(try Self.header(jar, "http://h.example.org/api/other") == nil)
        #expect(CookieJar.defaultPath(of: try Self.url("http://h.example.org/login")) == "/")
        #expect(CookieJar.defaultPath(of: try Self.url("http://h.example.org")) == "/")
    }

    @Test func longerPathsComeFirstThenOlderCookies() throws {
        let jar = try Self.jar(["a=1; Path=/", "b=2; Path=/x/y", "c=3; Path=/x"], from: "http://h.example.org/")
        #expect(try Self.header(jar, "http://h.example.org/x/y/z") == "b=2; c=3; a=1")
    }

    // MARK: Names and values

    @Test(arguments: ["a=1\r", "a=1\rX-Injected: yes", "a=\u{0}1", "a=1\u{7F}", "a\u{1}=1", "a=1; Path=/\r\n"])
    func aCookieWithAControlCharacterIsDropped(setCookie: String) throws {
        #expect(try Self.jar([setCookie], from: "http://h.example.org/").allValues().isEmpty)
    }

    @Test func valuesAreKeptByteForByteQuotesIncluded() throws {
        let jar = try Self.jar([#"qs="a b""#, "eq=x=y==", "sp= padded ", "tab=a\tb"], from: "http://h.example.org/")
        let values = jar.values(for: try Self.url("http://h.example.org/"))
        #expect(values["qs"] == #""a b""#)
        #expect(values["eq"] == "x=y==")
        #expect(values["sp"] == "padded", "surrounding spaces are not part of it")
        #expect(values["tab"] == "a\tb")
    }

    @Test func aCookieWithoutAValueOrANameIsKeptAsServersSendIt() throws {
        let jar = try Self.jar(["empty=", "nameless"], from: "http://h.example.org/")
        #expect(try Self.header(jar, "http://h.example.org/") == "empty=; nameless")
        #expect(try Self.jar(["=", "; Path=/", "=a=b"], from: "http://h.example.org/").allValues().isEmpty)
    }

    @Test func tooLongANameAndValueOrAttributeIsIgnored() throws {
        let long = String(repeating: "v", count: SetCookie.maxNameAndValue)
        #expect(try Self.jar(["n=" + long], from: "http://h.example.org/").allValues().isEmpty)
        let path = "/" + String(repeating: "p", count: SetCookie.maxAttributeValue + 1)
        let jar = try Self.jar(["a=1; Path=\(path)"], from: "http://h.example.org/x/y")
        #expect(jar.matching(try Self.url("http://h.example.org/x/z")).first?.path == "/x", "the default path")
    }

    // MARK: Expiry

    @Test func maxAgeWinsOverExpiresAndZeroRemoves() throws {
        let origin = try Self.url("http://h.example.org/")
        let jar = CookieJar()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        jar.store("a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Max-Age=60", from: origin, now: now)
        #expect(jar.matching(origin, now: now.addingTimeInterval(59)).count == 1)
        #expect(jar.matching(origin, now: now.addingTimeInterval(61)).isEmpty)
        jar.store("b=1", from: origin, now: now)
        jar.store("b=gone; Max-Age=0", from: origin, now: now)
        jar.store("c=1; Max-Age=-5", from: origin, now: now)
        jar.store("d=1; Max-Age=99999999999999999999999", from: origin, now: now)
        jar.store("e=1; Max-Age=1e3", from: origin, now: now)
        let names = Set(jar.matching(origin, now: now).map(\.name))
        #expect(names == ["d", "e"], "an unreadable Max-Age is no Max-Age")
        let capped = try #require(jar.matching(origin, now: now).first { $0.name == "d" }?.expires)
        #expect(capped <= now.addingTimeInterval(400 * 86_400), "at most 400 days")
    }

    @Test(arguments: [
        ("Wed, 21 Oct 2026 07:28:00 GMT", 1_792_567_680.0), ("Wednesday, 21-Oct-26 07:28:00 GMT", 1_792_567_680),
        ("Wed Oct 21 07:28:00 2026", 1_792_567_680), ("21 oct 2026 7:28:0", 1_792_567_680),
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0), ("Fri, 31 Dec 9999 23:59:59 GMT", 253_402_300_799),
    ])
    func datesInEveryFormServersWrite(text: String, seconds: TimeInterval) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == seconds, "\(text)")
    }

    @Test(arguments: [
        "", "tomorrow", "Wed, 30 Feb 2026 07:28:00 GMT", "Wed, 21 Oct 1600 07:28:00 GMT",
        "Wed, 21 Oct 2026 24:00:00 GMT",
        "Wed, 32 Oct 2026 07:28:00 GMT", "Wed, 21 Foo 2026 07:28:00 GMT", "Wed, 21 Oct 2026 GMT",
        "99999999999999999999 Oct 2026 07:28:00",
    ])
    func notADate(text: String) {
        #expect(HTTPDate.parse(text) == nil, "\(text)")
    }

    // MARK: Headers and limits

    @Test func repeatedSetCookieHeadersJoinedByCommasAreSplitAgain() throws {
        let response = try #require(
            HTTPURLResponse(
                url: try Self.url("http://h.example.org/"), statusCode: 302, httpVersion: "HTTP/1.1",
                headerFields: ["Set-Cookie": "a=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT, b=2; Path=/, c=3"]))
        let jar = CookieJar()
        jar.store(from: response)
        #expect(try Self.header(jar, "http://h.example.org/") == "a=1; b=2; c=3")
    }

    @Test func aHostileServerCannotFillTheClientsMemory() throws {
        let jar = CookieJar()
        let origin = try Self.url("http://h.example.org/")
        for index in 0..<(CookieJar.maxPerDomain * 3) { jar.store("c\(index)=1", from: origin) }
        #expect(jar.allValues().count == CookieJar.maxPerDomain)
        #expect(jar.values(for: origin)["c\(CookieJar.maxPerDomain * 3 - 1)"] == "1", "the newest are kept")
    }

    @Test func aCookieTheClientSetsMustBeSendable() throws {
        let jar = CookieJar()
        let origin = try Self.url("http://h.example.org/")
        #expect(jar.set(name: "ss-tok", value: "abc", for: origin))
        #expect(!jar.set(name: "a;b", value: "1", for: origin))
        #expect(!jar.set(name: "a", value: "1; Domain=com", for: origin))
        #expect(!jar.set(name: "a", value: "1\r\nX: y", for: origin))
        #expect(!jar.set(name: "a=b", value: "1", for: origin))
        #expect(jar.values(for: origin) == ["ss-tok": "abc"])
    }

    @Test func onlyHttpAndHttpsUrlsGetCookies() throws {
        let jar = try Self.jar(["a=1"], from: "http://h.example.org/")
        #expect(try Self.header(jar, "ftp://h.example.org/") == nil)
        #expect(try Self.jar(["a=1"], from: "file:///tmp/x").allValues().isEmpty)
    }
}

/// Origins, and how errors and logs show a URL.
@Suite("Origins and URL labels")
struct OriginTests {
    @Test(arguments: [
        ("https://a.example.org/x", "HTTPS://A.EXAMPLE.ORG:443/y", true),
        ("http://a.example.org", "http://a.example.org:80/", true),
        ("http://a.example.org", "https://a.example.org", false),
        ("https://a.example.org", "https://a.example.org:8443", false),
        ("https://a.example.org", "https://b.example.org", false),
        ("http://127.0.0.1:8080", "http://localhost:8080", false),
        ("file:///a", "file:///a", false),
    ])
    func originsCompareAsTheFetchStandardSays(from: String, to: String, same: Bool) throws {
        let a = try #require(URL(string: from))
        let b = try #require(URL(string: to))
        #expect(CredentialRules.mayCarry(from: a, to: b) == same)
    }

    @Test(arguments: [
        ("https://user:secret@h.example.org/a?token=x#f", "https://h.example.org/a"),
        ("http://user@h.example.org:8080/", "http://h.example.org:8080/"),
        ("http://h.example.org/a@b", "http://h.example.org/a@b"),
        ("https://a:b@c@h.example.org/", "https://h.example.org/"), ("not a url", "not a url"),
    ])
    func labelsLeaveOutQueriesAndUserInfo(text: String, label: String) {
        #expect(ServiceClientError.label(forText: text) == label)
        if text.contains("://"), let url = URL(string: text) { #expect(ServiceClientError.label(for: url) == label) }
    }
}
