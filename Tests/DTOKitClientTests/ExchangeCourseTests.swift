import Foundation
import Testing

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The course of an exchange, event by event, as every transport drives it: which redirects are
/// followed and how, which failures send the request again, and that nothing follows the end.
@Suite("The course of an exchange")
struct ExchangeCourseTests {
    private static let origin = "https://api.example.org"

    private static func request(_ method: String = "GET", _ path: String = "/api/Hello", body: String? = nil) throws
        -> OutgoingRequest
    {
        var request = OutgoingRequest(url: try #require(URL(string: origin + path)))
        request.httpMethod = method
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        request.setValue("ss-id=1", forHTTPHeaderField: "Cookie")
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    private static func response(_ status: Int, location: String? = nil) throws -> HTTPURLResponse {
        let url = try #require(URL(string: origin))
        return try #require(
            HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: location.map { ["Location": $0] } ?? [:]))
    }

    private static func isSend(_ next: ExchangeCourse.Next) -> Bool {
        if case .send = next { return true }
        return false
    }

    private static func isDeliver(_ next: ExchangeCourse.Next) -> Bool {
        if case .deliver = next { return true }
        return false
    }

    private static func failure(_ next: ExchangeCourse.Next) -> ServiceClientError? {
        if case .fail(let error) = next { return error }
        return nil
    }

    @Test func aResponseThatIsNoRedirectIsDelivered() throws {
        for status in [200, 204, 304, 401, 404, 500] {
            var course = ExchangeCourse(try Self.request(), options: TransportOptions())
            #expect(Self.isDeliver(course.received(try Self.response(status))), "\(status)")
        }
        // A redirect without a Location, or with one that is no URL, is the response itself.
        var course = ExchangeCourse(try Self.request(), options: TransportOptions())
        #expect(Self.isDeliver(course.received(try Self.response(302))))
    }

    @Test func redirectsAreFollowedUpToTheLimitThenFail() throws {
        var course = ExchangeCourse(try Self.request(), options: TransportOptions(maxRedirects: 2))
        #expect(Self.isSend(course.received(try Self.response(302, location: "/a"))))
        #expect(course.request.url.absoluteString == "https://api.example.org/a", "a relative Location, resolved")
        #expect(Self.isSend(course.received(try Self.response(307, location: "https://api.example.org/b"))))
        #expect(course.redirects == 2)
        let error = Self.failure(course.received(try Self.response(308, location: "/c")))
        guard case .tooManyRedirects(let url, let count)? = error else {
            Issue.record("expected tooManyRedirects, got \(String(describing: error))")
            return
        }
        #expect(url.hasSuffix("/b") && count == 2)
        #expect(Self.failure(course.received(try Self.response(200))) == nil, "after the end, no event sends anything")
    }

    /// 301 and 302 turn a POST into a GET, 303 anything but HEAD; 307 and 308 keep method and body.
    @Test(arguments: [
        (301, "POST", "GET"), (302, "POST", "GET"), (303, "POST", "GET"), (303, "PUT", "GET"), (303, "HEAD", "HEAD"),
        (301, "PUT", "PUT"), (302, "DELETE", "DELETE"), (307, "POST", "POST"), (308, "PATCH", "PATCH"),
    ])
    func theMethodARedirectLeaves(status: Int, method: String, expected: String) throws {
        var course = ExchangeCourse(try Self.request(method, body: "{}"), options: TransportOptions())
        #expect(Self.isSend(course.received(try Self.response(status, location: "/next"))))
        #expect(course.request.httpMethod == expected)
        let keepsBody = expected == method
        #expect((course.request.httpBody != nil) == keepsBody, "\(status) \(method)")
        #expect((course.request.value(forHTTPHeaderField: "Content-Type") != nil) == keepsBody)
    }

