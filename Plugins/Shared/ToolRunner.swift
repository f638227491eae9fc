import Foundation
import PackagePlugin

// Shared by the command plugins (each plugin folder links to this file: plugins cannot share a module).

/// Runs the `dtokit` tool, failing with its diagnostics when it fails.
enum ToolRunner {
    /// Runs the tool, in `directory` when given (so that the paths it prints are the package's). What it
    /// writes to standard error is reported as warnings when it succeeds, as errors when it fails.
    static func run(_ tool: URL, _ arguments: [String], in directory: URL? = nil) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: message, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            Diagnostics.error(text)
            throw PluginFailure(description: "dtokit \(arguments.first ?? "") failed")
        }
        for line in text.split(whereSeparator: \.isNewline) {
            Diagnostics.warning(String(line))
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
}
