import DTOKit
import Foundation

/// The three ways of turning JSON into the generated DTOs and back that are compared.
public enum Library: String, CaseIterable, Sendable {
    /// DTOKit's byte-level reader and writer through the generated accessor tables.
    case dtokit = "DTOKit"
    /// `JSONDecoder.serviceStack()` / `JSONEncoder.serviceStack()` through the generated Codable conformances.
    case codable = "Codable"
    /// The re-created original design: JSONSerialization and `Any`-based setters (see LegacyJson.swift).
    case jsonSerialization = "JSONSerialization"
}

public enum Direction: String, CaseIterable, Sendable {
    case decode, encode
}

/// One payload: its JSON bytes, the object graph they decode to, and each library's decode and
/// encode of that same type.
///
/// Decoders all read `json`; encoders all write `value`, the graph DTOKit decoded from `json`.
public final class Payload: @unchecked Sendable {
    /// Short name for benchmark names and filters (`techstacks-1mb`).
    public let id: String
    /// What the payload is, for tables.
    public let title: String
    public let json: Data
    /// DTO objects in one decoded payload (for objects/s).
    public let objectCount: Int
    /// Decodes `json`, returning the result (to keep it alive until measured code is done with it).
    public let decode: [Library: () throws -> Any]
    /// Encodes the decoded value.
    public let encode: [Library: () throws -> Data]
    /// Decodes `json` with `library` and writes the result with DTOKit: every library must give the
    /// same bytes as DTOKit's own round trip.
    public let canonicalRoundTrip: [Library: () throws -> Data]
    /// Reads JSON with DTOKit and writes it back: the canonical form encoders' output is compared in.
    private let canonicalize: (Data) throws -> Data

    init<T: JsonConvertible & Codable & LegacyValue>(
        id: String, title: String, json: Data, objectCount: Int, type: T.Type
    ) throws {
        self.id = id
        self.title = title
        self.json = json
        self.objectCount = objectCount
        let value = try T.fromJson(json)
        let decoder = JSONDecoder.serviceStack()
        let encoder = JSONEncoder.serviceStack()
        let decodeLegacy: (Data) throws -> T = { data in
            guard let value = T.fromObject(try JSONSerialization.jsonObject(with: data)) else {
                throw LegacyError.notAnObject("\(T.self)")
            }
            return value
        }
        decode = [
            .dtokit: { try T.fromJson(json) },
            .codable: { try decoder.decode(T.self, from: json) },
            .jsonSerialization: { try decodeLegacy(json) },
        ]
        encode = [
            .dtokit: { value.toJsonData() },
            .codable: { try encoder.encode(value) },
            .jsonSerialization: { try JSONSerialization.data(withJSONObject: value.toObject()) },
        ]
        canonicalRoundTrip = [
            .dtokit: { try T.fromJson(json).toJsonData() },
            .codable: { try decoder.decode(T.self, from: json).toJsonData() },
            .jsonSerialization: { try decodeLegacy(json).toJsonData() },
        ]
        canonicalize = { try T.fromJson($0).toJsonData() }
    }

    /// Checks that every library decodes the payload to the same values, and that what each
    /// encoder writes decodes (with DTOKit) to them too. Returns a description of the first mismatch.
    public func verify() -> String? {
        do {
            guard let expected = try canonicalRoundTrip[.dtokit]?() else { return "no DTOKit round trip" }
            for library in Library.allCases {
                guard let roundTrip = canonicalRoundTrip[library], let encoded = encode[library] else { continue }
                if try roundTrip() != expected {
                    return "\(id): \(library.rawValue) decodes different values than DTOKit"
                }
                if try canonicalize(try encoded()) != expected {
                    return "\(id): \(library.rawValue) encodes different values than DTOKit"
                }
            }
            return nil
        } catch {
            return "\(id): \(error)"
        }
    }
}
