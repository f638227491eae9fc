import DTOKit
import Foundation
import XCTest

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSessionTransport's two body paths, each forced (URLSession only: the AsyncHTTPClient package
/// does not link this file). `.spooled` is Apple's path (a file body goes up through Foundation's own
/// `InputStream(url:)`), `.streamed` FoundationNetworking's.
final class URLSessionBodyPathsTests: XCTestCase {
    private func client(_ delivery: URLSessionTransport.BodyDelivery) throws -> JsonServiceClient {
        let transport = URLSessionTransport(configuration: .ephemeral, interposer: nil, bodyDelivery: delivery)
        return JsonServiceClient(baseUrl: try TestServer.shared().baseUrl, transport: transport)
    }

    private func counter(_ name: String) throws -> Int {
        (try makeTestClient().get("/_test/stats", as: [String: Int].self))[name] ?? 0
    }

    /// a file that grows or shrinks is never sent in part; the call fails (invalidRequest: "the
    /// body's file … changed since the body was made … the request is not sent"), at once.
    func testAChangedFileOnEachPath() async throws {
        var findings: [String] = []
        for delivery in [URLSessionTransport.BodyDelivery.spooled, .streamed] {
            for (change, size) in [("grow", 1_000), ("grow", 100_000), ("shrink", 100_000), ("delete", 100_000)] {
                let original = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
                let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "integrity-\(UUID().uuidString)")
                try original.write(to: file)
                defer { try? FileManager.default.removeItem(at: file) }
                let body = try OutgoingBody.file(file)
                switch change {
                case "grow": try (original + Data("grown!".utf8)).write(to: file)
                case "shrink": try original.prefix(size / 2).write(to: file)
                default: try FileManager.default.removeItem(at: file)
                }
                let cat = "paths-\(UUID().uuidString.prefix(8))"
                let request = RawUpload()
                request.category = cat
                let client = try client(delivery)
                client.idleTimeout = 3
                let started = Date()
                let label = "\(delivery) \(change) \(size)"
                do {
                    let answer = try await client.postBodyAsync(request, body: body)
                    findings.append("\(label): sent, the server ran it with \(answer.length ?? -1) bytes")
                } catch ServiceClientError.invalidRequest {
                } catch {
                    findings.append(
                        "\(label): \(error) after \(String(format: "%.1f", Date().timeIntervalSince(started))) s "
                            + "(not invalidRequest)")
                }
                if try counter("received:POST /raw/\(cat)") > 0 { findings.append("\(label): the server ran it") }
            }
        }
        XCTAssertEqual(findings, [], "a changed file was sent")
    }

    /// RFC 9112 §6.2: a sender MUST NOT send Content-Length with Transfer-Encoding. Every body kind
    /// goes up by its length alone on each path (libcurl would frame a body stream as chunked too).
    func testARequestIsNeverFramedTwice() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("framing-\(UUID().uuidString)")
        try Data(repeating: 1, count: 1_500).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for delivery in [URLSessionTransport.BodyDelivery.spooled, .streamed] {
            let bodies: [(String, OutgoingBody, Int)] = [
                ("file", try .file(file), 1_500),
                ("joined", .joined([.bytes(Data("a".utf8)), try .file(file)]), 1_501),
                (
                    "stream",
                    .stream(length: 3) {
                        AsyncThrowingStream {
                            $0.yield(Data("abc".utf8))
                            $0.finish()
                        }
                    }, 3
                ),
            ]
            for (kind, body, length) in bodies {
                var call = ServiceCall(method: .post, destination: .url("/_test/headers"))
                call.body = body
                call.contentType = "application/octet-stream"
                let seen = try JsonValue(parsing: try await client(delivery).executeAsync(call).data)
                XCTAssertNil(seen["Transfer-Encoding"], "\(delivery), \(kind): framed twice")
                XCTAssertEqual(seen["Content-Length"]?.stringValue, String(length), "\(delivery), \(kind)")
            }
        }
    }
}
