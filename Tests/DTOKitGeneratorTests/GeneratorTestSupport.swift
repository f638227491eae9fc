import DTOKitGenerator
import Foundation
import XCTest

/// Builds small snapshots and runs the generator on them.
enum Snippet {
    /// A `/types/metadata` snapshot from JSON fragments for `types` and `operations`.
    static func snapshot(types: String = "", operations: String = "") -> String {
        #"{"namespaces":["System","My.ServiceModel"],"types":[\#(types)],"operations":[\#(operations)]}"#
    }

    /// A class in `types[]` with the given properties (JSON fragments).
    static func type(_ name: String, _ properties: String = "", extra: String = "") -> String {
        #"{"name":"\#(name)","namespace":"My.ServiceModel","properties":[\#(properties)]\#(extra.isEmpty ? "" : "," + extra)}"#
    }

    static func property(
        _ name: String, _ type: String, namespace: String = "System", genericArgs: [String] = [],
        extra: String = ""
    ) -> String {
        let args =
            genericArgs.isEmpty ? "" : #","genericArgs":[\#(genericArgs.map { "\"\($0)\"" }.joined(separator: ","))]"#
        return
            #"{"name":"\#(name)","type":"\#(type)","namespace":"\#(namespace)"\#(args)\#(extra.isEmpty ? "" : "," + extra)}"#
    }

    /// Generated Swift for a snapshot and options text.
    static func generate(_ snapshot: String, options: String = "", fileCount: Int = 1) throws -> String {
        let parsed = try OptionsFile.parse(options, fileName: "test.options")
        return try DTOGenerator(options: parsed, fileCount: fileCount)
            .generate(snapshot: Data(snapshot.utf8), snapshotName: "test.metadata.json")
            .map(\.contents).joined()
    }

    /// Generated Swift and warnings for a snapshot and options text.
    static func run(_ snapshot: String, options: String = "") throws -> (output: String, warnings: [GeneratorWarning]) {
        let parsed = try OptionsFile.parse(options, fileName: "test.options")
        let result = try DTOGenerator(options: parsed).run(
            snapshot: Data(snapshot.utf8), snapshotName: "test.metadata.json")
        return (result.files.map(\.contents).joined(), result.warnings)
    }

    /// The generator's error for a snapshot, failing the test if it succeeds.
    static func error(_ snapshot: String, options: String = "", file: StaticString = #filePath, line: UInt = #line)
        -> GeneratorError?
    {
        do {
            let output = try generate(snapshot, options: options)
            XCTFail("expected an error, generated \(output.count) characters", file: file, line: line)
        } catch let error as GeneratorError {
            return error
        } catch {
            XCTFail("unexpected error type: \(error)", file: file, line: line)
        }
        return nil
    }
}

/// Asserts that every expected line occurs in the output (trimmed of indentation).
func assertLines(_ output: String, contain expected: [String], file: StaticString = #filePath, line: UInt = #line) {
    let lines = Set(output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    for text in expected where !lines.contains(text) {
        XCTFail("missing line: \(text)\n--- output ---\n\(output)", file: file, line: line)
    }
}

func assertLines(_ output: String, lack unexpected: [String], file: StaticString = #filePath, line: UInt = #line) {
    let lines = Set(output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    for text in unexpected where lines.contains(text) {
        XCTFail("unexpected line: \(text)", file: file, line: line)
    }
}

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
