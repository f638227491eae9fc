import DTOKit
import DTOKitClient
import Foundation
import LoadDTOs

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Calls made one way over one transport.
struct Load: Sendable {
    enum Path: String, CaseIterable, Sendable {
        /// The transport alone: a request sent, its body read.
        case transport
        /// `JsonServiceClient.getAsync` with a request DTO, its response decoded.
        case client
        /// `JsonServiceClient.get`, the blocking form, from `concurrency` threads.
        case blocking
    }

    let path: Path
    let transport: any HTTPTransport
    let client: JsonServiceClient
    let baseUrl: String
    let concurrency: Int

    init(path: Path, transport: any HTTPTransport, baseUrl: String, concurrency: Int) {
        self.path = path
        self.transport = transport
        self.baseUrl = baseUrl
        self.concurrency = concurrency
        client = JsonServiceClient(baseUrl: baseUrl, transport: transport)
        client.useCustomRoutes = false
    }

    /// Makes `calls` calls, `concurrency` at a time; returns how many failed.
    func run(calls: Int) async -> Int {
        switch path {
        case .transport: return await inTasks(calls) { await viaTransport($0) }
        case .client: return await inTasks(calls) { await viaClient($0) }
        case .blocking: return await onThreads(calls)
        }
    }

    private func viaTransport(_ index: Int) async -> Bool {
        guard let url = URL(string: baseUrl + "/api/Hello?name=c\(index)") else { return false }
        var request = OutgoingRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        do {
            let response = try await transport.send(request, options: TransportOptions()).collected()
            return response.statusCode == 200 && !response.data.isEmpty
        } catch {
            return false
        }
    }

    private func viaClient(_ index: Int) async -> Bool {
        let request = Hello()
        request.name = "c\(index)"
        return (try? await client.getAsync(request).result) == "Hello, c\(index)!"
    }

    private func blockingCall(_ index: Int) -> Bool {
        let request = Hello()
        request.name = "c\(index)"
        return (try? client.get(request).result) == "Hello, c\(index)!"
    }

    /// `calls` calls in tasks, a new one started as one ends, `concurrency` at most at once.
    private func inTasks(_ calls: Int, _ call: @escaping @Sendable (Int) async -> Bool) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            var started = 0
            var failures = 0
            while started < min(concurrency, calls) {
                let index = started
                group.addTask { await call(index) }
                started += 1
            }
            while let succeeded = await group.next() {
                if !succeeded { failures += 1 }
                if started < calls {
                    let index = started
                    group.addTask { await call(index) }
                    started += 1
                }
            }
            return failures
        }
    }

    /// `calls` blocking calls shared by `concurrency` threads of their own.
    private func onThreads(_ calls: Int) async -> Int {
        let failures = Failures()
        let done = DispatchGroup()
        let threads = min(concurrency, calls)
        for thread in 0..<threads {
            done.enter()
            Thread.detachNewThread { [self] in
                for index in stride(from: thread, to: calls, by: threads) where !blockingCall(index) {
                    failures.add()
                }
                done.leave()
            }
        }
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            done.notify(queue: .global()) { finished.resume() }
        }
        return failures.count
    }
}

/// A count of failures shared by threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
