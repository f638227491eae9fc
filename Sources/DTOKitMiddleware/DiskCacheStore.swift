import DTOKit
import Foundation

/// Responses as files in a folder of their own, kept across launches: one JSON file per response
/// (its headers, its body in Base64, when it was stored), named by a hash of its key, at most
/// `capacity` of them (storing one more removes the oldest files).
///
/// Nothing secret is written: the keys hold only the SHA-256 of the credentials, and the file is named
/// by the SHA-256 of its key and keeps it (checked on reading, so two keys never share a response) and
/// the URL without its query string (GET requests carry their DTO's values there). Cookies are never
/// kept. A file that cannot be read (written by another version, cut short) is a miss, and is removed.
/// Only the store's own `*.json` files are ever removed.
public final class DiskCacheStore: HTTPCacheStore {
    /// The folder the files are in (created when needed).
    public let directory: URL
    /// How many responses are kept at most.
    public let capacity: Int

    public init(directory: URL, capacity: Int = 1_000) {
        self.directory = directory
        self.capacity = max(1, capacity)
    }

    /// A store in the app's own caches folder: `Caches/<app>/DTOKit.HTTPCache/<name>`, where `<app>`
    /// is the main bundle's identifier, else the executable's name (a command-line tool, a Linux
    /// program), so that two apps of one user never share responses (on macOS outside the sandbox,
    /// and on Linux, every program shares the user's `Caches`). `name` keeps only letters, digits,
    /// `-`, `_` and `.`; give two stores of one app different names.
    public convenience init(name: String = "default", capacity: Int = 1_000) {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        self.init(
            directory: Self.defaultDirectory(
                in: caches, name: name, bundleIdentifier: Bundle.main.bundleIdentifier,
                executableName: ProcessInfo.processInfo.processName),
            capacity: capacity)
    }

    /// `caches/<app>/DTOKit.HTTPCache/<name>` (see ``init(name:capacity:)``).
    static func defaultDirectory(in caches: URL, name: String, bundleIdentifier: String?, executableName: String) -> URL
    {
        let app = bundleIdentifier.map { folderName($0) } ?? ""
        return caches.appendingPathComponent(app.isEmpty ? folderName(executableName, otherwise: "DTOKit") : app)
            .appendingPathComponent("DTOKit.HTTPCache")
            .appendingPathComponent(folderName(name, otherwise: "default"))
    }

    /// `text` with only letters, digits, `-`, `_` and `.` kept (others as `_`); `otherwise` when
    /// that leaves nothing but dots.
    static func folderName(_ text: String, otherwise fallback: String = "") -> String {
        let safe = String(text.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
        return safe.isEmpty || safe.allSatisfy({ $0 == "." }) ? fallback : safe
    }

    public func response(for key: String) -> CachedResponse? {
        let file = self.file(for: key)
        guard let data = try? Data(contentsOf: file) else { return nil }
        guard let response = Self.decode(data, key: key) else {
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        return response
    }

    public func store(_ response: CachedResponse, for key: String) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? Self.encode(response, key: key).write(to: file(for: key), options: .atomic)
        removeOldest(beyond: capacity)
    }

    public func removeResponse(for key: String) {
        try? FileManager.default.removeItem(at: file(for: key))
    }

    public func removeAll() {
        for file in files() { try? FileManager.default.removeItem(at: file) }
    }

    private func file(for key: String) -> URL {
        directory.appendingPathComponent(CacheKey.digest(key) + ".json")
    }

    /// The store's own files: 64 hex digits and `.json` (32 digits: an earlier version's, which are never
    /// read again and go as the oldest).
    private func files() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            let stem = name.dropLast(5)
            return name.hasSuffix(".json") && (stem.count == 64 || stem.count == 32) && stem.allSatisfy(\.isHexDigit)
        }.map { directory.appendingPathComponent($0) }
    }

    private func removeOldest(beyond capacity: Int) {
        let files = files()
        guard files.count > capacity else { return }
        let dated = files.map { file in
            (
                file,
                (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
                    ?? .distantPast
            )
        }
        for (file, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(files.count - capacity) {
            try? FileManager.default.removeItem(at: file)
        }
    }

    static func encode(_ response: CachedResponse, key: String) -> Data {
        var headers = JsonObject()
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { headers[name] = .string(value) }
        let url =
            response.url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            ?? ""
        let document: JsonObject = [
            "key": .string(CacheKey.digest(key)), "url": .string(url), "statusCode": .int(response.statusCode),
            "storedAt": .double(response.storedAt.timeIntervalSince1970), "headers": .object(headers),
            "variant": .string(response.variant), "body": .string(response.body.base64EncodedString()),
        ]
        return JsonValue.object(document).toJsonData()
    }

    static func decode(_ data: Data, key: String) -> CachedResponse? {
        guard let document = try? JsonValue(parsing: data), document["key"] == .string(CacheKey.digest(key)),
            case .string(let url)? = document["url"], let statusCode = document["statusCode"]?.intValue,
            let storedAt = document["storedAt"]?.doubleValue, case .object(let headerObject)? = document["headers"],
            case .string(let variant)? = document["variant"],
            case .string(let encodedBody)? = document["body"], let body = Data(base64Encoded: encodedBody)
        else {
            return nil
        }
        var headers: [String: String] = [:]
        for (name, value) in headerObject {
            guard case .string(let text) = value else { return nil }
            headers[name] = text
        }
        return CachedResponse(
            url: url, statusCode: statusCode, headers: headers, body: body,
            storedAt: Date(timeIntervalSince1970: storedAt), variant: variant)
    }
}
