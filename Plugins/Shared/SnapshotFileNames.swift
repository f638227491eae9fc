// How DTOKit names a snapshot's files: one source file, compiled into each plugin (plugins cannot share
// a module, so each plugin folder links to it), into the generator and into the command line (each
// folder has a link named like this file). Plain Swift: no Foundation, no PackagePlugin.

/// The files of one snapshot: `NAME.metadata.json`, its optional `NAME.options` beside it, and the
/// generated `NAME.dtos.swift` (or `NAME.dtos.1.swift` … when the code is spread over several files).
enum SnapshotFileNames {
    /// What a snapshot's file name ends with.
    static let snapshotSuffix = ".metadata.json"
    /// The extension of the options file beside a snapshot.
    static let optionsExtension = "options"
    /// How many files the build plugin spreads each snapshot's code over, so that the compiler can work
    /// on them in parallel. Fixed, so that the plugin can name its outputs before the snapshot is read.
    static let buildPluginFileCount = 4

    /// Whether a file name (without folder) is a snapshot's.
    static func isSnapshot(_ fileName: String) -> Bool {
        fileName.count > snapshotSuffix.count && fileName.hasSuffix(snapshotSuffix)
    }

    /// `techstacks.metadata.json` → `techstacks`. A path loses its folder; a name ending in a plain `.json`
    /// (a snapshot given to `dtokit generate` under another name) loses that; any other name stays whole.
    static func baseName(ofSnapshot path: String) -> String {
        var name = path.split(separator: "/").last ?? ""
        for suffix in [snapshotSuffix, ".json"] where name.count > suffix.count && name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        return String(name)
    }

    /// `techstacks` → `techstacks.metadata.json`.
    static func snapshotFileName(forBase base: String) -> String { base + snapshotSuffix }

    /// `techstacks` → `techstacks.options`.
    static func optionsFileName(forBase base: String) -> String { base + "." + optionsExtension }

    /// The generated files of a snapshot: `techstacks.dtos.swift`, or `techstacks.dtos.1.swift` … for
    /// more than one file.
    static func outputFileNames(forBase base: String, fileCount: Int) -> [String] {
        fileCount <= 1 ? ["\(base).dtos.swift"] : (1...fileCount).map { "\(base).dtos.\($0).swift" }
    }
}
