import Foundation

/// Per transport and path: CPU per call and calls per second against the transport alone, each the
/// median of the rounds' own ratios (a round of the path ÷ the transport's round just before it, so
/// that a change in the machine's speed between rounds cancels out). Per transport: how the heap in
/// use moved from the end of the first round to the end of the last, per call made in between (by
/// every path: memory freed asynchronously, by a transport's own queues, crosses from one round into
/// the next, so a round's own growth says little about its path).
struct Summary {
    let rows: [Row]

    init(_ rows: [Row]) {
        self.rows = rows
    }

    func print() {
        Swift.print("transport        path       CPU per call ÷ transport's   calls/s ÷ transport's")
        for transport in Set(rows.map(\.transport)).sorted() {
            let base = rows(transport, .transport)
            for path in Load.Path.allCases {
                let measured = rows(transport, path)
                guard !measured.isEmpty else { continue }
                let later = measured.dropFirst()
                let pairs = zip(later, base.dropFirst())
                let cpu = median(pairs.map { $0.cpuMicrosecondsPerCall / $1.cpuMicrosecondsPerCall })
                let speed = median(pairs.map { $0.callsPerSecond / $1.callsPerSecond })
                Swift.print(
                    transport.padding(toLength: 17, withPad: " ", startingAt: 0)
                        + path.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
                        + (base.isEmpty ? "" : String(format: "%.2f×", cpu)).leftPadded(26)
                        + (base.isEmpty ? "" : String(format: "%.2f×", speed)).leftPadded(24))
            }
        }
        for transport in Set(rows.map(\.transport)).sorted() {
            let all = rows.filter { $0.transport == transport }
            let firstRound = all.filter { $0.round == 1 }
            guard let start = firstRound.last, let end = all.last else { continue }
            let calls = all.filter { $0.round > 1 }.map(\.calls).reduce(0, +)
            Swift.print(
                String(
                    format: "%@: heap in use after round 1 %.1f MB, after the last %.1f MB: %+.2f KB per call",
                    transport, Double(start.heapBytes) / 1_048_576, Double(end.heapBytes) / 1_048_576,
                    calls == 0 ? 0 : Double(end.heapBytes - start.heapBytes) / 1024 / Double(calls)))
        }
        let failed = rows.map(\.failures).reduce(0, +)
        Swift.print(failed == 0 ? "no call failed" : "\(failed) calls failed")
    }

    private func rows(_ transport: String, _ path: Load.Path) -> [Row] {
        rows.filter { $0.transport == transport && $0.path == path }
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
