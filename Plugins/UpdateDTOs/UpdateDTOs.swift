import Foundation
import PackagePlugin

/// `swift package --allow-network-connections all update-dtos [--target NAME…]`: downloads a fresh
/// snapshot for every `NAME.metadata.json` whose `NAME.options` has a `BaseUrl:` line, and prints the
/// added, removed and changed types.
@main
struct UpdateDTOs: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = Set(extractor.extractOption(named: "target"))
        let tool = try context.tool(named: "DTOKitPluginTool").url
        var updated = 0
        for target in context.package.targets where targetNames.isEmpty || targetNames.contains(target.name) {
            guard let module = target.sourceModule else { continue }
            let files = module.sourceFiles.map(\.url)
            for snapshot in files.filter({ $0.lastPathComponent.hasSuffix(".metadata.json") }).sorted(by: { $0.path < $1.path }) {
                let base = String(snapshot.lastPathComponent.dropLast(".metadata.json".count))
                let optionsFile = snapshot.deletingLastPathComponent().appendingPathComponent("\(base).options")
                guard let baseUrl = Self.baseUrl(in: optionsFile) else {
                    Diagnostics.warning("""
                        \(snapshot.path): not updated: add `BaseUrl: https://your.server` to \(optionsFile.lastPathComponent) \
                        so update-dtos knows where to download it from
                        """)
                    continue
                }
                try ToolRunner.run(tool, ["fetch", baseUrl, "--output", snapshot.path])
                updated += 1
            }
        }
        print("update-dtos: \(updated) snapshot(s) refreshed")
    }

    /// The `BaseUrl:` value of an options file (ignoring `//` lines).
    static func baseUrl(in optionsFile: URL) -> String? {
        guard let text = try? String(contentsOf: optionsFile, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("BaseUrl:") else { continue }
            let value = trimmed.dropFirst("BaseUrl:".count).trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
