import DTOKitGenerateCommand
import DTOKitGenerator
import Foundation

/// `dtokit update <NAME.metadata.json>…`: downloads each snapshot again from the `BaseUrl` of the options
/// file beside it, read by the generator's own options parser (so a mistyped options file fails here
/// as it would at build time). What the `update-dtos` command plugin runs.
struct UpdateCommand {
    let snapshots: [String]
    let timeout: TimeInterval

    init(arguments: [String]) throws {
        let list = try ArgumentList(arguments, valueOptions: ["--timeout"], help: Help.update)
        guard !list.positional.isEmpty else {
            throw UsageError(message: "expected one or more <NAME.metadata.json>", help: Help.update)
        }
        snapshots = list.positional
        timeout = try FetchCommand.timeout(list.values["--timeout"], help: Help.update)
    }

    func run(console: inout CommandLineTool.Console) async throws {
        var updated = 0
        for snapshot in snapshots {
            guard FileManager.default.fileExists(atPath: snapshot) else {
                throw ToolError(description: "error: snapshot `\(snapshot)` does not exist")
            }
            let optionsName = SnapshotFileNames.optionsFileName(
                forBase: SnapshotFileNames.baseName(ofSnapshot: snapshot))
            let optionsFile = FileAccess.optionsFile(besideSnapshot: snapshot)
            let options = try optionsFile.map {
                try OptionsFile.parse(FileAccess.readText($0, what: "options file"), fileName: $0)
            }
            guard let baseUrl = options?.baseUrl else {
                console.errors +=
                    "\(snapshot): warning: not updated: add `\(OptionKey.baseUrl.rawValue): https://your.server` "
                    + "to \(optionsName) so that it can be downloaded again\n"
                continue
            }
            guard let url = FetchCommand.metadataUrl(forBase: baseUrl) else {
                throw ToolError(
                    description: "\(optionsFile ?? optionsName): error: `\(OptionKey.baseUrl.rawValue)` must be "
                        + "an http(s) URL, found `\(baseUrl)`")
            }
            try await FetchCommand(metadataUrl: url, outputPath: snapshot, timeout: timeout).run(console: &console)
            updated += 1
        }
        console.output += "\(updated) snapshot(s) refreshed\n"
    }
}
