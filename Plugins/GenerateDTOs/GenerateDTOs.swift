import Foundation
import PackagePlugin

/// `swift package generate-dtos [--target NAME…]`: writes the generated Swift for each
/// `NAME.metadata.json` next to it as `NAME.dtos.swift`, for teams that check generated code in.
/// Remove `DTOKitPlugin` from a target whose code is checked in, or the types are declared twice.
@main
struct GenerateDTOs: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = Set(extractor.extractOption(named: "target"))
        let tool = try context.tool(named: "DTOKitPluginTool").url
        var generated = 0
        for target in context.package.targets where targetNames.isEmpty || targetNames.contains(target.name) {
            guard let module = target.sourceModule else { continue }
            let snapshots = module.sourceFiles.map(\.url).filter { $0.lastPathComponent.hasSuffix(".metadata.json") }
            for snapshot in snapshots.sorted(by: { $0.path < $1.path }) {
                let base = String(snapshot.lastPathComponent.dropLast(".metadata.json".count))
                let output = snapshot.deletingLastPathComponent().appendingPathComponent("\(base).dtos.swift")
                try ToolRunner.run(tool, ["generate", snapshot.path, "--output", output.path])
                print("Wrote \(output.path)")
                generated += 1
            }
        }
        if generated == 0 {
            Diagnostics.warning("generate-dtos found no NAME.metadata.json in \(targetNames.isEmpty ? "any target" : "targets \(targetNames.sorted())")")
        }
    }
}
