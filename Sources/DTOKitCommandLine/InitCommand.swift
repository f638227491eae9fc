import DTOKitGenerateCommand
import DTOKitGenerator
import Foundation

/// `dtokit init [<baseUrl>] [--target-dir D] [--name N]`: creates a target folder that holds only DTOs
/// — `NAME.metadata.json`, `NAME.options` and the one-line Swift file without which SwiftPM skips the
/// folder — or adds what an existing folder lacks. Existing files are never overwritten.
struct InitCommand {
    /// The server as the user gave it (without trailing `/`), written as `BaseUrl:`; nil when only the
    /// files around an existing snapshot are wanted.
    let baseUrl: String?
    let metadataUrl: URL?
    let targetDirectory: String
    let requestedName: String?
    let timeout: TimeInterval

    static let defaultTargetDirectory = "Sources/DTOs"
    static let defaultName = "api"

    init(arguments: [String]) throws {
        let list = try ArgumentList(
            arguments, valueOptions: ["--target-dir", "--name", "--timeout"], help: Help.initTarget)
        guard list.positional.count <= 1 else {
            throw UsageError(
                message: "expected at most one <baseUrl>, found \(list.positional.count) arguments",
                help: Help.initTarget)
        }
        if let base = list.positional.first {
            guard let url = FetchCommand.metadataUrl(forBase: base) else {
                throw UsageError(message: "`\(base)` is not an http(s) URL", help: Help.initTarget)
            }
            metadataUrl = url
            var trimmed = base
            while trimmed.hasSuffix("/") { trimmed.removeLast() }
            baseUrl = trimmed
        } else {
            metadataUrl = nil
            baseUrl = nil
        }
        targetDirectory = Self.normalized(list.values["--target-dir"] ?? Self.defaultTargetDirectory)
        guard !Self.targetName(of: targetDirectory).isEmpty, Self.targetName(of: targetDirectory) != ".." else {
            throw UsageError(
                message: "--target-dir must name the target's folder, found `\(targetDirectory)`", help: Help.initTarget
            )
        }
        if let name = list.values["--name"] {
            let base =
                SnapshotFileNames.isSnapshot(name)
                ? String(name.dropLast(SnapshotFileNames.snapshotSuffix.count)) : name
            guard !base.isEmpty, !base.hasPrefix("."), !base.contains("/"), !base.contains("\\") else {
                throw UsageError(
                    message: "--name must be a file name without folder or extension, such as `api`, found `\(name)`",
                    help: Help.initTarget)
            }
            requestedName = base
        } else {
            requestedName = nil
        }
        timeout = try FetchCommand.timeout(list.values["--timeout"], help: Help.initTarget)
    }

    func run(console: inout CommandLineTool.Console) async throws {
        let folder = try TargetFolder(path: targetDirectory)
        // NAME: as asked, else the one snapshot the folder already has, else `api`.
        let existing = folder.snapshotNames
        let name = requestedName ?? (existing.count == 1 ? existing[0] : Self.defaultName)
        let snapshotPath = folder.path(for: SnapshotFileNames.snapshotFileName(forBase: name))
        let optionsPath = folder.path(for: SnapshotFileNames.optionsFileName(forBase: name))
        let swiftPath = folder.path(for: "\(Self.targetName(of: targetDirectory)).swift")

        let hasSnapshot = existing.contains(name)
        if metadataUrl == nil, !hasSnapshot, requestedName != nil || existing.isEmpty {
            throw UsageError(
                message:
                    "\(targetDirectory) has no \(SnapshotFileNames.snapshotFileName(forBase: name)); give the <baseUrl> to download it from",
                help: Help.initTarget)
        }
        // Download before creating anything, so that a failed download leaves nothing behind.
        var snapshot: String?
        if !hasSnapshot, let metadataUrl {
            snapshot = try await FetchCommand.download(metadataUrl, timeout: timeout)
        }
        try folder.create()

        if let snapshot {
            try Self.create(snapshot, at: snapshotPath, console: &console)
        } else if hasSnapshot {
            console.output += "Kept \(snapshotPath) (`dtokit fetch` or `swift package update-dtos` refreshes it)\n"
        }
        if let baseUrl {
            if FileManager.default.fileExists(atPath: optionsPath) {
                console.output += "Kept \(optionsPath)\n"
            } else {
                try Self.create(Self.optionsText(baseUrl: baseUrl), at: optionsPath, console: &console)
            }
        }
        if folder.containsSwiftFile() {
            console.output += "Kept the Swift files in \(targetDirectory) (SwiftPM needs one to build the folder)\n"
        } else {
            try Self.create(
                Self.swiftFileText(snapshotName: existing.count > 1 && requestedName == nil ? nil : name),
                at: swiftPath, console: &console)
        }
        console.output += "\n" + packageLines()
    }
}

