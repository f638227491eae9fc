import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `postBody`, `putBody` and `patchBody`: a request DTO's values in the route and the query string,
/// a body of the caller's, against a service that reads the body itself (`RawUpload`, as one with
/// `IRequiresRequestStream`), on both of the test server's modes.
final class RawBodyTests: XCTestCase {
    func clients() throws -> [JsonServiceClient] {
        let server = try TestServer.shared()
        return [makeClient(baseUrl: server.classicBaseUrl), makeClient(baseUrl: server.endpointRoutingBaseUrl)]
    }

    func upload(_ category: String?) -> RawUpload {
        let request = RawUpload()
        request.category = category
        request.name = "a & b = c"
        request.created = Date(timeIntervalSince1970: 1_523_942_312.513)
        request.tier = .Server
        return request
    }

    func testTheBodyIsTheCallersAndTheValuesGoInTheUrl() async throws {
        for client in try clients() {
            let log = TrafficLog(client)
            let text = "# Notes\nü 日本 🚀"
            let response = try await client.postBodyAsync(
                upload("notes"), body: .text(text), contentType: "text/markdown; charset=utf-8")
            XCTAssertEqual(response.method, "POST")
            XCTAssertEqual(response.category, "notes", "from the route")
            XCTAssertEqual(response.name, "a & b = c", "from the query string")
            XCTAssertEqual(milliseconds(response.created), 1_523_942_312_513)
            XCTAssertEqual(response.tier, .Server)
            XCTAssertEqual(response.text, text)
            XCTAssertEqual(response.contentType, "text/markdown; charset=utf-8")
            XCTAssertEqual(response.length, Data(text.utf8).count)
            XCTAssertEqual(log.last?.path, "/raw/notes")
            XCTAssertEqual(
                log.last?.query, "name=a%20%26%20b%20%3D%20c&created=2018-04-17T05%3A18%3A32.5130000Z&tier=Server")
        }
    }

    func testEveryBodyKindAndVerbAsyncAndBlocking() async throws {
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("raw-body-\(UUID().uuidString)")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let stream = OutgoingBody.stream(length: nil) {
            AsyncThrowingStream { continuation in
                for start in stride(from: 0, to: bytes.count, by: 7_000) {
                    continuation.yield(bytes.subdata(in: start..<min(start + 7_000, bytes.count)))
                }
                continuation.finish()
            }
        }
        for client in try clients() {
            let bodies: [(String, OutgoingBody)] = [
                ("bytes", .bytes(bytes)), ("file", try .file(file)), ("stream", stream),
            ]
            for (kind, body) in bodies {
                let posted = try await client.postBodyAsync(upload(kind), body: body)
                XCTAssertEqual(posted.length, bytes.count, kind)
                XCTAssertEqual(posted.crc32, crc32(bytes), kind)
                XCTAssertEqual(posted.contentType, "application/octet-stream", kind)
                let put = try await client.putBodyAsync(upload(kind), body: body)
                XCTAssertEqual(put.method, "PUT")
                let patched = try await client.patchBodyAsync(upload(kind), body: body)
                XCTAssertEqual(patched.method, "PATCH")
                XCTAssertEqual(patched.crc32, crc32(bytes), kind)
            }
            let blocking = try blocking {
                (
                    try client.postBody(upload("sync"), body: .bytes(bytes)),
                    try client.putBody(upload("sync"), body: try .file(file), contentType: "video/mp4"),
                    try client.patchBody(upload("sync"), body: .text("patch"), contentType: "text/plain")
                )
            }
            XCTAssertEqual(blocking.0.crc32, crc32(bytes))
            XCTAssertEqual(blocking.1.contentType, "video/mp4")
            XCTAssertEqual(blocking.2.text, "patch")
        }
    }

    /// Without a value for its route, the request goes to its pre-defined route, every value in the
    /// query string (endpoint routing serves it for the operation's method: POST).
    func testThePredefinedRouteWhenNoRouteFits() async throws {
        for client in try clients() {
            let log = TrafficLog(client)
            let response = try await client.postBodyAsync(upload(nil), body: .text("x"), contentType: "text/plain")
            XCTAssertEqual(response.text, "x")
            XCTAssertEqual(response.name, "a & b = c")
            XCTAssertEqual(log.last?.path, "/api/RawUpload")
        }
    }

    /// The content type given with the body is the body's, whatever the client's headers say.
    func testTheBodysContentTypeWinsOverTheClientsHeader() async throws {
        for client in try clients() {
            client.headers = ["Content-Type": "application/json"]
            let response = try await client.postBodyAsync(upload("type"), body: .text("a,b"), contentType: "text/csv")
            XCTAssertEqual(response.contentType, "text/csv")
            XCTAssertEqual(response.text, "a,b")
        }
    }

    /// A mock sees the body and its content type on the call.
    func testAMockSeesTheBody() async throws {
        struct Mock: ServiceClient {
            func perform(_ call: ServiceCall) async throws -> ServiceStream {
                let response = RawUploadResponse()
                response.text = String(decoding: try await call.body?.collected() ?? Data(), as: UTF8.self)
                response.contentType = call.contentType
                response.category = (call.request as? RawUpload)?.category
                return try .json(response)
            }
        }
        let response = try await Mock().postBodyAsync(upload("mock"), body: .text("seen"), contentType: "text/csv")
        XCTAssertEqual(response.text, "seen")
        XCTAssertEqual(response.contentType, "text/csv")
        XCTAssertEqual(response.category, "mock")
    }
}