    /// A body that holds credentials (`bodyStaysOnItsOrigin`) follows a redirect that keeps it — a 307 or
    /// 308, and a 301 or 302 of any method but POST — to its own origin only; a redirect that drops the
    /// body goes anywhere.
    @Test(arguments: [
        (301, "PUT", false), (302, "PUT", false), (301, "PATCH", false), (302, "DELETE", false),
        (307, "POST", false), (308, "PUT", false), (301, "POST", true), (302, "POST", true), (303, "PUT", true),
    ])
    func aBodyWithCredentialsStaysOnItsOrigin(status: Int, method: String, followedElsewhere: Bool) throws {
        var options = TransportOptions()
        options.bodyStaysOnItsOrigin = true
        var elsewhere = ExchangeCourse(try Self.request(method, body: "{\"password\":\"p\"}"), options: options)
        let next = elsewhere.received(try Self.response(status, location: "https://evil.example.net/steal"))
        #expect(Self.isSend(next) == followedElsewhere, "\(status) \(method)")
        if !followedElsewhere {
            #expect(Self.failure(next)?.description.contains("holds credentials") == true)
        } else {
            #expect(elsewhere.request.httpBody == nil)
        }
        var sameOrigin = ExchangeCourse(try Self.request(method, body: "{\"password\":\"p\"}"), options: options)
        #expect(Self.isSend(sameOrigin.received(try Self.response(status, location: "/next"))))
    }

    /// `Authorization` goes along on the same origin only (the scheme's default port being the
    /// origin's); without the client's cookies, so does a `Cookie` header.
    @Test(arguments: [
        ("/next", true), ("https://API.example.org:443/x", true), ("HTTPS://api.example.org/x", true),
        ("https://evil.example.org/x", false), ("http://api.example.org/x", false),
        ("https://api.example.org:8443/x", false), ("//cdn.example.org/file", false),
    ])
    func aRedirectKeepsTheCredentialsOnTheSameOriginOnly(location: String, sameOrigin: Bool) throws {
        var course = ExchangeCourse(try Self.request(), options: TransportOptions())
        #expect(Self.isSend(course.received(try Self.response(302, location: location))))
        #expect((course.request.value(forHTTPHeaderField: "Authorization") == "Bearer t") == sameOrigin)
        #expect((course.request.value(forHTTPHeaderField: "Cookie") == "ss-id=1") == sameOrigin)
        #expect((course.request.value(forHTTPHeaderField: "Authorization") == nil) == !sameOrigin)
    }

    /// Only http and https are followed (the Fetch standard): any other `Location` ends the exchange
    /// with an error that names it, as does one that is no URL or carries user info.
    @Test(arguments: [
        ("file:///etc/passwd", "file: URL"), ("javascript:alert(1)", "javascript: URL"),
        ("data:text/plain,hi", "data: URL"), ("ftp://files.example.org/x", "ftp: URL"),
        ("http:///no-host", "http: URL"), ("https://user:secret@evil.example.org/", "user info"),
        ("http://[bad", "not a URL"),
    ])
    func aRedirectToAnotherSchemeIsRefusedAndNamed(location: String, reason expected: String) throws {
        var course = ExchangeCourse(try Self.request(), options: TransportOptions())
        guard
            case .fail(.invalidResponse(let url, let reason)) = course.received(
                try Self.response(302, location: location))
        else {
            Issue.record("\(location) was followed")
            return
        }
        #expect(url == Self.origin + "/api/Hello", "the original URL")
        #expect(reason.contains(expected), "\(reason)")
        #expect(!reason.contains("secret"), "user info never shown")
        #expect(course.request.url.absoluteString == Self.origin + "/api/Hello", "nothing else is sent")
    }

