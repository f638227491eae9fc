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
    /// The DTOKit modules the code generated with `options` imports (`DTOKit`, and `DTOKitStructs` for
    /// structs): the target it is compiled into must depend on each.
    public static func modulesImported(with options: GeneratorOptions) -> [String] {
        ImportedModules.runtimeModules(options)
    }

    public init(options: GeneratorOptions = GeneratorOptions(), fileCount: Int = 1) {
        self.options = options
        self.fileCount = max(1, fileCount)
    }

    /// The base name of the output files for a snapshot: `techstacks.metadata.json` → `techstacks`.
    public static func baseName(ofSnapshot fileName: String) -> String {
        SnapshotFileNames.baseName(ofSnapshot: fileName)
    }

    /// The names of the files `generate` produces for a snapshot, known before reading it (the
    /// build plugin declares them up front).
    public static func outputFileNames(forSnapshot fileName: String, fileCount: Int) -> [String] {
        SnapshotFileNames.outputFileNames(forBase: baseName(ofSnapshot: fileName), fileCount: fileCount)
    }

    /// Generates the Swift files for a snapshot.
    /// - Parameters:
    ///   - snapshot: the snapshot's bytes.
    ///   - snapshotName: the file name shown in diagnostics and the header.
    /// - Throws: ``GeneratorError`` naming the file, line, JSON path and what to do.
    public func generate(snapshot: Data, snapshotName: String) throws -> [GeneratedFile] {
        try run(snapshot: snapshot, snapshotName: snapshotName).files
    }

    /// Generates the Swift files for a snapshot, with the warnings about what was worked around and
    /// the names of the declared types (to detect two snapshots of one module declaring a type twice).
    /// The snapshot is parsed once.
    /// - Throws: ``GeneratorError`` naming the file, line, JSON path and what to do.
    public func run(snapshot: Data, snapshotName: String) throws -> GenerationResult {
        let loader = SnapshotLoader(bytes: snapshot, fileName: snapshotName)
        let (model, document) = try loader.load()
        let log = WarningLog()
        let selection = TypeSelection(snapshot: model, options: options, warnings: log)
        let resolver = Resolver(selection: selection, options: options, fileName: snapshotName, warnings: log)
        let module = resolver.resolve()
        let files = FileAssembler(
            options: options, names: resolver.names, snapshotName: snapshotName, fileCount: fileCount
        )
        .assemble(module)
        let warnings = log.entries.map { entry in
            var warning = GeneratorWarning(file: snapshotName, jsonPath: entry.jsonPath, message: entry.message)
            if let offset = JsonPathLocator.offset(of: entry.jsonPath, in: document) {
                let position = SourcePosition.lineAndColumn(of: offset, in: loader.source.bytes)
                warning.line = position.line
                warning.column = position.column
            }
            return warning
        }
        return GenerationResult(
            files: files, warnings: warnings,
            declaredTypeNames: Self.declaredTypeNames(selection))
    }
}

extension DTOGenerator {
    /// The Swift names of the types a snapshot declares with these options: the snapshot is read
    /// and its types selected, not generated (to find two snapshots of one module declaring the
    /// same type).
    /// - Throws: ``GeneratorError`` when the snapshot cannot be read.
    public func declaredTypeNames(snapshot: Data, snapshotName: String) throws -> Set<String> {
        let (model, _) = try SnapshotLoader(bytes: snapshot, fileName: snapshotName).load()
        return Self.declaredTypeNames(TypeSelection(snapshot: model, options: options, warnings: WarningLog()))
    }

    static func declaredTypeNames(_ selection: TypeSelection) -> Set<String> {
        Set(selection.types.map { SwiftNames.stripArity($0.name) })
    }
}

/// What one generation produced.
public struct GenerationResult: Sendable, Equatable {
    /// The Swift files.
    public var files: [GeneratedFile]
    /// What the generator worked around (unknown types, renamed members, left-out conformances).
    public var warnings: [GeneratorWarning]
    /// The Swift names of the declared types.
    public var declaredTypeNames: Set<String>
}
