import DTOKit
import DTOKitClient
import Foundation
import XCTest

@testable import DTOKitClient
@testable import DTOKitMiddleware

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The middleware chain over HTTP: order, retries with back-off, logging without secrets, error
/// responses substituted, and `onAuthenticationRequired`.
final class ClientMiddlewareTests: XCTestCase {
    /// Records what passes, and adds a header naming itself to each request.
    struct Recorder: ClientMiddleware {
        let name: String
        let trail: Guarded<[String]>

        func intercept(
            _ request: OutgoingRequest, context: MiddlewareContext,
            next: MiddlewareNext
        ) async throws -> ServiceStream {
            var request = request
            request.setValue(
                ((request.value(forHTTPHeaderField: "X-Trail") ?? "") + name), forHTTPHeaderField: "X-Trail")
            trail.withLock { $0.append("→\(name) \(context.method.rawValue) \(context.requestTypeName ?? "-")") }
            let response = try await next(request)
            trail.withLock { $0.append("←\(name) \(response.statusCode)") }
            return response
        }
    }

    func testMiddlewareRunsInOrderAndChangesTheRequest() async throws {
        let client = try makeTestClient()
        let trail = Guarded<[String]>([])
        client.middleware = [Recorder(name: "a", trail: trail), Recorder(name: "b", trail: trail)]
        let headers = try await client.getAsync("/_test/headers", as: [String: String].self)
        XCTAssertEqual(headers["X-Trail"], "ab", "the first middleware sees the request first")
        XCTAssertEqual(trail.current, ["→a GET -", "→b GET -", "←b 200", "←a 200"])

        trail.withLock { $0 = [] }
        let hello = Hello()
        hello.name = "chain"
        _ = try await client.postAsync(hello)
        XCTAssertEqual(trail.current, ["→a POST Hello", "→b POST Hello", "←b 200", "←a 200"])
    }

    func testRetryMiddlewareSendsIdempotentRequestsAgainWithBackOff() async throws {
        let client = try makeTestClient()
        client.middleware = [RetryMiddleware(maxRetries: 2, baseDelay: 0.01, maxDelay: 0.05)]
        let key = UUID().uuidString
        let recovered = try await client.getAsync("/_test/flaky?failures=2&key=\(key)", as: JsonValue.self)
        XCTAssertEqual(recovered["attempts"], .int(3), "two 503s, then the answer")

        let exhausted = UUID().uuidString
        do {
            _ = try await client.getAsync("/_test/flaky?failures=5&key=\(exhausted)", as: JsonValue.self)
            XCTFail("three 503s: the last is thrown")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 503)
        }
        XCTAssertEqual(try serverCounters()["flaky:\(exhausted)"], 3, "sent three times: once, then twice more")

