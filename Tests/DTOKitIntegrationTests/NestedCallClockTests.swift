import DTOKit
import DTOKitClient
import DTOKitMiddleware
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One clock per call, and calls made within another: each bounded by its own limits and the outer call's,
/// never by a call that has ended.
final class NestedCallClockTests: XCTestCase {
    /// Records what a call made elsewhere ended with, and how long it took.
    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (String, TimeInterval)?
        var current: (String, TimeInterval)? { lock.withLock { value } }
        func set(_ text: String, _ seconds: TimeInterval) { lock.withLock { value = (text, seconds) } }
        func set(_ error: any Error, _ seconds: TimeInterval) {
            switch error as? ServiceClientError {
            case .timedOut?: set("timedOut", seconds)
            case .cancelled?: set("cancelled", seconds)
            default: set("\(error)", seconds)
            }
        }
    }

    /// A middleware that, on the first request it sees, starts a call of its own in a `Task {}` after
    /// `delay` (fire and forget: an analytics or prefetch middleware) — a call of its own, with its own
    /// clock.
    struct Prefetch: ClientMiddleware {
        let client: JsonServiceClient
        let delay: UInt64
        let outcome: Outcome
        let once = Guarded(false)

        func intercept(_ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
            -> ServiceStream
        {
            let first = once.withLock { done -> Bool in
                defer { done = true }
                return !done
            }
            if first {
                let (client, delay, outcome) = (client, delay, outcome)
                Task {
                    try? await Task.sleep(nanoseconds: delay)
                    let started = Date()
                    do {
                        _ = try await client.getAsync("/_test/headers", as: JsonValue.self)
                        outcome.set("ok", Date().timeIntervalSince(started))
                    } catch {
                        outcome.set(error, Date().timeIntervalSince(started))
                    }
                }
            }
            return try await next(request)
        }
    }

    /// one clock *per call*. A call started from a `Task {}` that a middleware spawns is a call of
    /// its own, started later — yet it inherits the task-local clock of the call that was running, and
    /// times out at once when that call's limit has passed.
    func testACallStartedInATaskFromAMiddlewareHasAClockOfItsOwn() async throws {
        let other = try makeTestClient()
        other.middleware = []  // a second client, 60 s idle timeout, no call timeout
        let outcome = Outcome()
        let client = try makeTestClient()
        client.idleTimeout = 1
        client.middleware = [Prefetch(client: other, delay: 1_500_000_000, outcome: outcome)]
        _ = try await client.getAsync("/_test/headers", as: JsonValue.self)
        let deadline = Date().addingTimeInterval(6)
        while outcome.current == nil, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        XCTAssertEqual(
            outcome.current?.0, "ok",
            "a fresh call of another client (idle 60 s) started 1.5 s after the first call ended failed after "
                + "\(outcome.current?.1 ?? -1) s")
    }

    /// The same with the first call's `callTimeout`: the later call fails at once.
    func testACallStartedInATaskAfterTheFirstCallsTimeoutPassedRuns() async throws {
        let outcome = Outcome()
        let client = try makeTestClient()
        client.callTimeout = 1
        let other = try makeTestClient()
        client.middleware = [Prefetch(client: other, delay: 1_200_000_000, outcome: outcome)]
        _ = try await client.getAsync("/_test/headers", as: JsonValue.self)
        let deadline = Date().addingTimeInterval(6)
        while outcome.current == nil, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        XCTAssertEqual(outcome.current?.0, "ok", "after \(outcome.current?.1 ?? -1) s")
    }

    /// `callTimeout` is "seconds the whole call may take". A call a hook makes with
    /// `callTimeout: 0.5` to a server that takes 3 s: its own limit is ignored (the outer call's clock,
    /// 10 s idle, rules), and the hook waits the whole 3 s.
    func testANestedCallsOwnShorterTimeoutIsHonoured() async throws {
        let outcome = Outcome()
        let client = try makeTestClient()
        client.idleTimeout = 10
        client.onAuthenticationRequired = { [client] in
            let started = Date()
            do {
                _ = try await client.with(CallOptions(callTimeout: 0.5)).getAsync(
                    "/sleep/3000", as: JsonValue.self)
                outcome.set("ok", Date().timeIntervalSince(started))
            } catch {
                outcome.set(error, Date().timeIntervalSince(started))
            }
            throw CancellationError()
        }
        let secured = Secured()
        _ = try? await client.getAsync(secured)
        let (text, seconds) = outcome.current ?? ("none", -1)
        XCTAssertTrue(text.contains("timedOut"), "the hook's call with callTimeout 0.5 ended: \(text)")
        XCTAssertLessThan(seconds, 1.5, "the hook's call with callTimeout 0.5 took \(seconds) s")
    }

    /// a call made while another runs, from a hook, shares its clock — on every path. A *blocking*
    /// call made (from a synchronous helper) inside a hook: with task executors it shares the outer clock;
    /// without (DTOKIT_BLOCKING_WITHOUT_TASK_EXECUTOR=1, macOS 14 / iOS 17) it gets a fresh one.
    /// Run with and without the variable.
    func testABlockingCallFromAHookSharesTheClockOnBothPaths() async throws {
        let outcome = Outcome()
        let client = try makeTestClient()
        client.callTimeout = 1
        @Sendable func syncHelper() {
            let started = Date()
            do {
                _ = try client.get("/sleep/3000", as: JsonValue.self)
                outcome.set("ok", Date().timeIntervalSince(started))
            } catch {
                outcome.set(error, Date().timeIntervalSince(started))
            }
        }
        client.onAuthenticationRequired = {
            syncHelper()
            throw CancellationError()
        }
        _ = try? await client.getAsync(Secured())
        let deadline = Date().addingTimeInterval(6)
        while outcome.current == nil, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        let (text, seconds) = outcome.current ?? ("none", -1)
        let path =
            ProcessInfo.processInfo.environment["DTOKIT_BLOCKING_WITHOUT_TASK_EXECUTOR"] == "1"
            ? "without task executors" : "with task executors"
        XCTAssertTrue(
            text.contains("timedOut") || text.contains("cancelled"),
            "(\(path)): the hook's blocking call ended after \(seconds) s with \(text)")
        XCTAssertLessThan(seconds, 2, "(\(path)): the hook's blocking call outlived the call's 1 s")
    }

    /// progress callbacks never run where a nested call needs to; a blocking call made from one
    /// returns. Four uploads at once, each making a blocking call from its upload and its download
    /// progress: all end well before the idle timeout.
    func testBlockingCallsFromProgressCallbacksOfConcurrentCallsReturn() async throws {
        let client = try makeTestClient()
        client.idleTimeout = 20
        let nested = Guarded(0)
        @Sendable func nestedCall() {
            if (try? client.get("/_test/headers", as: JsonValue.self)) != nil { nested.withLock { $0 += 1 } }
        }
        var options = CallOptions()
        options.onUploadProgress = { @Sendable (sent: Int64, total: Int64) in if sent == total { nestedCall() } }
        options.onDownloadProgress = { @Sendable (received: Int64, total: Int64?) in
            if received == total { nestedCall() }
        }
        let frozen = options
        let started = Date()
        let ok = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var call = ServiceCall(method: .post, destination: .url("/_test/echo"))
                    call.body = .bytes(Data(repeating: 65, count: 300_000))
                    call.contentType = "application/octet-stream"
                    return (try? await client.with(frozen).executeAsync(call).statusCode) == 200
                }
            }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        XCTAssertEqual(ok, 4)
        XCTAssertGreaterThan(nested.withLock { $0 }, 0)
        XCTAssertLessThan(Date().timeIntervalSince(started), 8, "nested blocking calls from progress callbacks hung")
    }

    struct MainActorHop: ClientMiddleware {
        func intercept(_ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
            -> ServiceStream
        {
            await MainActor.run {}
            return try await next(request)
        }
    }

    /// A blocking call on the main thread whose *middleware* hops to the main actor returns at its
    /// timeout (both blocking paths).
    func testABlockingCallWhoseMiddlewareWaitsForTheMainActorReturns() throws {
        let client = try makeTestClient()
        client.idleTimeout = 1
        client.middleware = [MainActorHop()]
        let started = Date()
        XCTAssertThrowsError(try client.get("/_test/headers", as: JsonValue.self))
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
    }

    /// the idle timeout counts from the last progress — bytes going out, *the response's headers*.
    /// A slow upload-progress callback (a UI update that takes 40 ms) over a fast upload: the server has
    /// answered long before the callbacks catch up, but the answer is held behind them and the call
    /// times out although nothing was idle.
    func testSlowUploadProgressCallbacksDoNotTimeOutAnAnsweredCall() async throws {
        let client = try makeTestClient()
        client.idleTimeout = 2
        let calls = Guarded(0)
        let answeredAt = Guarded<Date?>(nil)
        let options = CallOptions(onUploadProgress: { _, _ in
            calls.withLock { $0 += 1 }
            Thread.sleep(forTimeInterval: 0.04)
        })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID().uuidString)")
        try Data(repeating: 5, count: 8 * 1024 * 1024).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var call = ServiceCall(method: .post, destination: .url("/_test/upload-check?length=0&crc=0"))
        call.body = try .file(file)
        call.contentType = "application/octet-stream"
        let before = try serverCounter("upload-bad")
        let started = Date()
        let serverGotIt = Guarded<TimeInterval?>(nil)
        let watcher = Task {
            while !Task.isCancelled {
                if (try? serverCounter("upload-bad")) ?? before > before {
                    serverGotIt.withLock { $0 = Date().timeIntervalSince(started) }
                    return
                }
                try? await Task.sleep(nanoseconds: 100_000_000)
            }
        }
        defer { watcher.cancel() }
        do {
            _ = try await client.with(options).executeAsync(call)
            answeredAt.withLock { $0 = Date() }
        } catch {
            XCTFail(
                "\(error) after \(String(format: "%.1f", Date().timeIntervalSince(started))) s; the server had "
                    + "the whole body and answered at \(serverGotIt.withLock { $0 }.map { String(format: "%.1f", $0) } ?? "?") s; "
                    + "\(calls.withLock { $0 }) progress callbacks of 40 ms each")
        }
    }

    /// The caller hears of every byte sent before its answer, and of none after: a slow first callback
    /// holds the reports back while the whole body goes out and the server answers; the latest figures
    /// (the whole body) are reported before the call returns, and nothing once it has.
    func testUploadProgressEndsWithTheWholeBodyBeforeTheCallReturns() async throws {
        let client = try makeTestClient()
        let returned = Guarded(false)
        let reports = Guarded<[(sent: Int64, late: Bool)]>([])
        let options = CallOptions(onUploadProgress: { sent, _ in
            let isFirst = reports.withLock { $0.isEmpty }
            Thread.sleep(forTimeInterval: isFirst ? 1.0 : 0.05)
            let late = returned.withLock { $0 }
            reports.withLock { $0.append((sent, late)) }
        })
        let length = 1024 * 1024
        var call = ServiceCall(method: .post, destination: .url("/_test/upload-check?length=0&crc=0"))
        call.body = .bytes(Data(repeating: 7, count: length))
        call.contentType = "application/octet-stream"
        _ = try await client.with(options).executeAsync(call)
        let lastBeforeTheAnswer = reports.withLock { $0.last?.sent }
        returned.withLock { $0 = true }
        try await Task.sleep(nanoseconds: 1_200_000_000)
        XCTAssertEqual(lastBeforeTheAnswer, Int64(length), "the latest figures came before the answer")
        XCTAssertEqual(reports.withLock { $0.filter(\.late).map(\.sent) }, [], "reported after the call returned")
    }

    /// Odd timeout values never crash and never time out a quick call (0, negative, NaN, ±infinity,
    /// huge, the smallest positive), async and blocking; the smallest positive times out.
    func testOddTimeoutValues() async throws {
        let odd: [TimeInterval] = [
            0, -1, -.infinity, .infinity, .nan, -.nan, 1e308, .greatestFiniteMagnitude, 365 * 86_400, 86_400, 86_399.9,
        ]
        for value in odd {
            let client = try makeTestClient()
            client.idleTimeout = value
            client.callTimeout = value
            _ = try await client.getAsync("/_test/headers", as: JsonValue.self)
            _ = try blocking { try client.get("/_test/headers", as: JsonValue.self) }
            let options = CallOptions(idleTimeout: value, callTimeout: value)
            _ = try await client.with(options).getAsync("/_test/headers", as: JsonValue.self)
            _ = try blocking { try client.with(options).get("/_test/headers", as: JsonValue.self) }
        }
        let tiny = try makeTestClient()
        tiny.callTimeout = .leastNonzeroMagnitude
        do {
            _ = try await tiny.getAsync("/sleep/200", as: JsonValue.self)
            XCTFail("the smallest timeout")
        } catch ServiceClientError.timedOut {}
    }

    /// Odd Retry-After values: never a crash, never a wait longer than allowed.
    func testOddRetryAfterValues() async throws {
        for value in [
            "0", "-1", "1.5", "1e9", String(repeating: "9", count: 400), "٣", "Thu, 01 Jan 1970 00:00:00 GMT", " ",
        ] {
            let client = try makeTestClient()
            client.middleware = [RetryMiddleware(maxRetries: 1, baseDelay: 0.1, maxDelay: 0.2)]
            client.callTimeout = 5
            let started = Date()
            let escaped = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            _ = try? await client.getAsync(
                "/_test/flaky?failures=1&retryAfter=\(escaped)&key=\(UUID().uuidString)", as: JsonValue.self)
            XCTAssertLessThan(Date().timeIntervalSince(started), 1.5, value)
        }
    }
}
