import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads cancelled and timed out at random points, over and over, with every kind of body — bytes, a
/// file, a stream with and without its length, several joined — four at a time: the process never
/// crashes, the server never takes a request for whole whose body is not the one sent (it counts
/// `upload-bad`), and no temporary file is left. `DTOKIT_STRESS_SECONDS` sets how long (CI runs a minute
/// as a step of its own); without it, one second, as part of the suites. `DTOKIT_STRESS_WIDTH` sets how
/// many at a time (16 and another test process beside it found FoundationNetworking's trap on a cancel
/// that meets the task's end within minutes: see `Exchange.cancelWhileRunning`).
final class BodyStressTests: XCTestCase {
    static var seconds: TimeInterval {
        ProcessInfo.processInfo.environment["DTOKIT_STRESS_SECONDS"].flatMap(TimeInterval.init) ?? 1
    }

    func testUploadsCancelledAndTimedOutAtRandomPointsAreNeverTakenShort() async throws {
        let runs = try await BodyStress.run(client: try makeTestClient(), seconds: Self.seconds)
        XCTAssertGreaterThan(runs.total, 0)
    }

    /// Calls through every redirect status (followed by the platform, refused, or sent again with
    /// their body by the transport), cancelled and timed out within milliseconds of the redirect:
    /// FoundationNetworking trapped when a cancel met its wait for the redirect's answer.
    func testCallsCancelledAndTimedOutAroundRedirectsNeverCrash() async throws {
        let runs = try await BodyStress.redirects(client: try makeTestClient(), seconds: Self.seconds)
        XCTAssertGreaterThan(runs.completed, 0, "some calls outrun their cancel")
        XCTAssertGreaterThan(runs.cancelled + runs.timedOut, 0)
    }
}

/// The stress run, shared by the transports' suites.
enum BodyStress {
    struct Runs {
        var total = 0
        var completed = 0
        var cancelled = 0
        var timedOut = 0
    }

    /// How many uploads run at a time.
    static var width: Int {
        ProcessInfo.processInfo.environment["DTOKIT_STRESS_WIDTH"].flatMap { Int($0) }.map { max(1, $0) } ?? 4
    }

    /// Runs random uploads through `client` for `seconds`, then checks the server's counts.
    static func run(client: JsonServiceClient, seconds: TimeInterval) async throws -> Runs {
        let files = try makeFiles()
        defer { for file in files { try? FileManager.default.removeItem(at: file.url) } }
        let badBefore = try serverCounter("upload-bad")
        let runs = await rounds(of: "uploads", one: "an upload", for: seconds) {
            var generator = SystemRandomNumberGenerator()
            return await Plan.random(files: files, using: &generator).send(with: client)
        }
        XCTAssertEqual(try serverCounter("upload-bad"), badBefore, "a request cut short was taken for whole")
        XCTAssertEqual(leftTemporaryFiles(), [], "a body's temporary file outlived its upload")
        return runs
    }

    /// Runs random calls through `/_test/redirect` with `client` for `seconds`, each cancelled or
    /// timed out at a random point of its first few milliseconds.
    static func redirects(client: JsonServiceClient, seconds: TimeInterval) async throws -> Runs {
        await rounds(of: "redirected calls", one: "a redirected call", for: seconds) {
            await redirectedCall(with: client)
        }
    }

    /// Runs `call` `width` at a time, round after round, for `seconds`; counts and prints how the calls
    /// ended, and fails the test on any that ended otherwise.
    private static func rounds(
        of kind: String, one: String, for seconds: TimeInterval, _ call: @escaping @Sendable () async -> Outcome
    ) async -> Runs {
        let deadline = Date().addingTimeInterval(seconds)
        var runs = Runs()
        while Date() < deadline {
            let outcomes = await withTaskGroup(of: Outcome.self) { group in
                for _ in 0..<width { group.addTask { await call() } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            for outcome in outcomes {
                runs.total += 1
                switch outcome {
                case .completed: runs.completed += 1
                case .cancelled: runs.cancelled += 1
                case .timedOut: runs.timedOut += 1
                case .unexpected(let error): XCTFail("\(one) failed otherwise: \(error)")
                }
            }
        }
        print(
            "BodyStress: \(runs.total) \(kind): \(runs.completed) completed, \(runs.cancelled) cancelled, "
                + "\(runs.timedOut) timed out")
        return runs
    }

    /// One call through a redirect: a GET (any status: the platform follows it), or a POST with a body
    /// (301–303 become a GET; 307 and 308 keep the body, which the transport sends again itself).
    private static func redirectedCall(with client: JsonServiceClient) async -> Outcome {
        let status = [301, 302, 303, 307, 308].randomElement() ?? 302
        let keepsBody = status >= 307
        let post = Bool.random()
        var call = ServiceCall(
            method: post ? .post : .get,
            destination: .url(
                "/_test/redirect?status=\(status)&to=" + (post && keepsBody ? "/_test/echo" : "/_test/headers")))
        if post {
            call.body = .bytes(Data(#"{"a":1}"#.utf8))
            call.contentType = "application/json"
        }
        var options = CallOptions()
        let cancelAfter = Bool.random() ? UInt64.random(in: 0...20_000) : nil
        options.callTimeout = cancelAfter == nil ? Double.random(in: 0.001...0.04) : hung
        let task = Task { [options] () async throws -> Int in
            try await client.with(options).executeAsync(call).statusCode
        }
        if let cancelAfter {
            try? await Task.sleep(nanoseconds: cancelAfter * 1_000)
            task.cancel()
        }
        do {
            let status = try await task.value
            return status == 200 ? .completed : .unexpected("status \(status)")
        } catch ServiceClientError.cancelled {
            return .cancelled
        } catch ServiceClientError.timedOut(_, let timeout) {
            return timeout == hung ? .unexpected("a call hung (no answer within \(hung) s)") : .timedOut
        } catch {
            return .unexpected("\(error)")
        }
    }

    /// The files in this process's folders for bodies written to files first.
    static func leftTemporaryFiles() -> [String] {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("DTOKit-uploads")
        let prefix = "\(ProcessInfo.processInfo.processIdentifier)-"
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter {
            $0.hasPrefix(prefix)
        }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: parent.appendingPathComponent(folder).path)) ?? [])
                .map { "\(folder)/\($0)" }
        }
    }

