import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The method families of `JsonServiceClient` against the test server: routes, verbs, query
/// strings, value round trips, relative URLs, void services, AutoQuery and binary responses.
final class ClientBasicsTests: XCTestCase {
    // MARK: Routes

    func testGetUsesTheCustomRouteWhenTheRequestFillsIt() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let request = Hello()
        request.name = "World"
        let response = try client.get(request)
        XCTAssertEqual(response.result, "Hello, World!")
        XCTAssertEqual(log.last?.method, "GET")
        XCTAssertEqual(log.last?.path, "/hello/World")
        XCTAssertNil(log.last?.query, "the route's value is not repeated in the query string")
        XCTAssertEqual(log.lastMatchedRoute, "/hello/{Name}")
    }

    func testGetAsyncUsesTheCustomRoute() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let request = Hello()
        request.name = "Async"
        let response = try await client.getAsync(request)
        XCTAssertEqual(response.result, "Hello, Async!")
        XCTAssertEqual(log.last?.path, "/hello/Async")
    }

    func testPredefinedRoutesWhenNoRouteIsFilled() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        XCTAssertEqual(try client.get(Hello()).result, "Hello, World!")
        XCTAssertEqual(log.last?.path, "/api/Hello")

        if TestServer.Mode.requested == .classic {
            client.basePath = nil
            XCTAssertEqual(try client.get(Hello()).result, "Hello, World!")
            XCTAssertEqual(log.last?.path, "/json/reply/Hello")
        }

        client.basePath = "api"
        client.useCustomRoutes = false
        let request = Hello()
        request.name = "Predefined"
        XCTAssertEqual(try client.get(request).result, "Hello, Predefined!")
        XCTAssertEqual(log.last?.path, "/api/Hello")
        XCTAssertEqual(log.last?.query, "name=Predefined")
    }

    func testRoutesHonourTheirVerbs() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let store = StoreValue()
        store.key = "verbs"
        store.value = "v"
        try client.post(store)
        XCTAssertEqual(log.last?.path, "/values/verbs")

        // GetValue shares the path `/values/{Key}`, for GET only: the server tells them apart by verb.
        let get = GetValue()
        get.key = "verbs"
        XCTAssertEqual(try client.get(get).method, "POST")
        XCTAssertEqual(log.last?.path, "/values/verbs")

        // StoreValue's route does not allow GET: a GET goes to the pre-defined route instead (which
        // endpoint routing serves for the operation's method only: POST).
        try requireClassicRouting()
        try client.get(store)
        XCTAssertEqual(log.last?.path, "/api/StoreValue")
        XCTAssertEqual(log.last?.query, "key=verbs&value=v")
        XCTAssertEqual(try client.get(get).method, "GET")
    }

    func testPathValuesAreEncodedSoTheyCannotChangeThePath() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        for name in ["../api/Secured?x=1#y", "..", ".", "a/b", "100% sure", "ü 日本 🚀", "a+b&c=d"] {
            let request = Hello()
            request.name = name
            XCTAssertEqual(try client.get(request).result, "Hello, \(name)!", name)
            XCTAssertEqual(log.lastMatchedRoute, "/hello/{Name}", name)
            XCTAssertEqual(log.last?.path.split(separator: "/").count, 2, "one segment for \(name)")
        }
        XCTAssertEqual(log.requests.first?.path, "/hello/..%2Fapi%2FSecured%3Fx%3D1%23y")
    }

    func testPostSendsJsonToTheCustomRoute() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let request = Hello()
        request.name = "Poster"
        XCTAssertEqual(try client.post(request).result, "Hello, Poster!")
        XCTAssertEqual(log.last?.method, "POST")
        XCTAssertEqual(log.last?.path, "/hello/Poster")
        XCTAssertEqual(log.last?.headers["Content-Type"], "application/json")
    }

    func testSendPicksTheVerbFromTheMarkers() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let hello = Hello()  // IGet
        hello.name = "Sent"
        XCTAssertEqual(try client.send(hello).result, "Hello, Sent!")
        XCTAssertEqual(log.lastServerMethod, "GET")

        let echo = EchoTypes()  // IPost
        echo.name = "sent"
        let echoed = try await client.sendAsync(echo)
        XCTAssertEqual(echoed.name, "sent")
        XCTAssertEqual(log.lastServerMethod, "POST")

        let store = StoreValue()  // IPost, IReturnVoid
        store.key = "send"
        store.value = "1"
        try blocking { try client.send(store) }
        XCTAssertEqual(log.lastServerMethod, "POST")

        let delete = DeleteValue()  // IDelete, IReturnVoid
        delete.key = "send"
        try await client.sendAsync(delete)
        XCTAssertEqual(log.lastServerMethod, "DELETE")
        XCTAssertEqual(log.last?.path, "/values/send")

        let explicit = try blocking { try client.send(echo, method: .put) }
        XCTAssertEqual(explicit.name, "sent")
        XCTAssertEqual(log.lastServerMethod, "PUT")
    }

    // MARK: Values

    func testEveryValueTypeRoundTripsAsJson() throws {
        let client = try makeTestClient()
        let sent = EchoValues.make()
        EchoValues.assertEqual(try client.post(sent), sent)
        EchoValues.assertEqual(try client.put(sent), sent)
        EchoValues.assertEqual(try client.patch(sent), sent)
    }

    func testEveryValueTypeRoundTripsThroughTheQueryString() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let sent = EchoValues.make()
        EchoValues.assertEqual(try blocking { try client.get(sent) }, sent)
        XCTAssertEqual(log.last?.method, "GET")
        XCTAssertNotNil(log.last?.query)
        EchoValues.assertEqual(try await client.getAsync(sent), sent)
        EchoValues.assertEqual(try await client.deleteAsync(sent), sent)
        XCTAssertEqual(log.lastServerMethod, "DELETE")
    }

    func testAsyncBodyVerbsRoundTrip() async throws {
        let client = try makeTestClient()
        let sent = EchoValues.make()
        EchoValues.assertEqual(try await client.postAsync(sent), sent)
        EchoValues.assertEqual(try await client.putAsync(sent), sent)
        EchoValues.assertEqual(try await client.patchAsync(sent), sent)
    }

    func testHostileCharactersArriveIntactInTheQueryString() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let hostile = "a&b=c+d#e%f g/h?i;j ü 日本 🚀 \"q\" [x],{y}:z\\ \t'<>|`^"
        let request = EchoTypes()
        request.name = hostile
        request.text = "line 1\r\nline 2 %20 %zz +"
        request.tags = [hostile, "plain", "with,comma", "\"quoted\"", "[]", "{}"]
        request.labels = [hostile: hostile, "k=v&x": "1+1=2", "#": "%"]
        let response = try client.get(request)
        XCTAssertEqual(response.name, hostile)
        XCTAssertEqual(response.text, request.text)
        XCTAssertEqual(response.tags, request.tags)
        XCTAssertEqual(response.labels, request.labels)
        let query = try XCTUnwrap(log.last?.query)
        for raw in ["&b", "=c", "+d", "#", " ", "ü"] {
            XCTAssertFalse(query.contains("name=a\(raw)"), "\(raw) must be percent-encoded: \(query)")
        }
        // Quoted as JSV (it contains `"`, `[`, `,`), then percent-encoded.
        XCTAssertTrue(query.contains("name=%22a%26b%3Dc%2Bd%23e%25f%20g%2Fh%3Fi%3Bj%20%C3%BC"), query)
    }

    func testQueryDictionaryAddsParameters() throws {
        let client = try makeTestClient()
        let request = FindTechnologies()
        request.take = 100
        let response = try client.get(request, query: ["VendorName": "Google", "Fields": "Id,Name,VendorName"])
        let expected = try TechnologyTable.load().filter { $0.vendorName == "Google" }
        XCTAssertEqual(response.total, expected.count)
        XCTAssertGreaterThan(expected.count, 2)
        XCTAssertEqual(Set(response.results?.compactMap(\.id) ?? []), Set(expected.compactMap(\.id)))
        XCTAssertTrue(response.results?.allSatisfy { $0.vendorName == "Google" && $0.description == nil } ?? false)
    }

    func testDeleteWithQueryDictionary() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let request = EchoTypes()
        request.id = 7
        let response = try await client.deleteAsync(request, query: ["extra": "a b&c"])
        XCTAssertEqual(response.id, 7)
        XCTAssertEqual(log.last?.query, "id=7&extra=a%20b%26c")
        _ = try blocking { try client.delete(request, query: [:]) }
        XCTAssertEqual(log.lastServerMethod, "DELETE")
    }

    // MARK: Relative URLs

    func testRelativeUrlVariants() async throws {
        let client = try makeTestClient()
        let hello: HelloResponse = try blocking { try client.get("/hello/Relative") }
        XCTAssertEqual(hello.result, "Hello, Relative!")
        let noSlash = try await client.getAsync("hello/NoSlash", as: HelloResponse.self)
        XCTAssertEqual(noSlash.result, "Hello, NoSlash!")
        let absolute: HelloResponse = try blocking { try client.get(client.baseUrl + "hello/Absolute") }
        XCTAssertEqual(absolute.result, "Hello, Absolute!")

        let body = Hello()
        body.name = "Body"
        let posted: HelloResponse = try blocking { try client.post("/hello/Posted", request: body) }
        XCTAssertEqual(posted.result, "Hello, Posted!", "the path's value wins over the body's, as ServiceStack binds")
        let postedAsync = try await client.postAsync("/echo/types", request: body, as: EchoTypes.self)
        XCTAssertEqual(postedAsync.name, "Body")

        let sent = EchoValues.make()
        EchoValues.assertEqual(try blocking { try client.put("/echo/types", request: sent, as: EchoTypes.self) }, sent)
        EchoValues.assertEqual(try await client.putAsync("/echo/types", request: sent, as: EchoTypes.self), sent)
        EchoValues.assertEqual(
            try blocking { try client.patch("/echo/types", request: sent, as: EchoTypes.self) }, sent)
        EchoValues.assertEqual(try await client.patchAsync("/echo/types", request: sent, as: EchoTypes.self), sent)

        let store = StoreValue()
        store.key = "relative"
        store.value = "x"
        try blocking { try client.post(store) }
        let deleted = try blocking { try client.delete("/values/relative", as: JsonValue.self) }
        XCTAssertEqual(deleted, .null, "204 No Content reads as null")
        let deletedAsync = try await client.deleteAsync("/values/relative", as: JsonValue.self)
        XCTAssertEqual(deletedAsync, .null)
        let query: HelloResponse = try blocking { try client.get("/api/Hello?name=a%26b") }
        XCTAssertEqual(query.result, "Hello, a&b!")
    }

    // MARK: Void services

    func testVoidServicesSync() throws {
        let client = try makeTestClient()
        let store = StoreValue()
        store.key = "void-sync"
        store.value = "first"
        try client.post(store)
        let get = GetValue()
        get.key = "void-sync"
        var stored = try client.get(get)
        XCTAssertEqual(stored.value, "first")
        XCTAssertEqual(stored.method, "POST")

        store.value = "second"
        try client.put(store)
        stored = try client.get(get)
        XCTAssertEqual(stored.value, "second")
        XCTAssertEqual(stored.method, "PUT")
        XCTAssertEqual(stored.version, 2)

        store.value = "third"
        try client.patch(store)
        XCTAssertEqual(try client.get(get).method, "PATCH")

        let delete = DeleteValue()
        delete.key = "void-sync"
        try client.delete(delete)
        XCTAssertThrowsError(try client.get(get)) { error in
            XCTAssertEqual((error as? WebServiceException)?.statusCode, 404)
        }
    }

    func testVoidServicesAsync() async throws {
        let client = try makeTestClient()
        let store = StoreValue()
        store.key = "void-async"
        store.value = "one"
        try await client.postAsync(store)
        store.value = "two"
        try await client.putAsync(store)
        store.value = "three"
        try await client.patchAsync(store)
        let get = GetValue()
        get.key = "void-async"
        let stored = try await client.getAsync(get)
        XCTAssertEqual(stored.value, "three")
        XCTAssertEqual(stored.version, 3)
        let delete = DeleteValue()
        delete.key = "void-async"
        try await client.deleteAsync(delete)
        do {
            _ = try await client.getAsync(get)
            XCTFail("expected 404")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 404)
            XCTAssertEqual(error.errorCode, "NotFound")
        }
    }

    func testVoidGetAndDeleteForms() async throws {
        let client = try makeTestClient()
        let delete = DeleteValue()
        delete.key = "nothing-here"
        try blocking { try client.send(delete, method: .delete) }
        try await client.sendAsync(delete, method: .delete)
        // DeleteValue's route only allows DELETE: GET goes to /api/DeleteValue, which ServiceStack's
        // own routing runs too (endpoint routing serves it for DELETE only).
        try requireClassicRouting()
        try blocking { try client.get(delete) }
        try await client.getAsync(delete)
        try blocking { try client.send(delete, method: .delete) }
        try await client.sendAsync(delete, method: .delete)
    }

    // MARK: AutoQuery

    func testAutoQueryPagingOrderingAndConventions() async throws {
        let client = try makeTestClient()
        let all = try TechnologyTable.load()

        let request = FindTechnologies()
        request.nameContains = "a"
        request.orderBy = "-ViewCount,Id"
        request.skip = 5
        request.take = 10
        let response = try await client.getAsync(request)
        let matching = all.filter { ($0.name ?? "").lowercased().contains("a") }
            .sorted { ($0.viewCount ?? 0, -($0.id ?? 0)) > ($1.viewCount ?? 0, -($1.id ?? 0)) }
        XCTAssertEqual(response.offset, 5)
        XCTAssertEqual(response.total, matching.count)
        XCTAssertEqual(response.results?.map(\.id), matching.dropFirst(5).prefix(10).map(\.id))
        XCTAssertEqual(response.results?.first?.tier, matching.dropFirst(5).first?.tier)
        XCTAssertEqual(
            milliseconds(response.results?.first?.created), milliseconds(matching.dropFirst(5).first?.created))

        let byName = FindTechnologies()
        byName.name = "Redis"
        let redis = try blocking { try client.get(byName) }
        XCTAssertEqual(redis.results?.map(\.name), ["Redis"])

        let starts = FindTechnologies()
        starts.nameStartsWith = "Re"
        starts.orderByDesc = "Id"
        starts.take = 3
        let expectedStarts = all.filter { ($0.name ?? "").lowercased().hasPrefix("re") }.sorted {
            ($0.id ?? 0) > ($1.id ?? 0)
        }
        XCTAssertEqual(try client.get(starts).results?.map(\.id), expectedStarts.prefix(3).map(\.id))

        let ids = FindTechnologies()
        ids.ids = [381, 406]
        ids.tier = .Server
        XCTAssertEqual(try client.send(ids).results?.map(\.name), ["ServiceStack"])
    }

    // MARK: Binary responses

    func testBinaryDownloads() async throws {
        let client = try makeTestClient()
        let request = GetBinary()
        request.size = 300_000
        request.seed = 7
        let expected = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 31 + 7) })
        XCTAssertEqual(try client.getData(request), expected)
        let downloaded = try await client.getDataAsync(request)
        XCTAssertEqual(downloaded, expected)
        XCTAssertEqual(try client.get(request), [UInt8](expected), "IReturn<byte[]> returns the raw bytes")

        let (small, response) = try blocking { try client.getData(url: "/binary/4?seed=1") }
        XCTAssertEqual([UInt8](small), [1, 32, 63, 94])
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Type"), "application/octet-stream")
        let (asyncSmall, _) = try await client.getDataAsync(url: "/binary/2")
        XCTAssertEqual([UInt8](asyncSmall), [0, 31])

        var custom = URLRequest(url: try XCTUnwrap(URL(string: client.baseUrl + "binary/3?seed=2")))
        custom.httpMethod = "GET"
        let (customData, _) = try blocking { try client.getData(request: custom) }
        XCTAssertEqual([UInt8](customData), [2, 33, 64])
        let (customAsync, _) = try await client.getDataAsync(request: custom)
        XCTAssertEqual([UInt8](customAsync), [2, 33, 64])
    }

    // MARK: Remaining overloads

    func testRemainingOverloads() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let find = FindTechnologies()
        find.take = 2
        find.orderBy = "Id"
        let found = try await client.getAsync(find, query: ["NameStartsWith": "S"])
        XCTAssertEqual(found.results?.count, 2)
        XCTAssertTrue(found.results?.allSatisfy { $0.name?.hasPrefix("S") ?? false } ?? false)

        let inferred: HelloResponse = try await client.getAsync("/hello/Inferred")
        XCTAssertEqual(inferred.result, "Hello, Inferred!")
        let deleted: JsonValue = try await client.deleteAsync("/values/none")
        XCTAssertEqual(deleted, .null)
        let deletedSync: JsonValue = try blocking { try client.delete("/values/none") }
        XCTAssertEqual(deletedSync, .null)

        let echo = EchoValues.make()
        EchoValues.assertEqual(try blocking { try client.delete(echo) }, echo)
        XCTAssertEqual(log.lastServerMethod, "DELETE")
        EchoValues.assertEqual(try await client.sendAsync(echo, method: .patch), echo)
        XCTAssertEqual(log.lastServerMethod, "PATCH")
        let posted: EchoTypes = try blocking { try client.post("/echo/types", request: echo) }
        EchoValues.assertEqual(posted, echo)
        let put: EchoTypes = try await client.putAsync("/echo/types", request: echo)
        EchoValues.assertEqual(put, echo)
        let patched: EchoTypes = try blocking { try client.patch("/echo/types", request: echo) }
        EchoValues.assertEqual(patched, echo)
        let patchedAsync: EchoTypes = try await client.patchAsync("/echo/types", request: echo)
        EchoValues.assertEqual(patchedAsync, echo)
        let postedAsync: EchoTypes = try await client.postAsync("/echo/types", request: echo)
        EchoValues.assertEqual(postedAsync, echo)
        let putSync: EchoTypes = try blocking { try client.put("/echo/types", request: echo) }
        EchoValues.assertEqual(putSync, echo)
    }

    func testSessionIdAndVersionFillRequestsThatAskForThem() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        client.version = 3
        client.sessionId = "session-1"
        let versioned = VersionedHello()
        versioned.name = "v"
        XCTAssertEqual(try client.get(versioned).result, "Hello, v!")
        XCTAssertEqual(log.last?.query, "name=v&sessionId=session-1&version=3")
        if TestServer.Mode.requested == .classic {  // endpoint routing serves /api/Hello for GET only
            let body = try client.post(versioned)
            XCTAssertEqual(body.result, "Hello, v!")
        }

        versioned.version = 1
        versioned.sessionId = "own"
        _ = try client.get(versioned)
        XCTAssertEqual(log.last?.query, "name=v&version=1&sessionId=own", "the request's own values win")
        XCTAssertEqual(versioned.version, 1, "the request object is not changed")

        let plain = Hello()  // neither IHasVersion nor IHasSessionId
        plain.name = "p"
        _ = try client.get(plain)
        XCTAssertNil(log.last?.query)
    }

    // MARK: Filters and settings

    func testRequestAndResponseFiltersPerClientAndGlobal() throws {
        let client = try makeTestClient()
        let seen = TrafficLog(client)
        let globalCount = Counter()
        JsonServiceClient.Global.requestFilter = { request in
            request.setValue("global", forHTTPHeaderField: "X-Global")
        }
        JsonServiceClient.Global.responseFilter = { _ in globalCount.increment() }
        defer { JsonServiceClient.Global.reset() }
        client.headers = ["X-Client": "yes"]
        client.idleTimeout = 30
        client.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        XCTAssertEqual(try client.get(Hello()).result, "Hello, World!")
        XCTAssertEqual(seen.last?.headers["X-Client"], "yes")
        XCTAssertEqual(seen.last?.headers["Accept"], "application/json")
        XCTAssertEqual(seen.responses.count, 1)
        XCTAssertEqual(globalCount.value, 1)

        // The global request filter runs after the client's: it sees and can change its headers.
        let captured = HeaderBox()
        client.requestFilter = { request in request.setValue("client", forHTTPHeaderField: "X-Global") }
        JsonServiceClient.Global.requestFilter = { request in
            captured.set(request.value(forHTTPHeaderField: "X-Global"))
        }
        _ = try client.get(Hello())
        XCTAssertEqual(captured.get(), "client")
        XCTAssertEqual(client.idleTimeout, 30)
        XCTAssertEqual(client.cachePolicy, .reloadIgnoringLocalAndRemoteCacheData)
    }

    func testTechStacksPayloadsAreServed() throws {
        let client = try makeTestClient()
        let technology = try client.get("/technology/servicestack", as: JsonValue.self)
        XCTAssertEqual(technology["technology"]?["name"]?.stringValue, "ServiceStack")
        let overview = try client.get("/api/AppOverview", as: JsonValue.self)
        XCTAssertNotNil(overview["topTechnologies"]?[0])
        let all = try client.get("/technology", as: QueryResponse<Technology>.self)
        XCTAssertEqual(all.results?.count, 1000)
    }
}

