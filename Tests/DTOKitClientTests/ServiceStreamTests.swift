import DTOKit
import Foundation
import XCTest

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response whose body is all there (a mock's, a cached one, the client's own once read) reads the
/// same as one that arrives in chunks: the same bytes, limit, truncation and progress.
final class ServiceStreamTests: XCTestCase {
    func testACompleteBodyAndAnArrivingOneCollectAlike() async throws {
        let body = Data("0123456789".utf8)
        let complete = try ServiceStream(data: body)
        let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        continuation.yield(body.prefix(4))
        continuation.yield(body.dropFirst(4))
        continuation.finish()
        let arriving = ServiceStream(httpResponse: complete.httpResponse, chunks: chunks)
        for stream in [complete, arriving] {
            let progress = Locked<[Int64]>([])
            let collected = try await stream.collect(
                limit: 10, progress: { received, _ in progress.withLock { $0.append(received) } })
            XCTAssertEqual(collected, body)
            XCTAssertEqual(progress.current.last, 10)
        }
        var read = Data()
        for try await chunk in complete.chunks { read.append(chunk) }
        XCTAssertEqual(read, body, "a complete body can still be read as chunks")
    }

    func testACompleteBodyOverTheLimitFailsOrIsTruncated() async throws {
        let stream = try ServiceStream(data: Data("0123456789".utf8))
        let truncated = try await stream.collect(limit: 4, truncating: true)
        XCTAssertEqual(truncated, Data("0123".utf8))
        do {
            _ = try await stream.collect(limit: 4)
            XCTFail("a body over the limit")
        } catch ServiceClientError.responseTooLarge(_, let limit) {
            XCTAssertEqual(limit, 4)
        }
        let whole = try await stream.collected()
        XCTAssertEqual(whole.data.count, 10)
    }
}
