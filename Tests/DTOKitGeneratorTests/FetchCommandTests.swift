import DTOKitGenerator
import Foundation
import XCTest

/// `dtokit fetch` against a real HTTP server on loopback (Python's `http.server` serving a snapshot file).
final class FetchCommandTests: XCTestCase {
    private var directory: URL!
    private var server: Process?
    private var baseUrl = ""

    // Started here rather than in the async tests: blocking on the pipe inside an async test can stall.
    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dtokit-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("types"), withIntermediateDirectories: true)
        baseUrl = try startServer()
    }

    override func tearDownWithError() throws {
        server?.terminate()
        server?.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Serves `directory` on a free port; returns the base URL.
    private func startServer() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A static file server on a free port that prints the port first.
        let script = """
            import functools, http.server, sys
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print("port", server.server_address[1], flush=True)
            server.serve_forever()
            """
        process.arguments = ["python3", "-c", script, directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        server = process
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let port = try XCTUnwrap(text.components(separatedBy: "port ").dropFirst().first?.prefix { $0.isNumber },
                                 "the file server did not start: \(text)")
        return "http://127.0.0.1:\(port)"
    }

    private func serve(_ snapshot: String) throws {
        try snapshot.write(to: directory.appendingPathComponent("types/metadata"), atomically: true, encoding: .utf8)
    }

    func testFetchWritesPrettySnapshotAndSummarizesChanges() async throws {
        try serve(Snippet.snapshot(types: Snippet.type("Todo", Snippet.property("Title", "String"))))
        let output = directory.appendingPathComponent("api.metadata.json").path

        var console = CommandLineTool.Console()
        var code = await CommandLineTool.run(["fetch", baseUrl + "/", "--output", output], console: &console)
        XCTAssertEqual(code, 0, console.errors)
        XCTAssertEqual(console.output, "Wrote \(output)\n")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("{\n  \"namespaces\": ["), written)
        XCTAssertTrue(written.hasSuffix("}\n"))

        try serve(Snippet.snapshot(types: Snippet.type("Todo", Snippet.property("Title", "String") + ","
            + Snippet.property("Done", "Boolean")) + "," + Snippet.type("User")))
        console = CommandLineTool.Console()
        code = await CommandLineTool.run(["fetch", baseUrl, "--output", output], console: &console)
        XCTAssertEqual(code, 0, console.errors)
        XCTAssertEqual(console.output, "\(output): 1 added, 0 removed, 1 changed\n  + User\n  ~ Todo\n")

        console = CommandLineTool.Console()
        code = await CommandLineTool.run(["fetch", baseUrl, "--output", output], console: &console)
        XCTAssertEqual(console.output, "\(output): no changes\n")
    }

    func testFetchRejectsWhatIsNotASnapshot() async throws {
        try serve(#"{"hello":"world"}"#)
        var console = CommandLineTool.Console()
        let code = await CommandLineTool.run(["fetch", baseUrl], console: &console)
        XCTAssertEqual(code, 1)
        XCTAssertTrue(console.errors.contains("not a ServiceStack metadata snapshot"), console.errors)

        console = CommandLineTool.Console()
        let missing = await CommandLineTool.run(["fetch", baseUrl + "/nothing/here/"], console: &console)
        XCTAssertEqual(missing, 1)
        XCTAssertTrue(console.errors.contains("answered HTTP 404"), console.errors)
    }
}
