import DTOKit
import DTOKitClient
import DTOKitMiddleware
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One clock per call: the idle timeout counts from the call's last progress, the call's timeout from
/// its start, and both bound everything the call runs — hooks, a token refresh, retries and their
/// waits — while a transfer that keeps going goes on.
final class CallTimeoutsTests: XCTestCase {
    private func secured() -> Secured {
        Secured()
    }

    /// `onAuthenticationRequired` runs within the call's idle timeout: a hook that never ends does not
    /// hold the call (async and blocking).
    func testAHookThatNeverEndsEndsAtTheIdleTimeout() async throws {
        let client = try makeTestClient()
        client.idleTimeout = 0.5
        client.onAuthenticationRequired = { try await Task.sleep(nanoseconds: 30_000_000_000) }
        var started = Date()
        do {
            _ = try await client.getAsync(secured())
            XCTFail("the hook never ends")
        } catch ServiceClientError.timedOut(_, let timeout) {
            XCTAssertEqual(timeout, 0.5)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5)
        started = Date()
        XCTAssertThrowsError(try blocking { try client.get(secured()) }) { error in
            guard case .timedOut? = error as? ServiceClientError else { return XCTFail("\(error)") }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5)
    }

    /// A blocking call on the main thread whose hook hops to the main actor, which that thread blocks:
    /// the hop never runs, and the call returns at its timeout (it used to wait for ever).
    func testABlockingCallWhoseHookWaitsForTheActorItBlocksReturns() throws {
        let client = try makeTestClient()
        client.idleTimeout = 1
        client.onAuthenticationRequired = { await MainActor.run {} }
        let started = Date()
        XCTAssertThrowsError(try client.get(secured())) { error in
            guard case .timedOut(_, 1)? = error as? ServiceClientError else { return XCTFail("\(error)") }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
    }

    /// An upload whose bytes keep coming goes on past the idle timeout; the call's own timeout ends it.
    func testAnUploadGoesOnAsLongAsItsBytesFlow() async throws {
        let slow = OutgoingBody.stream(length: nil) {
            AsyncThrowingStream { continuation in
                let task = Task {
                    for _ in 0..<8 {
                        try? await Task.sleep(nanoseconds: 250_000_000)
                        continuation.yield(Data(repeating: 65, count: 1_000))
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
        let request = RawUpload()
        request.category = "slow"
        let client = try makeTestClient()
        client.idleTimeout = 0.8
        let uploaded = try await client.postBodyAsync(request, body: slow)
        XCTAssertEqual(uploaded.length, 8_000, "2 s of bytes, never 0.8 s without one")

        client.callTimeout = 0.8
        let started = Date()
        do {
            _ = try await client.postBodyAsync(request, body: slow)
            XCTFail("the call's own timeout")
        } catch ServiceClientError.timedOut(_, let timeout) {
            XCTAssertEqual(timeout, 0.8)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.8)
    }

    /// A response whose bytes keep coming (a 20-byte body over 2 s) goes on past the idle timeout.
    func testADownloadGoesOnAsLongAsItsBytesFlow() async throws {
        let client = try makeTestClient()
        client.idleTimeout = 0.7
        let dripped = try await client.getAsync("/_test/fault/drip-2s", as: JsonValue.self)
        XCTAssertEqual(dripped, .int(0))
        client.callTimeout = 0.7
        do {
            _ = try await client.getAsync("/_test/fault/drip-2s", as: JsonValue.self)
            XCTFail("the call's own timeout")
        } catch ServiceClientError.timedOut(_, let timeout) {
            XCTAssertEqual(timeout, 0.7)
        }
    }

    /// A `Retry-After` that would end after the call's time: the 503 with its `retryAfter` at once, not a
    /// wait that ends in `timedOut`.
    func testARetryAfterThatCannotFitEndsWithTheServersAnswer() async throws {
        let client = try makeTestClient()
        client.middleware = [RetryMiddleware(maxRetries: 2, maxRetryAfter: 30)]
        client.idleTimeout = 2
        let started = Date()
        do {
            _ = try await client.getAsync(
                "/_test/flaky?failures=1&retryAfter=5&key=\(UUID().uuidString)", as: JsonValue.self)
            XCTFail("the wait cannot fit")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 503)
            XCTAssertEqual(error.retryAfter, 5)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)

        client.idleTimeout = 10  // it fits now: the server is asked again after 1 s
        let answer = try await client.getAsync(
            "/_test/flaky?failures=1&retryAfter=1&key=\(UUID().uuidString)", as: JsonValue.self)
        XCTAssertEqual(answer["attempts"], .int(2))
    }

    /// A call made while another runs (from its hook) shares its clock: the whole sign-in and the
    /// call again fit the first call's timeout.
    func testACallMadeByAHookSharesTheCallsClock() async throws {
        let client = try makeTestClient()
        client.callTimeout = 1
        client.onAuthenticationRequired = { [client] in
            let sleep = Sleep()
            sleep.milliseconds = 3_000
            _ = try await client.getAsync(sleep)
        }
        let started = Date()
        do {
            _ = try await client.getAsync(secured())
            XCTFail("the hook's call outlasts the first call's timeout")
        } catch ServiceClientError.timedOut(_, let timeout) {
            XCTAssertEqual(timeout, 1)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    }
}
