import Foundation

/// Per transport: the client's CPU per call and throughput against the transport's (medians of the
/// rounds after the first), and how the heap moved from the end of the first round to the last.
struct Summary {
    let rows: [Row]

    init(_ rows: [Row]) {
        self.rows = rows
    }

    func print() {
        Swift.print("transport        path       CPU per call ÷ transport's   calls/s ÷ transport's   heap after round 1 → last")
        for transport in Set(rows.map(\.transport)).sorted() {
            let base = rows(transport, .transport)
            for path in Load.Path.allCases {
                let measured = rows(transport, path)
                guard let first = measured.first, let last = measured.last else { continue }
                let cpu = base.isEmpty ? "" : String(format: "%.2f×", median(measured.dropFirst(), \.cpuMicrosecondsPerCall)
                                                     / median(base.dropFirst(), \.cpuMicrosecondsPerCall))
                let speed = base.isEmpty ? "" : String(format: "%.2f×", median(measured.dropFirst(), \.callsPerSecond)
                                                       / median(base.dropFirst(), \.callsPerSecond))
                let heap = String(format: "%.1f → %.1f MB (%+.2f KB per call)", megabytes(first.heapBytes), megabytes(last.heapBytes),
                                  Double(last.heapBytes - first.heapBytes) / 1024 / Double(max(1, measured.dropFirst().map(\.calls).reduce(0, +))))
                Swift.print(transport.padding(toLength: 17, withPad: " ", startingAt: 0)
                            + path.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
                            + cpu.leftPadded(26) + speed.leftPadded(24) + "   " + heap)
            }
        }
        let failed = rows.map(\.failures).reduce(0, +)
        Swift.print(failed == 0 ? "no call failed" : "\(failed) calls failed")
    }

    private func rows(_ transport: String, _ path: Load.Path) -> [Row] {
        rows.filter { $0.transport == transport && $0.path == path }
    }

    private func median(_ rows: ArraySlice<Row>, _ value: KeyPath<Row, Double>) -> Double {
        let sorted = rows.map { $0[keyPath: value] }.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    private func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
}
