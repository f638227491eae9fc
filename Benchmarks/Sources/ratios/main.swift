// Quick mode: DTOKit against Codable (JSONDecoder/JSONEncoder) and JSONSerialization on the same
// generated types and the same bytes, in one process, printed as one table of ratios.
//
//   swift run --package-path Benchmarks -c release ratios [--seconds S] [--payload ID] [--details]
//
// Medians of calibrated batches, libraries interleaved; allocations counted on one extra call each.
import BenchmarkCases
import Foundation
import MallocCounter

struct Options {
    var secondsPerPair = 1.2
    var payloadFilter: String?
    var details = true

    init(_ arguments: [String]) throws {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--seconds":
                guard let value = rest.popFirst().flatMap(Double.init), value > 0 else { throw usage }
                secondsPerPair = value
            case "--payload":
                guard let value = rest.popFirst() else { throw usage }
                payloadFilter = value
            case "--no-details":
                details = false
            case "--help", "-h":
                print(Options.help)
                exit(0)
            default:
                throw usage
            }
        }
    }

    var usage: Error { CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: Options.help]) }

    static let help = """
        usage: ratios [--seconds S] [--payload ID] [--no-details]
          --seconds S     time budget per payload and direction, shared by the three libraries (default 1.2)
          --payload ID    only this payload: techstacks-1mb, techstacks-1kb, values, gallery
          --no-details    print the ratio table only
        """
}

struct Measurement {
    var seconds: [Library: Double]
    var mallocs: [Library: Int64]
    var outputBytes: [Library: Int]
    /// Decode: the allocations the decoded value holds (objects, arrays, long strings).
    var held: Int?
}

func countMallocs(_ body: () throws -> Any) rethrows -> Int64 {
    malloc_counter_start()
    let result = try body()
    let count = malloc_counter_stop()
    Timing.consume(result)
    return count
}

/// The processor's name on Linux, for the report.
var cpuModel: String? {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
          let colon = line.firstIndex(of: ":") else { return nil }
    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
}

func format(_ value: Double, decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let count = text.count
    if count >= width { return text }
    let padding = String(repeating: " ", count: width - count)
    return left ? text + padding : padding + text
}

func duration(_ seconds: Double) -> String {
    if seconds >= 1e-3 { return format(seconds * 1e3, decimals: 2) + " ms" }
    return format(seconds * 1e6, decimals: 2) + " µs"
}

func bytes(_ count: Int) -> String {
    count >= 10_000 ? "\(count / 1000) KB" : "\(count) B"
}

