import DTOKitGenerator
import Foundation

// The `dtokit` command line, as the build plugins run it (see Sources/dtokit).
exit(await CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
