import DTOKit
import DTOKitMiddleware
import DTOKitServerEvents
import Foundation
import XCTest

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Counts the exchanges that reach it.
private struct CountingMiddleware: ClientMiddleware {
    let count: Guarded<Int>

    func intercept(_ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
        -> ServiceStream
    {
        count.withLock { $0 += 1 }
        return try await next(request)
    }
}

/// Puts a body on every request, as a careless middleware might.
private struct AddsABody: ClientMiddleware {
    func intercept(_ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
        -> ServiceStream
    {
        var request = request
        request.httpBody = Data("{}".utf8)
        return try await next(request)
    }
}

/// Where Apple's URLSession differs from FoundationNetworking, reproduced here by
/// ``AppleURLSessionStandIn``: the client must behave the same over both (the whole integration suite
/// also runs over the stand-in in CI: `DTOKIT_TEST_URLSESSION=apple`).
final class AppleURLSessionTests: XCTestCase {
    override func tearDown() async throws {
        try await ServerEventsTests.control("reset")
    }

    // MARK: Redirects

    /// Apple drops `Authorization` (and the client's `Cookie`) from a redirected request, same host
    /// included; the client puts its own back on the same origin, and never sends them to another.
    func testASameOriginRedirectKeepsTheCredentialsThePlatformDropped() throws {
        for apple in [true, false] {
            let server = try TestServer.shared()
            let client = try makeTestClient(appleURLSession: apple)
            client.bearerToken = "eyJ-redirect-token"
            client.setCookie(name: "ss-tok", value: "cookie-value")
            let sameOrigin = try client.get("/_test/redirect?to=/_test/headers", as: [String: String].self)
            XCTAssertEqual(sameOrigin["Authorization"], "Bearer eyJ-redirect-token", "apple: \(apple)")
            XCTAssertEqual(sameOrigin["Cookie"], "ss-tok=cookie-value", "apple: \(apple)")

            let otherOrigin = "http://localhost:\(server.port)/_test/headers"
            let crossOrigin = try client.get(
                "/_test/redirect?to=" + PercentEncodingForTests.encode(otherOrigin),
                as: [String: String].self)
            XCTAssertEqual(crossOrigin["Host"], "localhost:\(server.port)", "apple: \(apple)")
            XCTAssertNil(crossOrigin["Authorization"], "apple: \(apple)")
            XCTAssertNil(crossOrigin["Cookie"], "apple: \(apple)")
        }
    }

    // MARK: Bodies on GET and HEAD

    /// Apple fails a GET or HEAD with a body (`NSURLErrorDataLengthExceedsMaximum`); libcurl sends it.
    /// The client refuses one on every platform, before anything is sent.
    func testAGetOrHeadWithABodyIsRefusedBeforeItIsSent() async throws {
        for apple in [true, false] {
            let client = try makeTestClient(appleURLSession: apple)
            let before = try serverCounters()
            for method in [HTTPMethod.get, .head] {
                let call = ServiceCall(method: method, destination: .url("/_test/echo"), payload: .json(["a": 1]))
                XCTAssertThrowsError(try client.execute(call)) { error in
                    guard case .invalidRequest(let url, let reason)? = error as? ServiceClientError else {
                        return XCTFail("\(method): \(error)")
                    }
                    XCTAssertTrue(url.hasSuffix("/_test/echo"), url)
                    XCTAssertTrue(reason.contains("cannot carry a body"), reason)
                }
            }
            // GET by default.
            var fresh = URLRequest(url: try XCTUnwrap(URL(string: client.baseUrl + "api/UploadFiles")))
            let upload = UploadFiles()
            let file = UploadFile(fileName: "a.txt", data: Data("a".utf8), mimeType: "text/plain", fieldName: "file")
            do {
                _ = try await client.sendFilesWithRequestAsync(&fresh, request: upload, files: [file])
                XCTFail("a GET upload")
            } catch {
                XCTAssertEqual((error as? ServiceClientError)?.errorCode, "InvalidRequest", "\(error)")
            }
            XCTAssertEqual(
                try serverCounters()["received:GET /_test/echo"], before["received:GET /_test/echo"],
                "nothing was sent")
        }
        XCTAssertNotNil(
            AppleURLSessionStandIn().refusal(
                of: {
                    var request = URLRequest(url: URL(fileURLWithPath: "/"))
                    request.httpBody = Data("x".utf8)
                    return request
                }()), "the stand-in refuses what Apple refuses")
    }

    // MARK: Failures no retry cures

