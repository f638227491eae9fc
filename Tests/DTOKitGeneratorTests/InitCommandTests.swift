import DTOKitCommandLine
import DTOKitGenerateCommand
import DTOKitGenerator
import Foundation
import XCTest

/// `dtokit init` against a real HTTP server on loopback: the files of a DTOs-only target, never overwritten.
final class InitCommandTests: XCTestCase {
    private var directory: URL!
    private var server: LoopbackFileServer!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dtokit-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        server = try LoopbackFileServer()
        try server.serveSnapshot(Snippet.snapshot(types: Snippet.type("Todo", Snippet.property("Title", "String"))))
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String]) async -> (code: Int32, console: CommandLineTool.Console) {
        var console = CommandLineTool.Console()
        let code = await CommandLineTool.run(arguments, console: &console)
        return (code, console)
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    private func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func testCreatesTheSnapshotOptionsAndSwiftFileOfANewTarget() async throws {
        let target = directory.appendingPathComponent("Sources/DTOs").path
        let result = await run(["init", server.baseUrl + "/", "--target-dir", target])
        XCTAssertEqual(result.code, 0, result.console.errors)
        XCTAssertEqual(try files(in: target), ["DTOs.swift", "api.metadata.json", "api.options"])
        XCTAssertTrue(
            result.console.output.hasPrefix(
                """
                Wrote \(target)/api.metadata.json
                Wrote \(target)/api.options
                Wrote \(target)/DTOs.swift

                If Package.swift does not declare the target yet, add it
                """), result.console.output)
        // Not under Sources/ of the current folder: the target needs its path.
        XCTAssertTrue(
            result.console.output.contains(
                """
                    .target(
                        name: "DTOs",
                        path: "\(target)",
                        dependencies: [.product(name: "DTOKit", package: "DTOKit")],
                        plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]
                    ),
                """), result.console.output)
        // The app's dependencies, as the README's step 1 has them: the DTOs, DTOKit and DTOKitClient.
        XCTAssertTrue(
            result.console.output.contains(
                """
                        dependencies: [
                            "DTOs",
                            .product(name: "DTOKit", package: "DTOKit"),
                            .product(name: "DTOKitClient", package: "DTOKit"),
                        ],
                """), result.console.output)

        // The snapshot as `dtokit fetch` writes it.
        let fetched = directory.appendingPathComponent("fetched.metadata.json").path
        let fetch = await run(["fetch", server.baseUrl, "--output", fetched])
        XCTAssertEqual(fetch.code, 0, fetch.console.errors)
        XCTAssertEqual(try read("\(target)/api.metadata.json"), try read(fetched))

        // The options: BaseUrl set, everything else at its default, in the generated header's form.
        let optionsText = try read("\(target)/api.options")
        var expected = GeneratorOptions()
        expected.baseUrl = server.baseUrl
        XCTAssertEqual(try OptionsFile.parse(optionsText, fileName: "api.options"), expected)
        XCTAssertTrue(
            optionsText.hasPrefix(
                "/* Options:\nTip: To override a DTO option, remove \"//\" prefix before updating\nBaseUrl: \(server.baseUrl)\n\n//BaseClass:\n"
            ),
            optionsText)
        XCTAssertTrue(
            optionsText.contains(
                "\n//AddCodable: False\n//KeepUnknownEnumValues: False\n//ExportAsStructs: False\n*/\n"), optionsText)
        // … so that it is the same block as the header of the code generated with it.
        let generate = await run(["generate", "\(target)/api.metadata.json"])
        XCTAssertEqual(generate.code, 0, generate.console.errors)
        let header = try XCTUnwrap(
            generate.console.output.range(of: "/* Options:").flatMap { start in
                generate.console.output.range(of: "*/\n", range: start.lowerBound..<generate.console.output.endIndex)
                    .map { String(generate.console.output[start.lowerBound..<$0.upperBound]) }
            })
        XCTAssertEqual(optionsText, header)

        // The Swift file: an import, and a comment saying why it is there.
        let swift = try read("\(target)/DTOs.swift")
        XCTAssertTrue(swift.hasSuffix("\nimport DTOKit\n"), swift)
        XCTAssertTrue(swift.contains("from the api.metadata.json beside this"), swift)
        XCTAssertTrue(swift.contains("SwiftPM builds a folder as a target only when it contains a Swift file"), swift)
    }

    func testNeverOverwritesAndAddsOnlyWhatIsMissing() async throws {
        let target = directory.appendingPathComponent("Sources/TechStacks").path
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let snapshot = "\(target)/techstacks.metadata.json"
        try Snippet.snapshot().write(toFile: snapshot, atomically: true, encoding: .utf8)

        // Only the snapshot: the folder's one snapshot gives NAME, the Swift file is added, no options
        // without a BaseUrl to put in them.
        let first = await run(["init", "--target-dir", target])
        XCTAssertEqual(first.code, 0, first.console.errors)
        XCTAssertEqual(try files(in: target), ["TechStacks.swift", "techstacks.metadata.json"])
        XCTAssertTrue(
            first.console.output.hasPrefix(
                """
                Kept \(snapshot) (`dtokit fetch` or `swift package update-dtos` refreshes it)
                Wrote \(target)/TechStacks.swift

                """), first.console.output)
        XCTAssertTrue(try read("\(target)/TechStacks.swift").contains("techstacks.metadata.json"))

        // With the server: the existing snapshot is kept (not downloaded again), the options are added.
        try "// mine\nimport DTOKit\n".write(toFile: "\(target)/TechStacks.swift", atomically: true, encoding: .utf8)
        let second = await run(["init", server.baseUrl, "--target-dir", target])
        XCTAssertEqual(second.code, 0, second.console.errors)
        XCTAssertEqual(try files(in: target), ["TechStacks.swift", "techstacks.metadata.json", "techstacks.options"])
        XCTAssertEqual(try read(snapshot), Snippet.snapshot())
        XCTAssertEqual(try read("\(target)/TechStacks.swift"), "// mine\nimport DTOKit\n")
        XCTAssertTrue(second.console.output.contains("Kept the Swift files in \(target)"), second.console.output)

        // Everything exists: nothing is written.
        try "BaseUrl: https://example.org\n".write(
            toFile: "\(target)/techstacks.options", atomically: true, encoding: .utf8)
        let third = await run(["init", server.baseUrl, "--target-dir", target])
        XCTAssertEqual(third.code, 0, third.console.errors)
        XCTAssertFalse(third.console.output.contains("Wrote"), third.console.output)
        XCTAssertEqual(try read("\(target)/techstacks.options"), "BaseUrl: https://example.org\n")
        XCTAssertEqual(try files(in: target), ["TechStacks.swift", "techstacks.metadata.json", "techstacks.options"])
    }

    func testAConventionalFolderNeedsNoPathInPackageSwift() async throws {
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let result = await run(["init", server.baseUrl, "--name", "todos", "--target-dir", "./Sources/Todos/"])
        XCTAssertEqual(result.code, 0, result.console.errors)
        XCTAssertTrue(
            result.console.output.hasPrefix("Wrote Sources/Todos/todos.metadata.json\n"), result.console.output)
        XCTAssertTrue(
            result.console.output.contains("        name: \"Todos\",\n        dependencies:"), result.console.output)
        XCTAssertFalse(result.console.output.contains("path:"), result.console.output)
        XCTAssertEqual(
            try files(in: directory.appendingPathComponent("Sources/Todos").path),
            ["Todos.swift", "todos.metadata.json", "todos.options"])
    }

    /// The TechStacks sample shows the layout `dtokit init` creates: the same Swift file, and options in
    /// the form of the generated header.
    func testTheSampleHoldsWhatInitWrites() async throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/TechStacks/Sources/DTOs")
        let target = directory.appendingPathComponent("DTOs")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: sample.appendingPathComponent("techstacks.metadata.json"),
            to: target.appendingPathComponent("techstacks.metadata.json"))
        let result = await run(["init", "--target-dir", target.path])
        XCTAssertEqual(result.code, 0, result.console.errors)
        XCTAssertEqual(
            try read(target.appendingPathComponent("DTOs.swift").path),
            try read(sample.appendingPathComponent("DTOs.swift").path))

        let options = sample.appendingPathComponent("techstacks.options").path
        let generate = await run([
            "generate", target.appendingPathComponent("techstacks.metadata.json").path,
            "--options", options,
        ])
        XCTAssertEqual(generate.code, 0, generate.console.errors)
        XCTAssertTrue(
            generate.console.output.contains("\n" + (try read(options))),
            "the sample's options are not in the header's form")
    }

    func testFailuresLeaveNothingBehind() async throws {
        let target = directory.appendingPathComponent("Sources/DTOs").path

        let notFound = await run(["init", server.baseUrl + "/nothing/here", "--target-dir", target])
        XCTAssertEqual(notFound.code, 1)
        XCTAssertTrue(notFound.console.errors.contains("answered HTTP 404"), notFound.console.errors)

        try server.serveSnapshot(#"{"hello":"world"}"#)
        let notASnapshot = await run(["init", server.baseUrl, "--target-dir", target])
        XCTAssertEqual(notASnapshot.code, 1)
        XCTAssertTrue(
            notASnapshot.console.errors.contains("not a ServiceStack metadata snapshot"), notASnapshot.console.errors)

        let noServer = await run(["init", "--target-dir", target])
        XCTAssertEqual(noServer.code, 64)
        XCTAssertTrue(
            noServer.console.errors.contains(
                "error: \(target) has no api.metadata.json; give the <baseUrl> to download it from"),
            noServer.console.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target), "a failed init must not create the folder")

        let file = directory.appendingPathComponent("plain-file").path
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let notAFolder = await run(["init", "--target-dir", file])
        XCTAssertEqual(notAFolder.code, 1)
        XCTAssertTrue(
            notAFolder.console.errors.contains("`\(file)` exists and is not a folder"), notAFolder.console.errors)
    }

    func testUsageErrorsAndHelp() async throws {
        let badName = await run(["init", server.baseUrl, "--name", "../api"])
        XCTAssertEqual(badName.code, 64)
        XCTAssertTrue(
            badName.console.errors.contains("--name must be a file name without folder or extension"),
            badName.console.errors)

        let badUrl = await run(["init", "techstacks.io"])
        XCTAssertEqual(badUrl.code, 64)
        XCTAssertTrue(badUrl.console.errors.contains("`techstacks.io` is not an http(s) URL"), badUrl.console.errors)
        XCTAssertTrue(badUrl.console.errors.contains("USAGE: dtokit init"), badUrl.console.errors)

        let two = await run(["init", server.baseUrl, server.baseUrl])
        XCTAssertEqual(two.code, 64)

        let help = await run(["init", "--help"])
        XCTAssertEqual(help.code, 0)
        XCTAssertTrue(
            help.console.output.hasPrefix("OVERVIEW: Create a target that holds a server's DTOs"), help.console.output)
        let viaHelp = await run(["help", "init"])
        XCTAssertEqual(viaHelp.console.output, help.console.output)
        let overview = await run(["help"])
        XCTAssertTrue(overview.console.output.contains("\n  init  "), overview.console.output)
    }
}
