import DTOKit
import DTOKitClient
import DTOKitMiddleware
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The cookie, credential and redirect rules against the test server as two origins —
/// `127.0.0.1` (the client's base URL) and `localhost` (another origin).
final class HostileOriginTests: XCTestCase {
    private var server: TestServer!
    private var otherOrigin: String { "http://localhost:\(server.port)" }

    override func setUpWithError() throws {
        server = try TestServer.shared()
    }

    private func redirect(to location: String, status: Int = 302) -> String {
        "/_test/redirect?status=\(status)&to=" + PercentEncodingForTests.encode(location)
    }

    // MARK: Another origin's 401, reached through a redirect

    /// "Another origin's 401 is final (no refresh, no Basic, no onAuthenticationRequired)". The client
    /// decides on the URL it called, not on the URL that answered: its own origin redirects to
    /// `localhost`, `localhost` answers 401, and the client asks its user for credentials
    /// (`onAuthenticationRequired`) and sends the call again — because another origin asked.
    func testAnotherOriginsChallengeAfterARedirectDoesNotCallOnAuthenticationRequired() throws {
        let client = try makeTestClient()
        let asked = Guarded<Int>(0)
        client.onAuthenticationRequired = { asked.withLock { $0 += 1 } }
        let before = try serverCounter("challenge-without-authorization")
        XCTAssertThrowsError(
            try client.get(redirect(to: otherOrigin + "/_test/challenge"), as: JsonValue.self)
        ) { error in
            XCTAssertEqual((error as? WebServiceException)?.statusCode, 401, "\(error)")
        }
        XCTAssertEqual(asked.current, 0, "onAuthenticationRequired ran for localhost's 401")
        XCTAssertEqual(
            try serverCounter("challenge-without-authorization"), before + 1,
            "localhost's challenge was requested again")
    }

    /// The same with a refresh token: another origin's 401 makes the client spend its refresh token
    /// (a `GetAccessToken` request) and retry.
    func testAnotherOriginsChallengeAfterARedirectDoesNotRefreshTheToken() throws {
        let client = try makeTestClient()
        client.bearerToken = "eyJ-attack45-access"
        client.refreshToken = "attack45-refresh-token"
        let before = try serverCounter("getAccessToken")
        XCTAssertThrowsError(try client.get(redirect(to: otherOrigin + "/_test/challenge"), as: JsonValue.self))
        XCTAssertEqual(try serverCounter("getAccessToken"), before, "a GetAccessToken went out for localhost's 401")
    }

    /// The same with Basic credentials: another origin's 401 makes the client send its Basic
    /// credentials (to its own origin, which redirects again).
    func testAnotherOriginsChallengeAfterARedirectIsNotAnsweredWithBasicCredentials() throws {
        let client = try makeTestClient()
        client.setCredentials(userName: "admin", password: "attack45-basic")
        let before = try serverCounters()
        XCTAssertThrowsError(try client.get(redirect(to: otherOrigin + "/_test/challenge"), as: JsonValue.self))
        let after = try serverCounters()
        let key = "received:GET /_test/challenge"
        XCTAssertEqual(
            (after[key] ?? 0) - (before[key] ?? 0), 1, "the call was sent again after localhost's 401")
    }

    // MARK: A hostile Set-Cookie

    /// "Values kept byte for byte": one `Set-Cookie` header whose value holds a comma (a server that
    /// reflects a user's input in a cookie: `lang=<input>`). Browsers keep one cookie,
    /// `lang=en,ss-tok=injected`. The client splits it at the comma and keeps an `ss-tok` — the
    /// input planted a token cookie.
    func testACommaInOneCookiesValueDoesNotPlantAnotherCookie() throws {
        let client = try makeTestClient()
        _ = try client.get(
            "/_test/set-cookie?c=" + PercentEncodingForTests.encode("lang=en,ss-tok=injected; Path=/"),
            as: JsonValue.self)
        XCTAssertNil(client.getTokenCookie(), "ss-tok planted through lang's value")
        XCTAssertEqual(client.getCookies()["lang"], "en,ss-tok=injected")
    }

    /// Bytes beyond ASCII in a value (UTF-8 `é`, C3 A9 on the wire) go back as the same bytes.
    func testNonASCIIValueBytesGoBackAsTheyCame() throws {
        let client = try makeTestClient()
        _ = try client.get("/_test/set-cookie?c=x%3D%C3%83%C2%A9%3B%20Path%3D%2F", as: JsonValue.self)
        let seen = try client.get("/_test/headers", as: [String: String].self)
        let cookie = seen.first { $0.key.lowercased() == "cookie" }?.value
        // The server reads header bytes as Latin-1: C3 A9 shows as "Ã©".
        XCTAssertEqual(
            cookie, "x=\u{C3}\u{A9}",
            "stored: \(client.getCookies()["x"]?.unicodeScalars.map { String($0.value, radix: 16) } ?? [])")
    }

