import Foundation

/// A generated Swift file.
public struct GeneratedFile: Sendable, Equatable {
    /// File name, e.g. `techstacks.dtos.swift`.
    public var name: String
    /// The Swift source text.
    public var contents: String
}

/// Turns a ServiceStack metadata snapshot into Swift DTOs with `JsonSerializable` extensions.
///
/// ```swift
/// let options = try OptionsFile.parse(optionsText, fileName: "techstacks.options")
/// let files = try DTOGenerator(options: options)
///     .generate(snapshot: data, snapshotName: "techstacks.metadata.json")
/// ```
/// Output is deterministic: the same snapshot and options give byte-identical files.
public struct DTOGenerator: Sendable {
    /// The options (from `NAME.options`).
    public var options: GeneratorOptions
    /// How many files to spread the types over (compiles faster on several cores); at least 1.
    public var fileCount: Int

    /// A generator with these options, spreading the output over `fileCount` files.
    public init(options: GeneratorOptions = GeneratorOptions(), fileCount: Int = 1) {
        self.options = options
        self.fileCount = max(1, fileCount)
    }

    /// The base name of the output files for a snapshot: `techstacks.metadata.json` → `techstacks`.
    public static func baseName(ofSnapshot fileName: String) -> String {
        var name = (fileName as NSString).lastPathComponent
        for suffix in [".metadata.json", ".json"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        return name
    }

    /// The names of the files `generate` produces for a snapshot, known before reading it (the
    /// build plugin declares them up front).
    public static func outputFileNames(forSnapshot fileName: String, fileCount: Int) -> [String] {
        let base = baseName(ofSnapshot: fileName)
        if fileCount <= 1 { return ["\(base).dtos.swift"] }
        return (1...fileCount).map { "\(base).dtos.\($0).swift" }
    }

    /// The Swift names of the types `generate` would declare for a snapshot (to detect two snapshots
    /// in one module declaring the same type).
    public func declaredTypeNames(snapshot: Data, snapshotName: String) throws -> Set<String> {
        let model = try SnapshotLoader(bytes: snapshot, fileName: snapshotName).load()
        let selection = try TypeSelection(snapshot: model, options: options, fileName: snapshotName)
        return Set(selection.types.map { SwiftNames.stripArity($0.name) })
    }

    /// Generates the Swift files for a snapshot.
    /// - Parameters:
    ///   - snapshot: the snapshot's bytes.
    ///   - snapshotName: the file name shown in diagnostics and the header.
    /// - Throws: ``GeneratorError`` naming the file, line, JSON path and what to do.
    public func generate(snapshot: Data, snapshotName: String) throws -> [GeneratedFile] {
        do {
            let model = try SnapshotLoader(bytes: snapshot, fileName: snapshotName).load()
            let selection = try TypeSelection(snapshot: model, options: options, fileName: snapshotName)
            let resolver = Resolver(selection: selection, options: options, fileName: snapshotName)
            let types = try resolver.resolve()
            return FileAssembler(options: options, names: resolver.names, snapshotName: snapshotName, fileCount: fileCount)
                .assemble(types)
        } catch var error as GeneratorError {
            if error.line == nil, let path = error.jsonPath,
               let position = JsonPathLocator.position(of: path, in: snapshot) {
                error.line = position.line
                error.column = position.column
            }
            throw error
        }
    }
}
