import DTOKitCommandLine
import DTOKitGenerator
import Foundation
import XCTest

/// `dtokit` commands and their error messages, run in-process.
final class CommandLineTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dtokit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String]) async -> (code: Int32, console: CommandLineTool.Console) {
        var console = CommandLineTool.Console()
        let code = await CommandLineTool.run(arguments, console: &console)
        return (code, console)
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testGenerateToStandardOutputUsesTheOptionsTwin() async throws {
        let snapshot = try write(
            Snippet.snapshot(types: Snippet.type("Todo", Snippet.property("Title", "String"))), "todos.metadata.json")
        _ = try write("AccessLevel: internal\n", "todos.options")
        let result = await run(["generate", snapshot])
        XCTAssertEqual(result.code, 0, result.console.errors)
        XCTAssertTrue(result.console.output.contains("\nnonisolated class Todo {"), result.console.output)
        XCTAssertTrue(result.console.output.contains("AccessLevel: internal"))
    }

    func testGenerateIntoADirectoryRewritesOnlyChangedFiles() async throws {
        let snapshot = try write(
            Snippet.snapshot(types: Snippet.type("Todo", Snippet.property("Title", "String"))), "todos.metadata.json")
        // A folder that does not exist yet (the plugin's work folder in a build system that does not make it).
        let output = directory.appendingPathComponent("work/todos")
        let first = await run(["generate", snapshot, "--output-dir", output.path, "--file-count", "4"])
        XCTAssertEqual(first.code, 0, first.console.errors)
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        XCTAssertEqual(names, ["todos.dtos.1.swift", "todos.dtos.2.swift", "todos.dtos.3.swift", "todos.dtos.4.swift"])
        let file = output.appendingPathComponent("todos.dtos.1.swift")
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
        let second = await run(["generate", snapshot, "--output-dir", output.path, "--file-count", "4"])
        XCTAssertEqual(second.code, 0)
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        XCTAssertEqual(modified, past, "an unchanged file must not be rewritten")
    }

    func testErrorsAreClearAndExitNonZero() async throws {
        let missing = await run(["generate", directory.appendingPathComponent("nope.metadata.json").path])
        XCTAssertEqual(missing.code, 1)
        XCTAssertTrue(missing.console.errors.contains("nope.metadata.json` does not exist"), missing.console.errors)

        let malformed = try write("{\"types\": [1,]}", "bad.metadata.json")
        let bad = await run(["generate", malformed])
        XCTAssertEqual(bad.code, 1)
        XCTAssertTrue(bad.console.errors.contains("bad.metadata.json:1:"), bad.console.errors)
        XCTAssertTrue(bad.console.errors.contains("error: the snapshot is not valid metadata JSON"), bad.console.errors)

        let snapshot = try write(Snippet.snapshot(), "ok.metadata.json")
        let options = try write("//fine\nMakeItFast: True\n", "ok.options")
        let badOptions = await run(["generate", snapshot, "--options", options])
        XCTAssertEqual(badOptions.code, 1)
        XCTAssertTrue(
            badOptions.console.errors.contains("ok.options:2:1: error: unknown option `MakeItFast`"),
            badOptions.console.errors)

        let usage = await run(["generate"])
        XCTAssertEqual(usage.code, 64)
        XCTAssertTrue(usage.console.errors.contains("error: missing <snapshot.json>"))
        XCTAssertTrue(usage.console.errors.contains("USAGE: dtokit generate"))

        let unknownOption = await run(["generate", snapshot, "--fast"])
        XCTAssertEqual(unknownOption.code, 64)
        XCTAssertTrue(unknownOption.console.errors.contains("unknown option `--fast`"))

        let unknownCommand = await run(["build"])
        XCTAssertEqual(unknownCommand.code, 64)
        XCTAssertTrue(unknownCommand.console.errors.contains("unknown command `build`"))

        let badCount = await run(["generate", snapshot, "--output-dir", directory.path, "--file-count", "0"])
        XCTAssertEqual(badCount.code, 64)

        let badUrl = await run(["fetch", "ftp://example.org"])
        XCTAssertEqual(badUrl.code, 64)
        XCTAssertTrue(badUrl.console.errors.contains("is not an http(s) URL"))
    }