    /// App Transport Security refuses plain HTTP to a public host before anything is sent: the call
    /// fails once (not retried), naming the Info.plist keys that allow it.
    func testAppTransportSecurityFailsOnceAndNamesTheInfoPlistKeys() throws {
        let client = makeClient(baseUrl: "http://api.dtokit-ats.test", appleURLSession: true)
        let attempts = Guarded(0)
        client.middleware = [RetryMiddleware(maxRetries: 3, baseDelay: 0.01), CountingMiddleware(count: attempts)]
        XCTAssertThrowsError(try client.get(Hello())) { error in
            guard case .blockedByAppTransportSecurity(let url)? = error as? ServiceClientError else {
                return XCTFail("expected blockedByAppTransportSecurity, got \(error)")
            }
            XCTAssertEqual(url, "http://api.dtokit-ats.test/api/Hello")
            for key in ["NSAllowsLocalNetworking", "NSExceptionDomains", "https://"] {
                XCTAssertTrue("\(error)".contains(key), "\(error)")
            }
        }
        XCTAssertEqual(attempts.current, 1, "an ATS refusal is not retried")
        XCTAssertTrue(
            AppleURLSessionStandIn.isLocal("127.0.0.1") && AppleURLSessionStandIn.isLocal("localhost")
                && AppleURLSessionStandIn.isLocal("printer.local") && AppleURLSessionStandIn.isLocal("::1"))
        XCTAssertFalse(
            AppleURLSessionStandIn.isLocal("techstacks.io") || AppleURLSessionStandIn.isLocal("10.0.0.1.example"))
    }

    /// A body a middleware puts on a GET reaches the platform, which refuses it: an invalid request,
    /// sent once.
    func testAGetBodyThePlatformRefusesIsAnInvalidRequestSentOnce() throws {
        let client = try makeTestClient(appleURLSession: true)
        let attempts = Guarded(0)
        client.middleware = [
            RetryMiddleware(maxRetries: 3, baseDelay: 0.01), CountingMiddleware(count: attempts),
            AddsABody(),
        ]
        XCTAssertThrowsError(try client.get(Hello())) { error in
            guard case .invalidRequest(_, let reason)? = error as? ServiceClientError else {
                return XCTFail("expected invalidRequest, got \(error)")
            }
            XCTAssertTrue(reason.contains("GET or HEAD with a body"), reason)
        }
        XCTAssertEqual(attempts.current, 1)
    }

    // MARK: URLs

    func testAStrayPercentReachesTheServerEncoded() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        _ = try client.getData(url: "/_test/echo?q=100%&r=a b")
        XCTAssertEqual(log.last?.query, "q=100%25&r=a%20b")
    }

    // MARK: Event streams held back until 512 bytes

    /// A short `cmd.onConnect` (no `cmd.onJoin`: NotifyChannelOfSubscriptions off) stays under Apple's
    /// 512 sniffed bytes: nothing reaches the client until a later event fills them. Then everything
    /// arrives in order, and heartbeats start.
    func testEventsHeldBackUntil512BytesArriveInOrderAndHeartbeatsStart() async throws {
        try await ServerEventsTests.control("config", ["notifyJoins": "0", "heartbeatIntervalMs": "200"])
        let events = ServerEventsClient(
            client: try makeTestClient(appleURLSession: true), channels: ["home"],
            configuration: .init(initialRetryDelay: 0.05, maxRetryDelay: 0.4))
        let log = EventLog(events)
        try await waitForSubscribers(1)
        try await Task.sleep(nanoseconds: 300_000_000)  // real time: that nothing arrives can only be seen by waiting
        XCTAssertTrue(log.events.isEmpty, "held back: \(log.events)")
        let heartbeatsBefore = try serverCounter("events:heartbeat")

        let text = String(repeating: "x", count: 300)
        try await ServerEventsTests.notify(channel: "home", "cmd.chat", #"{"text":"\#(text)"}"#)
        let subscription = try await log.connected()
        XCTAssertFalse(subscription.isReconnect)
        let messages = try await log.messages(count: 1)
        XCTAssertEqual(messages.first?.jsonValue["text"]?.stringValue, text)
        try waitUntil("heartbeats start") { try serverCounter("events:heartbeat") > heartbeatsBefore }
        await events.stop()
    }

    /// If nothing fills the 512 bytes, the client does not wait for ever: after
    /// ``ServerEventsClient/Configuration/connectTimeout`` without `cmd.onConnect` it connects again.
    func testAConnectionThatNeverShowsItsConnectEventIsReplaced() async throws {
        try await ServerEventsTests.control("config", ["notifyJoins": "0"])
        let connectsBefore = try serverCounter("events:connect")
        let clock = ManualClock()
        let client = try makeTestClient(appleURLSession: true)
        let events = ServerEventsClient(
            baseUrl: client.baseUrl, channels: ["home"], client: client,
            configuration: .init(initialRetryDelay: 0.05, maxRetryDelay: 0.4, connectTimeout: 0.5),
            clock: clock)
        let log = EventLog(events)
        try waitUntil("the stream was requested") { try serverCounter("events:connect") > connectsBefore }
        try await ServerEventsTests.advance(clock, milliseconds: 501, whenWaiting: 1)  // the watchdog; no heartbeat yet
        let replaced = try await log.wait {
            $0.contains { event in
                if case .disconnected(let error, _) = event {
                    (error as? ServerEventsError) == .idleTimeout(milliseconds: 500)
                } else {
                    false
                }
            }
        }
        XCTAssertTrue(replaced)
        try await ServerEventsTests.advance(clock, milliseconds: 400, whenWaiting: 1)  // the reconnect delay
        try waitUntil("a new connection") { try serverCounter("events:connect") - connectsBefore >= 2 }
        await events.stop()
    }

    private func waitForSubscribers(_ count: Int) async throws {
        try waitUntil("\(count) subscriber(s)") {
            try makeTestClient().get("/event-subscribers?channels=home", as: [JsonValue].self).count >= count
        }
    }
}
