import Foundation

/// The `dtokit` command line: `generate`, `fetch`, `init`, `help`. Shared by the `dtokit` executable and the
/// build plugins' tool, so both behave the same.
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
                if rest.contains("--help") || rest.contains("-h") { console.output += Help.generate; return 0 }
                try GenerateCommand(arguments: rest).run(console: &console)
            case "fetch":
                if rest.contains("--help") || rest.contains("-h") { console.output += Help.fetch; return 0 }
                try await FetchCommand(arguments: rest).run(console: &console)
            case "init":
                if rest.contains("--help") || rest.contains("-h") { console.output += Help.initTarget; return 0 }
                try await InitCommand(arguments: rest).run(console: &console)
            case "help", "--help", "-h":
                console.output += rest.first.map(Help.text(for:)) ?? Help.overview
            default:
                console.errors += "error: unknown command `\(command)`\n\n" + Help.overview
                return 64
            }
            return 0
        } catch let error as UsageError {
            console.errors += "error: \(error.message)\n\n\(error.help)"
            return 64
        } catch {
            console.errors += "\(error)\n"
            return 1
        }
    }
}

/// Wrong arguments: the message and the command's help.
struct UsageError: Error {
    let message: String
    let help: String
}

/// A failure outside the snapshot (files, network), with what to do.
struct ToolError: Error, CustomStringConvertible {
    let description: String
}

/// Parses `--name value` options and positional arguments.
struct ArgumentList {
    private(set) var positional: [String] = []
    private(set) var values: [String: String] = [:]
    /// Every value given for each option, for options that may repeat.
    private(set) var allValues: [String: [String]] = [:]

    init(_ arguments: [String], valueOptions: Set<String>, help: String) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--") {
                var name = argument
                var value: String?
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    value = String(argument[argument.index(after: equals)...])
                }
                guard valueOptions.contains(name) else {
                    throw UsageError(message: "unknown option `\(name)`", help: help)
                }
                if value == nil {
                    index += 1
                    guard index < arguments.count else { throw UsageError(message: "`\(name)` needs a value", help: help) }
                    value = arguments[index]
                }
                values[name] = value
                allValues[name, default: []].append(value ?? "")
            } else {
                positional.append(argument)
            }
            index += 1
        }
    }
}
