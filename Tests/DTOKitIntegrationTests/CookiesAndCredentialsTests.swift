import DTOKit
import DTOKitClient
import DTOKitMiddleware
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cookies, credentials and redirects against one server reached as two origins — `127.0.0.1`
/// (the client's base URL) and `localhost` — as a server, a redirect or a link to another origin
/// would try them: a cookie or a credential never reaches an origin it does not belong to, and no
/// URL nobody named is followed.
final class CookiesAndCredentialsTests: XCTestCase {
    private var server: TestServer!
    /// The test server under another host name: another origin.
    private var otherOrigin: String { "http://localhost:\(server.port)" }

    override func setUpWithError() throws {
        server = try TestServer.shared()
    }

    private func setCookie(_ cookies: [String], status: Int = 200, to location: String? = nil) -> String {
        var path = "/_test/set-cookie?status=\(status)"
        for cookie in cookies { path += "&c=" + PercentEncodingForTests.encode(cookie) }
        if let location { path += "&to=" + PercentEncodingForTests.encode(location) }
        return path
    }

    /// The headers `/_test/headers` saw, by lower-cased name (HTTP stacks spell them differently).
    private func headersSeen(_ client: JsonServiceClient, at url: String) throws -> [String: String] {
        let seen = try client.get(url, as: [String: String].self)
        return Dictionary(seen.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    }

    // MARK: Cookies

    /// A sign-in that redirects sets its session on the 302: the cookie is kept, and the redirected
    /// request already carries it.
    func testACookieSetOnARedirectIsKeptAndCarriedByTheRedirectedRequest() throws {
        let client = try makeTestClient()
        let seen = try headersSeen(
            client, at: setCookie(["ss-id=signed-in; Path=/"], status: 302, to: "/_test/headers"))
        XCTAssertEqual(seen["cookie"], "ss-id=signed-in")
        XCTAssertEqual(client.getCookies()["ss-id"], "signed-in")
    }

    /// A redirect computes its own `Cookie` header: a `Path=/_test/set-cookie` cookie does not follow
    /// the redirect to `/_test/headers`.
    func testARedirectCarriesOnlyTheCookiesOfItsNewPath() throws {
        let client = try makeTestClient()
        _ = try client.get(setCookie(["scoped=1; Path=/_test/set-cookie", "everywhere=2; Path=/"]), as: JsonValue.self)
        let seen = try headersSeen(client, at: setCookie([], status: 307, to: "/_test/headers"))
        XCTAssertEqual(seen["cookie"], "everywhere=2")
    }

    /// The cookies of a 401 are kept: a server may start a session as it asks for credentials.
    func testACookieSetOnA401IsKept() throws {
        let client = try makeTestClient()
        XCTAssertThrowsError(try client.get(setCookie(["ss-pid=anonymous; Path=/"], status: 401), as: JsonValue.self))
        XCTAssertEqual(client.getCookies()["ss-pid"], "anonymous")
    }

    /// `127.0.0.1` and `localhost` are two hosts: a cookie of one never goes to the other, and neither
    /// can widen a cookie to a single-label domain or a part of an IP address.
    func testCookiesStayWithTheHostThatSetThem() throws {
        let client = try makeTestClient()
        _ = try client.get(
            setCookie(["mine=1; Path=/", "wide=1; Domain=0.0.1; Path=/", "ip=1; Domain=127.0.0.1; Path=/"]),
            as: JsonValue.self)
        _ = try client.get(
            otherOrigin
                + setCookie([
                    "theirs=1; Path=/", "planted=1; Domain=localhost; Path=/", "far=1; Domain=127.0.0.1; Path=/",
                ]),
            as: JsonValue.self)
        XCTAssertEqual(try headersSeen(client, at: "/_test/headers")["cookie"], "mine=1; ip=1")
        XCTAssertEqual(try headersSeen(client, at: otherOrigin + "/_test/headers")["cookie"], "theirs=1; planted=1")
        XCTAssertEqual(client.getCookies(), ["mine": "1", "ip": "1"])
    }

    /// A `Secure` cookie comes from https only: over http it is dropped.
    func testASecureCookieSetOverHttpIsDropped() throws {
        let client = try makeTestClient()
        _ = try client.get(
            setCookie(["s=1; Secure; Path=/", "__Secure-t=1; Path=/", "plain=1; Path=/"]), as: JsonValue.self)
        XCTAssertEqual(client.getCookies(), ["plain": "1"])
    }

    /// A cookie with a bare CR (or another control character) is dropped, and the rest of the
    /// client's cookies go on as before: FoundationNetworking would drop a `Cookie` header holding
    /// one, and every cookie with it. (SwiftNIO's parser refuses a response with a bare CR in a
    /// header outright: then the call fails, and nothing of it is kept either.)
    func testACookieWithAControlCharacterIsDroppedAndTheOthersStillGo() throws {
        let client = try makeTestClient()
        _ = try client.get(setCookie(["session=1; Path=/"]), as: JsonValue.self)
        for bad in ["bad=a\rb; Path=/", "bell=\u{7}; Path=/", "nul=a\u{0}b; Path=/", "del=\u{7F}; Path=/"] {
            _ = try? client.get(setCookie([bad, "sameResponse=1; Path=/"]), as: JsonValue.self)
            XCTAssertNil(client.getCookies()[String(bad.prefix { $0 != "=" })], bad.debugDescription)
        }
        _ = try client.get(setCookie(["also=fine; Path=/"]), as: JsonValue.self)
        // (A good cookie of the same response is kept where the response reached the client.)
        var cookies = client.getCookies()
        cookies["sameResponse"] = nil
        XCTAssertEqual(cookies, ["session": "1", "also": "fine"])
        XCTAssertTrue(
            try headersSeen(client, at: "/_test/headers")["cookie"]?.hasPrefix("session=1; ") == true,
            "the Cookie header still goes")
    }

    /// Values go back byte for byte, quotes included.
    func testQuotedValuesGoBackAsTheyCame() throws {
        let client = try makeTestClient()
        _ = try client.get(setCookie([#"qs="a b"; Path=/"#, "b64=YWJj==; Path=/"]), as: JsonValue.self)
        XCTAssertEqual(client.getCookies()["qs"], #""a b""#)
        XCTAssertEqual(try headersSeen(client, at: "/_test/headers")["cookie"], #"qs="a b"; b64=YWJj=="#)
    }

    // MARK: Credentials

    /// The bearer token, and the `Authorization` of the client's headers, go to the client's own
    /// origin; an absolute URL on another origin gets neither, unless the client names it.
    func testTheBearerTokenGoesToTheClientsOwnOriginsOnly() throws {
        let client = try makeTestClient()
        client.bearerToken = "eyJ-own-origin"
        XCTAssertEqual(try headersSeen(client, at: "/_test/headers")["authorization"], "Bearer eyJ-own-origin")
        XCTAssertNil(try headersSeen(client, at: otherOrigin + "/_test/headers")["authorization"])

        client.bearerToken = nil
        client.headers = ["Authorization": "Bearer from-headers", "X-Other": "kept"]
        let elsewhere = try headersSeen(client, at: otherOrigin + "/_test/headers")
        XCTAssertNil(elsewhere["authorization"])
        XCTAssertEqual(elsewhere["x-other"], "kept")

        client.credentialOrigins = [otherOrigin]
        XCTAssertEqual(
            try headersSeen(client, at: otherOrigin + "/_test/headers")["authorization"], "Bearer from-headers")
    }

    /// Basic credentials answer their own origin's challenge only, and go up front to it alone.
    func testBasicCredentialsAnswerOnlyTheirOwnOriginsChallenge() throws {
        let client = try makeTestClient()
        client.setCredentials(userName: "admin", password: "basic-secret-1")
        let withBefore = try serverCounter("challenge-with-authorization")
        let withoutBefore = try serverCounter("challenge-without-authorization")

        XCTAssertThrowsError(try client.get(otherOrigin + "/_test/challenge", as: JsonValue.self)) { error in
            XCTAssertEqual((error as? WebServiceException)?.statusCode, 401)
        }
        XCTAssertEqual(try serverCounter("challenge-with-authorization"), withBefore, "another origin's challenge")
        XCTAssertEqual(try serverCounter("challenge-without-authorization"), withoutBefore + 1, "asked once")

        XCTAssertThrowsError(try client.get("/_test/challenge", as: JsonValue.self))
        XCTAssertEqual(try serverCounter("challenge-with-authorization"), withBefore + 1, "its own origin's: answered")

        client.alwaysSendBasicAuthHeader = true
        XCTAssertNil(try headersSeen(client, at: otherOrigin + "/_test/headers")["authorization"])
        XCTAssertEqual(try headersSeen(client, at: "/_test/headers")["authorization"]?.hasPrefix("Basic "), true)
    }

    /// A password in the base URL's user info is shown by no log line and no error.
    func testUserInfoInTheBaseUrlIsNeverShown() throws {
        let lines = Guarded<[String]>([])
        let client = makeClient(baseUrl: "http://someone:userinfo-secret@127.0.0.1:\(server.port)")
        client.middleware = [LoggingMiddleware(log: { line in lines.withLock { $0.append(line) } })]
        XCTAssertThrowsError(try client.get("/_test/nothing-here?token=1", as: JsonValue.self)) { error in
            XCTAssertFalse("\(error)".contains("userinfo-secret"), "\(error)")
            XCTAssertFalse("\(error)".contains("someone:"), "\(error)")
        }
        XCTAssertFalse(lines.current.isEmpty)
        for line in lines.current {
            XCTAssertFalse(line.contains("userinfo-secret") || line.contains("someone:"), line)
        }
    }

    // MARK: Redirects

    /// Only http and https are followed: `file:`, `javascript:`, `data:` and `ftp:` end the call with
    /// an error that names where it was sent, and nothing more is requested.
    func testARedirectToAnotherSchemeIsNeverFollowed() throws {
        let client = try makeTestClient()
        client.bearerToken = "eyJ-never-elsewhere"
        let before = try serverCounters()
        for (location, named) in [
            ("file:///etc/passwd", "file: URL"), ("javascript:alert(1)", "javascript: URL"),
            ("data:text/plain,hello", "data: URL"), ("ftp://127.0.0.1/x", "ftp: URL"),
        ] {
            XCTAssertThrowsError(
                try client.get("/_test/redirect?to=" + PercentEncodingForTests.encode(location), as: JsonValue.self)
            ) { error in
                guard case .invalidResponse(let url, let reason)? = error as? ServiceClientError else {
                    return XCTFail("\(location): \(error)")
                }
                XCTAssertTrue(url.hasSuffix("/_test/redirect"), url)
                XCTAssertTrue(reason.contains(named), reason)
            }
        }
        // What the server received since: the redirects (and the counters' own requests), nothing else.
        let after = try serverCounters()
        let requested = after.keys.filter { $0.hasPrefix("received:") && after[$0] != before[$0] }
        XCTAssertEqual(
            requested.filter { !$0.contains("/_test/redirect") && !$0.contains("/_test/stats") }, [],
            "requests that followed a refused redirect")
    }
}
