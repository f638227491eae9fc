import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Multipart file uploads, and one client used from many tasks and threads at once.
final class ClientUploadsAndConcurrencyTests: XCTestCase {
    // MARK: Uploads

    func testPostFileWithRequest() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let request = UploadFiles()
        request.category = "docs"
        request.notes = "first, \"quoted\" & more"
        let data = Data("hello, world\r\n--not-a-boundary\r\n".utf8)
        let response = try client.postFileWithRequest(
            request: request,
            file: UploadFile(fileName: "hello.txt", data: data, mimeType: "text/plain", fieldName: "document"))
        XCTAssertEqual(response.method, "POST")
        XCTAssertEqual(response.category, "docs")
        XCTAssertEqual(response.notes, request.notes)
        let file = try XCTUnwrap(response.files?.first)
        XCTAssertEqual(response.files?.count, 1)
        XCTAssertEqual(file.fieldName, "document")
        XCTAssertEqual(file.fileName, "hello.txt")
        XCTAssertEqual(file.contentType, "text/plain")
        XCTAssertEqual(file.contentLength, data.count)
        XCTAssertEqual(file.crc32, crc32(data))
        XCTAssertEqual(file.bytes.map { Data($0) }, data)
        XCTAssertEqual(log.last?.path, "/upload/docs")
        XCTAssertTrue(log.last?.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") ?? false)
    }

    func testPostFilesWithRequestAsyncIsByteExact() async throws {
        let client = try makeTestClient()
        let request = UploadFiles()
        request.category = "media"
        var generator = SeededBytes(seed: 42)
        let big = generator.data(count: 1_500_000)
        let allBytes = Data((0...255).map { UInt8($0) })
        let files = [
            UploadFile(fileName: "big.bin", data: big),
            UploadFile(fileName: "all-bytes.dat", data: allBytes, mimeType: "application/x-custom"),
            UploadFile(fileName: "ünïcödé 日本.png", data: Data([0x89, 0x50, 0x4E, 0x47]), fieldName: "image"),
            UploadFile(fileName: "empty.txt", data: Data()),
        ]
        let response = try await client.postFilesWithRequestAsync(request: request, files: files)
        let received = try XCTUnwrap(response.files)
        XCTAssertEqual(received.count, files.count)
        XCTAssertEqual(received.map(\.fieldName), ["upload0", "upload1", "image", "upload3"])
        XCTAssertEqual(received.map(\.fileName), files.map(\.fileName))
        XCTAssertEqual(
            received.map(\.contentType),
            ["application/octet-stream", "application/x-custom", "image/png", "text/plain"])
        for (sent, got) in zip(files, received) {
            XCTAssertEqual(got.contentLength, sent.data.count, sent.fileName)
            XCTAssertEqual(got.crc32, crc32(sent.data), sent.fileName)
            XCTAssertEqual(got.bytes.map { Data($0) } ?? Data(), sent.data, sent.fileName)
        }
    }

    func testPutFileAndFilesWithRequest() async throws {
        let client = try makeTestClient()
        let request = UploadFiles()
        request.category = "put"
        let file = UploadFile(fileName: "a.json", data: Data("{\"a\":1}".utf8))
        let one = try blocking { try client.putFileWithRequest(request: request, file: file) }
        XCTAssertEqual(one.method, "PUT")
        XCTAssertEqual(one.files?.first?.contentType, "application/json")
        let many = try blocking { try client.putFilesWithRequest(request: request, files: [file, file]) }
        XCTAssertEqual(many.files?.count, 2)
        let oneAsync = try await client.putFileWithRequestAsync(request: request, file: file)
        XCTAssertEqual(oneAsync.method, "PUT")
        let manyAsync = try await client.putFilesWithRequestAsync(request: request, files: [file])
        XCTAssertEqual(manyAsync.files?.first?.crc32, crc32(file.data))
        let single = try await client.postFileWithRequestAsync(request: request, file: file)
        XCTAssertEqual(single.method, "POST")
    }

