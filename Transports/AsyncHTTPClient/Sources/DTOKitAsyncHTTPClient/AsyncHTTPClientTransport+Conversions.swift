import AsyncHTTPClient
import DTOKitClient
import Foundation
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Foundation's request and response types, as DTOKit's client speaks them, to AsyncHTTPClient's
/// and back.
extension AsyncHTTPClientTransport {
    static func clientRequest(_ request: URLRequest, options: TransportOptions) throws -> HTTPClientRequest {
        guard let url = request.url else { throw ServiceClientError.invalidUrl("a URLRequest without a URL") }
        var converted = HTTPClientRequest(url: url.absoluteString)
        converted.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            converted.headers.add(name: name, value: value)
        }
        if let body = request.httpBody {
            converted.body =
                options.onUploadProgress.map {
                    .stream(UploadChunks(body, progress: $0), length: .known(Int64(body.count)))
                }
                ?? .bytes(ByteBuffer(bytes: body))
        }
        return converted
    }

    /// The response's status and headers as an `HTTPURLResponse` (repeated headers, such as
    /// `Set-Cookie`, joined with ", " as URLSession does).
    static func httpResponse(_ response: HTTPClientResponse, url: URL?) throws -> HTTPURLResponse {
        var fields: [String: String] = [:]
        for (name, value) in response.headers {
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
        }
        let responseUrl = response.url ?? url ?? URL(fileURLWithPath: "/")
        guard
            let converted = HTTPURLResponse(
                url: responseUrl, statusCode: Int(response.status.code),
                httpVersion: "HTTP/\(response.version.major).\(response.version.minor)",
                headerFields: fields)
        else {
            throw ServiceClientError.invalidResponse(
                url: ServiceClientError.label(for: url), reason: "not a valid HTTP response")
        }
        return converted
    }

    /// The body's buffers as `Data`, as they arrive; ending the iteration drops the response, which
    /// closes its connection.
    static func chunks(of response: HTTPClientResponse, url label: String) -> AsyncThrowingStream<Data, any Error> {
        let body = BodyReader(response.body.makeAsyncIterator())
        let expected = response.headers.first(name: "Content-Length").flatMap { Int($0) }
        return AsyncThrowingStream {
            do {
                return try await body.next()
            } catch {
                throw failure(error, url: label, receivedBytes: body.receivedBytes, expectedBytes: expected)
            }
        }
    }
}

/// Reads a response body's buffers one at a time, counting the bytes (for error messages).
///
/// `@unchecked Sendable`: the body's iterator is used by one reader at a time, the stream that
/// owns it asking for one element after the other.
private final class BodyReader: @unchecked Sendable {
    private var iterator: HTTPClientResponse.Body.AsyncIterator
    private(set) var receivedBytes = 0

    init(_ iterator: HTTPClientResponse.Body.AsyncIterator) {
        self.iterator = iterator
    }

    func next() async throws -> Data? {
        guard let buffer = try await iterator.next() else { return nil }
        receivedBytes += buffer.readableBytes
        return Data(buffer.readableBytesView)
    }
}

/// A request body in 64 KiB pieces, reporting each as AsyncHTTPClient takes it to write (the
/// nearest it tells of the bytes going out).
private struct UploadChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let body: Data
    let progress: @Sendable (_ sent: Int64, _ total: Int64) -> Void

    init(_ body: Data, progress: @escaping @Sendable (_ sent: Int64, _ total: Int64) -> Void) {
        self.body = body
        self.progress = progress
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let chunks: UploadChunks
        var offset = 0

        mutating func next() async -> ByteBuffer? {
            let body = chunks.body
            guard offset < body.count else { return nil }
            let end = Swift.min(offset + 64 * 1024, body.count)
            let piece = ByteBuffer(bytes: body[body.startIndex + offset..<body.startIndex + end])
            offset = end
            chunks.progress(Int64(end), Int64(body.count))
            return piece
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: self) }
}
