// Quick mode: DTOKit against Codable (JSONDecoder/JSONEncoder; also with dates as String on payload 1),
// JSONSerialization, swift-protobuf and simdjson's traversal on the same bytes, in one process,
// printed as tables of ratios.
//
//   swift run --package-path Benchmarks -c release ratios [--seconds S] [--payload ID] [--mode M] [--no-details]
//
// Two timing modes, libraries interleaved in both: medians of calibrated batches, and each call
// timed on its own with the previous result's freeing; allocations counted on one extra call each.
import BenchmarkCases
import Foundation

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
    var results: [(payload: Payload, decode: Measurement, encode: Measurement)] = []
    for payload in payloads {
        results.append(
            (
                payload,
                try Measurement.measure(payload, .decode, timing: timing, modes: options.modes),
                try Measurement.measure(payload, .encode, timing: timing, modes: options.modes)
            ))
    }
    let report = Report(results: results, modes: options.modes)

    print("")
    print(
        "DTOKit speed-up: the other library's median time per call ÷ DTOKit's (higher is better; below 1×, DTOKit is slower)"
    )
    print(
        "timing batch: calibrated batches of calls; single: each call timed on its own, freeing the previous result included"
    )
    print("")
    print(report.ratioTable(.decode))
    print("")
    print(report.ratioTable(.encode))
    if options.details {
        print("")
        print("Per call (median), throughput and heap allocations per call")
        print("")
        print(report.detailTable())
        print("")
        print("objects per payload: " + payloads.map { "\($0.id) \($0.objectCount)" }.joined(separator: ", "))
        print("result holds: heap allocations the decoded value keeps (objects, non-empty arrays and dictionaries,")
        print("strings over 15 UTF-8 bytes); mallocs = malloc calls during one call (0 on platforms without counting)")
        print(
            "Codable, String dates: plain JSONDecoder/JSONEncoder on hand-written classes with dates as String (payload 1)."
        )
        print(
            "swift-protobuf: its own messages (Protos/techstacks.proto), dates kept as strings; encode writes what it decoded."
        )
        print(
            SimdjsonComparison.isAvailable
                ? "simdjson: On-Demand traversal of every value into no objects (strings unescaped, numbers parsed)."
                : "simdjson: not built (install libsimdjson-dev and build and run with DTOKIT_BENCH_SIMDJSON=1 for its row)."
        )
        print(
            "result only: payload 1's objects and Strings built directly, without JSON: the least any decoder into these classes pays."
        )
        print(
            "1s: payload 1 decoded into the same types generated as structs (ExportAsStructs), against Codable on those structs."
        )
    }
    if let line = report.limitLine() {
        print("")
        print(line)
    }
    if let line = report.resultOnlyLine() {
        print(line)
    }
    if let line = report.resultOnlyLine("techstacks-1mb-structs") {
        print(line)
    }
    if options.payloadFilter == nil, let line = report.targetLine() {
        print("")
        print(line)
    }
    if let line = report.structTargetLine() {
        print(line)
    }
    let info = ProcessInfo.processInfo
    print("")
    print(
        "\(info.activeProcessorCount) cores\(cpuModel.map { " (\($0))" } ?? ""), \(info.operatingSystemVersionString); "
            + "finished in \(format(Date().timeIntervalSince(started))) s")
} catch {
    print("ratios: \(error)")
    exit(1)
}