    /// The build plugin says which modules the target can import: DTOs generated as structs without
    /// DTOKitStructs among them fail with one error at the option, saying what to add.
    func testStructsWithoutDTOKitStructsSayWhichProductToAdd() async throws {
        let snapshot = try write(
            Snippet.snapshot(types: Snippet.type("Todo", Snippet.property("Title", "String"))), "todos.metadata.json")
        let options = try write("// structs\nExportAsStructs: True\n", "todos.options")
        let missing = await run(["generate", snapshot, "--target", "DTOs", "--importable-modules", "DTOKit,Shared"])
        XCTAssertEqual(missing.code, 1)
        XCTAssertTrue(
            missing.console.errors.contains(
                "\(options):2:1: error: ExportAsStructs: True generates DTOs that import "
                    + "DTOKitStructs, but target 'DTOs' does not depend on it"), missing.console.errors)
        XCTAssertTrue(
            missing.console.errors.contains(
                #"add .product(name: "DTOKitStructs", package: "DTOKit") to the dependencies of target 'DTOs'"#),
            missing.console.errors)
        let present = await run([
            "generate", snapshot, "--target", "DTOs", "--importable-modules", "DTOKit,DTOKitStructs",
        ])
        XCTAssertEqual(present.code, 0, present.console.errors)
        let unknown = await run(["generate", snapshot])
        XCTAssertEqual(unknown.code, 0, "without the list (Xcode projects, the command line) nothing is checked")
    }

    func testHelpForEachCommand() async {
        for command in [["--help"], ["help"], ["generate", "--help"], ["fetch", "--help"], ["help", "fetch"]] {
            let result = await run(command)
            XCTAssertEqual(result.code, 0)
            XCTAssertTrue(result.console.output.contains("USAGE: dtokit"), "\(command)")
        }
    }

    /// One version, from one place: `--version`, the generated header, the README's dependency line and
    /// the changelog's next version (the last two checked by Scripts/check-api.py).
    func testVersionIsStatedWhereUsersSeeIt() async throws {
        for command in [["--version"], ["version"]] {
            let result = await run(command)
            XCTAssertEqual(result.code, 0)
            XCTAssertEqual(result.console.output, "dtokit \(DTOKitVersion.current)\n")
        }
        let snapshot = try write(Snippet.snapshot(types: Snippet.type("Todo")), "todos.metadata.json")
        let generated = await run(["generate", snapshot])
        XCTAssertTrue(
            generated.console.output.hasPrefix(
                "// Generated by DTOKit \(DTOKitVersion.current) from todos.metadata.json."),
            generated.console.output)
        XCTAssertNotNil(
            DTOKitVersion.current.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/),
            "a semantic version: \(DTOKitVersion.current)")
    }

    func testConflictingSnapshotsInOneTarget() async throws {
        let first = try write(
            Snippet.snapshot(types: Snippet.type("Shared") + "," + Snippet.type("OnlyA")), "a.metadata.json")
        let second = try write(Snippet.snapshot(types: Snippet.type("Shared")), "b.metadata.json")
        let result = await run(["generate", first, "--conflicts-with", second])
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(
            result.console.errors.contains("1 type(s) are also declared by \(second), in the same target: `Shared`"),
            result.console.errors)
    }

    func testFetchUrlForms() async throws {
        // Validation of what `fetch` downloads is the snapshot loader's; here only the URL handling.
        let result = await run(["fetch", "http://127.0.0.1:1", "--timeout", "2"])
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(
            result.console.errors.contains("cannot download http://127.0.0.1:1/types/metadata"), result.console.errors)
    }
}
