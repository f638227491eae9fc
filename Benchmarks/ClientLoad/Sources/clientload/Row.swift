import Foundation
import HeapInUse

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One round: how fast, how much CPU, how many failures, how much heap after it.
struct Row {
    var transport: String
    var path: Load.Path
    var round: Int
    var calls: Int
    var seconds: Double
    var cpuSeconds: Double
    var failures: Int
    /// The heap in use after the round.
    var heapBytes: Int

    var callsPerSecond: Double { Double(calls) / seconds }
    var cpuMicrosecondsPerCall: Double { cpuSeconds * 1_000_000 / Double(calls) }

    static let header = "transport        path       round   calls/s   CPU µs/call   failures   heap in use"

    var line: String {
        transport.padding(toLength: 17, withPad: " ", startingAt: 0)
            + path.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
            + String(round).leftPadded(5)
            + String(format: "%.0f", callsPerSecond).leftPadded(10)
            + String(format: "%.1f", cpuMicrosecondsPerCall).leftPadded(14)
            + String(failures).leftPadded(11)
            + String(format: "%.1f MB", Double(heapBytes) / 1_048_576).leftPadded(14)
    }

    /// Runs `round` and measures it; `round` returns its failures.
    static func measure(
        transport: String, path: Load.Path, round: Int, calls: Int,
        _ body: () async -> Int
    ) async -> Row {
        let cpu = processCPUSeconds()
        let started = ContinuousClock.now
        let failures = await body()
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Row(
            transport: transport, path: path, round: round, calls: calls, seconds: seconds,
            cpuSeconds: processCPUSeconds() - cpu, failures: failures, heapBytes: heap_in_use())
    }

    /// User and system CPU time of this process so far, every thread.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)  // an enum in glibc's header, an Int32 in Darwin's
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