    /// With the client's cookies, a redirect keeps the cookies its response sets, and the next request
    /// carries the cookies of its own URL: a `Path=/a` cookie does not go to `/b`; a cookie the
    /// redirect set goes along; a `Cookie` header of the caller's, on the same origin only.
    @Test func aRedirectCarriesTheCookiesOfItsOwnUrl() throws {
        let jar = CookieJar()
        let url = try #require(URL(string: Self.origin + "/a/start"))
        jar.store("scoped=1; Path=/a", from: url)
        var options = TransportOptions()
        options.cookies = TransportOptions.Cookies(keep: { jar.store(from: $0) }, header: { jar.headerValue(for: $0) })
        var request = OutgoingRequest(url: url)
        request.setValue(jar.headerValue(for: url), forHTTPHeaderField: "Cookie")
        var course = ExchangeCourse(request, options: options)
        #expect(course.request.value(forHTTPHeaderField: "Cookie") == "scoped=1")
        let redirect = try #require(
            HTTPURLResponse(
                url: url, statusCode: 302, httpVersion: "HTTP/1.1",
                headerFields: ["Location": "/b/next", "Set-Cookie": "session=abc; Path=/"]))
        #expect(Self.isSend(course.received(redirect)))
        #expect(course.request.value(forHTTPHeaderField: "Cookie") == "session=abc", "not the /a cookie")
        #expect(jar.values(for: url)["session"] == "abc", "kept from the redirect")

        var callers = OutgoingRequest(url: try #require(URL(string: Self.origin + "/x")))
        callers.setValue("mine=1", forHTTPHeaderField: "Cookie")
        let empty = CookieJar()
        options.cookies = TransportOptions.Cookies(
            keep: { empty.store(from: $0) }, header: { empty.headerValue(for: $0) })
        var same = ExchangeCourse(callers, options: options)
        #expect(Self.isSend(same.received(try Self.response(302, location: "/y"))))
        #expect(same.request.value(forHTTPHeaderField: "Cookie") == "mine=1")
        var other = ExchangeCourse(callers, options: options)
        #expect(Self.isSend(other.received(try Self.response(302, location: "https://cdn.example.org/y"))))
        #expect(other.request.value(forHTTPHeaderField: "Cookie") == nil)
    }

    @Test func aRequestNothingOfWhichWasWrittenGoesOnceMoreWhateverItsMethod() throws {
        let lost = ServiceClientError.connectionLost(url: "u", receivedBytes: 0)
        var course = ExchangeCourse(try Self.request("POST", body: "{}"), options: TransportOptions())
        #expect(Self.isSend(course.failed(lost, nothingWritten: true)))
        #expect(course.request.httpMethod == "POST" && course.request.httpBody != nil, "the same request")
        #expect(Self.failure(course.failed(lost, nothingWritten: true)) != nil, "never twice in a row")
    }

    @Test func anIdempotentRequestWhoseConnectionClosedAfterARedirectGoesOnceMore() throws {
        let lost = ServiceClientError.connectionLost(url: "u", receivedBytes: 0)
        var get = ExchangeCourse(try Self.request(), options: TransportOptions())
        #expect(Self.failure(get.failed(lost, nothingWritten: false)) != nil, "before any redirect: the failure")

        var redirected = ExchangeCourse(try Self.request(), options: TransportOptions())
        #expect(Self.isSend(redirected.received(try Self.response(301, location: "/moved"))))
        #expect(Self.isSend(redirected.failed(lost, nothingWritten: false)))
        #expect(
            Self.isSend(redirected.received(try Self.response(302, location: "/again"))), "a response resets the resend"
        )
        #expect(Self.isSend(redirected.failed(lost, nothingWritten: false)))
        #expect(Self.failure(redirected.failed(lost, nothingWritten: false)) != nil, "never twice in a row")

        var post = ExchangeCourse(try Self.request("POST", body: "{}"), options: TransportOptions())
        #expect(Self.isSend(post.received(try Self.response(307, location: "/moved"))))
        #expect(
            Self.failure(post.failed(lost, nothingWritten: false)) != nil,
            "a POST that may have been written is not resent")

        var partly = ExchangeCourse(try Self.request(), options: TransportOptions())
        #expect(Self.isSend(partly.received(try Self.response(301, location: "/moved"))))
        #expect(
            Self.failure(partly.failed(.connectionLost(url: "u", receivedBytes: 10), nothingWritten: false)) != nil,
            "a response had begun")
        #expect(Self.failure(partly.failed(.timedOut(url: "u", timeout: 1), nothingWritten: false)) != nil)
    }
}
