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

        try serve(
            Snippet.snapshot(
                types: Snippet.type(
                    "Todo",
                    Snippet.property("Title", "String") + ","
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

    /// `dtokit update` (what `update-dtos` runs): the BaseUrl comes from the options file, read by the same
    /// parser as at build time; a snapshot without one is skipped with a warning naming it.
    func testUpdateDownloadsFromEachOptionsFilesBaseUrl() async throws {
        try serve(Snippet.snapshot(types: Snippet.type("Todo", Snippet.property("Title", "String"))))
        let api = directory.appendingPathComponent("api.metadata.json").path
        let other = directory.appendingPathComponent("other.metadata.json").path
        let old = Snippet.snapshot(types: Snippet.type("Todo"))
        try old.write(toFile: api, atomically: true, encoding: .utf8)
        try old.write(toFile: other, atomically: true, encoding: .utf8)
        try "/* Options:\n//AddCodable: False\nBaseUrl: \(baseUrl)\n*/\n"
            .write(to: directory.appendingPathComponent("api.options"), atomically: true, encoding: .utf8)

        var console = CommandLineTool.Console()
        var code = await CommandLineTool.run(["update", api, other], console: &console)
        XCTAssertEqual(code, 0, console.errors)
        XCTAssertEqual(console.output, "\(api): 0 added, 0 removed, 1 changed\n  ~ Todo\n1 snapshot(s) refreshed\n")
        XCTAssertEqual(
            console.errors,
            "\(other): warning: not updated: add `BaseUrl: https://your.server` to "
                + "other.options so that it can be downloaded again\n")
        XCTAssertEqual(
            try String(contentsOfFile: other, encoding: .utf8), old, "a snapshot without BaseUrl is left alone")

        // A mistyped options file fails as the build would, naming the line.
        try "BaseUrl: \(baseUrl)\nBaseURL: \(baseUrl)\n"
            .write(to: directory.appendingPathComponent("api.options"), atomically: true, encoding: .utf8)
        console = CommandLineTool.Console()
        code = await CommandLineTool.run(["update", api], console: &console)
        XCTAssertEqual(code, 1)
        XCTAssertTrue(
            console.errors.contains("api.options:2:1: error: unknown option `BaseURL` (did you mean `BaseUrl`?)"),
            console.errors)
    }
}
