import DTOKit
import DTOKitClient
import Foundation
import XCTest

@testable import DTOKitMiddleware

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTPCache under bad timing: failed reloads, coalescing of concurrent misses, Vary.
final class HTTPCacheTimingTests: XCTestCase {
    /// Sends the requests it is given to another path while `target` is set: a flaky network or proxy
    /// between the cache and the server.
    final class Detour: ClientMiddleware, @unchecked Sendable {
        private let lock = NSLock()
        private var path: String?
        var target: String? {
            get { lock.withLock { path } }
            set { lock.withLock { path = newValue } }
        }

        func intercept(_ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
            -> ServiceStream
        {
            guard let target, let url = URL(string: target, relativeTo: request.url)?.absoluteURL else {
                return try await next(request)
            }
            var detoured = request
            detoured.url = url
            return try await next(detoured)
        }
    }

    private func counters() throws -> [String: Int] {
        try makeTestClient().get("/_test/stats", as: [String: Int].self)
    }

    /// "a failed reload/revalidation never removes a kept response". A reload whose answer is a
    /// 200 without Cache-Control that breaks off in its body (a proxy, a lost connection) fails the call
    /// with truncatedResponse — and removes the kept response all the same.
    func testAReloadWhoseBodyBreaksOffKeepsTheKeptResponse() async throws {
        let cache = HTTPCache()
        let detour = Detour()
        let client = try makeTestClient()
        client.middleware = [cache, detour]
        let key = UUID().uuidString
        let path = "/_test/cached?key=\(key)&maxAge=60"
        let kept = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(cache.statistics.stored, 1)

        detour.target = "/_test/fault/truncated"
        do {
            _ = try await client.with(CallOptions(cachePolicy: .reload)).getAsync(path, as: JsonValue.self)
            XCTFail("the reload's body broke off")
        } catch {
            // truncatedResponse / connectionLost: the reload failed.
        }
        detour.target = nil
        do {
            let offline = try await client.with(CallOptions(cachePolicy: .onlyIfCached)).getAsync(
                path, as: JsonValue.self)
            XCTAssertEqual(offline, kept)
        } catch {
            XCTFail("the failed reload removed the kept response: \(error)")
        }
    }

    /// The same through a stale response's revalidation: the server's 200 (no Cache-Control) breaks off.
    func testARevalidationWhoseBodyBreaksOffKeepsTheKeptResponse() async throws {
        let cache = HTTPCache()
        let detour = Detour()
        let client = try makeTestClient()
        client.middleware = [cache, detour]
        let key = UUID().uuidString
        let path = "/_test/cached?key=\(key)&maxAge=0"
        let kept = try await client.getAsync(path, as: JsonValue.self)
        detour.target = "/_test/fault/truncated"
        do {
            _ = try await client.getAsync(path, as: JsonValue.self)
            XCTFail("the revalidation's body broke off")
        } catch {}
        detour.target = nil
        do {
            let offline = try await client.with(CallOptions(cachePolicy: .onlyIfCached)).getAsync(
                path, as: JsonValue.self)
            XCTAssertEqual(offline, kept)
        } catch {
            XCTFail("the failed revalidation removed the kept response: \(error)")
        }
    }

    /// misses wait only for "the same response" being fetched. Two requests for different variants
    /// (`Vary: X-Lang`) of a URL whose response was kept: the second waits for the first's whole fetch,
    /// then finds another variant kept and makes its own request — twice as long as without the cache.
    func testARequestForAnotherVariantDoesNotWaitForThisOnesFetch() async throws {
        let cache = HTTPCache()
        let client = try makeTestClient()
        client.middleware = [cache]
        let key = UUID().uuidString
        let path = "/_test/cached?key=\(key)&maxAge=60&vary=X-Lang&delayMs=1500"
        // Kept once (variant "en"), so that the key counts as "kept before".
        _ = try await client.with(CallOptions(headers: ["X-Lang": "en"])).getAsync(path, as: JsonValue.self)

        let started = Date()
        let times = await withTaskGroup(of: TimeInterval.self) { group in
            for lang in ["fr", "de"] {
                group.addTask {
                    _ = try? await client.with(CallOptions(headers: ["X-Lang": lang])).getAsync(
                        path, as: JsonValue.self)
                    return Date().timeIntervalSince(started)
                }
            }
            return await group.reduce(into: [TimeInterval]()) { $0.append($1) }
        }
        let slowest = times.max() ?? 0
        XCTAssertLessThan(
            slowest, 2.6,
            "two concurrent requests for two variants (each 1.5 s at the server) took \(times): "
                + "one waited for the other's fetch, then went out itself")
    }

    /// The cache's memory of "kept before" outlives `removeAll()`: after it, concurrent misses of a
    /// response the server says must be revalidated each time (max-age=0 with an ETag) wait for one
    /// another's fetch, then each goes out itself: N requests take N times as long as without the cache.
    func testAfterRemoveAllConcurrentMissesOfAStaleAtOnceResponseDoNotQueue() async throws {
        let cache = HTTPCache()
        let client = try makeTestClient()
        client.middleware = [cache]
        let key = UUID().uuidString
        let path = "/_test/cached?key=\(key)&maxAge=0&delayMs=1000"
        _ = try await client.getAsync(path, as: JsonValue.self)
        cache.removeAll()  // a sign-out, say

        let started = Date()
        let times = await withTaskGroup(of: TimeInterval.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    _ = try? await client.getAsync(path, as: JsonValue.self)
                    return Date().timeIntervalSince(started)
                }
            }
            return await group.reduce(into: [TimeInterval]()) { $0.append($1) }
        }
        XCTAssertLessThan(
            times.max() ?? 0, 1.9,
            "three concurrent misses of a 1 s response took \(times.sorted()) with the cache (about 1 s without)")
    }

    /// RetryMiddleware never retries the cache's own 504, in both orders, blocking too.
    func testOnlyIfCachedIsNotRetried() async throws {
        for order in [0, 1] {
            let cache = HTTPCache()
            let retry = RetryMiddleware(maxRetries: 3, baseDelay: 0.5)
            let client = try makeTestClient()
            client.middleware = order == 0 ? [retry, cache] : [cache, retry]
            let started = Date()
            do {
                _ = try await client.with(CallOptions(cachePolicy: .onlyIfCached)).getAsync(
                    "/_test/cached?key=\(UUID().uuidString)", as: JsonValue.self)
                XCTFail("nothing kept")
            } catch let error as WebServiceException {
                XCTAssertEqual(error.statusCode, 504)
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 0.4, "order \(order)")
        }
    }
}
