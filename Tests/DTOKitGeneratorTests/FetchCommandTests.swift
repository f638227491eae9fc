import DTOKitCommandLine
import DTOKitGenerator
import Foundation
import XCTest

/// `dtokit fetch` against a real HTTP server on loopback (Python's `http.server` serving a snapshot file).
final class FetchCommandTests: XCTestCase {
    private var directory: URL!
    private var server: LoopbackFileServer!
    private var baseUrl: String { server.baseUrl }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dtokit-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        server = try LoopbackFileServer()
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private func serve(_ snapshot: String) throws {
        try server.serveSnapshot(snapshot)
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