    /// One `Set-Cookie: a=b,,,,…` (60,000 commas, within the server's request-line limit that carries
    /// it here): the client answers (a split that looked for `=` after every comma took minutes).
    func testAHeaderOfManyCommasDoesNotStallTheCall() throws {
        let client = try makeTestClient()
        let path = "/_test/set-cookie?c=a%3Db" + String(repeating: ",", count: 60_000)
        let done = expectation(description: "the call returned")
        Thread.detachNewThread {
            _ = try? client.get(path, as: JsonValue.self)
            done.fulfill()
        }
        XCTAssertEqual(XCTWaiter.wait(for: [done], timeout: 10), .completed, "the call hung (more than 10 s)")
    }

    /// The same with the client's own `callTimeout` of 2 s: the call returns within it.
    func testAHeaderOfManyCommasIsBoundedByTheCallTimeout() throws {
        let client = try makeTestClient()
        client.callTimeout = 2
        let path = "/_test/set-cookie?c=a%3Db" + String(repeating: ",", count: 60_000)
        let done = expectation(description: "the call returned")
        Thread.detachNewThread {
            _ = try? client.get(path, as: JsonValue.self)
            done.fulfill()
        }
        XCTAssertEqual(XCTWaiter.wait(for: [done], timeout: 6), .completed, "callTimeout 2 s: no answer within 6 s")
    }

    // MARK: Redirect shapes that held (or not)

