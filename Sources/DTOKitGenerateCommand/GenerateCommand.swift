import DTOKitGenerator
import Foundation

/// `dtokit generate <snapshot> [--options F] [--output F | --output-dir D [--file-count N]]`: the
/// command the build plugin runs (through `DTOKitPluginTool`, which has only this command) and one of
/// `dtokit`'s.
package struct GenerateCommand {
    let snapshotPath: String
    let optionsPath: String?
    let outputPath: String?
    let outputDirectory: String?
    let fileCount: Int
    /// Other snapshots compiled into the same module, which must not declare the same types.
    let siblingSnapshots: [String]
    /// The target the code is compiled into, and the modules it can import (the build plugin says,
    /// where the build system tells it): DTOs generated as structs need `DTOKitStructs` among them.
    let targetName: String?
    let importableModules: Set<String>?

    package init(arguments: [String]) throws {
        let list = try ArgumentList(
            arguments,
            valueOptions: [
                "--options", "--output", "--output-dir", "--file-count", "--conflicts-with",
                "--target", "--importable-modules",
            ],
            help: Self.help)
        guard list.positional.count == 1, let snapshot = list.positional.first else {
            throw UsageError(
                message: list.positional.isEmpty
                    ? "missing <snapshot.json>" : "expected one snapshot, found \(list.positional.count) arguments",
                help: Self.help)
        }
        snapshotPath = snapshot
        optionsPath = list.values["--options"]
        siblingSnapshots = list.allValues["--conflicts-with"] ?? []
        targetName = list.values["--target"]
        importableModules = list.values["--importable-modules"].map { Set($0.split(separator: ",").map(String.init)) }
        outputPath = list.values["--output"]
        outputDirectory = list.values["--output-dir"]
        if outputPath != nil, outputDirectory != nil {
            throw UsageError(message: "use either --output or --output-dir, not both", help: Self.help)
        }
        if let count = list.values["--file-count"] {
            guard let parsed = Int(count), (1...64).contains(parsed) else {
                throw UsageError(
                    message: "--file-count must be a number from 1 to 64, found `\(count)`", help: Self.help)
            }
            fileCount = parsed
        } else {
            fileCount = 1
        }
    }

    /// Generates; returns what goes to standard output (the code, without an output file or
    /// directory) and the warnings, for standard error.
    package func run() throws -> (output: String, warnings: String) {
        let snapshot = try FileAccess.read(snapshotPath, what: "snapshot")
        var options = GeneratorOptions()
        let optionsFile = optionsPath ?? FileAccess.optionsFile(besideSnapshot: snapshotPath)
        if let optionsFile {
            let text = try FileAccess.readText(optionsFile, what: "options file")
            options = try OptionsFile.parse(text, fileName: optionsFile)
            try checkImportableModules(for: options, optionsFile: optionsFile, text: text)
        }
        let generator = DTOGenerator(options: options, fileCount: outputDirectory == nil ? 1 : fileCount)
        let result = try generator.run(snapshot: snapshot, snapshotName: snapshotPath)
        try checkConflicts(with: result.declaredTypeNames)
        let warnings = result.warnings.map { "\($0)\n" }.joined()
        let files = result.files
        if let outputDirectory {
            for file in files {
                try FileAccess.writeIfChanged(
                    file.contents, to: (outputDirectory as NSString).appendingPathComponent(file.name))
            }
        } else if let outputPath {
            try FileAccess.writeIfChanged(files.map(\.contents).joined(), to: outputPath)
        } else {
            return (files.map(\.contents).joined(), warnings)
        }
        return ("", warnings)
    }
}

extension GenerateCommand {
    /// The build plugin's tool: `generate` and its options (the plugin's arguments), or `--help`.
    /// Prints the code (without an output file) to standard output and warnings and errors to
    /// standard error; returns the exit code.
    package static func main(_ arguments: [String]) -> Int32 {
        guard arguments.first == "generate" else {
            FileHandle.standardError.write(Data("error: expected `generate`\n\n\(help)".utf8))
            return 64
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            FileHandle.standardOutput.write(Data(help.utf8))
            return 0
        }
        do {
            let (output, warnings) = try GenerateCommand(arguments: rest).run()
            FileHandle.standardOutput.write(Data(output.utf8))
            FileHandle.standardError.write(Data(warnings.utf8))
            return 0
        } catch {
            let (code, message) = failure(error)
            FileHandle.standardError.write(Data(message.utf8))
            return code
        }
    }

