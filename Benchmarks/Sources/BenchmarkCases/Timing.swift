import Foundation

/// How calls are timed.
public enum TimingMode: String, CaseIterable, Sendable {
    /// Calibrated batches of calls (each result freed before the next call); the median batch time
    /// divided by the batch size. Clock overhead vanishes; the calls run back to back.
    case batch
    /// Each call timed on its own, from its start until its result is stored and the previous
    /// call's result freed; the median of those times. Nearer to one request in an app.
    case single
}

/// Times operations in-process, libraries interleaved round by round (so a change in machine load
/// hits all of them alike), in either `TimingMode`.
///
/// Batch mode: calibrated batches, the median batch time per operation. Each batch starts with one
/// untimed call, so that no library is timed on caches the previous one left cold.
public struct Timing {
    /// Wall-clock budget for one payload and direction, shared by the libraries.
    public var seconds: Double
    /// A batch runs at least this long, so clock overhead is negligible for the 1 KB payload.
    public var minimumBatchSeconds = 0.002
    public var minimumSamples = 7
    /// Single-call mode: how long each operation's timed calls run per round.
    public var singleCallRunSeconds = 0.01

    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// Median seconds per call of each operation, timed in `mode`.
    public func medians(_ operations: [(key: Library, run: () throws -> Any)], mode: TimingMode) throws -> [Library:
        Double]
    {
        switch mode {
        case .batch: return try batchMedians(operations)
        case .single: return try singleCallMedians(operations)
        }
    }

    /// Median seconds per call of each operation, in calibrated batches.
    public func batchMedians(_ operations: [(key: Library, run: () throws -> Any)]) throws -> [Library: Double] {
        let batchSizes = try calibrate(operations).map(\.batchSize)
        var samples = [[Double]](repeating: [], count: operations.count)
        let deadline = Date().addingTimeInterval(seconds)
        while samples[0].count < minimumSamples || Date() < deadline {
            for (index, operation) in operations.enumerated() {
                let count = batchSizes[index]
                Timing.consume(try operation.run())
                samples[index].append(try Timing.time(count, operation.run) / Double(count))
            }
            if samples[0].count >= 10_000 { break }
        }
        return Timing.medians(of: samples, operations)
    }

    /// Median seconds per call of each operation, each call timed on its own. A call's time runs from
    /// its start until its result is stored in place of the previous call's, that result freed.
    /// Round by round, each operation makes one untimed call (as a batch starts with one) and then
    /// timed calls for `singleCallRunSeconds` (at least one), one after the other, so that a call
    /// frees a result of its own library, not one that other libraries' calls have pushed out of
    /// the caches, and a fast library gets many samples however slow the others are. Rounds go on
    /// until the time is up and every operation has `minimumSamples`.
    public func singleCallMedians(_ operations: [(key: Library, run: () throws -> Any)]) throws -> [Library: Double] {
        let callsPerRound = try calibrate(operations).map { calibration in
            Int(min(max(1, (singleCallRunSeconds / calibration.secondsPerCall).rounded(.up)), Double(1 << 20)))
        }
        var previous = [Any?](repeating: nil, count: operations.count)
        var samples = [[Double]](repeating: [], count: operations.count)
        let deadline = Date().addingTimeInterval(seconds)
        while samples.contains(where: { $0.count < minimumSamples }) || Date() < deadline {
            for (index, operation) in operations.enumerated() {
                previous[index] = try operation.run()
                for _ in 0..<callsPerRound[index] {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let result = try operation.run()
                    Timing.free(&previous[index])
                    let end = DispatchTime.now().uptimeNanoseconds
                    previous[index] = result
                    samples[index].append(Double(end - start) / 1e9)
                }
            }
            if samples[0].count >= 1_000_000 { break }
        }
        return Timing.medians(of: samples, operations)
    }

    /// Warms each operation up (caches, lazily built tables) and finds how many calls run at least
    /// `minimumBatchSeconds`, and how long one call takes.
    func calibrate(_ operations: [(key: Library, run: () throws -> Any)]) throws -> [(
        batchSize: Int, secondsPerCall: Double
    )] {
        var result: [(batchSize: Int, secondsPerCall: Double)] = []
        for operation in operations {
            _ = try operation.run()
            var count = 1
            while true {
                let elapsed = try Timing.time(count, operation.run)
                if elapsed >= minimumBatchSeconds || count >= 1 << 20 {
                    result.append((count, max(elapsed, 1e-9) / Double(count)))
                    break
                }
                count =
                    elapsed <= 0 ? count * 16 : max(count * 2, Int(Double(count) * minimumBatchSeconds / elapsed * 1.2))
            }
        }
        return result
    }

    static func medians(of samples: [[Double]], _ operations: [(key: Library, run: () throws -> Any)]) -> [Library:
        Double]
    {
        var result: [Library: Double] = [:]
        for (index, operation) in operations.enumerated() {
            let sorted = samples[index].sorted()
            let middle = sorted.count / 2
            result[operation.key] = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        return result
    }

    /// Releases a result here, where the caller's clock can see it, not wherever the optimizer likes.
    @inline(never)
    static func free(_ result: inout Any?) {
        result = nil
    }

    /// Seconds for `count` calls.
    static func time(_ count: Int, _ body: () throws -> Any) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count {
            Timing.consume(try body())
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Keeps a result alive until the call is done, out of the optimizer's sight.
    @inline(never)
    public static func consume(_ value: Any) {
        withExtendedLifetime(value) {}
    }
}
