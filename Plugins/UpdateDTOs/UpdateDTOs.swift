import Foundation
import PackagePlugin

/// `swift package --allow-network-connections all --allow-writing-to-package-directory update-dtos [--target NAME…]`:
/// downloads a fresh snapshot for every `NAME.metadata.json` whose `NAME.options` has a `BaseUrl:` line,
/// and prints the added, removed and changed types.
///
/// A folder under `Sources/` that holds a snapshot but no Swift file is a target SwiftPM skipped; it gets
/// the one-line Swift file it needs (`dtokit init --target-dir Sources/NAME`) and its snapshots are
/// refreshed too. `update-dtos --init <baseUrl> [--target NAME] [--name N]` creates such a target
/// (`dtokit init`): snapshot, options and Swift file.
@main
struct UpdateDTOs: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let initUrls = extractor.extractOption(named: "init")
        let names = extractor.extractOption(named: "name")
        guard extractor.remainingArguments.isEmpty else {
            throw PluginFailure(
                description: "update-dtos: unknown arguments \(extractor.remainingArguments); "
                    + "use [--target NAME…] or --init <baseUrl> [--target NAME] [--name NAME]")
        }
        let tool = try context.tool(named: "DTOKitCommandTool").url
        let package = context.package
        if let baseUrl = initUrls.first {
            guard initUrls.count == 1, targetNames.count <= 1, names.count <= 1 else {
                throw PluginFailure(
                    description: "update-dtos --init creates one target: give one --init, --target and --name")
            }
            try createTarget(
                baseUrl: baseUrl, targetName: targetNames.first ?? "DTOs", name: names.first,
                package: package, tool: tool)
            return
        }
        let wanted = Set(targetNames)

        var snapshots = Snapshots.inTargets(of: package, named: wanted)
        for folder in SnapshotOnlyFolder.find(in: package) where wanted.isEmpty || wanted.contains(folder.name) {
            print(
                "update-dtos: \(folder.relativePath) has a snapshot but no Swift file, so SwiftPM skipped it; adding one"
            )
            try ToolRunner.run(tool, ["init", "--target-dir", folder.relativePath], in: package.directoryURL)
            snapshots += folder.snapshots
        }

        guard !snapshots.isEmpty else {
            Diagnostics.warning(
                "update-dtos found no NAME.metadata.json in \(wanted.isEmpty ? "any target" : "targets \(wanted.sorted())")"
            )
            return
        }
        // The tool reads each snapshot's options file with the generator's parser and says which it skipped.
        try ToolRunner.run(tool, ["update"] + snapshots.map(\.path))
    }

    /// `--init`: `dtokit init` in the target's folder (its folder when the package has the target,
    /// else `Sources/NAME`).
    private func createTarget(baseUrl: String, targetName: String, name: String?, package: Package, tool: URL) throws {
        var folder = "Sources/\(targetName)"
        if let target = package.targets.first(where: { $0.name == targetName }) {
            let root = package.directoryURL.standardizedFileURL.path + "/"
            let path = target.directoryURL.standardizedFileURL.path
            folder = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
        }
        var arguments = ["init", baseUrl, "--target-dir", folder]
        if let name { arguments += ["--name", name] }
        try ToolRunner.run(tool, arguments, in: package.directoryURL)
    }
}
