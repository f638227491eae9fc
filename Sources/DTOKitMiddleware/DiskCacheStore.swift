import DTOKit
import Foundation

/// Responses as files in a folder of their own, kept across launches: one JSON file per response
/// (its headers, its body in Base64, when it was stored), named by a hash of its key; the key is
/// stored inside and checked on reading, so two keys never share a response.
///
/// The keys hold no credentials, only a hash of them (see ``HTTPCache``). A file that cannot be
/// read (written by another version, cut short) is a miss, and is removed.
public final class DiskCacheStore: HTTPCacheStore {
    /// The folder the files are in (created when needed).
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// A store in the user's caches folder (`Caches/DTOKit.HTTPCache/<name>`).
    public convenience init(name: String = "default") {
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        self.init(directory: caches.appendingPathComponent("DTOKit.HTTPCache").appendingPathComponent(name))
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
    }

    public func removeResponse(for key: String) {
        try? FileManager.default.removeItem(at: file(for: key))
    }

    public func removeAll() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func file(for key: String) -> URL {
        directory.appendingPathComponent(KeyHash.hex(key) + ".json")
    }

    static func encode(_ response: CachedResponse, key: String) -> Data {
        var headers = JsonObject()
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { headers[name] = .string(value) }
        let document: JsonObject = [
            "key": .string(key), "url": .string(response.url), "statusCode": .int(response.statusCode),
            "storedAt": .double(response.storedAt.timeIntervalSince1970), "headers": .object(headers),
            "body": .string(response.body.base64EncodedString()),
        ]
        return JsonValue.object(document).toJsonData()
    }

    static func decode(_ data: Data, key: String) -> CachedResponse? {
        guard let document = try? JsonValue(parsing: data), document["key"] == .string(key),
              case .string(let url)? = document["url"], let statusCode = document["statusCode"]?.intValue,
              let storedAt = document["storedAt"]?.doubleValue, case .object(let headerObject)? = document["headers"],
              case .string(let encodedBody)? = document["body"], let body = Data(base64Encoded: encodedBody) else {
            return nil
        }
        var headers: [String: String] = [:]
        for (name, value) in headerObject {
            guard case .string(let text) = value else { return nil }
            headers[name] = text
        }
        return CachedResponse(url: url, statusCode: statusCode, headers: headers, body: body,
                              storedAt: Date(timeIntervalSince1970: storedAt))
    }
}

/// FNV-1a, 64 bits, from two offset bases: 128 bits of hash for file names and credential
/// fingerprints (not a secret: it only keeps raw values out of keys and file names).
enum KeyHash {
    static func hex(_ text: String) -> String {
        hash(text, basis: 0xcbf2_9ce4_8422_2325) + hash(text, basis: 0x6c62_272e_07bb_0142)
    }

    private static func hash(_ text: String, basis: UInt64) -> String {
        var value = basis
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
