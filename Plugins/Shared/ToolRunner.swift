import Foundation
import PackagePlugin

// Shared by the command plugins (each plugin folder links to this file: plugins cannot share a module).

/// Runs the `dtokit` tool; fails when it fails.
enum ToolRunner {
    /// Runs the tool, in `directory` when given (so that the paths it prints are the package's). Its
    /// output and diagnostics go straight to the plugin's: they already name their file the way compilers
    /// do (`FILE:LINE:COLUMN: error: …` then a `note:`, or `FILE: warning: …`), which terminals and IDEs
    /// point at, and which re-reporting through `Diagnostics` would prefix a second time or strip of its
    /// file on the command line.
    static func run(_ tool: URL, _ arguments: [String], in directory: URL? = nil) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure(description: "dtokit \(arguments.first ?? "") failed (see its messages)")
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
}
