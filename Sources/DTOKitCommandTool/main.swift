import DTOKitCommandLine
import Foundation

// The `dtokit` command line, as the command plugins run it (see Sources/DTOKitCLI).
exit(await CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
