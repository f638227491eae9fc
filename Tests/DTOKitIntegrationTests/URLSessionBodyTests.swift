import DTOKit
import Foundation
import XCTest

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How `URLSessionTransport` sends bodies that are not bytes — read as they go out (FoundationNetworking),
/// or from a temporary file (Apple's URLSession, whose path the tests force here) — and the blocking
/// bridge's waits. URLSession only: the AsyncHTTPClient package does not link this file.
final class URLSessionBodyTests: XCTestCase {
    private func client(_ delivery: URLSessionTransport.BodyDelivery, oneSession: Bool = false) throws
        -> (JsonServiceClient, URLSessionTransport)
    {
        let transport = URLSessionTransport(
            configuration: .ephemeral, interposer: nil, bodyDelivery: delivery, oneSessionForAll: oneSession)
        return (JsonServiceClient(baseUrl: try TestServer.shared().baseUrl, transport: transport), transport)
    }

    private func upload(_ category: String) -> RawUpload {
        let request = RawUpload()
        request.category = category
        return request
    }

    private func files(in folder: URL?) -> [String] {
        folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
    }

    /// A stream of `count` chunks of `size` bytes, each `pause` apart, that calls `during` after the first.
    private func stream(
        count: Int, size: Int = 10_000, pause: UInt64 = 0, during: (@Sendable () -> Void)? = nil
    ) -> OutgoingBody {
        .stream(length: nil) {
            AsyncThrowingStream { continuation in
                let task = Task {
                    for index in 0..<count {
                        if pause > 0 { try? await Task.sleep(nanoseconds: pause) }
                        continuation.yield(Data(repeating: UInt8(index % 251), count: size))
                        if index == 0 { during?() }
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    /// Apple's path: every kind of body goes up whole from a file, which only the user can read and
    /// which is gone after the call.
    func testTheSpooledPathSendsEveryKindOfBodyFromAFileOfItsOwn() async throws {
        let (client, transport) = try client(.spooled)
        let content = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spooled-\(UUID().uuidString)")
        try content.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let permissions = Guarded<[String: Int]>([:])
        let watched = stream(count: 5) {
            guard let folder = transport.spoolFolder.url else { return }
            let attributes = { (path: String) in
                (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
            }
            permissions.withLock { seen in
                seen["folder"] = attributes(folder.path)
                for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                    seen["file"] = attributes(folder.appendingPathComponent(name).path)
                }
            }
        }
        let bodies: [(String, OutgoingBody, Int)] = [
            ("file", try .file(file), content.count), ("stream", watched, 50_000),
            ("joined", .joined([.bytes(Data("head".utf8)), try .file(file), stream(count: 2)]), 320_004),
        ]
        for (kind, body, length) in bodies {
            let response = try await client.postBodyAsync(upload(kind), body: body)
            XCTAssertEqual(response.length, length, kind)
            XCTAssertEqual(files(in: transport.spoolFolder.url), [], "\(kind): nothing left behind")
        }
        XCTAssertEqual(permissions.current["folder"], 0o700)
        XCTAssertEqual(permissions.current["file"], 0o600)
        let form = try await client.postFileWithRequestAsync(
            request: UploadFiles(), file: UploadFile(fileURL: file, mimeType: "application/octet-stream"))
        XCTAssertEqual(form.files?.first?.crc32, crc32(content))
    }

    /// A call cancelled while its body is written to its file sends nothing, and leaves no file.
    func testCancellingWhileSpoolingSendsNothingAndLeavesNoFile() async throws {
        let (client, transport) = try client(.spooled)
        let before = try serverCounter("received:POST /raw/cancelled")
        let body = stream(count: 20, pause: 50_000_000)
        let call = Task { () async throws -> Int in
            let request = RawUpload()
            request.category = "cancelled"
            return try await client.postBodyAsync(request, body: body).length ?? 0
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        call.cancel()
        do {
            _ = try await call.value
            XCTFail("cancelled")
        } catch ServiceClientError.cancelled {
        }
        try await Task.sleep(nanoseconds: 200_000_000)
        XCTAssertEqual(try serverCounter("received:POST /raw/cancelled"), before, "nothing of it was sent")
        XCTAssertEqual(files(in: transport.spoolFolder.url), [])
    }

    /// A folder of temporary files a process left behind (a crash) goes when the next one makes its own;
    /// a running process's folder stays.
    func testTheFoldersOfEndedProcessesAreRemoved() async throws {
        let parent = URLSessionTransport.SpoolFolder.parent
        let stale = parent.appendingPathComponent("2147483000-stale")
        // A process id this process cannot see may be another container's, at work: left for an hour.
        let recent = parent.appendingPathComponent("2147483001-recent")
        let live = parent.appendingPathComponent("\(ProcessInfo.processInfo.processIdentifier)-another-transport")
        for folder in [stale, recent, live] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("left".utf8).write(to: folder.appendingPathComponent("body"))
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-7_200)], ofItemAtPath: stale.path)
        defer { for folder in [recent, live] { try? FileManager.default.removeItem(at: folder) } }
        let (client, _) = try client(.spooled)
        _ = try await client.postBodyAsync(upload("sweep"), body: stream(count: 1))
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: recent.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live.path))
    }

    /// A body read as it goes out (FoundationNetworking) is never sent short: cancelled in the middle,
    /// the server sees a broken request, and runs nothing.
    func testAStreamCancelledInTheMiddleIsNeverSentShort() async throws {
        let (client, _) = try client(.streamed)
        let category = "short-\(UUID().uuidString.prefix(8))"
        let body = stream(count: 40, pause: 25_000_000)
        let call = Task { () async throws -> Int in
            let request = RawUpload()
            request.category = category
            return try await client.postBodyAsync(request, body: body).length ?? 0
        }
        try await Task.sleep(nanoseconds: 400_000_000)
        call.cancel()
        do {
            _ = try await call.value
            XCTFail("cancelled")
        } catch ServiceClientError.cancelled {
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertEqual(try serverCounter("received:POST /raw/\(category)"), 0, "no request the server took for whole")
    }

    /// Upload progress is reported on a queue of its own: a blocking call made from it returns, though
    /// every request shares one session, as on Apple's platforms (its delegate queue is serial).
    func testABlockingCallMadeFromUploadProgressReturns() throws {
        let (client, _) = try client(.spooled, oneSession: true)
        let nested = Guarded<String?>(nil)
        // Far above what the calls take, even under the thread sanitizer on a loaded machine (5 s seen):
        // a call that waited for its timeout shows, one that did not never fails the test.
        client.idleTimeout = 15
        client.onUploadProgress = { [client] _, _ in
            let first = nested.withLock { state -> Bool in
                guard state == nil else { return false }
                state = "calling"
                return true
            }
            guard first else { return }
            let hello = Hello()
            hello.name = "nested"
            let answer = Result { try client.get(hello).result ?? "" }
            nested.withLock { $0 = (try? answer.get()) ?? "failed: \(answer)" }
        }
        let started = Date()
        let response = try client.postBody(upload("progress"), body: stream(count: 3, size: 100_000))
        XCTAssertEqual(response.length, 300_000)
        XCTAssertEqual(nested.current, "Hello, nested!")
        XCTAssertLessThan(Date().timeIntervalSince(started), 12, "neither call waited for its timeout")
    }

    /// A blocking call made outside a task sleeps until its work comes; inside a task it looks at the
    /// task's cancellation every 50 ms (synchronous code has no other way to hear it).
    func testABlockingCallOutsideATaskDoesNotPoll() throws {
        let client = try makeTestClient()
        let before = CallingThreadExecutor.idleWakes.current
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let sleep = Sleep()
            sleep.milliseconds = 600
            _ = try? client.get(sleep)
            done.signal()
        }
        done.wait()
        XCTAssertEqual(CallingThreadExecutor.idleWakes.current, before, "no wake while the call went on")
    }
}
