// package-benchmark suite: every payload × decode/encode × DTOKit/Codable/JSONSerialization, and the
// comparison rows a payload has (swift-protobuf on payloads 1 and 2, simdjson's traversal where built).
//
//   swift package --package-path Benchmarks benchmark                      all (a few minutes)
//   swift package --package-path Benchmarks benchmark --filter "techstacks-1mb.*"
//
// Benchmark names are `<payload> <direction> <library>`, e.g. `techstacks-1mb decode DTOKit`.
// Throughput is calls per second; the ratio table lives in the quick-mode `ratios` tool.
import Benchmark
import BenchmarkCases
import Foundation

let benchmarks: @Sendable () -> Void = {
    let payloads: [Payload]
    do {
        payloads = try Payloads.all()
    } catch {
        fatalError("DTOKitBenchmarks: cannot build the payloads: \(error)")
    }
    for payload in payloads {
        if let problem = payload.verify() {
            fatalError("DTOKitBenchmarks: \(problem)")
        }
    }
    for payload in payloads {
        // The 1 KB payload takes about a microsecond: 1,000 calls per measured iteration, so that
        // the harness's own time and allocations per iteration do not swamp it (metrics marked
        // `*` are per call).
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal],
            warmupIterations: 3,
            scalingFactor: payload.json.count < 10_000 ? .kilo : .one,
            maxDuration: .seconds(2),
            maxIterations: 1000)
        for direction in Direction.allCases {
            for library in Library.allCases {
                let name = "\(payload.id) \(direction.rawValue) \(library.rawValue)"
                switch direction {
                case .decode:
                    guard let decode = payload.decode[library] else { continue }
                    Benchmark(name, configuration: configuration) { benchmark in
                        for _ in benchmark.scaledIterations {
                            blackHole(try decode())
                        }
                    }
                case .encode:
                    guard let encode = payload.encode[library] else { continue }
                    Benchmark(name, configuration: configuration) { benchmark in
                        for _ in benchmark.scaledIterations {
                            blackHole(try encode())
                        }
                    }
                }
            }
        }
    }
}