do {
    let options = try Options(CommandLine.arguments)
    let started = Date()
    let payloads = try Payloads.all().filter { options.payloadFilter == nil || $0.id == options.payloadFilter }
    for payload in payloads {
        if let problem = payload.verify() {
            print("verification failed: \(problem)")
            exit(1)
        }
    }
    let timing = Timing(seconds: options.secondsPerPair)
    var results: [(Payload, decode: Measurement, encode: Measurement)] = []
    for payload in payloads {
        var byDirection: [Direction: Measurement] = [:]
        for direction in Direction.allCases {
            let operations: [(key: Library, run: () throws -> Any)] = Library.allCases.compactMap { library in
                switch direction {
                case .decode:
                    return payload.decode[library].map { (library, $0) }
                case .encode:
                    return payload.encode[library].map { encode in (library, { try encode() }) }
                }
            }
            let seconds = try timing.medians(operations)
            var mallocs: [Library: Int64] = [:]
            var outputBytes: [Library: Int] = [:]
            for operation in operations {
                mallocs[operation.key] = try countMallocs(operation.run)
                if direction == .encode, let data = try operation.run() as? Data {
                    outputBytes[operation.key] = data.count
                }
            }
            let held = direction == .decode
                ? try payload.decode[.dtokit].map { AllocationCensus.allocations(heldBy: try $0()) }
                : nil
            byDirection[direction] = Measurement(seconds: seconds, mallocs: mallocs, outputBytes: outputBytes,
                                                 held: held)
        }
        results.append((payload, byDirection[.decode]!, byDirection[.encode]!))
    }

    // The ratio table.
    let titleWidth = max(36, payloads.map(\.title.count).max() ?? 0)
    print("")
    print("DTOKit speed-up (median time of the other library ÷ median time of DTOKit; higher is better)")
    print("")
    let header = pad("payload", titleWidth, left: true) + " | " + pad("size", 7)
        + " | " + pad("decode vs JSONDecoder", 21) + " | " + pad("encode vs JSONEncoder", 21)
        + " | " + pad("decode vs JSONSerialization", 27) + " | " + pad("encode vs JSONSerialization", 27)
    print(header)
    print(String(repeating: "-", count: header.count))
    for (payload, decode, encode) in results {
        func ratio(_ measurement: Measurement, _ other: Library) -> String {
            guard let mine = measurement.seconds[.dtokit], let theirs = measurement.seconds[other], mine > 0 else { return "-" }
            return format(theirs / mine) + "×"
        }
        print(pad(payload.title, titleWidth, left: true) + " | " + pad(bytes(payload.json.count), 7)
              + " | " + pad(ratio(decode, .codable), 21) + " | " + pad(ratio(encode, .codable), 21)
              + " | " + pad(ratio(decode, .jsonSerialization), 27) + " | " + pad(ratio(encode, .jsonSerialization), 27))
    }

    if options.details {
        print("")
        print("Per call (median), throughput and heap allocations per call")
        print("")
        let detailHeader = pad("payload", titleWidth, left: true) + " | " + pad("op", 6, left: true) + " | "
            + pad("library", 17, left: true) + " | " + pad("time", 10) + " | " + pad("MB/s", 8) + " | "
            + pad("objects/s", 10) + " | " + pad("mallocs", 8) + " | " + pad("result holds", 12)
        print(detailHeader)
        print(String(repeating: "-", count: detailHeader.count))
        for (payload, decode, encode) in results {
            for (direction, measurement) in [(Direction.decode, decode), (.encode, encode)] {
                for library in Library.allCases {
                    guard let seconds = measurement.seconds[library] else { continue }
                    // Decode: the payload's bytes; encode: the bytes this library wrote.
                    let byteCount = direction == .decode ? payload.json.count : measurement.outputBytes[library] ?? 0
                    let mallocs = malloc_counter_is_supported() ? "\(measurement.mallocs[library] ?? 0)" : "n/a"
                    print(pad(payload.title, titleWidth, left: true) + " | " + pad(direction.rawValue, 6, left: true)
                          + " | " + pad(library.rawValue, 17, left: true) + " | " + pad(duration(seconds), 10)
                          + " | " + pad(format(Double(byteCount) / seconds / 1e6, decimals: 0), 8)
                          + " | " + pad(format(Double(payload.objectCount) / seconds, decimals: 0), 10)
                          + " | " + pad(mallocs, 8)
                          + " | " + pad(measurement.held.map(String.init) ?? "", 12))
                }
            }
        }
        print("")
        print("objects per payload: " + payloads.map { "\($0.id) \($0.objectCount)" }.joined(separator: ", "))
        print("result holds: heap allocations the decoded value keeps (objects, non-empty arrays and dictionaries,")
        print("strings over 15 UTF-8 bytes); mallocs = malloc calls during one call (0 on platforms without counting)")
    }
    // The speed targets of the benchmark's issue, checked on this run.
    if options.payloadFilter == nil, let first = results.first {
        func ratio(_ measurement: Measurement) -> Double {
            (measurement.seconds[.codable] ?? 0) / max(measurement.seconds[.dtokit] ?? 1, 1e-12)
        }
        let decodeAll = results.map { ratio($0.decode) }.min() ?? 0
        let encodeAll = results.map { ratio($0.encode) }.min() ?? 0
        let met = ratio(first.decode) >= 10 && decodeAll >= 5 && ratio(first.encode) >= 8 && encodeAll >= 4
        print("")
        print("targets: decode ≥ 10× JSONDecoder on payload 1 (\(format(ratio(first.decode)))×) and ≥ 5× on every payload "
              + "(lowest \(format(decodeAll))×); encode ≥ 8× JSONEncoder on payload 1 (\(format(ratio(first.encode)))×) "
              + "and ≥ 4× on every payload (lowest \(format(encodeAll))×): \(met ? "met" : "NOT met")")
    }
    let info = ProcessInfo.processInfo
    print("")
    print("\(info.activeProcessorCount) cores\(cpuModel.map { " (\($0))" } ?? ""), \(info.operatingSystemVersionString); "
          + "finished in \(format(Date().timeIntervalSince(started))) s")
} catch {
    print("ratios: \(error)")
    exit(1)
}
