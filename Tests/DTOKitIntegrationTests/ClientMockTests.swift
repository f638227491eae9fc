import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A test double of `ServiceClient` implements only the core (`perform`); every method family
/// works on it. No server involved.
final class ClientMockTests: XCTestCase {
    @MainActor
    func testViewModelAgainstAMockClient() async throws {
        let mock = MockServiceClient()
        let model = GreetingViewModel(client: mock)

        await model.greet("Mock")
        XCTAssertEqual(model.greeting, "Hello, Mock!")
        XCTAssertNil(model.errorText)

        await model.greet("")
        XCTAssertEqual(model.greeting, "Hello, Mock!", "a failed call keeps the last greeting")
        XCTAssertEqual(model.errorText, "'Name' must not be empty.")

        XCTAssertEqual(mock.calls.map(\.method), ["GET", "GET"])
        XCTAssertEqual(mock.calls.map(\.requestType), ["Hello", "Hello"])
    }

    func testEveryFamilyReachesTheCore() async throws {
        let mock = MockServiceClient()
        let hello = Hello()
        hello.name = "core"
        XCTAssertEqual(try mock.get(hello).result, "Hello, core!")
        XCTAssertEqual(try mock.post(hello, query: ["x": "1"]).result, "Hello, core!")
        let put = try await mock.putAsync(hello)
        XCTAssertEqual(put.result, "Hello, core!")
        let sent = try await mock.sendAsync(hello)
        XCTAssertEqual(sent.result, "Hello, core!")
        XCTAssertEqual(try mock.send(hello, method: .patch).result, "Hello, core!")
        let store = StoreValue()
        store.key = "k"
        try blocking { try mock.delete(store) }
        try await mock.postAsync(store)
        let relative: HelloResponse = try blocking { try mock.get("/hello/core") }
        XCTAssertEqual(relative.result, "Hello, from a URL!")
        let posted = try await mock.postAsync("/hello", request: hello, as: HelloResponse.self)
        XCTAssertEqual(posted.result, "Hello, from a URL!")
        let upload = UploadFiles()
        upload.category = "docs"
        let uploaded = try blocking {
            try mock.postFileWithRequest(request: upload, fileName: "a.txt", data: Data("a".utf8))
        }
        XCTAssertEqual(uploaded.files?.first?.fieldName, "file")
        XCTAssertEqual(uploaded.files?.first?.fileName, "a.txt")
        let (bytes, response) = try await mock.getDataAsync(url: "/binary/3")
        XCTAssertEqual([UInt8](bytes), [1, 2, 3])
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertNil(mock.getTokenCookie())

        XCTAssertEqual(
            mock.calls.map(\.method),
            ["GET", "POST", "PUT", "GET", "PATCH", "DELETE", "POST", "GET", "POST", "POST", "GET"])
        XCTAssertEqual(mock.calls[1].query, ["x": "1"])
        XCTAssertEqual(mock.calls[7].url, "/hello/core")
        XCTAssertEqual(mock.calls[9].files, ["a.txt"])
    }

    func testMockErrorsAreThrownAsIs() throws {
        let mock = MockServiceClient()
        let hello = Hello()
        hello.name = ""
        XCTAssertThrowsError(try mock.get(hello)) { error in
            XCTAssertEqual((error as? WebServiceException)?.fieldError("Name")?.errorCode, "NotEmpty")
        }
        XCTAssertThrowsError(try mock.get("/unknown", as: HelloResponse.self)) { error in
            XCTAssertEqual((error as? WebServiceException)?.statusCode, 404)
        }
    }
}

/// What a screen of an app might hold: MainActor state filled from service calls.
@MainActor
final class GreetingViewModel {
    let client: any ServiceClient
    private(set) var greeting = ""
    private(set) var errorText: String?

    init(client: any ServiceClient) {
        self.client = client
    }

    func greet(_ name: String) async {
        let request = Hello()
        request.name = name
        do {
            greeting = try await client.getAsync(request).result ?? ""
            errorText = nil
        } catch let error as WebServiceException {
            errorText = error.errorMessage
        } catch {
            errorText = "\(error)"
        }
    }
}

/// A test double: it answers from DTOs and records what it was asked. It implements only
/// `perform(_:)`, the one requirement without a default.
final class MockServiceClient: ServiceClient, @unchecked Sendable {
    struct Recorded {
        var method: String
        var requestType: String?
        var url: String?
        var query: [String: String]
        var files: [String]
    }

    private let lock = NSLock()
    private var recorded: [Recorded] = []
    var calls: [Recorded] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func perform(_ call: ServiceCall) async throws -> ServiceStream {
        ServiceStream(try answer(call))
    }

    /// The whole response to `call`, made up at once.
    private func answer(_ call: ServiceCall) throws -> ServiceResponse {
        var url: String?
        if case .url(let text) = call.destination { url = text }
        let entry = Recorded(
            method: call.method.rawValue, requestType: call.request.map { type(of: $0).typeName },
            url: url, query: call.query, files: call.files.map(\.fileName))
        lock.lock()
        recorded.append(entry)
        lock.unlock()

        switch call.request {
        case let hello as Hello:
            guard let name = hello.name, !name.isEmpty else {
                let status = ResponseStatus()
                status.errorCode = "NotEmpty"
                status.message = "'Name' must not be empty."
                let field = ResponseError()
                field.fieldName = "Name"
                field.errorCode = "NotEmpty"
                status.errors = [field]
                throw WebServiceException(statusCode: 400, responseStatus: status)
            }
            let response = HelloResponse()
            response.result = "Hello, \(name)!"
            return try .json(response)
        case is StoreValue:
            return try ServiceResponse(data: Data(), statusCode: 204)
        case let upload as UploadFiles:
            let response = UploadFilesResponse()
            response.category = upload.category
            response.files = call.files.map { file in
                let uploaded = UploadedFile()
                uploaded.fieldName = file.fieldName
                uploaded.fileName = file.fileName
                return uploaded
            }
            return try .json(response)
        default:
            break
        }
        switch url {
        case "/hello/core", "/hello":
            let response = HelloResponse()
            response.result = "Hello, from a URL!"
            return try .json(response)
        case "/binary/3":
            return try ServiceResponse(data: Data([1, 2, 3]), headers: ["Content-Type": "application/octet-stream"])
        default:
            throw WebServiceException(statusCode: 404, url: url ?? "")
        }
    }
}