    private func headersSeen(_ client: JsonServiceClient, at url: String) throws -> [String: String] {
        let seen = try client.get(url, as: [String: String].self)
        return Dictionary(seen.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    }

    /// A protocol-relative `Location` (`//localhost:port/…`) is another origin: no Authorization.
    func testAProtocolRelativeRedirectToAnotherHostDropsAuthorization() throws {
        let client = try makeTestClient()
        client.bearerToken = "eyJ-attack45-protocol-relative"
        let seen = try headersSeen(client, at: redirect(to: "//localhost:\(server.port)/_test/headers"))
        XCTAssertNil(seen["authorization"])
    }

    /// Own → other → own: Authorization, dropped on the way out, does not come back; a lower-case
    /// `authorization` in the client's headers is a credential too.
    func testARoundTripThroughAnotherOriginAndLowercaseHeaderNames() throws {
        let client = try makeTestClient()
        client.headers = ["authorization": "Bearer attack45-lowercase", "cookie": "attack45=lowercase"]
        let back = "http://127.0.0.1:\(server.port)/_test/headers"
        let seen = try headersSeen(client, at: otherOrigin + redirect(to: back))
        XCTAssertNil(seen["authorization"], "\(seen)")
        XCTAssertNil(seen["cookie"], "\(seen)")
        let direct = try headersSeen(client, at: otherOrigin + "/_test/headers")
        XCTAssertNil(direct["authorization"], "\(direct)")
        XCTAssertNil(direct["cookie"], "\(direct)")
    }

    /// Locations with a backslash, spaces, unicode, user info or an empty host: refused or followed on
    /// the same origin, never a crash or a request to another host with credentials.
    func testOddLocationsNeverCarryTheTokenElsewhere() throws {
        let client = try makeTestClient()
        client.bearerToken = "eyJ-attack45-odd"
        for location in [
            "/\\localhost:\(server.port)/_test/headers", "  /_test/headers  ", "/_test/h\u{E9}aders",
            "http://@localhost:\(server.port)/_test/headers", "http:///_test/headers",
            "http://localhost:\(server.port)@127.0.0.1:\(server.port)/_test/headers",
            "HTTP://LOCALHOST:\(server.port)/_test/headers",
        ] {
            do {
                let raw = try client.get(redirect(to: location), as: [String: String].self)
                let seen = Dictionary(raw.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
                if let auth = seen["authorization"] {
                    XCTAssertEqual(seen["host"], "127.0.0.1:\(server.port)", "\(location): \(auth)")
                }
            } catch {
                // A refusal or a 404: fine.
            }
        }
    }

    /// A cookie named `ss-tok` or `ss-reftok` planted by another origin neither reaches the base URL
    /// nor turns another origin's 401 into a token refresh.
    func testTokenCookiesPlantedByAnotherOriginStayThere() throws {
        let client = try makeTestClient()
        _ = try client.get(
            otherOrigin + "/_test/set-cookie?c=" + PercentEncodingForTests.encode("ss-tok=planted-attack45; Path=/")
                + "&c=" + PercentEncodingForTests.encode("ss-reftok=planted-refresh45; Path=/"), as: JsonValue.self)
        XCTAssertNil(client.getCookies()["ss-tok"])
        XCTAssertNil(client.getTokenCookie())
        let before = try serverCounter("getAccessToken")
        XCTAssertThrowsError(try client.get(otherOrigin + "/_test/challenge", as: JsonValue.self))
        XCTAssertThrowsError(try client.get("/_test/challenge", as: JsonValue.self))
        XCTAssertEqual(try serverCounter("getAccessToken"), before)
    }

    /// 40 concurrent calls, each setting its own cookie (half on a 302 the transport follows): none is
    /// lost, and every one goes back.
    func testConcurrentCallsKeepEveryCookie() throws {
        let client = try makeTestClient()
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let cookie = PercentEncodingForTests.encode("c\(index)=v\(index); Path=/")
            let path =
                index.isMultiple(of: 2)
                ? "/_test/set-cookie?c=\(cookie)"
                : "/_test/set-cookie?status=302&to=%2F_test%2Fheaders&c=\(cookie)"
            _ = try? client.get(path, as: JsonValue.self)
        }
        let cookies = client.getCookies()
        XCTAssertEqual(cookies.count, 40, "\(cookies.keys.sorted())")
    }

    // MARK: User info

    /// "User info in a URL never appears in … error descriptions": a base URL whose password holds
    /// a `/` (written unencoded) does not parse; the `invalidUrl` error shows it whole.
    func testAPasswordWithASlashInTheBaseUrlIsNotShownByTheError() throws {
        let client = makeClient(baseUrl: "http://admin:pa/ss-attack45@127.0.0.1:\(server.port)")
        XCTAssertThrowsError(try client.get("/_test/headers", as: JsonValue.self)) { error in
            XCTAssertFalse("\(error)".contains("ss-attack45"), "\(error)")
            XCTAssertFalse("\(error)".contains("admin:"), "\(error)")
        }
    }

    /// A base URL's user info must not reach another origin through a redirect (libcurl
    /// sends user info as Basic; the redirected URL must not carry it).
    func testUserInfoOfTheBaseUrlDoesNotFollowARedirectToAnotherOrigin() throws {
        let client = makeClient(baseUrl: "http://someone:attack45-userinfo@127.0.0.1:\(server.port)")
        let seen = try client.get(redirect(to: otherOrigin + "/_test/headers"), as: [String: String].self)
        let headers = Dictionary(seen.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        XCTAssertNil(headers["authorization"], "\(headers)")
    }

    // MARK: User info the label cannot tell from a host and a port

    /// A password that starts with digits and holds a `/` or `#` reads, to every URL parser, as a host, a
    /// port and a path (`admin:2024/…@host` is host `admin`, port 2024): the call goes nowhere, and its
    /// error shows neither the password nor the user info's host-and-port part.
    func testAPasswordThatReadsAsAPortIsNotShownByTheError() throws {
        for text in [
            "http://admin:2024/ss-attack2-secret@127.0.0.1:1", "http://admin:2024#ss-attack2-secret@127.0.0.1:1",
        ] {
            let client = makeClient(baseUrl: text)
            client.idleTimeout = 5
            XCTAssertThrowsError(try client.get("/_test/headers", as: JsonValue.self)) { error in
                XCTAssertFalse("\(error)".contains("attack2-secret"), "\(error)")
                XCTAssertFalse("\(error)".contains("admin:2024"), "\(error)")
            }
        }
    }

    // MARK: A password in a body, redirected

    /// `Authenticate` sent with PUT: a 302 keeps its body (only a POST becomes a GET), so it must not
    /// follow one to another origin either.
    func testAnAuthenticateSentWithPutDoesNotFollowA302ToAnotherOrigin() throws {
        let client = try makeTestClient()
        let authenticate = credentialsSignIn("attack2", "attack2-password-in-body")
        let key = "received:PUT /_test/echo"
        let before = try serverCounters()[key] ?? 0
        let call = ServiceCall(
            method: .put, destination: .url(redirect(to: otherOrigin + "/_test/echo", status: 302)),
            payload: .request(authenticate))
        XCTAssertThrowsError(try client.execute(call)) { error in
            XCTAssertTrue("\(error)".contains("holds credentials"), "\(error)")
        }
        XCTAssertEqual(
            try serverCounters()[key] ?? 0, before, "Authenticate's body (the password) was sent to localhost")
    }

    // MARK: The refresh token in a body, redirected

    /// The refresh token is a credential too: it goes in `GetAccessToken`'s body to refreshTokenUrl.
    /// A 307 from there keeps the body and sends it to another origin (`localhost`), which never was
    /// one of the client's origins.
    func testTheRefreshTokenDoesNotFollowA307ToAnotherOrigin() throws {
        let client = try makeTestClient()
        client.bearerToken = "eyJ-attack45-expired"
        client.refreshToken = "attack45-refresh-in-body"
        client.refreshTokenUrl = redirect(to: otherOrigin + "/_test/echo", status: 307)
        let key = "received:POST /_test/echo"
        let before = try serverCounters()[key] ?? 0
        XCTAssertThrowsError(try client.get("/_test/challenge", as: JsonValue.self))
        XCTAssertEqual(
            try serverCounters()[key] ?? 0, before, "GetAccessToken's body (the refresh token) was posted to localhost")
    }
}
