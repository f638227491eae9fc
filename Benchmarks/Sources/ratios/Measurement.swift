import BenchmarkCases
import Foundation
import MallocCounter

/// One payload and direction, every library, every timing mode asked for.
struct Measurement {
    /// Median seconds per call, by timing mode and library.
    var seconds: [TimingMode: [Library: Double]]
    var mallocs: [Library: Int64]
    /// Encode: the bytes each library wrote.
    var outputBytes: [Library: Int]
    /// Decode: the allocations DTOKit's decoded value holds (objects, arrays, long strings).
    var held: Int?

    /// The other library's median time ÷ DTOKit's.
    func speedUp(_ mode: TimingMode, over other: Library) -> Double? {
        guard let mine = seconds[mode]?[.dtokit], let theirs = seconds[mode]?[other], mine > 0 else { return nil }
        return theirs / mine
    }

    /// Payload (decode) or written (encode) bytes per second, in MB/s.
    func megabytesPerSecond(_ mode: TimingMode, _ library: Library, direction: Direction, payload: Payload) -> Double? {
        guard let time = seconds[mode]?[library], time > 0 else { return nil }
        let byteCount = direction == .decode ? payload.json.count : outputBytes[library] ?? 0
        return Double(byteCount) / time / 1e6
    }

    /// Times `payload`'s operations in `direction` with every library it has, in each of `modes`.
    static func measure(_ payload: Payload, _ direction: Direction, timing: Timing, modes: [TimingMode]) throws
        -> Measurement
    {
        let operations: [(key: Library, run: () throws -> Any)] = Library.allCases.compactMap { library in
            switch direction {
            case .decode:
                return payload.decode[library].map { (library, $0) }
            case .encode:
                return payload.encode[library].map { encode in (library, { try encode() }) }
            }
        }
        var seconds: [TimingMode: [Library: Double]] = [:]
        for mode in modes {
            seconds[mode] = try timing.medians(operations, mode: mode)
        }
        var mallocs: [Library: Int64] = [:]
        var outputBytes: [Library: Int] = [:]
        for operation in operations {
            mallocs[operation.key] = try countMallocs(operation.run)
            if direction == .encode, let data = try operation.run() as? Data {
                outputBytes[operation.key] = data.count
            }
        }
        let held =
            direction == .decode
            ? try payload.decode[.dtokit].map { AllocationCensus.allocations(heldBy: try $0()) }
            : nil
        return Measurement(seconds: seconds, mallocs: mallocs, outputBytes: outputBytes, held: held)
    }

    static func countMallocs(_ body: () throws -> Any) rethrows -> Int64 {
        malloc_counter_start()
        let result = try body()
        let count = malloc_counter_stop()
        Timing.consume(result)
        return count
    }
}
