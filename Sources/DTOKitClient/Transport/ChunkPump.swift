import DTOKit
import Foundation

/// Hands a body's chunks, read by a task as they come, to a thread that reads them synchronously
/// (``BodyInputStream``, which URLSession reads on a queue of its own): at most two chunks are held,
/// the task waits while they are, and the reading thread waits for the next one.
///
/// `@unchecked Sendable`: every stored property but `task` is read and changed only while `condition`
/// is locked; `task` is set once, before the pump is shared.
final class ChunkPump: @unchecked Sendable {
    /// What a read gets.
    enum Take {
        case bytes(Data)
        case end
        case failure(any Error)
    }

    private let condition = NSCondition()
    private var queued: [Data] = []
    private var ended = false
    private var failure: (any Error)?
    private var producer: CheckedContinuation<Void, Never>?
    private var task: Task<Void, any Error>?

    /// Starts reading `body` from its start, where the calling task's blocking call runs, if any.
    init(_ body: OutgoingBody) {
        task = BlockingCall.startTask { [self] in
            do {
                for try await chunk in body.chunks() {
                    guard await self.put(chunk) else { return }
                }
                self.end(with: nil)
            } catch {
                self.end(with: error)
            }
        }
    }

    deinit {
        task?.cancel()
    }

    /// The first failure the body met (its own error, or the cancellation), once it failed.
    var failed: (any Error)? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }

    /// Up to `count` bytes, waiting for them; the end, or why there are none.
    func take(upTo count: Int) -> Take {
        condition.lock()
        while queued.isEmpty && !ended { condition.wait() }
        if let failure {
            condition.unlock()
            return .failure(failure)
        }
        guard var first = queued.first else {
            condition.unlock()
            return .end
        }
        let taken = first.prefix(count)
        first.removeFirst(taken.count)
        if first.isEmpty { queued.removeFirst() } else { queued[0] = first }
        let resumed = queued.count < 2 ? producer.takeOnce() : nil
        condition.unlock()
        resumed?.resume()
        return .bytes(Data(taken))
    }

    /// Stops the pump: a read waiting, and every later one, fails with `CancellationError`.
    func cancel() {
        end(with: CancellationError())
        task?.cancel()
    }

    /// Queues `chunk`, waiting while two are queued; false once the pump has ended.
    private func put(_ chunk: Data) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            queued.append(chunk)
            condition.signal()
            if queued.count < 2 || ended {
                condition.unlock()
                continuation.resume()
            } else {
                producer = continuation
                condition.unlock()
            }
        }
        return !hasEnded
    }

    private var hasEnded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended
    }

    private func end(with error: (any Error)?) {
        condition.lock()
        guard !ended else {
            condition.unlock()
            return
        }
        ended = true
        failure = error
        if error != nil { queued = [] }
        let resumed = producer.takeOnce()
        condition.broadcast()
        condition.unlock()
        resumed?.resume()
    }
}
