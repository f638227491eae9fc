/// `--help` texts.
enum Help {
    static let overview = """
        OVERVIEW: Generate Swift DTOs from a ServiceStack metadata snapshot.

        USAGE: dtokit <command> [options]

        COMMANDS:
          generate    Generate Swift DTOs from NAME.metadata.json (and NAME.options).
          fetch       Download a server's /types/metadata as a snapshot.
          help        Show help for a command.

        See `dtokit help <command>` for details.

        """

    static let generate = """
        OVERVIEW: Generate Swift DTOs with JsonSerializable extensions from a metadata snapshot.

        USAGE: dtokit generate <snapshot.json> [--options <file>] [--output <file.swift>]
               dtokit generate <snapshot.json> --output-dir <dir> [--file-count <n>]

        ARGUMENTS:
          <snapshot.json>       The snapshot: the JSON of /types/metadata or /metadata/app.json.

        OPTIONS:
          --options <file>      Options file (`Key: Value` lines, as in a dtos.swift header).
                                Default: NAME.options next to NAME.metadata.json, if it exists.
          --output <file>       Write the Swift code to this file (default: standard output).
          --output-dir <dir>    Write NAME.dtos.swift (or NAME.dtos.1.swift … with --file-count)
                                into this directory; unchanged files are not rewritten.
          --file-count <n>      Spread the types over n files (faster compiles on many cores). Default 1.
          --conflicts-with <f>  Another snapshot compiled into the same module: fail if both declare
                                a type of the same name. May be repeated.
          -h, --help            Show this help.

        """

    static let fetch = """
        OVERVIEW: Download a ServiceStack server's metadata as a snapshot.

        USAGE: dtokit fetch <baseUrl> [--output <file>]

        ARGUMENTS:
          <baseUrl>             The server, e.g. https://techstacks.io. Fetches <baseUrl>/types/metadata.

        OPTIONS:
          --output <file>       Write the snapshot to this file (default: standard output). When the
                                file exists, a summary of added, removed and changed types is printed.
          --timeout <seconds>   Give up after this long (default 60).
          -h, --help            Show this help.

        The snapshot is validated and written pretty-printed (2-space indent) in the server's
        member order, so changes show up as readable diffs.

        """

    static func text(for command: String) -> String {
        switch command {
        case "generate": return generate
        case "fetch": return fetch
        default: return overview
        }
    }
}
