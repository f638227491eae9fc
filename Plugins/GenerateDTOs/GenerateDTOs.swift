import Foundation
import PackagePlugin

/// `swift package generate-dtos [--target NAME…]`: writes the generated Swift for each
/// `NAME.metadata.json` next to it as `NAME.dtos.swift`, for teams that check generated code in.
/// Remove `DTOKitPlugin` from a target whose code is checked in, or the types are declared twice.
///
/// A folder under `Sources/` that holds a snapshot but no Swift file is a target SwiftPM skipped; it is
/// included, and the `NAME.dtos.swift` written into it is the Swift file that makes SwiftPM build it.
@main
struct GenerateDTOs: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = Set(extractor.extractOption(named: "target"))
        let tool = try context.tool(named: "DTOKitPluginTool").url
        var snapshots = Snapshots.inTargets(of: context.package, named: targetNames)
        for folder in SnapshotOnlyFolder.find(in: context.package)
        where targetNames.isEmpty || targetNames.contains(folder.name) {
            print(
                "generate-dtos: \(folder.relativePath) has a snapshot but no Swift file, so SwiftPM skipped it; "
                    + "the generated code is its Swift file (do not add DTOKitPlugin to it)")
            snapshots += folder.snapshots
        }
        for snapshot in snapshots {
            let base = SnapshotFileNames.baseName(ofSnapshot: snapshot.lastPathComponent)
            let output = snapshot.deletingLastPathComponent()
                .appendingPathComponent(SnapshotFileNames.outputFileNames(forBase: base, fileCount: 1)[0])
            try ToolRunner.run(tool, ["generate", snapshot.path, "--output", output.path])
            print("Wrote \(output.path)")
        }
        if snapshots.isEmpty {
            Diagnostics.warning(
                "generate-dtos found no NAME.metadata.json in \(targetNames.isEmpty ? "any target" : "targets \(targetNames.sorted())")"
            )
        }
    }
}
