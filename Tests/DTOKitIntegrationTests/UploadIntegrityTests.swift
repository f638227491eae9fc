import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bodies that do not go as they say: files that change, streams that fail, odd lengths (both transports: the
/// AsyncHTTPClient package links this file too).
final class UploadIntegrityTests: XCTestCase {
    private func category() -> String { "integrity-\(UUID().uuidString.prefix(8))" }

    private func upload(_ category: String) -> RawUpload {
        let request = RawUpload()
        request.category = category
        return request
    }

    private func counter(_ name: String) throws -> Int {
        (try makeTestClient().get("/_test/stats", as: [String: Int].self))[name] ?? 0
    }

    private func temporaryFile(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("integrity-\(UUID().uuidString)")
        try data.write(to: url)
        return url
    }

    /// a file that grows is never sent in part ("a part never ends short or long of its stated
    /// length … the request is not sent"). A file that grew between the body's making and its sending:
    /// the call must fail and the server must run nothing.
    func testAFileThatGrewIsNeverSentAsItsOldLength() async throws {
        let client = try makeTestClient()
        var sentWhole: [String] = []
        for size in [1, 1_000, 16_384, 32_768, 65_536, 131_072, 100_000] {
            let original = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
            let file = try temporaryFile(original)
            defer { try? FileManager.default.removeItem(at: file) }
            let body = try OutgoingBody.file(file)
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("grown!".utf8))
            try handle.close()
            let cat = category()
            do {
                let answer = try await client.postBodyAsync(upload(cat), body: body)
                sentWhole.append("\(size): sent \(answer.length ?? -1) bytes, server ran it")
            } catch ServiceClientError.invalidRequest {
            } catch {
                XCTFail("\(size): \(error)")
            }
            XCTAssertEqual(try counter("received:POST /raw/\(cat)"), 0, "\(size): the server ran the request")
        }
        XCTAssertEqual(sentWhole, [], "files that grew were sent as their old length")
    }

    /// A file that shrinks while it goes up (truncated at the first progress report) is never taken
    /// for whole.
    func testAFileThatShrinksWhileItGoesUpIsNeverTakenWhole() async throws {
        let size = 24 * 1024 * 1024
        let original = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let file = try temporaryFile(original)
        defer { try? FileManager.default.removeItem(at: file) }
        let cat = category()
        let truncated = Guarded(false)
        let client = try makeTestClient()
        let options = CallOptions(onUploadProgress: { _, _ in
            let first = truncated.withLock { done -> Bool in
                defer { done = true }
                return !done
            }
            if first, let handle = try? FileHandle(forWritingTo: file) {
                try? handle.truncate(atOffset: 1_000)
                try? handle.close()
            }
        })
        do {
            let answer = try await client.with(options).postBodyAsync(upload(cat), body: try .file(file))
            XCTAssertEqual(answer.length, size, "sent whole (before the truncation could bite)")
        } catch ServiceClientError.invalidRequest {
        } catch {
            // a broken request, any error but a crash
        }
    }

    /// A stream that throws half way, with and without its length: never run by the server.
    func testAStreamThatThrowsIsNeverRun() async throws {
        let client = try makeTestClient()
        struct Boom: Error {}
        for length in [Int64(200_000), nil] {
            let cat = category()
            let body = OutgoingBody.stream(length: length) {
                AsyncThrowingStream { continuation in
                    for _ in 0..<10 { continuation.yield(Data(repeating: 1, count: 10_000)) }
                    continuation.finish(throwing: Boom())
                }
            }
            do {
                _ = try await client.postBodyAsync(upload(cat), body: body)
                XCTFail("the stream failed")
            } catch {}
            try await Task.sleep(nanoseconds: 200_000_000)
            XCTAssertEqual(try counter("received:POST /raw/\(cat)"), 0, "length \(String(describing: length))")
        }
    }

    /// Odd lengths: a stream that states a negative length, or a length it does not give; bodies of nothing.
    /// No crash, nothing run for the wrong ones, zero bytes for the empty ones.
    func testOddLengthsAndEmptyBodies() async throws {
        let client = try makeTestClient()
        for (length, chunks) in [(Int64(-1), 0), (-5, 1), (Int64.max, 1), (10, 0), (0, 1)] {
            let cat = category()
            let body = OutgoingBody.stream(length: length) {
                AsyncThrowingStream { continuation in
                    for _ in 0..<chunks { continuation.yield(Data("abc".utf8)) }
                    continuation.finish()
                }
            }
            do {
                _ = try await client.postBodyAsync(upload(cat), body: body)
                XCTFail("length \(length), \(chunks) chunks: a wrong length is not sent")
            } catch {}
            try await Task.sleep(nanoseconds: 100_000_000)
            XCTAssertEqual(try counter("received:POST /raw/\(cat)"), 0, "length \(length)")
        }
        let emptyFile = try temporaryFile(Data())
        defer { try? FileManager.default.removeItem(at: emptyFile) }
        let empties: [(String, OutgoingBody)] = [
            ("bytes", .bytes(Data())), ("file", try .file(emptyFile)),
            ("stream-nil", .stream(length: nil) { AsyncThrowingStream { $0.finish() } }),
            (
                "stream-0",
                .stream(length: 0) {
                    AsyncThrowingStream {
                        $0.yield(Data())
                        $0.finish()
                    }
                }
            ),
            ("joined", .joined([.bytes(Data()), try .file(emptyFile), .joined([])])),
            (
                "joined-stream",
                .joined([
                    .stream(length: nil) {
                        AsyncThrowingStream {
                            $0.yield(Data())
                            $0.finish()
                        }
                    }, .bytes(Data()),
                ])
            ),
        ]
        for (name, body) in empties {
            do {
                let answer = try await client.postBodyAsync(upload(category()), body: body)
                XCTAssertEqual(answer.length, 0, name)
            } catch {
                XCTFail("\(name): \(error)")
            }
        }
    }

    /// "a stream that gives another number of bytes [than its length] fails the request" and is
    /// never sent in part. A stream that gives its stated length, then more in a later chunk: the server
    /// must run nothing.
    func testAStreamThatGivesMoreThanItsLengthIsNeverRun() async throws {
        let client = try makeTestClient()
        var run: [String] = []
        for (length, chunks) in [
            (Int64(0), ["abc"]), (3, ["abc", "def"]), (65_536, [String(repeating: "x", count: 65_536), "more"]),
        ] {
            let cat = category()
            let body = OutgoingBody.stream(length: length) {
                AsyncThrowingStream { continuation in
                    for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
                    continuation.finish()
                }
            }
            var outcome = "threw"
            do {
                let answer = try await client.postBodyAsync(upload(cat), body: body)
                outcome = "answered \(answer.length ?? -1) bytes"
            } catch {}
            try await Task.sleep(nanoseconds: 200_000_000)
            if try counter("received:POST /raw/\(cat)") > 0 {
                run.append("length \(length), chunks \(chunks.map(\.count)): the server ran it; the call \(outcome)")
            }
        }
        XCTAssertEqual(run, [], "bodies longer than their length were taken whole by the server")
    }

    /// A stream that yields only empty chunks, for ever: empty chunks are no progress, so the idle
    /// timeout ends the call.
    func testAStreamOfEmptyChunksTimesOut() async throws {
        let client = try makeTestClient()
        client.idleTimeout = 0.5
        let body = OutgoingBody.stream(length: nil) {
            AsyncThrowingStream { continuation in
                let task = Task {
                    while !Task.isCancelled {
                        continuation.yield(Data())
                        try? await Task.sleep(nanoseconds: 5_000_000)
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
        let started = Date()
        do {
            _ = try await client.postBodyAsync(upload(category()), body: body)
            XCTFail("no byte ever comes")
        } catch ServiceClientError.timedOut {
        } catch {
            XCTFail("\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    }

    /// A stream that never yields and ignores cancellation (its producer never finishes): the call
    /// returns at its timeout; cancelling many at random points leaves no temporary file behind.
    func testStreamsThatNeverEndCancelledAtRandom() async throws {
        let client = try makeTestClient()
        client.idleTimeout = 0.3
        let body = OutgoingBody.stream(length: nil) {
            AsyncThrowingStream { continuation in
                continuation.yield(Data(repeating: 9, count: 70_000))
                // never finishes, never yields again
            }
        }
        let started = Date()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<12 {
                group.addTask {
                    let task = Task {
                        let request = RawUpload()
                        request.category = "never"
                        _ = try await client.postBodyAsync(request, body: body)
                    }
                    if index % 2 == 0 {
                        try? await Task.sleep(nanoseconds: UInt64.random(in: 0...200_000_000))
                        task.cancel()
                    }
                    _ = await task.result
                }
            }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertEqual(BodyStress.leftTemporaryFiles(), [])
    }
}