/// A thread-safe counter for hooks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// A thread-safe optional string for hooks.
final class HeaderBox: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?
    func set(_ value: String?) {
        lock.lock()
        text = value
        lock.unlock()
    }
    func get() -> String? {
        lock.lock()
        defer { lock.unlock() }
        return text
    }
}

/// The 1000 technologies the server's FindTechnologies queries (Payloads/get-all-technologies.1000.json).
enum TechnologyTable {
    static func load() throws -> [Technology] {
        let data = try Data(
            contentsOf: TestServer.payloadsDirectory.appendingPathComponent("get-all-technologies.1000.json"))
        return try QueryResponse<Technology>.fromJson(data).results ?? []
    }
}

/// A fully populated `EchoTypes` and a field-by-field comparison.
enum EchoValues {
    static func make() -> EchoTypes {
        let echo = EchoTypes()
        echo.id = 42
        echo.longId = 9_007_199_254_740_993
        echo.price = 0.1 + 0.2
        echo.isActive = true
        echo.name = "Hello, \"World\" [1]{2}"
        echo.text = "line1\nline2\ttab ü 日本 🚀 & = + # % \\"
        echo.created = Date(timeIntervalSince1970: 1_523_942_312.513)
        echo.updated = Date(timeIntervalSince1970: -86_400.5)
        echo.duration = 5400.25
        echo.optionalDuration = 0.1
        // A Guid as the server writes it (and reads it back): 32 hex digits from ServiceStack.Text,
        // dashed from System.Text.Json, which reads no other form.
        echo.guid =
            TestServer.Mode.requested == .classic
            ? "0f8fad5bd9cb469fa16570867728950e" : "0f8fad5b-d9cb-469f-a165-70867728950e"
        echo.color = .Green
        echo.priority = .High
        echo.optionalCount = 0
        echo.tags = ["a", "b,c", "d\"e", "[x]", "{y}", " spaced "]
        echo.numbers = [1, -2, 3, Int(Int32.max)]
        echo.colors = [.Red, .Blue]
        echo.durations = [1, 0.5, 86_400, 90_061.001]
        echo.labels = ["a": "1", "b,c": "x:y", "q\"": "{z}", "ü": "日本"]
        echo.scores = [
            "pi": 3.141592653589793, "neg": -0.5, "tiny": Double.leastNonzeroMagnitude, "big": 1.7976931348623157e308,
        ]
        echo.address = address("1 Main St, Apt \"2\"", "Zürich", 8000, ["a", "b,c"])
        echo.addresses = [address("A", "B", 1, []), address("[C]", "{D}", 2, ["x"])]
        echo.addressByName = ["home": address("H", "City", 3, ["h"]), "work": address("W", nil, nil, nil)]
        echo.bytes = [0, 1, 2, 127, 128, 250, 255]
        return echo
    }

