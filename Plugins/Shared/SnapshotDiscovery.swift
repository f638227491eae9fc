import Foundation
import PackagePlugin

// Shared by the command plugins (each plugin folder links to this file: plugins cannot share a module).

/// The snapshots a command plugin works on.
enum Snapshots {
    /// The `NAME.metadata.json` files of the package's targets named in `wanted` (every target when
    /// it is empty), each target's sorted by path.
    static func inTargets(of package: Package, named wanted: Set<String>) -> [URL] {
        package.targets.filter { wanted.isEmpty || wanted.contains($0.name) }.flatMap { target -> [URL] in
            guard let module = target.sourceModule else { return [] }
            return module.sourceFiles.map(\.url).filter { SnapshotFileNames.isSnapshot($0.lastPathComponent) }
                .sorted { $0.path < $1.path }
        }
    }
}

/// A folder under `Sources/` that holds a `NAME.metadata.json` but no Swift file. SwiftPM skips a target
/// folder without Swift sources ("Source files for target X should be located under …"), so such a
/// target is missing from `context.package.targets`, and DTOKitPlugin never runs for it. The command
/// plugins find these folders by looking at the disk.
struct SnapshotOnlyFolder {
    /// The folder's name, which is the target's name when the target uses the default path.
    let name: String
    /// The folder relative to the package, e.g. `Sources/DTOs`.
    let relativePath: String
    let snapshots: [URL]

    /// The snapshot-only folders directly under the package's `Sources/` that no target of the package
    /// graph owns, sorted by name.
    static func find(in package: Package) -> [SnapshotOnlyFolder] {
        let files = FileManager.default
        let sources = package.directoryURL.appendingPathComponent("Sources")
        let owned = Set(package.targets.map { $0.directoryURL.standardizedFileURL.path })
        guard let names = try? files.contentsOfDirectory(atPath: sources.path) else { return [] }
        return names.sorted().compactMap { name -> SnapshotOnlyFolder? in
            let folder = sources.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard !name.hasPrefix("."), files.fileExists(atPath: folder.path, isDirectory: &isDirectory),
                isDirectory.boolValue,
                !owned.contains(folder.standardizedFileURL.path)
            else { return nil }
            guard let contents = files.enumerator(atPath: folder.path) else { return nil }
            var snapshots: [URL] = []
            for case let file as String in contents {
                if file.hasSuffix(".swift") { return nil }
                if SnapshotFileNames.isSnapshot(file), !file.contains("/") {
                    snapshots.append(folder.appendingPathComponent(file))
                }
            }
            guard !snapshots.isEmpty else { return nil }
            return SnapshotOnlyFolder(
                name: name, relativePath: "Sources/\(name)",
                snapshots: snapshots.sorted { $0.path < $1.path })
        }
    }
}