        let posted = UUID().uuidString
        do {
            _ = try await client.executeAsync(
                ServiceCall(method: .post, destination: .url("/_test/flaky?failures=1&key=\(posted)")))
            XCTFail("a POST is not retried")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 503)
        }
        XCTAssertEqual(try serverCounters()["flaky:\(posted)"], 1, "the POST went out once")
    }

    func testRetryDelaysGrowAndStayCapped() {
        let upper = { (range: ClosedRange<Double>) in range.upperBound }
        XCTAssertEqual(RetryMiddleware.delay(beforeRetry: 1, baseDelay: 0.25, maxDelay: 8, random: upper), 0.25)
        XCTAssertEqual(RetryMiddleware.delay(beforeRetry: 3, baseDelay: 0.25, maxDelay: 8, random: upper), 1)
        XCTAssertEqual(RetryMiddleware.delay(beforeRetry: 10, baseDelay: 0.25, maxDelay: 8, random: upper), 8)
        XCTAssertEqual(RetryMiddleware.delay(beforeRetry: Int.max, baseDelay: 0.25, maxDelay: 8, random: upper), 8)
        XCTAssertEqual(
            RetryMiddleware.delay(beforeRetry: 2, baseDelay: 0.25, maxDelay: 8, random: { $0.lowerBound }), 0,
            "full jitter: from nothing up to the cap")
    }

    func testLoggingMiddlewareHidesCredentialsAndQueryValues() async throws {
        let client = try makeTestClient()
        let lines = Guarded<[String]>([])
        client.middleware = [
            LoggingMiddleware(redactedHeaders: ["X-Api-Key"]) { line in lines.withLock { $0.append(line) } }
        ]
        client.bearerToken = "eyJ-logged-secret-token"
        client.headers = ["X-Api-Key": "key-logged-secret"]
        client.setCookie(name: "ss-id", value: "cookie-logged-secret")
        client.useCustomRoutes = false  // /api/Hello?name=…, not /hello/{name}
        let hello = Hello()
        hello.name = "private-name-value"
        _ = try? await client.getAsync(hello)
        let log = lines.current.joined(separator: "\n")
        XCTAssertEqual(lines.current.count, 2, log)
        XCTAssertTrue(lines.current.first?.hasPrefix("→ GET ") == true, log)
        XCTAssertTrue(log.contains("name=…"), log)
        XCTAssertTrue(lines.current.last?.hasPrefix("← ") == true, log)
        XCTAssertTrue(log.contains("Authorization: ‹redacted›"), log)
        for secret in ["eyJ-logged-secret-token", "key-logged-secret", "cookie-logged-secret", "private-name-value"] {
            XCTAssertFalse(log.contains(secret), "\(secret) in \(log)")
        }
    }

    func testErrorResponseMiddlewareMaySubstituteAResponse() async throws {
        let client = try makeTestClient()
        let seen = Guarded<[Int]>([])
        client.middleware = [
            ErrorResponseMiddleware { response, context in
                seen.withLock { $0.append(response.statusCode) }
                guard response.statusCode == 400, context.requestTypeName == "ThrowValidation" else { return nil }
                let fallback = ThrowValidationResponse()
                fallback.email = "substituted after \(response.decodeErrorCode() ?? "?")"
                return try .json(fallback)
            }
        ]
        let invalid = ThrowValidation()  // age 0, no `required`: a 400 with field errors
        invalid.email = "not-an-email"
        let substituted = try await client.postAsync(invalid)
        XCTAssertEqual(substituted.email, "substituted after InclusiveBetween")

        let valid = Hello()
        valid.name = "ok"
        let passed = try await client.getAsync(valid)
        XCTAssertEqual(passed.result, "Hello, ok!", "successful responses pass untouched")
        do {
            _ = try await client.getAsync("/_test/flaky?failures=1&key=\(UUID().uuidString)", as: JsonValue.self)
            XCTFail("nil from the middleware: the error is thrown")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 503)
        }
        XCTAssertEqual(seen.current, [400, 503])
    }

    func testOnAuthenticationRequiredAuthenticatesAndTheCallIsSentAgain() async throws {
        let client = try makeTestClient()
        let asked = Guarded(0)
        client.onAuthenticationRequired = { [unowned client] in
            asked.withLock { $0 += 1 }
            let auth = credentialsSignIn("test", "test")
            client.bearerToken = try await client.postAsync(auth).bearerToken
        }
        let secured = Secured()
        secured.name = "later"
        let result = try await client.getAsync(secured)
        XCTAssertEqual(result.result, "Hello, later!")
        XCTAssertEqual(asked.current, 1)
        _ = try await client.getAsync(secured)
        XCTAssertEqual(asked.current, 1, "authenticated: not asked again")

        let failing = try makeTestClient()
        failing.onAuthenticationRequired = { asked.withLock { $0 += 1 } }
        do {
            _ = try await failing.getAsync(secured)
            XCTFail("still unauthenticated: the 401 is thrown")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 401)
        }
        XCTAssertEqual(asked.current, 2, "asked once per call")
    }

    /// Waits 3 s whatever happens: cancelling its task does not stop it.
    struct Stubborn: ClientMiddleware {
        func intercept(_ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
            -> ServiceStream
        {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + 3) { done.resume() }
            }
            return try await next(request)
        }
    }

    func testTheTimeoutHoldsAgainstAMiddlewareThatIgnoresCancellation() async throws {
        let client = try makeTestClient()
        client.middleware = [Stubborn()]
        client.idleTimeout = 0.3
        let started = Date()
        do {
            _ = try await client.getAsync("/_test/headers", as: [String: String].self)
            XCTFail("the stubborn middleware outlasts the timeout")
        } catch ServiceClientError.timedOut(_, let timeout) {
            XCTAssertEqual(timeout, 0.3)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5, "not held until the middleware is done (3 s)")
    }

    func testHostileSettingsDoNotTrap() async throws {
        XCTAssertEqual(RetryMiddleware.delay(beforeRetry: 3, baseDelay: .infinity, maxDelay: .infinity), 0)
        XCTAssertEqual(RetryMiddleware.delay(beforeRetry: 3, baseDelay: .nan, maxDelay: 8), 0)
        let retry = RetryMiddleware(maxRetries: 1, baseDelay: .nan, maxDelay: -.infinity)
        XCTAssertEqual([retry.baseDelay, retry.maxDelay], [0, 0])
        let client = try makeTestClient()
        for timeout in [TimeInterval.infinity, .nan, -1, 0, 1e300] {
            client.idleTimeout = timeout
            client.callTimeout = timeout
            let headers = try await client.getAsync("/_test/headers", as: [String: String].self)
            XCTAssertFalse(headers.isEmpty, "timeout \(timeout): no deadline, and no trap")
        }
    }
}

extension ServiceResponse {
    /// The `responseStatus.errorCode` of an error body.
    fileprivate func decodeErrorCode() -> String? {
        (try? decode(ErrorResponse.self))?.responseStatus?.errorCode
    }
}
