import DTOKit
import DTOKitClient
import DTOKitServerEvents
import DTOKitStructs
import Foundation
import TestServicesStructDTOs
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every family of the client with DTOs generated as structs (`ExportAsStructs: True`, the
/// `TestServicesStructDTOs` module: the test services' own snapshot), as with classes: `api`,
/// batches, one-way requests, uploads, AutoQuery pages and Server Events' typed messages, async and
/// blocking.
final class StructFamiliesTests: XCTestCase {
    override func tearDown() async throws {
        try await QueryPagesTests.pageLimits(maxLimit: nil, total: "always")
    }

    func echo(_ name: String) -> TestServicesStructDTOs.EchoTypes {
        var request = TestServicesStructDTOs.EchoTypes()
        request.name = name
        return request
    }

    func hello(_ name: String) -> TestServicesStructDTOs.Hello {
        var request = TestServicesStructDTOs.Hello()
        request.name = name
        return request
    }

    func testApiAndBatchesWithStructs() async throws {
        let client = try makeTestClient()
        let result = await client.apiAsync(hello("struct"))
        XCTAssertEqual(result.response?.result, "Hello, struct!")
        XCTAssertTrue(result.succeeded)
        // Batched as EchoTypes: endpoint routing has batch endpoints only for POST, PUT and PATCH operations.
        let batch = try await client.sendAllAsync(["a", "b"].map(echo))
        XCTAssertEqual(batch.map(\.name), ["a", "b"])
        let blocking = try blocking { try client.sendAll([echo("c")]) }
        XCTAssertEqual(blocking.first?.name, "c")

        var invalid = TestServicesStructDTOs.ThrowValidation()
        invalid.age = 0
        let failed = await client.apiAsync(invalid)
        XCTAssertEqual(failed.statusCode, 400)
        XCTAssertTrue(failed.hasFieldError("age"))
    }

    func testOneWayWithStructs() async throws {
        let client = try makeTestClient()
        var store = TestServicesStructDTOs.StoreValue()
        store.key = "struct-one-way"
        store.value = "kept"
        try await client.sendOneWayAsync(store)
        var get = TestServicesStructDTOs.GetValue()
        get.key = "struct-one-way"
        let stored = try await client.getAsync(get)
        XCTAssertEqual(stored.value, "kept")
        try requireClassicRouting()  // endpoint routing has no batch endpoint for a request that returns nothing
        try await client.sendAllOneWayAsync([store])
    }

    func testUploadsWithStructs() async throws {
        let client = try makeTestClient()
        var request = TestServicesStructDTOs.UploadFiles()
        request.category = "structs"
        let data = Data("struct upload".utf8)
        let response = try await client.postFileWithRequestAsync(
            request: request,
            file: UploadFile(fileName: "s.txt", data: data, mimeType: "text/plain", fieldName: "document"))
        XCTAssertEqual(response.category, "structs")
        XCTAssertEqual(response.files?.first?.contentLength, data.count)
        XCTAssertEqual(response.files?.first?.crc32, crc32(data))
    }

    func testPagesWithStructsLoseNoRowsOnACappedServer() async throws {
        let client = try makeTestClient()
        try await QueryPagesTests.pageLimits(maxLimit: 100, total: "always")
        var query = TestServicesStructDTOs.FindTechnologies()
        query.take = 150
        query.orderBy = "Id"
        var ids: [Int] = []
        for try await technology in client.queryResults(query) { ids.append(technology.id ?? -1) }
        XCTAssertEqual(ids.count, 1000)
        XCTAssertEqual(Set(ids).count, 1000)
        var pages = 0
        for try await page in client.queryPages(query) {
            pages += 1
            XCTAssertEqual(page.total, 1000)
        }
        XCTAssertEqual(pages, 10)
        XCTAssertNil(query.skip, "the caller's struct is not changed")
    }

    func testServerEventsTypedMessagesWithStructs() async throws {
        try await ServerEventsTests.control("reset")
        let events = ServerEventsClient(
            baseUrl: try TestServer.shared().baseUrl, channels: ["home"], client: try makeTestClient())
        let received = Guarded<[String]>([])
        let arrived = expectation(description: "a typed message")
        events.on(TestServicesStructDTOs.HelloResponse.self) { response, _ in
            received.withLock { $0.append(response.result ?? "") }
            arrived.fulfill()
        }
        let connected = expectation(description: "connected")
        events.onEvent { event in
            if case .connected = event { connected.fulfill() }
        }
        events.start()
        await fulfillment(of: [connected], timeout: 10)
        try await ServerEventsTests.notify(channel: "home", "cmd.HelloResponse", #"{"result":"as a struct"}"#)
        await fulfillment(of: [arrived], timeout: 10)
        XCTAssertEqual(received.current, ["as a struct"])
        await events.stop()
        try await ServerEventsTests.control("reset")
    }
}
