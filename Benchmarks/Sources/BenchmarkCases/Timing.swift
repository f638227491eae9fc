import Foundation

/// Times operations in-process: calibrated batches, libraries interleaved round by round (so a
/// change in machine load hits all of them alike), the median batch time per operation. Each batch
/// starts with one untimed call, so that no library is timed on caches the previous one left cold.
public struct Timing {
    /// Wall-clock budget for one payload and direction, shared by the libraries.
    public var seconds: Double
    /// A batch runs at least this long, so clock overhead is negligible for the 1 KB payload.
    public var minimumBatchSeconds = 0.002
    public var minimumSamples = 7

    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// Median seconds per call of each operation.
    public func medians(_ operations: [(key: Library, run: () throws -> Any)]) throws -> [Library: Double] {
        // Warm up (caches, lazily built tables) and calibrate the batch size.
        var batchSizes: [Int] = []
        for operation in operations {
            _ = try operation.run()
            var count = 1
            while true {
                let elapsed = try Timing.time(count, operation.run)
                if elapsed >= minimumBatchSeconds || count >= 1 << 20 { break }
                count = elapsed <= 0 ? count * 16 : max(count * 2, Int(Double(count) * minimumBatchSeconds / elapsed * 1.2))
            }
            batchSizes.append(count)
        }
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
        var result: [Library: Double] = [:]
        for (index, operation) in operations.enumerated() {
            let sorted = samples[index].sorted()
            let middle = sorted.count / 2
            result[operation.key] = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        return result
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
