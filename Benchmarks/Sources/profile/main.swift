// Runs one operation in a loop, for profilers:
//
//   swift build --package-path Benchmarks -c release --product profile
//   valgrind --tool=callgrind --callgrind-out-file=decode.out --toggle-collect='*profiledLoop*' \
//       Benchmarks/.build/release/profile techstacks-1mb decode DTOKit 20
//   callgrind_annotate decode.out | head -60
//
// callgrind counts instructions, which repeat exactly from run to run whatever else the machine does;
// `--toggle-collect` leaves out building the payload and a first, warm-up call.
import BenchmarkCases
import Foundation

let arguments = CommandLine.arguments
// `profile dump <id>` writes a payload's JSON to standard output.
if arguments.count == 3, arguments[1] == "dump" {
    do {
        guard let payload = try Payloads.named(arguments[2]) else { exit(2) }
        FileHandle.standardOutput.write(payload.json)
        exit(0)
    } catch {
        print("profile: \(error)")
        exit(1)
    }
}
guard arguments.count >= 4,
    let direction = Direction(rawValue: arguments[2]),
    let library = Library.allCases.first(where: { $0.argument == arguments[3].lowercased() })
else {
    print(
        "usage: profile <techstacks-1mb|techstacks-1kb|values|gallery> <decode|encode> "
            + "<\(Library.allCases.map(\.argument).joined(separator: "|"))> [iterations]")
    print("       profile dump <payload>")
    exit(2)
}
/// The measured calls (named for callgrind's `--toggle-collect`).
@inline(never)
func profiledLoop(_ iterations: Int, _ operation: () throws -> Any) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations {
        Timing.consume(try operation())
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let iterations = arguments.count > 4 ? Int(arguments[4]) ?? 10 : 10
do {
    guard let payload = try Payloads.named(arguments[1]) else {
        print("unknown payload \(arguments[1])")
        exit(2)
    }
    let decode = payload.decode[library]
    let encode = payload.encode[library]
    guard let operation: () throws -> Any = direction == .decode ? decode : encode.map({ encode in { try encode() } })
    else {
        print("\(library.rawValue) has no \(direction.rawValue) of \(payload.id)")
        exit(2)
    }
    // One call outside the measured loop: the first builds the types' tables and fills caches,
    // which happens once per process and would otherwise be counted as if every call paid it.
    Timing.consume(try operation())
    let seconds = try profiledLoop(iterations, operation)
    print(
        "\(payload.id) \(direction.rawValue) \(library.rawValue): \(iterations) calls, "
            + String(format: "%.3f ms per call", seconds / Double(iterations) * 1000))
} catch {
    print("profile: \(error)")
    exit(1)
}
