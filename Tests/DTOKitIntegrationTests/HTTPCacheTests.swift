import DTOKit
import DTOKitClient
import Foundation
import XCTest

@testable import DTOKitMiddleware

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTPCache over HTTP, against the test server's `/_test/cached`, which answers as ServiceStack's
/// HttpCacheFeature does (quoted ETag, Last-Modified, `Cache-Control: max-age=N, private…`, 304s).
final class HTTPCacheTests: XCTestCase {
    /// A client whose requests go through `cache`.
    private func client(_ cache: HTTPCache) throws -> JsonServiceClient {
        let client = try makeTestClient()
        client.middleware = [cache]
        return client
    }

    /// A path to a resource of its own, answered with `query`.
    private func resource(_ query: String = "") -> (key: String, path: String) {
        let key = UUID().uuidString
        return (key, "/_test/cached?key=\(key)" + (query.isEmpty ? "" : "&" + query))
    }

    private func control(_ key: String, _ query: String) async throws {
        _ = try await makeTestClient().executeAsync(
            ServiceCall(method: .post, destination: .url("/_test/cached?key=\(key)&\(query)")))
    }

    private func requests(_ key: String) throws -> Int { try serverCounters()["cached:\(key)"] ?? 0 }
    private func notModified(_ key: String) throws -> Int { try serverCounters()["notModified:\(key)"] ?? 0 }

    func testAFreshResponseAnswersWithoutTheServer() async throws {
        let cache = HTTPCache()
        let client = try client(cache)
        let (key, path) = resource("maxAge=60")
        let first = try await client.getAsync(path, as: JsonValue.self)
        let second = try await client.getAsync(path, as: JsonValue.self)
        let third = try blocking { try client.get(path, as: JsonValue.self) }
        XCTAssertEqual(first["version"], .int(1))
        XCTAssertEqual([second, third], [first, first])
        XCTAssertEqual(try requests(key), 1, "one request, then the cache")
        var expected = HTTPCache.Statistics()
        (expected.misses, expected.stored, expected.hits) = (1, 1, 2)
        XCTAssertEqual(cache.statistics, expected)
    }

    func testAStaleResponseIsRevalidatedWithItsETagAndLastModified() async throws {
        for validators in ["etag", "lastModified", "etag,lastModified"] {
            let cache = HTTPCache()
            let client = try client(cache)
            let (key, path) = resource("maxAge=0&validators=\(validators)")
            let first = try await client.getAsync(path, as: JsonValue.self)
            let second = try await client.getAsync(path, as: JsonValue.self)
            XCTAssertEqual(second, first, validators)
            XCTAssertEqual(try requests(key), 2, validators)
            XCTAssertEqual(try notModified(key), 1, "\(validators): the server answered 304")
            XCTAssertEqual(cache.statistics.notModifiedHits, 1, validators)

            try await control(key, "bump=1")
            let changed = try await client.getAsync(path, as: JsonValue.self)
            XCTAssertEqual(changed["version"], .int(2), "\(validators): a new version replaces the kept one")
            XCTAssertEqual(cache.statistics.stored, 2, validators)
        }
    }

    func testNoCacheRevalidatesEveryTimeAndNoStoreKeepsNothing() async throws {
        let cache = HTTPCache()
        let client = try client(cache)
        let (revalidated, noCachePath) = resource("maxAge=60&directives=no-cache")
        _ = try await client.getAsync(noCachePath, as: JsonValue.self)
        _ = try await client.getAsync(noCachePath, as: JsonValue.self)
        XCTAssertEqual(try notModified(revalidated), 1, "no-cache: fresh or not, asked again")
        XCTAssertEqual(cache.statistics.hits, 0)

        let (unkept, noStorePath) = resource("maxAge=60&directives=no-store")
        _ = try await client.getAsync(noStorePath, as: JsonValue.self)
        _ = try await client.getAsync(noStorePath, as: JsonValue.self)
        XCTAssertEqual(try requests(unkept), 2)
        XCTAssertEqual(try notModified(unkept), 0, "nothing kept: no validators sent")
    }