extension InitCommand {
    /// `Sources/DTOs/` → `Sources/DTOs`; `./x` → `x`.
    static func normalized(_ path: String) -> String {
        var text = path
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        while text.hasPrefix("./") { text.removeFirst(2) }
        return text
    }

    /// The target's name: the folder's last component.
    static func targetName(of directory: String) -> String {
        (directory as NSString).lastPathComponent == "/" ? "" : (directory as NSString).lastPathComponent
    }

    /// An options file in the form of a generated header: `BaseUrl:` set, every other option at its
    /// default and commented out with `//`, ready to be un-commented.
    static func optionsText(baseUrl: String) -> String {
        var options = GeneratorOptions()
        options.baseUrl = baseUrl
        return (["/* Options:"] + OptionsFile.headerLines(options) + ["*/"]).joined(separator: "\n") + "\n"
    }

    /// The one-line Swift file. SwiftPM ignores a target folder without Swift sources, so a folder holding
    /// only the snapshot would never reach DTOKitPlugin.
    static func swiftFileText(snapshotName: String?) -> String {
        let snapshot = snapshotName.map(SnapshotFileNames.snapshotFileName(forBase:)) ?? "NAME.metadata.json files"
        return """
            // DTOKitPlugin generates this target's DTOs at build time from the \(snapshot) beside this
            // file. SwiftPM builds a folder as a target only when it contains a Swift file: this is that file.
            import DTOKit

            """
    }

    /// Writes a new file; never replaces one (a file that appeared meanwhile is an error, not overwritten).
    static func create(_ text: String, at path: String, console: inout CommandLineTool.Console) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            throw ToolError(description: "error: cannot create `\(path)`: \(error.localizedDescription)")
        }
        console.output += "Wrote \(path)\n"
    }

    /// What to add to Package.swift for this folder.
    func packageLines() -> String {
        let name = Self.targetName(of: targetDirectory)
        let conventional = targetDirectory == "Sources/\(name)"
        let path = conventional ? "" : "\n        path: \"\(targetDirectory)\","
        return """
            If Package.swift does not declare the target yet, add it (with DTOKit in the package's dependencies):

                .target(
                    name: "\(name)",\(path)
                    dependencies: [.product(name: "DTOKit", package: "DTOKit")],
                    plugins: [.plugin(name: "DTOKitPlugin", package: "DTOKit")]
                ),

            and let the targets that use the DTOs depend on it:

                    dependencies: [
                        "\(name)",
                        .product(name: "DTOKit", package: "DTOKit"),
                        .product(name: "DTOKitClient", package: "DTOKit"),
                    ],

            """
    }
}

/// The folder `dtokit init` fills: what it holds, created on demand.
private struct TargetFolder {
    let directory: String
    /// `NAME` of each `NAME.metadata.json` directly in the folder, sorted.
    let snapshotNames: [String]

    init(path: String) throws {
        directory = path
        guard FileManager.default.fileExists(atPath: path) else {
            snapshotNames = []
            return
        }
        guard (try? URL(fileURLWithPath: path).resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true else {
            throw ToolError(description: "error: `\(path)` exists and is not a folder")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        snapshotNames = names.filter { SnapshotFileNames.isSnapshot($0) && !$0.hasPrefix(".") }
            .map(SnapshotFileNames.baseName(ofSnapshot:)).sorted()
    }

    func path(for fileName: String) -> String {
        (directory as NSString).appendingPathComponent(fileName)
    }

    func create() throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ToolError(
                description: "error: cannot create the folder `\(directory)`: \(error.localizedDescription)")
        }
    }

    /// Whether SwiftPM would find a Swift source here (it looks into subfolders too).
    func containsSwiftFile() -> Bool {
        guard let files = FileManager.default.enumerator(atPath: directory) else { return false }
        for case let file as String in files where file.hasSuffix(".swift") {
            return true
        }
        return false
    }
}
