import DTOKit
import DTOKitMiddleware
import Foundation
import XCTest

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Settings for one call (`client.with(CallOptions(…))`) over the client's, async and blocking;
/// the cache and the retries as a server expects: concurrent misses of one key make one request, a
/// `Retry-After` longer than allowed is never cut short.
final class CallOptionsTests: XCTestCase {
    func cachedPath(_ key: String, maxAge: Int = 60, delayMs: Int = 0) -> String {
        "/_test/cached?key=\(key)&maxAge=\(maxAge)" + (delayMs > 0 ? "&delayMs=\(delayMs)" : "")
    }

    // MARK: Cache policy

    func testReloadGoesPastAFreshResponseAndKeepsTheNewOne() async throws {
        let client = try makeTestClient()
        let cache = HTTPCache()
        client.middleware = [cache]
        let key = UUID().uuidString
        _ = try await client.getAsync(cachedPath(key), as: JsonValue.self)
        _ = try await client.getAsync(cachedPath(key), as: JsonValue.self)
        XCTAssertEqual(try serverCounter("cached:\(key)"), 1, "the second call was answered by the cache")
        _ = try await client.executeAsync(
            ServiceCall(method: .post, destination: .url("/_test/cached?key=\(key)&bump=1")))

        let reloaded = try await client.with(CallOptions(cachePolicy: .reload)).getAsync(
            cachedPath(key), as: JsonValue.self)
        XCTAssertEqual(try serverCounter("cached:\(key)"), 2)
        XCTAssertEqual(reloaded["version"]?.intValue, 2, reloaded.toJson())
        let after = try await client.getAsync(cachedPath(key), as: JsonValue.self)
        XCTAssertEqual(after, reloaded, "the reloaded response was kept")
        XCTAssertEqual(try serverCounter("cached:\(key)"), 2)
    }