    func testUploadsToRelativeUrls() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let request = UploadFiles()
        request.notes = "relative"
        let file = UploadFile(fileName: "r.txt", data: Data("r".utf8))
        let posted = try blocking { try client.postFileWithRequest("/upload/elsewhere", request: request, file: file) }
        XCTAssertEqual(posted.category, "elsewhere")
        XCTAssertEqual(posted.notes, "relative")
        XCTAssertEqual(log.last?.path, "/upload/elsewhere")
        XCTAssertEqual(
            try client.postFilesWithRequest("/api/UploadFiles", request: request, files: [file]).files?.count, 1)
        XCTAssertEqual(try client.putFileWithRequest("/upload/p", request: request, file: file).method, "PUT")
        XCTAssertEqual(try client.putFilesWithRequest("/upload/p", request: request, files: [file]).method, "PUT")
        let postedAsync = try await client.postFileWithRequestAsync("/upload/a", request: request, file: file)
        XCTAssertEqual(postedAsync.category, "a")
        let postedManyAsync = try await client.postFilesWithRequestAsync(
            "/upload/b", request: request, files: [file, file])
        XCTAssertEqual(postedManyAsync.files?.count, 2)
        let putAsync = try await client.putFileWithRequestAsync("/upload/c", request: request, file: file)
        XCTAssertEqual(putAsync.method, "PUT")
        let putManyAsync = try await client.putFilesWithRequestAsync("/upload/d", request: request, files: [file])
        XCTAssertEqual(putManyAsync.category, "d")
    }

    // MARK: Concurrency

    func testFiftyConcurrentAsyncCallsOnOneClient() async throws {
        let client = try makeTestClient()
        let results = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<50 {
                group.addTask {
                    switch index % 5 {
                    case 0:
                        let request = Hello()
                        request.name = "get \(index)"
                        return (index, try await client.getAsync(request).result)
                    case 1:
                        let request = Hello()
                        request.name = "post \(index)"
                        return (index, try await client.postAsync(request).result)
                    case 2:
                        let echo = EchoValues.make()
                        echo.name = "echo \(index)"
                        return (index, try await client.getAsync(echo).name)
                    case 3:
                        let request = Sleep()
                        request.milliseconds = 100
                        return (index, try await client.sendAsync(request).milliseconds.map { "slept \($0) \(index)" })
                    default:
                        let request = FindTechnologies()
                        request.take = 3
                        request.skip = index
                        request.orderBy = "Id"
                        return (index, try await client.getAsync(request).results.map { "\($0.count) \(index)" })
                    }
                }
            }
            var collected: [Int: String?] = [:]
            for try await (index, value) in group { collected[index] = value }
            return collected
        }
        XCTAssertEqual(results.count, 50)
        for index in 0..<50 {
            let expected: String
            switch index % 5 {
            case 0: expected = "Hello, get \(index)!"
            case 1: expected = "Hello, post \(index)!"
            case 2: expected = "echo \(index)"
            case 3: expected = "slept 100 \(index)"
            default: expected = "3 \(index)"
            }
            XCTAssertEqual(results[index] ?? nil, expected)
        }
    }

    func testConcurrentSyncCallsFromManyThreads() throws {
        let client = try makeTestClient()
        let failures = Counter()
        let successes = Counter()
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            let request = Hello()
            request.name = "thread \(index)"
            do {
                let response = try client.get(request)
                if response.result == "Hello, thread \(index)!" { successes.increment() } else { failures.increment() }
                // Settings change while other threads read them.
                client.headers = ["X-Index": "\(index)"]
                client.idleTimeout = Double(30 + index % 3)
            } catch {
                failures.increment()
            }
        }
        XCTAssertEqual(successes.value, 24)
        XCTAssertEqual(failures.value, 0)
    }

    func testConcurrentCallsShareOneTokenRefresh() async throws {
        let auth = try makeTestClient()
        let signIn = credentialsSignIn("test", "test")
        let response = try await auth.postAsync(signIn)
        let client = try makeTestClient()
        client.bearerToken = "eyJ-stale-token"
        client.refreshToken = response.refreshToken
        let refreshesBefore = try serverCounter("getAccessToken")
        let names = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<10 {
                group.addTask { try await client.getAsync(Secured()).userName }
            }
            var names: [String?] = []
            for try await name in group { names.append(name) }
            return names
        }
        XCTAssertEqual(names, Array(repeating: "test", count: 10))
        let refreshes = try serverCounter("getAccessToken") - refreshesBefore
        XCTAssertGreaterThanOrEqual(refreshes, 1)
        XCTAssertLessThanOrEqual(refreshes, 10)
    }

    func testCancellingATaskGroupCancelsEveryCall() async throws {
        let client = try makeTestClient()
        let started = Date()
        let outcome = await withTaskGroup(of: String.self) { group -> [String] in
            for _ in 0..<5 {
                group.addTask {
                    let request = Sleep()
                    request.milliseconds = 4000
                    do {
                        _ = try await client.getAsync(request)
                        return "finished"
                    } catch ServiceClientError.cancelled {
                        return "cancelled"
                    } catch {
                        return "\(error)"
                    }
                }
            }
            try? await Task.sleep(nanoseconds: 300_000_000)
            group.cancelAll()
            var outcomes: [String] = []
            for await result in group { outcomes.append(result) }
            return outcomes
        }
        XCTAssertEqual(outcome, Array(repeating: "cancelled", count: 5))
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
    }

    /// A 307 keeps the method and the body: the body goes to the new location whole (FoundationNetworking's
    /// URLSession drops it, so the transport sends the redirected request itself).
    func testA307KeepsTheMethodAndTheBody() async throws {
        let client = try makeTestClient()
        var request = URLRequest(
            url: try XCTUnwrap(
                URL(string: try TestServer.shared().baseUrl + "/_test/redirect?status=307&to=/_test/echo")))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"a":1}"#.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await client.getDataAsync(request: request)
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"a":1}"#)
        let redirected = try await client.postFileWithRequestAsync(
            "/_test/redirect?status=308&to=/upload/again", request: UploadFiles(),
            file: UploadFile(fileName: "s.bin", data: Data("hello".utf8)))
        XCTAssertEqual(redirected.category, "again")
        XCTAssertEqual(redirected.files?.first?.contentLength, 5)
    }

    /// The temporary files this process's transports wrote bodies to (Apple's URLSession uploads a
    /// stream from one), in their folders under `tmp/DTOKit-uploads`; another process's (CI runs two
    /// test processes at once) are not this test's to count.
    private func spooledBodies() -> Set<String> {
        Set(BodyStress.leftTemporaryFiles())
    }

    /// A file on disk goes up as it is read: the server gets its bytes exactly, the progress counts up
    /// to the form's length, and nothing is left behind.
    func testAFileOnDiskIsUploadedAsItIsRead() async throws {
        var generator = SeededBytes(seed: 7)
        let content = generator.data(count: 3_000_000)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dtokit-test-\(UUID().uuidString).bin")
        try content.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let spooledBefore = spooledBodies()
        let heard = Guarded<[(Int64, Int64)]>([])
        let client = try makeTestClient().with(
            CallOptions(onUploadProgress: { sent, total in heard.withLock { $0.append((sent, total)) } }))
        let request = UploadFiles()
        request.category = "disk"
        let response = try await client.postFilesWithRequestAsync(
            request: request, files: [UploadFile(fileURL: file, mimeType: "application/octet-stream")])
        let received = try XCTUnwrap(response.files?.first)
        XCTAssertEqual(received.fileName, file.lastPathComponent)
        XCTAssertEqual(received.contentLength, content.count)
        XCTAssertEqual(received.crc32, crc32(content))
        XCTAssertEqual(response.category, "disk")
        let last = try XCTUnwrap(heard.current.last)
        XCTAssertEqual(last.0, last.1, "all of the form was sent")
        XCTAssertGreaterThan(last.1, Int64(content.count), "the form: the file and the parts around it")
        XCTAssertEqual(spooledBodies(), spooledBefore, "a file is uploaded from where it is")
    }

    /// A middleware may make a request's body a stream: it is sent whole (from a temporary file over
    /// URLSession, which is gone after the call), and from its start again when the request is sent again.
    func testAStreamBodyIsSentWholeAndAgainFromItsStart() async throws {
        struct StreamsItsBody: ClientMiddleware {
            let started: Guarded<Int>
            func intercept(_ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
                -> ServiceStream
            {
                var request = request
                let bytes = try await request.body?.collected() ?? Data()
                let started = self.started
                request.body = .stream(length: Int64(bytes.count)) {
                    started.withLock { $0 += 1 }
                    let offset = Guarded(0)
                    return AsyncThrowingStream {
                        offset.withLock { offset in
                            guard offset < bytes.count else { return nil }
                            defer { offset += 10_000 }
                            return bytes.subdata(in: offset..<Swift.min(offset + 10_000, bytes.count))
                        }
                    }
                }
                return try await next(request)
            }
        }
        let spooledBefore = spooledBodies()
        let started = Guarded(0)
        let client = try makeTestClient()
        client.middleware = [StreamsItsBody(started: started)]
        var generator = SeededBytes(seed: 11)
        let content = generator.data(count: 250_000)
        let response = try await client.postFileWithRequestAsync(
            request: UploadFiles(), file: UploadFile(fileName: "s.bin", data: content))
        XCTAssertEqual(response.files?.first?.crc32, crc32(content))
        XCTAssertEqual(started.current, 1)
        XCTAssertEqual(spooledBodies(), spooledBefore, "the temporary file is removed when the call ends")

        // A 307 keeps the method and the body: the body goes out again, whole (read from its start by
        // a transport that follows redirects itself; URLSession sends its spooled file again).
        let redirected = try await client.postFileWithRequestAsync(
            "/_test/redirect?status=307&to=/upload/again", request: UploadFiles(),
            file: UploadFile(fileName: "s.bin", data: content))
        XCTAssertEqual(redirected.category, "again")
        XCTAssertEqual(redirected.files?.first?.crc32, crc32(content))
        XCTAssertEqual(redirected.files?.first?.contentLength, content.count)
        XCTAssertEqual(spooledBodies(), spooledBefore)
    }
}

/// Reproducible pseudo-random bytes (xorshift).
struct SeededBytes {
    var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    mutating func data(count: Int) -> Data {
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        while bytes.count < count {
            var word = next()
            for _ in 0..<8 where bytes.count < count {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return Data(bytes)
    }
}
