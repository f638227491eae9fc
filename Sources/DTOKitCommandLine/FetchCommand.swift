import DTOKitGenerateCommand
import DTOKitGenerator
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `dtokit fetch <baseUrl> [--output F]`: downloads `/types/metadata`, validates it as a snapshot and
/// writes it pretty-printed, printing what changed compared with the existing file.
struct FetchCommand {
    let metadataUrl: URL
    let outputPath: String?
    let timeout: TimeInterval

    init(metadataUrl: URL, outputPath: String?, timeout: TimeInterval) {
        self.metadataUrl = metadataUrl
        self.outputPath = outputPath
        self.timeout = timeout
    }

    init(arguments: [String]) throws {
        let list = try ArgumentList(arguments, valueOptions: ["--output", "--timeout"], help: Help.fetch)
        guard list.positional.count == 1, let base = list.positional.first else {
            throw UsageError(message: "expected one <baseUrl>", help: Help.fetch)
        }
        guard let url = Self.metadataUrl(forBase: base) else {
            throw UsageError(message: "`\(base)` is not an http(s) URL", help: Help.fetch)
        }
        metadataUrl = url
        outputPath = list.values["--output"]
        timeout = try Self.timeout(list.values["--timeout"], help: Help.fetch)
    }

    /// `https://host/` → `https://host/types/metadata`; a URL already naming `/types/metadata` is kept.
    static func metadataUrl(forBase base: String) -> URL? {
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { return nil }
        if url.path.hasSuffix("/types/metadata") || url.path.hasSuffix("/metadata/app.json") { return url }
        var text = base
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + "/types/metadata")
    }

    func run(console: inout CommandLineTool.Console) async throws {
        let pretty = try await Self.download(metadataUrl, timeout: timeout)
        guard let outputPath else {
            console.output += pretty
            return
        }
        if let previous = FileManager.default.contents(atPath: outputPath) {
            console.output += SnapshotDiff.summary(old: previous, new: Data(pretty.utf8), fileName: outputPath)
        } else {
            console.output += "Wrote \(outputPath)\n"
        }
        try FileAccess.writeIfChanged(pretty, to: outputPath)
    }
}

extension FetchCommand {
    /// Downloads a snapshot and returns it validated and pretty-printed (also used by `dtokit init`).
    static func download(_ metadataUrl: URL, timeout: TimeInterval) async throws -> String {
        var request = URLRequest(url: metadataUrl, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw ToolError(description: "error: cannot download \(metadataUrl): \(error.localizedDescription)")
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw ToolError(
                description:
                    "error: \(metadataUrl) answered HTTP \(http.statusCode); is this a ServiceStack server with the metadata feature enabled?"
            )
        }
        return try SnapshotFormatter.prettyPrinted(data, source: metadataUrl.absoluteString)
    }

    /// The `--timeout` value in seconds (default 60), shared by `fetch` and `init`.
    static func timeout(_ text: String?, help: String) throws -> TimeInterval {
        guard let text else { return 60 }
        guard let seconds = TimeInterval(text), seconds > 0 else {
            throw UsageError(message: "--timeout must be a positive number of seconds, found `\(text)`", help: help)
        }
        return seconds
    }
}

/// Validation and stable formatting of downloaded snapshots.
enum SnapshotFormatter {
    /// Checks the bytes are a snapshot the generator reads and returns them pretty-printed.
    static func prettyPrinted(_ data: Data, source: String) throws -> String {
        JsonPrinter.pretty(try SnapshotLoader(bytes: data, fileName: source).load().document)
    }
}

/// `update-dtos` / `fetch` summary of what changed between two snapshots.
enum SnapshotDiff {
    static func summary(old: Data, new: Data, fileName: String) -> String {
        let before = typeTexts(old)
        let after = typeTexts(new)
        let added = after.keys.filter { before[$0] == nil }.sorted()
        let removed = before.keys.filter { after[$0] == nil }.sorted()
        let changed = after.keys.filter { before[$0] != nil && before[$0] != after[$0] }.sorted()
        if added.isEmpty, removed.isEmpty, changed.isEmpty { return "\(fileName): no changes\n" }
        var text = "\(fileName): \(added.count) added, \(removed.count) removed, \(changed.count) changed\n"
        for name in added { text += "  + \(name)\n" }
        for name in removed { text += "  - \(name)\n" }
        for name in changed { text += "  ~ \(name)\n" }
        return text
    }

    /// Each type's JSON text by name (requests, responses and types[]).
    private static func typeTexts(_ data: Data) -> [String: String] {
        guard let root = try? JsonParser.parse([UInt8](data)) else { return [:] }
        let api = root.member("api") ?? root
        var texts: [String: String] = [:]
        func add(_ type: JsonNode?, extra: String = "") {
            guard let type, case .string(let name)? = type.member("name")?.value else { return }
            texts[name] = JsonPrinter.compact(type) + extra
        }
        if case .array(let types)? = api.member("types")?.value {
            for type in types { add(type) }
        }
        if case .array(let operations)? = api.member("operations")?.value {
            for operation in operations {
                // Routes and verbs live on the operation; count them as part of the request.
                add(operation.member("request"), extra: JsonPrinter.compact(operation))
                add(operation.member("response"))
            }
        }
        return texts
    }
}
