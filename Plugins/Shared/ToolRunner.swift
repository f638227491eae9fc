import Foundation
import PackagePlugin

// Shared by the command plugins (each plugin folder links to this file: plugins cannot share a module).

/// Runs the `dtokit` tool, failing with its diagnostics when it fails.
enum ToolRunner {
    /// Runs the tool, in `directory` when given (so that the paths it prints are the package's).
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
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self)
            Diagnostics.error(text)
            throw PluginFailure(description: "dtokit \(arguments.first ?? "") failed")
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
}