    static func address(_ street: String?, _ city: String?, _ zip: Int?, _ lines: [String]?) -> Address {
        let address = Address()
        address.street = street
        address.city = city
        address.zipCode = zip
        address.lines = lines
        return address
    }

    static func assertEqual(
        _ actual: EchoTypes, _ expected: EchoTypes, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(actual.id, expected.id, file: file, line: line)
        XCTAssertEqual(actual.longId, expected.longId, file: file, line: line)
        XCTAssertEqual(actual.price, expected.price, file: file, line: line)
        XCTAssertEqual(actual.isActive, expected.isActive, file: file, line: line)
        XCTAssertEqual(actual.name, expected.name, file: file, line: line)
        XCTAssertEqual(actual.text, expected.text, file: file, line: line)
        XCTAssertEqual(milliseconds(actual.created), milliseconds(expected.created), file: file, line: line)
        XCTAssertEqual(milliseconds(actual.updated), milliseconds(expected.updated), file: file, line: line)
        XCTAssertEqual(actual.duration, expected.duration, file: file, line: line)
        XCTAssertEqual(actual.optionalDuration, expected.optionalDuration, file: file, line: line)
        XCTAssertEqual(actual.guid, expected.guid, file: file, line: line)
        XCTAssertEqual(actual.color, expected.color, file: file, line: line)
        XCTAssertEqual(actual.priority, expected.priority, file: file, line: line)
        XCTAssertEqual(actual.optionalCount, expected.optionalCount, file: file, line: line)
        XCTAssertEqual(actual.tags, expected.tags, file: file, line: line)
        XCTAssertEqual(actual.numbers, expected.numbers, file: file, line: line)
        XCTAssertEqual(actual.colors, expected.colors, file: file, line: line)
        XCTAssertEqual(actual.durations, expected.durations, file: file, line: line)
        XCTAssertEqual(actual.labels, expected.labels, file: file, line: line)
        XCTAssertEqual(actual.scores, expected.scores, file: file, line: line)
        XCTAssertEqual(actual.address?.toJson(), expected.address?.toJson(), file: file, line: line)
        XCTAssertEqual(actual.addresses?.toJson(), expected.addresses?.toJson(), file: file, line: line)
        XCTAssertEqual(actual.addressByName?.toJson(), expected.addressByName?.toJson(), file: file, line: line)
        XCTAssertEqual(actual.bytes, expected.bytes, file: file, line: line)
        XCTAssertEqual(actual.toJson(), expected.toJson(), "the whole DTO", file: file, line: line)
    }
}

/// A request that asks for the client's version and session id; the server knows it as Hello.
final class VersionedHello: IReturn, IGet, IHasVersion, IHasSessionId {
    typealias Return = HelloResponse
    var name: String?
    var version: Int?
    var sessionId: String?
    required init() {}
}

extension VersionedHello: JsonSerializable {
    // The server knows it as `Hello`.
    static let metadata = Metadata.create(
        typeName: "Hello",
        [
            Property<VersionedHello>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
            Property<VersionedHello>.optional("version", get: { $0.version }, set: { $0.version = $1 }),
            Property<VersionedHello>.optional("sessionId", get: { $0.sessionId }, set: { $0.sessionId = $1 }),
        ])
}
