import DTOKit
import DTOKitClient
import Foundation

// techstacks [--base-url URL]
//
// Calls the TechStacks services with JsonServiceClient and the DTOs of the `DTOs` target, generated
// from Sources/DTOs/techstacks.metadata.json. Without --base-url it starts the bundled demo server on a
// free loopback port and talks to it over real HTTP.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        USAGE: techstacks [--base-url <url>]

          --base-url <url>   A TechStacks server (default: start the bundled demo server)
        """)
    exit(0)
}

var baseUrl: String?
if let index = arguments.firstIndex(of: "--base-url") {
    guard index + 1 < arguments.count else {
        FileHandle.standardError.write(Data("error: --base-url needs a URL\n".utf8))
        exit(64)
    }
    baseUrl = arguments[index + 1]
}

var server: DemoServer?
do {
    if baseUrl == nil {
        let demo = try DemoServer()
        server = demo
        baseUrl = demo.baseUrl
        print("Started the demo server at \(demo.baseUrl)\n")
    }
    try await TechStacksTour(client: JsonServiceClient(baseUrl: baseUrl ?? ""), isDemoServer: server != nil).run()
    server?.stop()
} catch {
    server?.stop()
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
