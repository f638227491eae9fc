import DTOKit
import Foundation
import XCTest

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Python test server (`Server/testserver.py`), started once per test process on a free
/// loopback port and stopped when the test bundle finishes.
///
/// It serves the services of `testservices.metadata.json` and, from `Payloads/`, the TechStacks
/// responses. The server also exits by itself when this process goes away (it watches its stdin).
final class TestServer: @unchecked Sendable {
    /// `http://127.0.0.1:<port>`: the server the run asked for (``Mode/requested``).
    let baseUrl: String
    let port: Int
    /// The services as a ServiceStack.Text server with ServiceStack's own routing answers them
    /// (`/json/reply/…`, `/json/oneway/…` and `/api/…`, WCF and ISO dates alike).
    let classicBaseUrl: String
    /// The services as a ServiceStack 8 server on endpoint routing with System.Text.Json answers
    /// them (`/api/…` and custom routes only, ISO 8601 dates only: `Server/endpointrouting.py`).
    let endpointRoutingBaseUrl: String
    /// `https://127.0.0.1:<port>`: the same services over TLS, with a self-signed certificate (one
    /// no client trusts).
    let untrustedTLSBaseUrl: String
    private let process: Process
    private let stdin: Pipe

    /// The server once started, or why it could not start.
    private static let started = Guarded<Result<TestServer, any Error>?>(nil)

    /// The running server, started on first use.
    static func shared() throws -> TestServer {
        try started.withLock { started in
            if let started { return try started.get() }
            let outcome = Result { try TestServer() }
            started = outcome
            if case .success(let server) = outcome {
                XCTestObservationCenter.shared.addTestObserver(StopAtEnd(server: server))
            }
            return try outcome.get()
        }
    }

    /// This file's folder (the root package's, also when another package's tests link this file in).
    static var testsDirectory: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static var payloadsDirectory: URL {
        testsDirectory.appendingPathComponent("Payloads")
    }

    private init() throws {
        let script = Self.testsDirectory.appendingPathComponent("Server/testserver.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", script.path, "--port", "0",
            "--techstacks-data", Self.payloadsDirectory.path, "--exit-on-stdin-close",
            "--tls-cert", Self.testsDirectory.appendingPathComponent("Server/self-signed.pem").path,
        ]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()

        // The first lines are `PORT <n>`, `ENDPOINTSPORT <n>` and `TLSPORT <n>`; read them on another
        // thread so a silent server cannot hang us.
        let firstLines = LineBox()
        let done = DispatchSemaphore(value: 0)
        let reader = output.fileHandleForReading
        DispatchQueue.global().async {
            var bytes = Data()
            while bytes.filter({ $0 == UInt8(ascii: "\n") }).count < 3 {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            firstLines.set(String(decoding: bytes, as: UTF8.self))
            done.signal()
        }
        let lines = done.wait(timeout: .now() + 20) == .success ? firstLines.get().split(separator: "\n") : []
        func announced(_ prefix: String, line: Int) -> Int? {
            guard lines.count > line, lines[line].hasPrefix(prefix + " ") else { return nil }
            return Int(lines[line].dropFirst(prefix.count + 1).trimmingCharacters(in: .whitespaces))
        }
        guard let classicPort = announced("PORT", line: 0), let endpointsPort = announced("ENDPOINTSPORT", line: 1),
            let tlsPort = announced("TLSPORT", line: 2)
        else {
            process.terminate()
            throw TestServerError.noPort(firstLines.get())
        }
        self.process = process
        self.stdin = input
        classicBaseUrl = "http://127.0.0.1:\(classicPort)"
        endpointRoutingBaseUrl = "http://127.0.0.1:\(endpointsPort)"
        port = Mode.requested == .endpointRouting ? endpointsPort : classicPort
        baseUrl = "http://127.0.0.1:\(port)"
        self.untrustedTLSBaseUrl = "https://127.0.0.1:\(tlsPort)"
    }

    /// How the server the suites call answers.
    enum Mode {
        /// ServiceStack.Text and ServiceStack's own routing (the default).
        case classic
        /// ServiceStack 8's endpoint routing with System.Text.Json.
        case endpointRouting

        /// The mode a run asks for: `DTOKIT_TEST_SERVER=endpoint-routing` for endpoint routing.
        static var requested: Mode {
            ProcessInfo.processInfo.environment["DTOKIT_TEST_SERVER"] == "endpoint-routing"
                ? .endpointRouting : .classic
        }
    }

    /// Stops the server: closing its stdin makes it exit; SIGTERM, then SIGKILL if it lingers.
    func stop() {
        try? stdin.fileHandleForWriting.close()
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
    }

    private final class LineBox: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func set(_ value: String) {
            lock.lock()
            text = value
            lock.unlock()
        }
        func get() -> String {
            lock.lock()
            defer { lock.unlock() }
            return text
        }
    }

