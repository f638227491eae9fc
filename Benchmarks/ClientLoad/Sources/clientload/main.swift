// The client under load: rounds of small calls, `--concurrency` at a time, against `loadserver`,
// over each transport, three ways — the transport alone (a request sent, its body read), the
// client (`getAsync` of a request DTO: route, query string, headers, cookies, timeout, decoding),
// and the client's blocking form from as many threads. Per round it prints the calls per second,
// the CPU time this process spent per call (user + system), the failures, and the heap in use after
// the round; then the client's CPU per call and throughput against its transport's, and how the heap
// moved after the first round.
//
//   clientload [--calls 3000] [--rounds 5] [--concurrency 32] [--transports urlsession,asynchttpclient,canned]
//              [--paths transport,client,blocking] [--server http://127.0.0.1:PORT]
import DTOKit
import DTOKitAsyncHTTPClient
import DTOKitClient
import Foundation
import HeapInUse
import LoadDTOs

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let options = Options(CommandLine.arguments.dropFirst())
let needsServer = options.server == nil && options.transports.contains { $0 != "canned" }
let server: LoadServer
do {
    server = try needsServer ? LoadServer.start() : LoadServer(baseUrl: options.server ?? "http://127.0.0.1:1")
} catch {
    // Most often: `loadserver` is not built beside this program (`swift run` builds only clientload).
    FileHandle.standardError.write(
        Data(
            "clientload: cannot start loadserver (\(error.localizedDescription)); build the whole package first: swift build -c release --package-path Benchmarks/ClientLoad\n"
                .utf8))
    exit(1)
}
print(
    "client load: \(options.rounds) rounds of \(options.calls) calls, \(options.concurrency) at a time, against \(server.baseUrl)"
)
print(
    "(\(ProcessInfo.processInfo.activeProcessorCount) cores; CPU is this process's user + system time; heap: bytes in use after the round)"
)
print("")
print(Row.header)
var results: [Row] = []
for transportName in options.transports {
    let transport: any HTTPTransport =
        switch transportName {
        case "asynchttpclient": AsyncHTTPClientTransport()
        case "canned": CannedTransport()
        default: URLSessionTransport()
        }
    let loads = options.paths.map {
        Load(path: $0, transport: transport, baseUrl: server.baseUrl, concurrency: options.concurrency)
    }
    for load in loads {
        _ = await load.run(calls: min(200, options.calls))  // connections opened, tables built
    }
    // The paths take turns round by round, so that a change in the machine's load hits them alike.
    for round in 1...options.rounds {
        for load in loads {
            let row = await Row.measure(transport: transportName, path: load.path, round: round, calls: options.calls) {
                await load.run(calls: options.calls)
            }
            print(row.line)
            results.append(row)
        }
    }
}
print("")
Summary(results).print()
server.stop()
