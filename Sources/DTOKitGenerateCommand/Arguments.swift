// The command-line edge of the generator (arguments, exit codes), shared by the build plugin's tool and `dtokit`.

/// Wrong arguments: the message and the command's help.
package struct UsageError: Error {
    package let message: String
    package let help: String

    package init(message: String, help: String) {
        self.message = message
        self.help = help
    }
}

/// A failure outside the snapshot (files, network), with what to do.
package struct ToolError: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}

/// Parses `--name value` options and positional arguments.
package struct ArgumentList {
    package private(set) var positional: [String] = []
    package private(set) var values: [String: String] = [:]
    /// Every value given for each option, for options that may repeat.
    package private(set) var allValues: [String: [String]] = [:]

    package init(_ arguments: [String], valueOptions: Set<String>, help: String) throws {
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
                    guard index < arguments.count else {
                        throw UsageError(message: "`\(name)` needs a value", help: help)
                    }
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

/// How a command's failure ends the process: usage errors with the command's help (exit 64, as
/// sysexits' EX_USAGE), anything else with its description (exit 1).
package func failure(_ error: any Error) -> (code: Int32, message: String) {
    if let usage = error as? UsageError {
        return (64, "error: \(usage.message)\n\n\(usage.help)")
    }
    return (1, "\(error)\n")
}
