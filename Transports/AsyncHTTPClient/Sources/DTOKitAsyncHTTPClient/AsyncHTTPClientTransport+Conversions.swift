import AsyncHTTPClient
import DTOKitClient
import Foundation
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// DTOKit's request, and Foundation's response type, as DTOKit's client speaks them, to
/// AsyncHTTPClient's and back.
extension AsyncHTTPClientTransport {
    /// The request, its body sent as it is read (bytes at once, when no one follows the upload's progress).
    /// - Throws: what reading a body of length 0 threw (it gave bytes).
    static func clientRequest(_ request: OutgoingRequest, options: TransportOptions) async throws
        -> HTTPClientRequest
    {
        var converted = HTTPClientRequest(url: request.url.absoluteString)
        converted.method = NIOHTTP1.HTTPMethod(rawValue: request.httpMethod)
        for (name, value) in request.allHTTPHeaderFields.sorted(by: { $0.key < $1.key }) {
            converted.headers.add(name: name, value: value)
        }
        guard let body = request.body else { return converted }
        if body.length == 0, body.data == nil {
            // AsyncHTTPClient reads nothing of a body of length 0: it is read here, so that one that gives
            // bytes after all fails as it does on every transport, before anything is sent.
            for try await _ in body.chunks() {}
            converted.body = .bytes(ByteBuffer())
        } else if let data = body.data, options.onUploadProgress == nil, data.count <= UploadChunks.size {
            converted.body = .bytes(ByteBuffer(bytes: data))
        } else {
            converted.body = .stream(
                UploadChunks(body, progress: options.onUploadProgress, activity: options.onActivity),
                length: body.length.map { .known($0) } ?? .unknown)
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

/// A request body in pieces of at most 64 KiB, read as AsyncHTTPClient asks for them (a file or a
/// stream is never held whole), each reported as it is taken to be written (the nearest AsyncHTTPClient
/// tells of the bytes going out), to the progress and to the client's idle timeout. The body is read
/// from its start each time the request goes out; a body that cannot be read to its end (cancelled, a
/// stream that fails, a file that changed) throws, and AsyncHTTPClient abandons the request.
private struct UploadChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    /// The largest piece, and the largest body of bytes sent in one.
    static let size = 64 * 1024
    let body: OutgoingBody
    let progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)?
    let activity: (@Sendable () -> Void)?

    init(
        _ body: OutgoingBody, progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)?,
        activity: (@Sendable () -> Void)?
    ) {
        self.body = body
        self.progress = progress
        self.activity = activity
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: OutgoingBody.Chunks.Iterator
        let length: Int64?
        let progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)?
        let activity: (@Sendable () -> Void)?
        var sent: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let chunk = try await chunks.next() else { return nil }
            sent += Int64(chunk.count)
            activity?()
            progress?(sent, length ?? -1)
            return ByteBuffer(bytes: chunk)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(
            chunks: body.chunks(chunkSize: Self.size).makeAsyncIterator(), length: body.length, progress: progress,
            activity: activity)
    }
}
