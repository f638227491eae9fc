import DTOKitClient
import Foundation
import Testing

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

    /// The credentials go along on the same origin only, whatever the platform handed on.
    @Test func aRedirectKeepsTheCredentialsOnTheSameOriginOnly() throws {
        // What CFNetwork hands the delegate: the next request without the credentials.
        var course = ExchangeCourse(try Self.request(), options: TransportOptions())
        let next = OutgoingRequest(url: try #require(URL(string: "https://api.example.org/api/Hello/")))
        #expect(Self.isSend(course.redirecting(to: next)))
        #expect(course.request.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(course.request.value(forHTTPHeaderField: "Cookie") == "ss-id=1")
        // What libcurl hands it: every header copied, to another origin too.
        for target in ["https://evil.example.org/x", "http://api.example.org/x", "https://api.example.org:8443/x"] {
            var course = ExchangeCourse(try Self.request(), options: TransportOptions())
            var copied = OutgoingRequest(url: try #require(URL(string: target)))
            copied.setValue("Bearer t", forHTTPHeaderField: "Authorization")
            copied.setValue("ss-id=1", forHTTPHeaderField: "Cookie")
            #expect(Self.isSend(course.redirecting(to: copied)))
            #expect(course.request.value(forHTTPHeaderField: "Authorization") == nil, "\(target)")
            #expect(course.request.value(forHTTPHeaderField: "Cookie") == nil, "\(target)")
        }
        // And when the course makes the next request itself (AsyncHTTPClient).
        var other = ExchangeCourse(try Self.request(), options: TransportOptions())
        #expect(Self.isSend(other.received(try Self.response(302, location: "https://cdn.example.org/file"))))
        #expect(other.request.value(forHTTPHeaderField: "Authorization") == nil)
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