    package static let help = """
        OVERVIEW: Generate Swift DTOs with JsonSerializable extensions from a metadata snapshot.

        USAGE: dtokit generate <snapshot.json> [--options <file>] [--output <file.swift>]
               dtokit generate <snapshot.json> --output-dir <dir> [--file-count <n>]

        ARGUMENTS:
          <snapshot.json>       The snapshot: the JSON of /types/metadata or /metadata/app.json.

        OPTIONS:
          --options <file>      Options file (`Key: Value` lines, as in a dtos.swift header).
                                Default: NAME.options next to NAME.metadata.json, if it exists.
          --output <file>       Write the Swift code to this file (default: standard output).
          --output-dir <dir>    Write NAME.dtos.swift (or NAME.dtos.1.swift … with --file-count)
                                into this directory; unchanged files are not rewritten.
          --file-count <n>      Spread the types over n files (faster compiles on many cores). Default 1.
          --conflicts-with <f>  Another snapshot compiled into the same module: fail if both declare
                                a type of the same name. May be repeated.
          --target <name>       The target the code is compiled into (for messages).
          --importable-modules <a,b,…>
                                The modules that target can import: fail, saying what to add, when
                                the options need one it cannot (ExportAsStructs: DTOKitStructs).
          -h, --help            Show this help.

        """

    /// Fails, saying which dependency to add, when the options need a module the target cannot
    /// import: one clear error instead of `no such module` in every generated file.
    private func checkImportableModules(for options: GeneratorOptions, optionsFile: String, text: String) throws {
        let needed = DTOGenerator.modulesImported(with: options)
        guard let importableModules, let missing = needed.first(where: { !importableModules.contains($0) }) else {
            return
        }
        let key = OptionKey.exportAsStructs.rawValue
        let line =
            text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(key) }.map { $0 + 1 } ?? 1
        let target = targetName.map { "target '\($0)'" } ?? "the target"
        throw GeneratorError(
            file: optionsFile, line: line, column: 1,
            message: "\(key): True generates DTOs that import \(missing), but \(target) does not depend on it",
            hint:
                "add .product(name: \"\(missing)\", package: \"DTOKit\") to the dependencies of \(target) in Package.swift"
        )
    }

    /// Fails when a sibling snapshot in the same module declares one of our types. Only the
    /// sibling's type names are worked out (read and selected, not generated): each snapshot of a
    /// target reads its siblings, so this must stay cheap.
    private func checkConflicts(with ownNames: Set<String>) throws {
        for sibling in siblingSnapshots {
            var options = GeneratorOptions()
            if let optionsFile = FileAccess.optionsFile(besideSnapshot: sibling) {
                options = try OptionsFile.parse(
                    try FileAccess.readText(optionsFile, what: "options file"), fileName: optionsFile)
            }
            let siblingNames = try DTOGenerator(options: options)
                .declaredTypeNames(snapshot: try FileAccess.read(sibling, what: "snapshot"), snapshotName: sibling)
            let shared = ownNames.intersection(siblingNames).sorted()
            guard shared.isEmpty else {
                let list =
                    shared.prefix(10).map { "`\($0)`" }.joined(separator: ", ") + (shared.count > 10 ? ", …" : "")
                throw GeneratorError(
                    file: snapshotPath, line: 1, column: 1,
                    message: "\(shared.count) type(s) are also declared by \(sibling), in the same target: \(list)",
                    hint:
                        "put each snapshot in its own target, or leave the shared types out of one with ExcludeTypes in its .options file"
                )
            }
        }
    }
}

/// File reading and writing with errors that say which file and why.
package enum FileAccess {
    package static func read(_ path: String, what: String) throws -> Data {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ToolError(description: "error: \(what) `\(path)` does not exist")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ToolError(description: "error: cannot read \(what) `\(path)`")
        }
        return data
    }

    package static func readText(_ path: String, what: String) throws -> String {
        let data = try read(path, what: what)
        guard let text = String(data: data, encoding: .utf8) else {
            throw ToolError(description: "\(path): error: the \(what) is not UTF-8 text")
        }
        return text
    }

    /// `x/NAME.metadata.json` → `x/NAME.options`, when that file exists.
    package static func optionsFile(besideSnapshot snapshotPath: String) -> String? {
        let directory = (snapshotPath as NSString).deletingLastPathComponent
        let name = SnapshotFileNames.optionsFileName(forBase: SnapshotFileNames.baseName(ofSnapshot: snapshotPath))
        let candidate = directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    /// Writes only when the content differs, so builds that depend on the file stay up to date. The
    /// folder is made first when missing: SwiftPM makes a build command's output folders, but not every
    /// build system that runs the plugin is known to (Xcode's is not documented to).
    package static func writeIfChanged(_ text: String, to path: String) throws {
        let data = Data(text.utf8)
        if let existing = FileManager.default.contents(atPath: path), existing == data { return }
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw ToolError(description: "error: cannot write `\(path)`: \(error.localizedDescription)")
        }
    }
}