    func testOnlyIfCachedAnswersFromTheCacheOrFailsWith504() async throws {
        let client = try makeTestClient()
        client.middleware = [HTTPCache()]
        let key = UUID().uuidString
        let cachedOnly = client.with(CallOptions(cachePolicy: .onlyIfCached))
        do {
            _ = try await cachedOnly.getAsync(cachedPath(key, maxAge: 0), as: JsonValue.self)
            XCTFail("nothing was cached")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 504)
            XCTAssertEqual(error.errorCode, "NotCached")
        }
        XCTAssertEqual(try serverCounter("cached:\(key)"), 0, "nothing went to the server")
        let first = try await client.getAsync(cachedPath(key, maxAge: 0), as: JsonValue.self)
        // Stale (max-age=0), yet only the cache answers, without revalidating.
        let again = try blocking { try cachedOnly.get(cachedPath(key, maxAge: 0), as: JsonValue.self) }
        XCTAssertEqual(again, first)
        XCTAssertEqual(try serverCounter("cached:\(key)"), 1)
    }

    // MARK: Timeout, headers, retries

    func testATimeoutForOneCall() async throws {
        let client = try makeTestClient()
        let sleep = Sleep()
        sleep.milliseconds = 1_500
        do {
            _ = try await client.with(CallOptions(idleTimeout: 0.3)).getAsync(sleep)
            XCTFail("no timeout")
        } catch ServiceClientError.timedOut(_, let timeout) {
            XCTAssertEqual(timeout, 0.3)
        }
        let blockingSleep = Sleep()
        blockingSleep.milliseconds = 1_500
        XCTAssertThrowsError(try client.with(CallOptions(idleTimeout: 0.3)).get(blockingSleep)) { error in
            guard case ServiceClientError.timedOut(_, 0.3)? = error as? ServiceClientError else {
                return XCTFail("\(error)")
            }
        }
        let short = Sleep()
        short.milliseconds = 600
        let answered = try await client.getAsync(short)
        XCTAssertEqual(answered.milliseconds, 600, "the client's own timeout is unchanged")
    }

    func testHeadersForOneCallOverTheClients() async throws {
        let client = try makeTestClient()
        client.headers = ["X-Client": "client", "X-Both": "client"]
        let withHeaders = client.with(CallOptions(headers: ["X-Call": "call", "X-Both": "call"]))
        let echoed = try await withHeaders.getAsync("/_test/headers", as: [String: String].self)
        XCTAssertEqual(echoed["X-Call"], "call")
        XCTAssertEqual(echoed["X-Client"], "client")
        XCTAssertEqual(echoed["X-Both"], "call", "the call's header wins")
        let plain = try await client.getAsync("/_test/headers", as: [String: String].self)
        XCTAssertNil(plain["X-Call"], "the client is unchanged")
        // Nested: the inner options on top of the outer.
        let nested = try await withHeaders.with(CallOptions(headers: ["X-Both": "inner"])).getAsync(
            "/_test/headers", as: [String: String].self)
        XCTAssertEqual(nested["X-Both"], "inner")
        XCTAssertEqual(nested["X-Call"], "call")
    }

    func testRetriesOffForOneCall() async throws {
        let client = try makeTestClient()
        client.middleware = [RetryMiddleware(maxRetries: 2, baseDelay: 0.01)]
        let once = UUID().uuidString
        do {
            _ = try await client.with(CallOptions(allowsRetry: false)).getAsync(
                "/_test/flaky?failures=1&key=\(once)", as: JsonValue.self)
            XCTFail("a 503 with retries off")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 503)
        }
        XCTAssertEqual(try serverCounter("flaky:\(once)"), 1)
        let retried = UUID().uuidString
        _ = try await client.getAsync("/_test/flaky?failures=1&key=\(retried)", as: JsonValue.self)
        XCTAssertEqual(try serverCounter("flaky:\(retried)"), 2, "the client's middleware retries the others")
    }

    // MARK: Progress per call

    func testTwoUploadsOnOneClientEachHearTheirOwnProgress() async throws {
        let client = try makeTestClient()
        let small = Guarded<[Int64]>([])
        let large = Guarded<[Int64]>([])
        func upload(_ size: Int, _ heard: Guarded<[Int64]>) async throws -> Int {
            let request = UploadFiles()
            request.category = "progress"
            let file = UploadFile(
                fileName: "f.bin", data: Data(repeating: 7, count: size), mimeType: "application/octet-stream")
            let caller = client.with(
                CallOptions(onUploadProgress: { sent, total in heard.withLock { $0.append(total) } }))
            return try await caller.postFileWithRequestAsync(request: request, file: file).files?.first?.contentLength
                ?? -1
        }
        async let first = upload(10_000, small)
        async let second = upload(300_000, large)
        let (smallSize, largeSize) = try await (first, second)
        XCTAssertEqual(smallSize, 10_000)
        XCTAssertEqual(largeSize, 300_000)
        XCTAssertFalse(small.current.isEmpty)
        XCTAssertFalse(large.current.isEmpty)
        XCTAssertEqual(Set(small.current).count, 1, "one body's length: \(Set(small.current))")
        XCTAssertEqual(Set(large.current).count, 1, "one body's length: \(Set(large.current))")
        XCTAssertLessThan(small.current[0], large.current[0])
    }

    func testADownloadHearsItsOwnProgressAndTheClientsHookTheRest() async throws {
        let client = try makeTestClient()
        let clientHeard = Guarded(0)
        client.onDownloadProgress = { _, _ in clientHeard.withLock { $0 += 1 } }
        let callHeard = Guarded<[Int64]>([])
        let request = GetBinary()
        request.size = 600_000
        let bytes = try await client.with(
            CallOptions(onDownloadProgress: { received, _ in callHeard.withLock { $0.append(received) } })
        )
        .getAsync(request)
        XCTAssertEqual(bytes.count, 600_000)
        XCTAssertEqual(clientHeard.current, 0, "the call's closure replaced the client's for that call")
        XCTAssertEqual(callHeard.current.last, 600_000)
        let again = GetBinary()
        again.size = 1_000
        _ = try await client.getAsync(again)
        XCTAssertGreaterThan(clientHeard.current, 0)
    }

    // MARK: A cache and retries as a server expects

    /// Misses of a URL whose response was kept fresh before wait for one fetch (here the store, which
    /// keeps one response, dropped it for another).
    func testConcurrentMissesOfAKeptKeyMakeOneRequest() async throws {
        let client = try makeTestClient()
        let cache = HTTPCache(store: MemoryCacheStore(capacity: 1))
        client.middleware = [cache]
        let key = UUID().uuidString
        let path = cachedPath(key, delayMs: 300)
        _ = try await client.getAsync(path, as: JsonValue.self)
        _ = try await client.getAsync(cachedPath(UUID().uuidString, delayMs: 0), as: JsonValue.self)
        let bodies = try await withThrowingTaskGroup(of: JsonValue.self) { group in
            for _ in 0..<20 { group.addTask { try await client.getAsync(path, as: JsonValue.self) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(bodies.count, 20)
        XCTAssertEqual(Set(bodies.map { $0.toJson() }).count, 1)
        XCTAssertEqual(try serverCounter("cached:\(key)"), 2, "one request for twenty misses (after the first)")
        XCTAssertEqual(cache.statistics.misses, 3)
        XCTAssertEqual(cache.statistics.coalesced, 19)
    }

    /// A URL the cache knows nothing of is never waited for: concurrent calls whose answers are not kept
    /// (no `Cache-Control`, as most services answer, or only an `ETag`) take no longer with the cache
    /// installed than without it.
    func testUncacheableConcurrentCallsTakeNoLongerWithTheCache() async throws {
        for validators in ["", "&validators=etag&noCacheControl=1"] {
            let client = try makeTestClient()
            client.middleware = [HTTPCache()]
            client.callTimeout = 3
            let key = UUID().uuidString
            let path = "/_test/cached?key=\(key)&delayMs=1500&noCacheControl=1" + validators
            let started = Date()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 { group.addTask { _ = try await client.getAsync(path, as: JsonValue.self) } }
                try await group.waitForAll()
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 2.9, "all four at once, none waiting for another")
            XCTAssertEqual(try serverCounter("cached:\(key)"), 4)
        }
    }

    func testAResponseThatCannotBeKeptLetsTheWaitersGoOut() async throws {
        // no-store: what the fetch brings back now is not kept, so the waiters go at once.
        let client = try makeTestClient()
        let cache = HTTPCache()
        client.middleware = [cache]
        let key = UUID().uuidString
        let path = cachedPath(key, delayMs: 200)
        _ = try await client.getAsync(path, as: JsonValue.self)
        cache.removeAll()
        _ = try await client.executeAsync(
            ServiceCall(method: .post, destination: .url("/_test/cached?key=\(key)&directives=no-store")))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<5 { group.addTask { _ = try await client.getAsync(path, as: JsonValue.self) } }
            try await group.waitForAll()
        }
        XCTAssertEqual(try serverCounter("cached:\(key)"), 6)
    }

    func testARetryAfterLongerThanAllowedFailsAtOnceWithTheServersWait() async throws {
        let client = try makeTestClient()
        client.middleware = [RetryMiddleware(maxRetries: 3, baseDelay: 0.01, maxDelay: 1)]
        let key = UUID().uuidString
        let started = Date()
        do {
            _ = try await client.getAsync("/_test/flaky?failures=3&retryAfter=30&key=\(key)", as: JsonValue.self)
            XCTFail("a 503 asking for 30 s")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 503)
            XCTAssertEqual(error.retryAfter, 30)
        }
        XCTAssertEqual(try serverCounter("flaky:\(key)"), 1, "not asked again sooner than it said")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the call did not wait for the 30 s")
    }

    func testARetryAfterWithinTheAllowedWaitIsWaitedForInFull() async throws {
        let client = try makeTestClient()
        client.middleware = [RetryMiddleware(maxRetries: 2, baseDelay: 0.01, maxDelay: 0.05, maxRetryAfter: 5)]
        let key = UUID().uuidString
        let started = Date()
        _ = try await client.getAsync("/_test/flaky?failures=1&retryAfter=1&key=\(key)", as: JsonValue.self)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.95, "retried before the server's second")
        XCTAssertEqual(try serverCounter("flaky:\(key)"), 2)
    }

}
