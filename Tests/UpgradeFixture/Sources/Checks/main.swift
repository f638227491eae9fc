// Runs the code written for DTOKit 1.0.0 (CodeFrom1_0) against this checkout's DTOKit, without a
// network: its middleware and transport through the bridges to the OutgoingRequest forms, its mock,
// paging, errors and Server Events set-up. Exits 1 at the first answer that differs.
import CodeFrom1_0
import CodeFromMain
import DTOKit
import DTOKitClient
import DTOs
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

nonisolated(unsafe) var failures = 0
@MainActor func expect(_ condition: Bool, _ what: String) {
    if !condition {
        failures += 1
        print("FAILED: \(what)")
    }
}

/// A transport of today's form that keeps what it was given, to see what 1.0.0's middleware passed on.
struct RecordingTransport: HTTPTransport {
    let seen: Recorder
    func send(_ request: OutgoingRequest, options: TransportOptions) async throws -> ServiceStream {
        let kind = request.body.map { $0.data != nil ? "bytes" : $0.fileURL != nil ? "file" : "other" } ?? "none"
        let length = try await request.body?.collected().count ?? 0
        seen.add("\(request.method.rawValue) \(request.url.path) \(kind) \(length)")
        return try .json(HelloResponse())
    }
}

/// A middleware that implements neither form (it builds, with a warning): a call fails, never loops.
struct ImplementsNothing: ClientMiddleware {}

// 1.0.0's middleware and transport, through the client.
let seen = Recorder()
let client = JsonServiceClient(
    baseUrl: "http://fixture.invalid",
    transport: CannedTransport(seen: seen, answers: ["/hello/Swift": #"{"result":"Hello, Swift!"}"#]))
configure(client, seen: seen)
let hello = Hello()
hello.name = "Swift"
let greeting = try await client.getAsync(hello)
expect(greeting.result == "Hello, Swift!", "1.0.0's transport answered: \(greeting.result ?? "nil")")
expect(seen.all.first == "GET /hello/Swift Hello", "1.0.0's middleware saw the request: \(seen.all)")
expect(
    seen.all.contains("sent GET /hello/Swift UpgradeFixture/1.0 body=0"),
    "the middleware's header reached 1.0.0's transport: \(seen.all)")

// A file upload through 1.0.0's transport: its body read for it (a URLRequest carries bytes only).
let file = FileManager.default.temporaryDirectory.appendingPathComponent("upgrade-fixture-\(UUID().uuidString).txt")
try Data(repeating: 65, count: 10_000).write(to: file)
defer { try? FileManager.default.removeItem(at: file) }
let upload = UploadFiles()
upload.category = "docs"
do {
    _ = try await client.postFileWithRequestAsync(request: upload, file: UploadFile(fileURL: file))
} catch {
    expect(error is WebServiceException, "the canned 404 of an upload: \(error)")
}
expect(
    seen.all.contains { $0.hasPrefix("sent POST /upload/docs UpgradeFixture/1.0 body=") && !$0.hasSuffix("body=0") },
    "the file's bytes reached 1.0.0's transport: \(seen.all)")

// 1.0.0's middleware in front of today's transport: a file body it cannot see is sent on as it was.
let passedOn = Recorder()
let modern = JsonServiceClient(baseUrl: "http://fixture.invalid", transport: RecordingTransport(seen: passedOn))
modern.middleware = [UserAgentMiddleware(seen: passedOn)]
_ = try await modern.postFileWithRequestAsync(request: upload, file: UploadFile(fileURL: file))
expect(
    passedOn.all.contains { $0.hasPrefix("POST /upload/docs other ") || $0.hasPrefix("POST /upload/docs file ") },
    "the form with its file went on whole: \(passedOn.all)")

// Neither form: an error, not a hang.
let lazy = JsonServiceClient(baseUrl: "http://fixture.invalid", transport: RecordingTransport(seen: Recorder()))
lazy.middleware = [ImplementsNothing()]
do {
    _ = try await lazy.getAsync(hello)
    expect(false, "a middleware that implements neither form failed nothing")
} catch let error as ServiceClientError {
    expect("\(error)".contains("implements neither"), "the error says why: \(error)")
}

// 1.0.0's mock: every family, paging, errors.
let mock = MockClient()
let mocked = try await mock.sendAsync(hello)
expect(mocked.result == "Mock, Swift! (GET)", "the mock's answer: \(mocked.result ?? "nil")")
let names = try await allTechnologyNames(mock)
expect(names == (0..<6).map { "Tech \($0)" } + ["3 pages"], "paging through the mock: \(names)")
do {
    _ = try await mock.postAsync(UploadFiles())
    expect(false, "the mock threw nothing")
} catch {
    expect(message(for: error) == "404 NotFound: The mock knows no UploadFiles", "the error: \(message(for: error))")
}

// Server Events and a context as 1.0.0 made them.
let feed = makeFeed(baseUrl: "http://fixture.invalid", client: client) { _ in }
expect(feed.channels == ["home"], "the feed's channels: \(feed.channels)")
expect(testContext().requestTypeName == "Hello", "1.0.0's MiddlewareContext initializer")

// Code written against main before 2.0.0.
let current = CodeFromMain.makeClient()
let refreshed = try await refresh(current)
expect(
    refreshed.result == "GET 0",
    "per-call options through today's middleware and transport: \(refreshed.result ?? "nil")")

print(
    failures == 0
        ? "UpgradeFixture: code written for DTOKit 1.0.0 builds and works" : "UpgradeFixture: \(failures) failed")
exit(failures == 0 ? 0 : 1)
