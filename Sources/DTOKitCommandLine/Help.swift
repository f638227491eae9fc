import DTOKitGenerateCommand
import DTOKitGenerator

/// `--help` texts.
enum Help {
    static let overview = """
        OVERVIEW: Generate Swift DTOs from a ServiceStack metadata snapshot.

        USAGE: dtokit <command> [options]

        COMMANDS:
          generate    Generate Swift DTOs from NAME.metadata.json (and NAME.options).
          fetch       Download a server's /types/metadata as a snapshot.
          update      Download snapshots again from the BaseUrl in their NAME.options.
          init        Create a target folder for DTOs: snapshot, options and its Swift file.
          help        Show help for a command.

        OPTIONS:
          --version   Show DTOKit's version.

        See `dtokit help <command>` for details.

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

    static let initTarget = """
        OVERVIEW: Create a target that holds a server's DTOs, or add what such a target lacks.

        USAGE: dtokit init [<baseUrl>] [--target-dir <dir>] [--name <name>]

        ARGUMENTS:
          <baseUrl>             The server, e.g. https://techstacks.io. Downloads <baseUrl>/types/metadata
                                as NAME.metadata.json and writes NAME.options with `BaseUrl: <baseUrl>`.
                                Without it, the folder must already hold a NAME.metadata.json.

        OPTIONS:
          --target-dir <dir>    The target's folder (default: Sources/DTOs); created if missing. Its last
                                component is the target's name.
          --name <name>         NAME of NAME.metadata.json and NAME.options (default: the folder's only
                                snapshot, else `api`).
          --timeout <seconds>   Give up the download after this long (default 60).
          -h, --help            Show this help.

        Writes, never overwriting a file that exists:
          NAME.metadata.json    the snapshot, pretty-printed (as `dtokit fetch` writes it);
          NAME.options          `BaseUrl:` and every other option at its default, commented out
                                with `//` (remove the `//` to change one);
          <target>.swift        a one-line Swift file, when the folder has none: SwiftPM skips a
                                target folder without Swift sources, so the plugin would never run.
        Then prints the lines to add to Package.swift.

        """

    static let update = """
        OVERVIEW: Download snapshots again from the server each one's options file names.

        USAGE: dtokit update <NAME.metadata.json>... [--timeout <seconds>]

        ARGUMENTS:
          <NAME.metadata.json>  A snapshot; the `BaseUrl:` of the NAME.options beside it says where
                                to download it from. A snapshot without one is left as it is, with a
                                warning.

        OPTIONS:
          --timeout <seconds>   Give up each download after this long (default 60).
          -h, --help            Show this help.

        Each snapshot is written as `dtokit fetch` writes it, with a summary of the types that were
        added, removed and changed. The `update-dtos` command plugin runs this command.

        """

    static func text(for command: String) -> String {
        switch command {
        case "generate": return GenerateCommand.help
        case "fetch": return fetch
        case "init": return initTarget
        case "update": return update
        default: return overview
        }
    }
}
