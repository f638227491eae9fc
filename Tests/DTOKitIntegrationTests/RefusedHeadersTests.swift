import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A header that cannot be sent as it is (a line break, a control character, a name that is not a
/// token) fails the call before anything goes out, wherever it came from: the client's headers, a
/// call's options, a middleware, a body's content type. (libcurl would drop such a header and send
/// the request without it: a `Content-Type` lost that way sent a body as a form.)
final class RefusedHeadersTests: XCTestCase {
    func testABadHeaderFromAnywhereFailsTheCallAndNothingIsSent() async throws {
        let injected = "text/plain\r\nX-Injected: yes"
        let sources: [(String, (JsonServiceClient, CountingTransport) async throws -> Void)] = [
            (
                "the client's headers",
                { client, _ in
                    client.headers = ["X-Note": injected]
                    _ = try await client.getAsync(Self.hello())
                }
            ),
            (
                "a call's options",
                { client, _ in
                    _ = try await client.with(CallOptions(headers: ["X-Note": injected])).getAsync(Self.hello())
                }
            ),
            (
                "a middleware",
                { client, _ in
                    client.middleware = [SettingHeader(name: "X-Note", value: injected)]
                    _ = try await client.getAsync(Self.hello())
                }
            ),
            (
                "a name that is not a token",
                { client, _ in
                    client.headers = ["X Note": "1"]
                    _ = try await client.getAsync(Self.hello())
                }
            ),
            (
                "a body's content type",
                { client, _ in
                    var call = ServiceCall(method: .post, destination: .url("/_test/headers"), payload: .none)
                    call.body = .text("x")
                    call.contentType = injected
                    _ = try await client.executeAsync(call)
                }
            ),
        ]
        for (source, call) in sources {
            let transport = CountingTransport()
            let client = JsonServiceClient(baseUrl: try TestServer.shared().baseUrl, transport: transport)
            do {
                try await call(client, transport)
                XCTFail("\(source): sent")
            } catch ServiceClientError.invalidRequest(_, let reason) {
                XCTAssertTrue(reason.contains("control character") || reason.contains("not a token"), reason)
            }
            XCTAssertEqual(transport.sent, 0, "\(source): nothing goes out")
        }
    }

    private static func hello() -> Hello {
        let request = Hello()
        request.name = "header"
        return request
    }
}

/// A transport that counts what reaches it.
private final class CountingTransport: HTTPTransport, Sendable {
    private let count = Guarded(0)
    private let transport = URLSessionTransport()

    var sent: Int { count.current }

    func send(_ request: OutgoingRequest, options: TransportOptions) async throws -> ServiceStream {
        count.withLock { $0 += 1 }
        return try await transport.send(request, options: options)
    }
}

private struct SettingHeader: ClientMiddleware {
    let name: String
    let value: String

    func intercept(_ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
        -> ServiceStream
    {
        var request = request
        request.setValue(value, forHTTPHeaderField: name)
        return try await next(request)
    }
}
