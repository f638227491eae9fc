import DTOKit
import DTOKitClient
import DTOKitStructs
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The test services' requests and responses as DTO structs (`JsonStruct`), written as the struct
// form of generated code has them: the client sends them by value, as it sends classes.

struct HelloValue: IReturn, IGet, Sendable {
    typealias Return = HelloValueResponse
    var name: String?
    init() {}
    init(name: String) { self.name = name }
}

extension HelloValue: JsonStruct {
    static let metadata = StructMetadata.create(
        typeName: "Hello", routes: [ServiceRoute("/hello/{Name}", "GET,POST")],
        [
            StructProperty<HelloValue>.optionalString("name", get: { $0.name }, set: { $0.name = $1 })
        ])
}

struct HelloValueResponse: Hashable, Sendable {
    var result: String?
    init() {}
}

extension HelloValueResponse: JsonStruct {
    static let metadata = StructMetadata.create(
        typeName: "HelloResponse",
        [
            StructProperty<HelloValueResponse>.optionalString("result", get: { $0.result }, set: { $0.result = $1 })
        ])
}

struct StoreValueRequest: IReturnVoid, IPost, IHasVersion, Sendable {
    var key: String?
    var value: String?
    var version: Int?
    init() {}
}

extension StoreValueRequest: JsonStruct {
    static let metadata = StructMetadata.create(
        typeName: "StoreValue", routes: [ServiceRoute("/values/{Key}", "POST,PUT,PATCH")],
        [
            StructProperty<StoreValueRequest>.optionalString("key", get: { $0.key }, set: { $0.key = $1 }),
            StructProperty<StoreValueRequest>.optionalString("value", get: { $0.value }, set: { $0.value = $1 }),
            StructProperty<StoreValueRequest>.optionalInt("version", get: { $0.version }, set: { $0.version = $1 }),
        ])
}

/// `ThrowType` as a struct: the service fails with the status code it is given.
struct ThrowTypeValue: IReturn, IPost, Sendable {
    typealias Return = HelloValueResponse
    var type: String?
    var message: String?
    init() {}
}

extension ThrowTypeValue: JsonStruct {
    static let metadata = StructMetadata.create(
        typeName: "ThrowType",
        [
            StructProperty<ThrowTypeValue>.optionalString("type", get: { $0.type }, set: { $0.type = $1 }),
            StructProperty<ThrowTypeValue>.optionalString("message", get: { $0.message }, set: { $0.message = $1 }),
        ])
}

/// `UploadFiles` as a struct; its response is the generated class (the two forms mix).
struct UploadFilesValue: IReturn, IPost, Sendable {
    typealias Return = UploadFilesResponse
    var category: String?
    var notes: String?
    init() {}
}

extension UploadFilesValue: JsonStruct {
    static let metadata = StructMetadata.create(
        typeName: "UploadFiles", routes: [ServiceRoute("/upload/{Category}", "POST,PUT")],
        [
            StructProperty<UploadFilesValue>.optionalString(
                "category", get: { $0.category }, set: { $0.category = $1 }),
            StructProperty<UploadFilesValue>.optionalString("notes", get: { $0.notes }, set: { $0.notes = $1 }),
        ])
}

final class StructRequestTests: XCTestCase {
    func testAStructRequestWithFiles() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        var request = UploadFilesValue()
        request.category = "values"
        request.notes = "as a struct"
        let file = UploadFile(fileName: "v.txt", data: Data("v".utf8))
        let posted = try await client.postFilesWithRequestAsync(request: request, files: [file, file])
        XCTAssertEqual(posted.category, "values")
        XCTAssertEqual(posted.notes, "as a struct", "the request's members go as form fields")
        XCTAssertEqual(posted.files?.count, 2)
        XCTAssertEqual(log.last?.path, "/upload/values")
        XCTAssertTrue(log.last?.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") ?? false)
    }

    func testStructRequestsFillRoutesQueryStringsAndBodies() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        XCTAssertEqual(try client.get(HelloValue(name: "Value")).result, "Hello, Value!")
        XCTAssertEqual(log.last?.path, "/hello/Value")

        let posted = try await client.postAsync(HelloValue(name: "Posted"))
        XCTAssertEqual(
            posted,
            {
                var response = HelloValueResponse()
                response.result = "Hello, Posted!"
                return response
            }())
        XCTAssertEqual(log.last?.method, "POST")
        XCTAssertEqual(log.last?.path, "/hello/Posted")
        XCTAssertEqual(log.last?.headers["Content-Type"], "application/json")

        // Without a name the route cannot be filled: the pre-defined route, with the type's server name.
        _ = try await client.getAsync(HelloValue())
        XCTAssertEqual(log.last?.path, "/api/Hello")

        var store = StoreValueRequest()
        store.key = "struct"
        store.value = "v"
        try await client.sendAsync(store)
        XCTAssertEqual(log.lastServerMethod, "POST")
        XCTAssertEqual(log.last?.path, "/values/struct")

        // IHasVersion works for a struct too: the client's version fills the nil member of the body.
        let versioned = try makeTestClient()
        versioned.version = 3
        let body = Locked<Data?>(nil)
        versioned.requestFilter = { request in body.set(request.httpBody) }
        try await versioned.sendAsync(store)
        XCTAssertEqual(
            body.value.map { String(decoding: $0, as: UTF8.self) }, #"{"key":"struct","value":"v","version":3}"#)
        XCTAssertNil(store.version, "the request itself is a value the client does not change")
    }

    func testStructRequestsInBatchesAndApiResults() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let result = await client.apiAsync(HelloValue(name: "api"))
        XCTAssertEqual(result.response?.result, "Hello, api!")
        XCTAssertTrue(result.succeeded)

        try requireClassicRouting()  // endpoint routing batches only POST, PUT and PATCH operations: not Hello
        let responses = try await client.sendAllAsync([HelloValue(name: "a"), HelloValue(name: "b")])
        XCTAssertEqual(responses.map(\.result), ["Hello, a!", "Hello, b!"])
        XCTAssertEqual(log.last?.path, "/api/Hello%5B%5D")
    }

    /// An `ApiResult` of a struct is `Sendable`: it comes out of a detached task, success or failure,
    /// with its error intact.
    func testApiResultsOfStructsCrossTasks() async throws {
        let client = try makeTestClient()
        let hello = await Task.detached { await client.apiAsync(HelloValue(name: "detached")) }.value
        XCTAssertEqual(hello.response?.result, "Hello, detached!")
        XCTAssertNil(hello.error)

        var request = ThrowTypeValue()
        request.type = "NotFound"
        request.message = "No such thing"
        let failed = await Task.detached { [request] in await client.apiAsync(request) }.value
        XCTAssertEqual(failed.statusCode, 404)
        XCTAssertEqual(failed.errorCode, "NotFound")
        XCTAssertEqual(failed.error?.message, "No such thing")
        XCTAssertEqual(failed.errorSummary, "No such thing")

        // The status is a class: a copy changed by its reader leaves the result as it was.
        failed.error?.message = "changed"
        XCTAssertEqual(failed.error?.message, "No such thing")
        XCTAssertEqual(failed.errorMessage, "No such thing")
    }
}

/// A value shared with a filter closure.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
    func set(_ value: Value) {
        lock.lock()
        stored = value
        lock.unlock()
    }
}
