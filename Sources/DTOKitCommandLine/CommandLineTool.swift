import DTOKitGenerateCommand
import DTOKitGenerator
import Foundation

/// The `dtokit` command line: `generate`, `fetch`, `update`, `init`, `help`; for the `dtokit` executable and the
/// command plugins' tool. (The build plugin's tool has only `generate`, the same code: see
/// `GenerateCommand`.)
public enum CommandLineTool {
    /// Runs a command and returns the process exit code. Output goes to stdout, diagnostics to stderr.
    public static func run(_ arguments: [String]) async -> Int32 {
        var console = Console()
        let code = await run(arguments, console: &console)
        FileHandle.standardOutput.write(Data(console.output.utf8))
        FileHandle.standardError.write(Data(console.errors.utf8))
        return code
    }

    /// Captured output, for tests.
    public struct Console: Sendable {
        /// What the command wrote to standard output.
        public var output = ""
        /// What the command wrote to standard error.
        public var errors = ""
        /// An empty console.
        public init() {}
    }

    /// Runs a command, capturing its output in `console` instead of printing it; returns the exit code.
    public static func run(_ arguments: [String], console: inout Console) async -> Int32 {
        guard let command = arguments.first else {
            console.errors += "error: missing command\n\n" + Help.overview
            return 64
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "generate":
                if rest.contains("--help") || rest.contains("-h") {
                    console.output += GenerateCommand.help
                    return 0
                }
                let (output, warnings) = try GenerateCommand(arguments: rest).run()
                console.output += output
                console.errors += warnings
            case "fetch":
                if rest.contains("--help") || rest.contains("-h") {
                    console.output += Help.fetch
                    return 0
                }
                try await FetchCommand(arguments: rest).run(console: &console)
            case "update":
                if rest.contains("--help") || rest.contains("-h") {
                    console.output += Help.update
                    return 0
                }
                try await UpdateCommand(arguments: rest).run(console: &console)
            case "init":
                if rest.contains("--help") || rest.contains("-h") {
                    console.output += Help.initTarget
                    return 0
                }
                try await InitCommand(arguments: rest).run(console: &console)
            case "--version", "version":
                console.output += "dtokit \(DTOKitVersion.current)\n"
            case "help", "--help", "-h":
                console.output += rest.first.map(Help.text(for:)) ?? Help.overview
            default:
                console.errors += "error: unknown command `\(command)`\n\n" + Help.overview
                return 64
            }
            return 0
        } catch {
            let (code, message) = failure(error)
            console.errors += message
            return code
        }
    }
}
