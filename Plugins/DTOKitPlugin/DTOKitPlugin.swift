import Foundation
import PackagePlugin

/// Generates Swift DTOs at build time from every `NAME.metadata.json` in a target (with its optional
/// `NAME.options`), running `dtokit generate` once per snapshot.
@main
struct DTOKitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let files = module.sourceFiles.map(\.url)
        return try SnapshotCommands(
            targetName: target.name, files: files, tool: try context.tool(named: "DTOKitPluginTool").url,
            workDirectory: context.pluginWorkDirectoryURL, importableModules: Self.importableModules(of: target)
        ).commands()
    }

    /// The modules `target` can import: its own dependencies' and theirs, products' targets included
    /// (the generator says which of them its code needs).
    static func importableModules(of target: Target) -> [String] {
        var found: Set<String> = []
        var pending: [TargetDependency] = target.dependencies
        while let dependency = pending.popLast() {
            switch dependency {
            case .target(let dependencyTarget):
                if found.insert(dependencyTarget.name).inserted { pending += dependencyTarget.dependencies }
            case .product(let product):
                for productTarget in product.targets where found.insert(productTarget.name).inserted {
                    pending += productTarget.dependencies
                }
            @unknown default:
                break
            }
        }
        return found.sorted()
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension DTOKitPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        // A plugin sees a file only when it is a member of the target, and Xcode makes a .json file a
        // resource: the snapshot would ship inside the app (see the README, Xcode projects).
        for file in target.inputFiles
        where file.type == .resource
            && (SnapshotFileNames.isSnapshot(file.url.lastPathComponent)
                || file.url.pathExtension == SnapshotFileNames.optionsExtension)
        {
            Diagnostics.warning(
                """
                \(file.url.lastPathComponent) is a resource of target '\(target.displayName)', so Xcode copies it \
                into the app: keep the snapshot in a Swift package of its own (a DTOs target with DTOKitPlugin) and \
                add that package to the app, or, in a target with build phases, move the file from Copy Bundle \
                Resources to Compile Sources, where DTOKitPlugin still reads it
                """)
        }
        return try SnapshotCommands(
            targetName: target.displayName, files: target.inputFiles.map(\.url),
            tool: try context.tool(named: "DTOKitPluginTool").url, workDirectory: context.pluginWorkDirectoryURL
        ).commands()
    }
}
#endif

/// The build commands for one target's snapshots.
struct SnapshotCommands {
    let targetName: String
    let files: [URL]
    let tool: URL
    let workDirectory: URL
    /// The modules the target can import, where the build system tells (SwiftPM; not Xcode projects).
    var importableModules: [String]? = nil

    func commands() throws -> [Command] {
        let snapshots = files.filter { SnapshotFileNames.isSnapshot($0.lastPathComponent) }
            .sorted { $0.path < $1.path }
        let optionsFiles = files.filter { $0.pathExtension == SnapshotFileNames.optionsExtension }
        for options in optionsFiles {
            let base = options.deletingPathExtension().lastPathComponent
            if !snapshots.contains(where: { Self.options(options, belongTo: $0) }) {
                Diagnostics.error(
                    """
                    \(options.path): DTOKitPlugin found `\(options.lastPathComponent)` but no \
                    `\(SnapshotFileNames.snapshotFileName(forBase: base))` next to it in target '\(targetName)'. Add the \
                    snapshot (`swift run dtokit fetch <baseUrl> --output \(SnapshotFileNames.snapshotFileName(forBase: base))`) \
                    or rename the options file to match it.
                    """)
            }
        }
        guard !snapshots.isEmpty else {
            Diagnostics.error(
                """
                DTOKitPlugin: target '\(targetName)' has no NAME.metadata.json. Put a ServiceStack metadata snapshot \
                (the JSON of <baseUrl>/types/metadata, e.g. from `swift run dtokit fetch <baseUrl> --output \
                NAME.metadata.json`) in the target's folder, or remove the plugin from the target.
                """)
            return []
        }
        return snapshots.map { snapshot in
            let base = SnapshotFileNames.baseName(ofSnapshot: snapshot.lastPathComponent)
            let outputDirectory = workDirectory.appendingPathComponent(base)
            let fileCount = SnapshotFileNames.buildPluginFileCount
            let outputs = SnapshotFileNames.outputFileNames(forBase: base, fileCount: fileCount)
                .map { outputDirectory.appendingPathComponent($0) }
            let options = optionsFiles.first { Self.options($0, belongTo: snapshot) }
            let siblings = snapshots.filter { $0 != snapshot }
            var arguments = [
                "generate", snapshot.path, "--output-dir", outputDirectory.path,
                "--file-count", String(fileCount),
            ]
            if let options { arguments += ["--options", options.path] }
            if let importableModules {
                arguments += ["--target", targetName, "--importable-modules", importableModules.joined(separator: ",")]
            }
            for sibling in siblings { arguments += ["--conflicts-with", sibling.path] }
            return .buildCommand(
                displayName: "Generating DTOs from \(snapshot.lastPathComponent)",
                executable: tool, arguments: arguments,
                inputFiles: [snapshot] + (options.map { [$0] } ?? []) + siblings,
                outputFiles: outputs)
        }
    }

    /// Whether `options` is the options file of `snapshot`: `NAME.options` in the same folder as
    /// `NAME.metadata.json` (where `dtokit generate` and `dtokit update` look for it too).
    static func options(_ options: URL, belongTo snapshot: URL) -> Bool {
        let base = SnapshotFileNames.baseName(ofSnapshot: snapshot.lastPathComponent)
        return options.lastPathComponent == SnapshotFileNames.optionsFileName(forBase: base)
            && options.deletingLastPathComponent().standardizedFileURL
                == snapshot.deletingLastPathComponent().standardizedFileURL
    }
}
