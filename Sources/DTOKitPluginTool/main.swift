import DTOKitGenerateCommand
import Foundation

// `dtokit generate`, as DTOKitPlugin runs it at build time (see `GenerateCommand.main`).
exit(GenerateCommand.main(Array(CommandLine.arguments.dropFirst())))
