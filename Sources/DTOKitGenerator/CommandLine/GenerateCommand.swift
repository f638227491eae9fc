import Foundation

/// `dtokit generate <snapshot> [--options F] [--output F | --output-dir D [--file-count N]]`
struct GenerateCommand {
    let snapshotPath: String
    let optionsPath: String?
    let outputPath: String?
    let outputDirectory: String?
    let fileCount: Int
    /// Other snapshots compiled into the same module, which must not declare the same types.
    let siblingSnapshots: [String]

    init(arguments: [String]) throws {
        let list = try ArgumentList(arguments, valueOptions: ["--options", "--output", "--output-dir", "--file-count", "--conflicts-with"],
                                    help: Help.generate)
        guard list.positional.count == 1, let snapshot = list.positional.first else {
            throw UsageError(message: list.positional.isEmpty ? "missing <snapshot.json>" : "expected one snapshot, found \(list.positional.count) arguments",
                             help: Help.generate)
        }
        snapshotPath = snapshot
        optionsPath = list.values["--options"]
        siblingSnapshots = list.allValues["--conflicts-with"] ?? []
        outputPath = list.values["--output"]
        outputDirectory = list.values["--output-dir"]
        if outputPath != nil, outputDirectory != nil {
            throw UsageError(message: "use either --output or --output-dir, not both", help: Help.generate)
        }
        if let count = list.values["--file-count"] {
            guard let parsed = Int(count), (1...64).contains(parsed) else {
                throw UsageError(message: "--file-count must be a number from 1 to 64, found `\(count)`", help: Help.generate)
            }
            fileCount = parsed
        } else {
            fileCount = 1
        }
    }

    func run(console: inout CommandLineTool.Console) throws {
        let snapshot = try FileAccess.read(snapshotPath, what: "snapshot")
        var options = GeneratorOptions()
        if let optionsFile = optionsPath ?? FileAccess.optionsFile(besideSnapshot: snapshotPath) {
            let text = try FileAccess.readText(optionsFile, what: "options file")
            options = try OptionsFile.parse(text, fileName: optionsFile)
        }
        let generator = DTOGenerator(options: options, fileCount: outputDirectory == nil ? 1 : fileCount)
        let result = try generator.run(snapshot: snapshot, snapshotName: snapshotPath)
        try checkConflicts(with: result.declaredTypeNames)
        for warning in result.warnings { console.errors += "\(warning)\n" }
        let files = result.files
        if let outputDirectory {
            for file in files {
                try FileAccess.writeIfChanged(file.contents, to: (outputDirectory as NSString).appendingPathComponent(file.name))
            }
        } else if let outputPath {
            try FileAccess.writeIfChanged(files.map(\.contents).joined(), to: outputPath)
        } else {
            console.output += files.map(\.contents).joined()
        }
    }
}

extension GenerateCommand {
    /// Fails when a sibling snapshot in the same module declares one of our types.
    private func checkConflicts(with ownNames: Set<String>) throws {
        for sibling in siblingSnapshots {
            var options = GeneratorOptions()
            if let optionsFile = FileAccess.optionsFile(besideSnapshot: sibling) {
                options = try OptionsFile.parse(try FileAccess.readText(optionsFile, what: "options file"), fileName: optionsFile)
            }
            let siblingNames = try DTOGenerator(options: options)
                .run(snapshot: try FileAccess.read(sibling, what: "snapshot"), snapshotName: sibling).declaredTypeNames
            let shared = ownNames.intersection(siblingNames).sorted()
            guard shared.isEmpty else {
                let list = shared.prefix(10).map { "`\($0)`" }.joined(separator: ", ") + (shared.count > 10 ? ", …" : "")
                throw GeneratorError(
                    file: snapshotPath, line: 1, column: 1,
                    message: "\(shared.count) type(s) are also declared by \(sibling), in the same target: \(list)",
                    hint: "put each snapshot in its own target, or leave the shared types out of one with ExcludeTypes in its .options file")
            }
        }
    }
}

/// File reading and writing with errors that say which file and why.
enum FileAccess {
    static func read(_ path: String, what: String) throws -> Data {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ToolError(description: "error: \(what) `\(path)` does not exist")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ToolError(description: "error: cannot read \(what) `\(path)`")
        }
        return data
    }

    static func readText(_ path: String, what: String) throws -> String {
        let data = try read(path, what: what)
        guard let text = String(data: data, encoding: .utf8) else {
            throw ToolError(description: "\(path): error: the \(what) is not UTF-8 text")
        }
        return text
    }

    /// `x/NAME.metadata.json` → `x/NAME.options`, when that file exists.
    static func optionsFile(besideSnapshot snapshotPath: String) -> String? {
        let directory = (snapshotPath as NSString).deletingLastPathComponent
        let base = DTOGenerator.baseName(ofSnapshot: snapshotPath)
        let candidate = directory.isEmpty ? "\(base).options" : (directory as NSString).appendingPathComponent("\(base).options")
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    /// Writes only when the content differs, so builds that depend on the file stay up to date.
    static func writeIfChanged(_ text: String, to path: String) throws {
        let data = Data(text.utf8)
        if let existing = FileManager.default.contents(atPath: path), existing == data { return }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ToolError(description: "error: cannot write `\(path)`: \(error.localizedDescription)")
        }
    }
}