    private final class StopAtEnd: NSObject, XCTestObservation {
        let server: TestServer
        init(server: TestServer) { self.server = server }
        func testBundleDidFinish(_ testBundle: Bundle) { server.stop() }
    }
}

enum TestServerError: Error, CustomStringConvertible {
    case noPort(String)

    var description: String {
        "The test server did not print `PORT <n>`, `ENDPOINTSPORT <n>` and `TLSPORT <n>` (is python3 installed?); "
            + "it printed: \(noPortText)"
    }

    private var noPortText: String {
        switch self {
        case .noPort(let text): return text.isEmpty ? "nothing" : text
        }
    }
}

// MARK: - Helpers shared by the client tests

/// Records every request a client sends (through its `requestFilter`) and every response
/// (through its `responseFilter`).
final class TrafficLog: @unchecked Sendable {
    struct Entry {
        var method: String
        /// The path as sent, percent-encoding kept.
        var path: String
        var query: String?
        var headers: [String: String]
    }

    private let lock = NSLock()
    private var requestEntries: [Entry] = []
    private var responseEntries: [HTTPURLResponse] = []

    init(_ client: JsonServiceClient) {
        client.requestFilter = { [self] request in record(request) }
        client.responseFilter = { [self] response in record(response) }
    }

    func record(_ request: URLRequest) {
        guard let url = request.url else { return }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let entry = Entry(
            method: request.httpMethod ?? "", path: components?.percentEncodedPath ?? "",
            query: components?.percentEncodedQuery,
            headers: request.allHTTPHeaderFields ?? [:])
        lock.lock()
        requestEntries.append(entry)
        lock.unlock()
    }

    func record(_ response: HTTPURLResponse) {
        lock.lock()
        responseEntries.append(response)
        lock.unlock()
    }

    var requests: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return requestEntries
    }
    var responses: [HTTPURLResponse] {
        lock.lock()
        defer { lock.unlock() }
        return responseEntries
    }
    var last: Entry? { requests.last }
    var lastMatchedRoute: String? { responses.last?.value(forHTTPHeaderField: "X-Matched-Route") }
    var lastServerMethod: String? { responses.last?.value(forHTTPHeaderField: "X-Http-Method") }
}

/// Skips a test of ServiceStack's own routing (`/json/reply/…`, `/json/oneway/…`, `/api/{Name}` with any
/// verb, batches of any request) when the run's server is on endpoint routing, which serves none of
/// it; `ServerModesTests` checks what the client meets there instead.
func requireClassicRouting() throws {
    if TestServer.Mode.requested == .endpointRouting {
        throw XCTSkip("ServiceStack's own routing: the server of this run is on endpoint routing")
    }
}

/// A loopback port nothing listens on.
func closedPort() throws -> Int {
    #if canImport(Glibc)
    let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    let streamType = SOCK_STREAM
    #endif
    let fd = socket(AF_INET, streamType, 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = unsafe inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = unsafe withUnsafeMutablePointer(to: &address) {
        unsafe $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
            unsafe bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else { throw XCTSkip("could not find a free port") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// The server's request counters (`GET /_test/stats`).
func serverCounter(_ name: String) throws -> Int {
    let client = try makeTestClient()
    let stats = try client.get("/_test/stats", as: JsonValue.self)
    return stats[name]?.intValue ?? 0
}

/// CRC-32 (IEEE), as Python's `zlib.crc32`.
func crc32(_ data: Data) -> Int {
    var table = [UInt32](repeating: 0, count: 256)
    for i in 0..<256 {
        var c = UInt32(i)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        table[i] = c
    }
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return Int(crc ^ 0xFFFF_FFFF)
}

/// Milliseconds since 1970: the precision dates travel with.
func milliseconds(_ date: Date?) -> Int64? {
    date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
}

/// Runs a blocking family (`get`, `post`, `execute`…) from an async test: a synchronous step, as a
/// user's code calls one from a background thread (the families are `noasync`).
func blocking<T>(_ body: () throws -> T) rethrows -> T {
    try body()
}

/// A value behind a lock, for tests (DTOKit's own `Locked` is not visible from the other transport
/// packages that link these suites in).
final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}
