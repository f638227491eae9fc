import DTOKitCommandLine
import Foundation

// `swift run dtokit generate …` — see `dtokit help`.
exit(await CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