    enum Outcome: Sendable {
        case completed
        case cancelled
        case timedOut
        case unexpected(String)
    }

    struct TestFile: Sendable {
        let url: URL
        let data: Data
    }

    private static func makeFiles() throws -> [TestFile] {
        try [0, 1, 70_000, 300_000].map { size in
            let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ size) })
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("stress-\(UUID().uuidString)")
            try data.write(to: url)
            return TestFile(url: url, data: data)
        }
    }

    /// The call timeout of an upload that is neither cancelled nor given a short timeout: reaching it
    /// means the upload hung (each takes a few milliseconds).
    static let hung: TimeInterval = 20

    /// One upload: its body and what ends it.
    struct Plan: Sendable {
        let body: OutgoingBody
        let content: Data
        /// Cancel after this many milliseconds; nil: never.
        let cancelAfter: UInt64?
        let options: CallOptions
        /// The server answers this much later (a call may be cancelled or time out after its body went).
        let answerDelay: Int

        static func random(files: [TestFile], using generator: inout SystemRandomNumberGenerator) -> Plan {
            let file = files[Int.random(in: 0..<files.count, using: &generator)]
            let size = Int.random(in: 0...200_000, using: &generator)
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &+ size) })
            let pieces = Int.random(in: 1...8, using: &generator)
            let pause = UInt64.random(in: 0...4_000_000, using: &generator)
            let (body, content): (OutgoingBody, Data)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: (body, content) = (.bytes(bytes), bytes)
            case 1: (body, content) = ((try? .file(file.url)) ?? .bytes(file.data), file.data)
            case 2: (body, content) = (stream(bytes, pieces: pieces, pause: pause, length: nil), bytes)
            case 3: (body, content) = (stream(bytes, pieces: pieces, pause: pause, length: Int64(size)), bytes)
            default:
                let joined = OutgoingBody.joined([
                    .bytes(bytes.prefix(100)), (try? .file(file.url)) ?? .bytes(file.data),
                    stream(bytes, pieces: pieces, pause: pause, length: nil),
                ])
                (body, content) = (joined, bytes.prefix(100) + file.data + bytes)
            }
            var options = CallOptions()
            var cancelAfter: UInt64?
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: cancelAfter = UInt64.random(in: 0...40, using: &generator)
            case 1: options.callTimeout = Double.random(in: 0.001...0.05, using: &generator)
            case 2: options.idleTimeout = Double.random(in: 0.001...0.03, using: &generator)
            default: options.callTimeout = hung
            }
            return Plan(
                body: body, content: content, cancelAfter: cancelAfter, options: options,
                answerDelay: Int.random(in: 0...20, using: &generator))
        }

        func send(with client: JsonServiceClient) async -> Outcome {
            var call = ServiceCall(
                method: .post,
                destination: .url(
                    "/_test/upload-check?length=\(content.count)&crc=\(crc32(content))&delayMs=\(answerDelay)"))
            call.body = body
            call.contentType = "application/octet-stream"
            let options = self.options
            let task = Task { () async throws -> Int in
                try await client.with(options).executeAsync(call).statusCode
            }
            if let cancelAfter {
                try? await Task.sleep(nanoseconds: cancelAfter * 1_000_000)
                task.cancel()
            }
            do {
                return try await task.value == 200 ? .completed : .unexpected("not 200")
            } catch ServiceClientError.cancelled {
                return .cancelled
            } catch ServiceClientError.timedOut(_, let timeout) {
                return timeout == hung ? .unexpected("a call hung (no answer within \(hung) s)") : .timedOut
            } catch {
                return .unexpected("\(error)")
            }
        }

        private static func stream(_ bytes: Data, pieces: Int, pause: UInt64, length: Int64?) -> OutgoingBody {
            .stream(length: length) {
                AsyncThrowingStream { continuation in
                    let task = Task {
                        let size = max(1, (bytes.count + pieces - 1) / pieces)
                        for start in stride(from: 0, to: bytes.count, by: size) {
                            if pause > 0 { try? await Task.sleep(nanoseconds: pause) }
                            if Task.isCancelled { return continuation.finish(throwing: CancellationError()) }
                            continuation.yield(bytes.subdata(in: start..<min(start + size, bytes.count)))
                        }
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            }
        }
    }
}
