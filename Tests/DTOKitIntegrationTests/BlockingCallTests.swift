import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The blocking families called the way apps call them: from synchronous helpers that run inside
/// tasks (more of them at once than Swift's pool has threads), from GCD queues, from
/// `concurrentPerform`, from the main thread; each call returns its answer, or its timeout.
///
/// A test that fails here would otherwise hang: every wait is bounded, and a failure says how many
/// callers never came back.
final class BlockingCallTests: XCTestCase {
    /// Four times as many callers as the machine has cores: more than Swift's cooperative pool has
    /// threads, so that callers that waited for a thread of the pool would wait for ever.
    let callers = 4 * ProcessInfo.processInfo.activeProcessorCount

    /// Whether blocking calls take the path of systems without task executors (macOS before 15, iOS
    /// before 18), as CI runs these tests a second time: there a call runs on Swift's pool, so callers
    /// that hold every thread of it get their timeout (2 s here) instead of their answer.
    static let onThePool = ProcessInfo.processInfo.environment["DTOKIT_BLOCKING_WITHOUT_TASK_EXECUTOR"] == "1"

    /// A client for callers that run on Swift's pool: on the pool path, with a short idle timeout.
    func makePoolCallersClient() throws -> JsonServiceClient {
        let client = try makeTestClient()
        if Self.onThePool { client.idleTimeout = 2 }
        return client
    }

    func testBlockingCallsOfEveryFamilyFromManyTasksAllReturn() throws {
        let client = try makePoolCallersClient()
        let outcomes = Outcomes(timeoutsAllowed: Self.onThePool)
        let done = DispatchGroup()
        for index in 0..<callers {
            done.enter()
            Task.detached {
                outcomes.record(index) { try makeBlockingCallsOfEveryFamily(client, tag: "task \(index)") }
                done.leave()
            }
        }
        XCTAssertEqual(
            done.wait(timeout: .now() + 60), .success, "callers that never returned: \(outcomes.missing(of: callers))")
        XCTAssertEqual(outcomes.failures, [:])
    }

    func testBlockingCallsFromTasksOnTheMainActorAndOtherActors() throws {
        // A synchronous helper called from an actor's method blocks that actor's thread: the call's
        // work must not need the actor.
        let client = try makePoolCallersClient()
        let outcomes = Outcomes(timeoutsAllowed: Self.onThePool)
        let done = DispatchGroup()
        let actors = (0..<callers).map { _ in Caller() }
        for (index, caller) in actors.enumerated() {
            done.enter()
            Task.detached {
                await caller.call {
                    outcomes.record(index) { try makeBlockingCallsOfEveryFamily(client, tag: "actor \(index)") }
                }
                done.leave()
            }
        }
        XCTAssertEqual(
            done.wait(timeout: .now() + 60), .success, "callers that never returned: \(outcomes.missing(of: callers))")
        XCTAssertEqual(outcomes.failures, [:])
    }

    func testBlockingCallsFromAConcurrentDispatchQueueAllReturn() throws {
        let client = try makeTestClient()
        let outcomes = Outcomes()
        let done = DispatchGroup()
        let queue = DispatchQueue(label: "BlockingCallTests", attributes: .concurrent)
        for index in 0..<callers {
            queue.async(group: done) {
                outcomes.record(index) { try makeBlockingCallsOfEveryFamily(client, tag: "queue \(index)") }
            }
        }
        XCTAssertEqual(
            done.wait(timeout: .now() + 60), .success, "callers that never returned: \(outcomes.missing(of: callers))")
        XCTAssertEqual(outcomes.failures, [:])
    }

    func testBlockingCallsFromConcurrentPerformAllReturn() throws {
        let client = try makeTestClient()
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: callers) { index in
            outcomes.record(index) { try makeBlockingCallsOfEveryFamily(client, tag: "perform \(index)") }
        }
        XCTAssertEqual(outcomes.failures, [:])
        XCTAssertEqual(outcomes.missing(of: callers), [])
    }

    func testBlockingCallsFromTheMainThread() throws {
        // XCTest runs a synchronous test on the process's main thread, as a command-line tool's
        // top-level code runs.
        XCTAssertTrue(Thread.isMainThread)
        try makeBlockingCallsOfEveryFamily(try makeTestClient(), tag: "main")
    }

    func testBlockingCallsTimeOutWhenEveryPoolThreadWaits() throws {
        // Each caller waits for a response that comes after its timeout: the timer that ends the
        // call must run although every thread of the pool is blocked.
        let client = try makeTestClient()
        client.idleTimeout = 0.5
        let outcomes = Outcomes()
        let done = DispatchGroup()
        for index in 0..<callers {
            done.enter()
            Task.detached {
                outcomes.record(index) {
                    let request = Sleep()
                    request.milliseconds = 4_000
                    let called = Date()
                    do {
                        _ = try client.get(request)
                        throw Unexpected("a response after the timeout")
                    } catch ServiceClientError.timedOut(_, let timeout) {
                        guard timeout == 0.5 else { throw Unexpected("timed out after \(timeout) s") }
                    }
                    // Callers wait their turn for a thread of the pool (they hold them all), but each
                    // call, once made, ends at its timeout, long before the response would come.
                    let waited = Date().timeIntervalSince(called)
                    guard waited < 3 else { throw Unexpected("returned after \(waited) s, not at its timeout") }
                }
                done.leave()
            }
        }
        XCTAssertEqual(
            done.wait(timeout: .now() + 30), .success, "callers that never returned: \(outcomes.missing(of: callers))")
        XCTAssertEqual(outcomes.failures, [:])
    }

    func testCancellingTheTaskOfABlockingCallCancelsTheCall() throws {
        let client = try makeTestClient()
        let outcome = Guarded<Result<SleepResponse, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task.detached {
            let request = Sleep()
            request.milliseconds = 5_000
            outcome.withLock { $0 = Result { try client.get(request) } }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.3)
        let cancelled = Date()
        task.cancel()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertLessThan(Date().timeIntervalSince(cancelled), 2, "the call went on after its task was cancelled")
        guard case .failure(ServiceClientError.cancelled)? = outcome.current else {
            return XCTFail("expected cancelled, got \(String(describing: outcome.current))")
        }
    }

    func testABlockingCallInsideACancelledTaskIsNotSent() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let outcome = Guarded<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0)
        let task = Task.detached {
            cancelled.wait()  // until the task is cancelled
            outcome.withLock { $0 = Result { try client.get(hello("never sent")) }.failure }
            done.signal()
        }
        task.cancel()
        cancelled.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        guard case ServiceClientError.cancelled? = outcome.current else {
            return XCTFail("expected cancelled, got \(String(describing: outcome.current))")
        }
        XCTAssertEqual(log.requests.count, 0)
    }

    func testAMockClientsBlockingCallsNeedNoPoolThread() throws {
        // The bridge, not the URLSession transport: a test double whose `perform` sleeps, awaits an
        // actor and a task group returns from as many tasks as well.
        let mock = SlowMock().with(CallOptions(idleTimeout: Self.onThePool ? 2 : nil))
        let outcomes = Outcomes(timeoutsAllowed: Self.onThePool)
        let done = DispatchGroup()
        for index in 0..<callers {
            done.enter()
            Task.detached {
                outcomes.record(index) {
                    let response = try mock.get(hello("mock \(index)"))
                    guard response.result == "mock \(index)" else {
                        throw Unexpected("answered \(response.result ?? "nil")")
                    }
                }
                done.leave()
            }
        }
        XCTAssertEqual(
            done.wait(timeout: .now() + 30), .success, "callers that never returned: \(outcomes.missing(of: callers))")
        XCTAssertEqual(outcomes.failures, [:])
    }
}