    func testTheKeptResponseAnswersWhenTheServerCannot() async throws {
        let cache = HTTPCache()
        let client = try client(cache)
        let (key, path) = resource("maxAge=0")
        let kept = try await client.getAsync(path, as: JsonValue.self)
        for mode in ["down", "close"] {
            try await control(key, "mode=\(mode)")
            let fallback = try await client.getAsync(path, as: JsonValue.self)
            XCTAssertEqual(fallback, kept, mode)
        }
        XCTAssertEqual(cache.statistics.errorFallbackHits, 2)

        let (strictKey, strictPath) = resource("maxAge=0&directives=must-revalidate")
        _ = try await client.getAsync(strictPath, as: JsonValue.self)
        try await control(strictKey, "mode=down")
        do {
            _ = try await client.getAsync(strictPath, as: JsonValue.self)
            XCTFail("must-revalidate and stale: the error is thrown")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 503)
        }
    }

    /// A pull to refresh that fails (503) returns the failure, and the kept response stays: it still
    /// answers `.onlyIfCached`, and a plain call within its `max-age` (RFC 9111 §4.3.3: only a full,
    /// successful answer replaces it; only an unsafe method invalidates it).
    func testAFailedReloadKeepsTheKeptResponse() async throws {
        let cache = HTTPCache()
        let client = try client(cache)
        let (key, path) = resource("maxAge=60")
        let kept = try await client.getAsync(path, as: JsonValue.self)
        try await control(key, "mode=down")
        do {
            _ = try await client.with(CallOptions(cachePolicy: .reload)).getAsync(path, as: JsonValue.self)
            XCTFail("the server is down")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 503)
        }
        let offline = try await client.with(CallOptions(cachePolicy: .onlyIfCached)).getAsync(path, as: JsonValue.self)
        XCTAssertEqual(offline, kept)
        let plain = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(plain, kept)
        XCTAssertEqual(try requests(key), 2, "the failed reload, and nothing after it")
    }

    /// A successful POST, PUT, PATCH or DELETE to a kept response's URL invalidates it (RFC 9111 §4.4);
    /// a failed one does not.
    func testUnsafeMethodsInvalidateWhatIsKeptForTheirUrl() async throws {
        let cache = HTTPCache()
        let client = try client(cache)
        let (key, path) = resource("maxAge=60")
        _ = try await client.getAsync(path, as: JsonValue.self)
        _ = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(try requests(key), 1)
        _ = try await client.executeAsync(ServiceCall(method: .post, destination: .url(path)))  // the server's 200
        _ = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(try requests(key), 2, "the POST invalidated it")
        _ = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(try requests(key), 2, "kept again")
        _ = try? await client.executeAsync(ServiceCall(method: .delete, destination: .url(path + "&x=1")))
        XCTAssertEqual(try requests(key), 3, "the DELETE went out")
        _ = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(try requests(key), 3, "another URL's DELETE leaves it")
    }

    /// `.onlyIfCached` with nothing kept is the cache's own 504, which no retry cures: `RetryMiddleware`
    /// passes it on at once, before the cache or after it.
    func testOnlyIfCachedIsNeverRetriedInAnyOrder() async throws {
        let retry = RetryMiddleware(maxRetries: 3, baseDelay: 0.5, maxDelay: 1)
        for order in [[retry, HTTPCache()], [HTTPCache(), retry]] as [[any ClientMiddleware]] {
            let client = try makeTestClient()
            client.middleware = order
            let (key, path) = resource("maxAge=60")
            let started = Date()
            do {
                _ = try await client.with(CallOptions(cachePolicy: .onlyIfCached)).getAsync(path, as: JsonValue.self)
                XCTFail("nothing is kept")
            } catch let error as WebServiceException {
                XCTAssertEqual(error.statusCode, 504)
                XCTAssertEqual(error.errorCode, "NotCached")
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 0.4, "not retried")
            XCTAssertEqual(try requests(key), 0)
        }
    }

    func testResponsesAreKeptPerCredentials() async throws {
        let cache = HTTPCache()
        let (key, path) = resource("maxAge=60")
        let alice = try client(cache)
        alice.bearerToken = "eyJ-alice-token-0001"
        let bob = try client(cache)
        bob.bearerToken = "eyJ-bob-token-0002"
        _ = try await alice.getAsync(path, as: JsonValue.self)
        _ = try await bob.getAsync(path, as: JsonValue.self)
        _ = try await alice.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(try requests(key), 2, "Bob's request is not answered with Alice's response")
        XCTAssertEqual(cache.statistics.hits, 1)
        let withToken = OutgoingRequest(
            url: URL(fileURLWithPath: "/"), headers: ["Authorization": "Bearer eyJ-alice-token-0001"])
        XCTAssertFalse(CacheKey.key(for: withToken).contains("eyJ"), "the key holds no credential")
    }

    func testFreshnessFollowsMaxAgeOnTheCachesClock() async throws {
        let clock = Guarded(Date(timeIntervalSince1970: 1_000_000))
        let cache = HTTPCache(store: MemoryCacheStore(), maxEntrySize: 1 << 20, now: { clock.current })
        let client = try client(cache)
        let (key, path) = resource("maxAge=60")
        _ = try await client.getAsync(path, as: JsonValue.self)
        clock.withLock { $0 += 59 }
        _ = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(try requests(key), 1, "59 s old: fresh")
        clock.withLock { $0 += 2 }
        _ = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(try notModified(key), 1, "61 s old: revalidated")
        clock.withLock { $0 += 59 }
        _ = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(try requests(key), 2, "the 304 renewed it for another 60 s")
    }

    func testALargerBodyPassesWholeAndIsNotKept() async throws {
        let cache = HTTPCache(maxEntrySize: 8)
        let client = try client(cache)
        let (key, path) = resource("maxAge=60")
        let first = try await client.getAsync(path, as: JsonValue.self)
        let second = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(first["key"], .string(key), "the body arrived whole")
        XCTAssertEqual(second, first)
        XCTAssertEqual(try requests(key), 2)
        XCTAssertEqual(cache.statistics.stored, 0)
    }

    func testADiskStoreKeepsResponsesAcrossCaches() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dtokit-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (key, path) = resource("maxAge=60")
        let first = try await client(HTTPCache(store: DiskCacheStore(directory: directory))).getAsync(
            path, as: JsonValue.self)
        let relaunched = HTTPCache(store: DiskCacheStore(directory: directory))
        let again = try await client(relaunched).getAsync(path, as: JsonValue.self)
        XCTAssertEqual(again, first)
        XCTAssertEqual(relaunched.statistics.hits, 1)
        XCTAssertEqual(try requests(key), 1)

        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        XCTAssertEqual(files.count, 1)
        try Data("{\"cut short".utf8).write(to: files[0])
        let afterDamage = HTTPCache(store: DiskCacheStore(directory: directory))
        _ = try await client(afterDamage).getAsync(path, as: JsonValue.self)
        XCTAssertEqual(afterDamage.statistics.misses, 1, "a damaged file is a miss")
        XCTAssertEqual(try requests(key), 2)
    }

    func testVaryAndCookiesAreRespected() async throws {
        let cache = HTTPCache()
        let client = try client(cache)
        let (key, path) = resource("maxAge=60&vary=X-Tenant&cookie=1")
        client.headers = ["X-Tenant": "north"]
        _ = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(client.getCookies()["ss-id"], "cached-session-1")
        client.clearCookies()
        _ = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(try requests(key), 1, "same tenant: from the cache")
        XCTAssertNil(client.getCookies()["ss-id"], "a kept response brings no cookie back")

        client.headers = ["X-Tenant": "south"]
        _ = try await client.getAsync(path, as: JsonValue.self)
        XCTAssertEqual(try requests(key), 2, "another tenant: not the north's response")

        let (starKey, starPath) = resource("maxAge=60&vary=*")
        _ = try await client.getAsync(starPath, as: JsonValue.self)
        _ = try await client.getAsync(starPath, as: JsonValue.self)
        XCTAssertEqual(try requests(starKey), 2, "Vary: * is never kept")
    }

    func testADiskStoreWritesNoSecretsAndRemovesOnlyItsFiles() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dtokit-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let bystander = directory.appendingPathComponent("notes.txt")
        try Data("not the cache's".utf8).write(to: bystander)

        let store = DiskCacheStore(directory: directory, capacity: 2)
        let client = try client(HTTPCache(store: store))
        client.bearerToken = "eyJ-disk-secret-token"
        for _ in 0..<3 {
            let (_, path) = resource("maxAge=60&cookie=1&secretQuery=query-secret-value")
            _ = try await client.getAsync(path, as: JsonValue.self)
        }
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        XCTAssertEqual(files.count, 2, "capacity 2: the oldest went")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for secret in ["eyJ-disk-secret-token", "query-secret-value", "cached-session"] {
                XCTAssertFalse(text.contains(secret), "\(secret) in \(file.lastPathComponent)")
            }
        }
        store.removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["notes.txt"])
        XCTAssertTrue(DiskCacheStore(name: "../../escape").directory.path.hasSuffix("DTOKit.HTTPCache/.._.._escape"))
    }

    /// The default folder is the app's own: by bundle identifier, else by executable name.
    func testTheDefaultDiskCacheFolderIsTheAppsOwn() {
        let caches = URL(fileURLWithPath: "/caches")
        func folder(_ bundle: String?, _ executable: String, _ name: String = "default") -> String {
            DiskCacheStore.defaultDirectory(
                in: caches, name: name, bundleIdentifier: bundle, executableName: executable
            ).path
        }
        XCTAssertEqual(folder("com.example.Techs", "Techs"), "/caches/com.example.Techs/DTOKit.HTTPCache/default")
        XCTAssertEqual(folder(nil, "techs-cli", "images"), "/caches/techs-cli/DTOKit.HTTPCache/images")
        XCTAssertEqual(folder("", "tool"), "/caches/tool/DTOKit.HTTPCache/default")
        XCTAssertEqual(folder(nil, "../..", ".."), "/caches/.._../DTOKit.HTTPCache/default")
        XCTAssertEqual(folder(nil, "..", "a/b"), "/caches/DTOKit/DTOKit.HTTPCache/a_b")
        let process = DiskCacheStore.folderName(Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName)
        XCTAssertTrue(
            DiskCacheStore().directory.path.hasSuffix("/\(process)/DTOKit.HTTPCache/default"),
            DiskCacheStore().directory.path)
    }
}