/// Blocking calls of every family the client has one of — plain, `api`, batch, one-way, upload,
/// `getData` — as a synchronous helper of an app makes them; throws at the first unexpected answer.
func makeBlockingCallsOfEveryFamily(_ client: JsonServiceClient, tag: String) throws {
    let greeting = "Hello, \(tag)!"
    let plain = try client.get(hello(tag))
    guard plain.result == greeting else { throw Unexpected("get answered \(plain.result ?? "nil")") }

    let api = client.api(hello(tag))
    guard api.response?.result == greeting else { throw Unexpected("api failed: \(api.errorMessage ?? "?")") }

    let batch = try client.sendAll([echo(tag), echo(tag + "!")])
    guard batch.map(\.name) == [tag, tag + "!"] else {
        throw Unexpected("sendAll answered \(batch.map(\.name))")
    }

    let store = StoreValue()
    store.key = "blocking-\(tag)"
    store.value = tag
    try client.sendOneWay(store)

    let upload = UploadFiles()
    upload.category = "blocking"
    let bytes = Data(tag.utf8)
    let uploaded = try client.postFileWithRequest(
        request: upload, file: UploadFile(fileName: "tag.txt", data: bytes, mimeType: "text/plain"))
    guard uploaded.files?.first?.contentLength == bytes.count else {
        throw Unexpected("upload answered \(uploaded.files ?? [])")
    }

    let (data, _) = try client.getData(url: "/_test/headers")
    guard !data.isEmpty else { throw Unexpected("getData answered nothing") }
}

private func hello(_ name: String) -> Hello {
    let request = Hello()
    request.name = name
    return request
}

/// A request that can be batched on every server (endpoint routing has batch endpoints only for
/// POST, PUT and PATCH operations).
private func echo(_ name: String) -> EchoTypes {
    let request = EchoTypes()
    request.name = name
    return request
}

/// What each caller of a test ended with.
private final class Outcomes: Sendable {
    private let state = Guarded<(returned: Set<Int>, failures: [Int: String])>(([], [:]))
    /// Whether a caller may end with ``ServiceClientError/timedOut(url:timeout:)`` (see
    /// `BlockingCallTests.onThePool`).
    private let timeoutsAllowed: Bool

    init(timeoutsAllowed: Bool = false) {
        self.timeoutsAllowed = timeoutsAllowed
    }

    func record(_ caller: Int, _ body: () throws -> Void) {
        let failure: String?
        do {
            try body()
            failure = nil
        } catch ServiceClientError.timedOut where timeoutsAllowed {
            failure = nil
        } catch {
            failure = "\(error)"
        }
        state.withLock { state in
            state.returned.insert(caller)
            state.failures[caller] = failure
        }
    }

    var failures: [Int: String] { state.current.failures }

    func missing(of count: Int) -> [Int] {
        let returned = state.current.returned
        return (0..<count).filter { !returned.contains($0) }
    }
}

private struct Unexpected: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An actor whose method makes blocking calls through a synchronous helper, as an app's model might.
private actor Caller {
    func call(_ body: () -> Void) {
        body()
    }
}

/// A ``ServiceClient`` double that answers `Hello` after sleeping, asking an actor and a task group.
private struct SlowMock: ServiceClient {
    let counter = CallCounter()

    func perform(_ call: ServiceCall) async throws -> ServiceStream {
        try await Task.sleep(nanoseconds: 20_000_000)
        await counter.increment()
        let asked = (call.request as? Hello)?.name
        let name = await withTaskGroup(of: String?.self) { group in
            group.addTask { asked }
            return await group.next() ?? nil
        }
        let response = HelloResponse()
        response.result = name
        return try .json(response)
    }
}

private actor CallCounter {
    var count = 0
    func increment() { count += 1 }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
