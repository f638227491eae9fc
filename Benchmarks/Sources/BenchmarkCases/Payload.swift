import DTOKit
import Foundation

/// The ways of turning JSON into objects and back that are compared: three on the generated DTOs,
/// and comparison rows with their own types (not every payload has them).
public enum Library: String, CaseIterable, Sendable {
    /// DTOKit's byte-level reader and writer through the generated accessor tables.
    case dtokit = "DTOKit"
    /// `JSONDecoder.serviceStack()` / `JSONEncoder.serviceStack()` through the generated Codable conformances.
    case codable = "Codable"
    /// A plain `JSONDecoder`/`JSONEncoder` on hand-written classes mirroring the TechStacks types
    /// with dates as `String`: Codable's fairest setup. Payload 1 only.
    case codableStringDates = "Codable, String dates"
    /// The re-created original design: JSONSerialization and `Any`-based setters (see LegacyJson.swift).
    case jsonSerialization = "JSONSerialization"
    /// swift-protobuf's JSON codec on generated messages that mirror the TechStacks types
    /// (`Sources/TechStacksProtobuf`); payloads 1 and 2 only. Dates stay strings.
    case protobuf = "swift-protobuf"
    /// simdjson's On-Demand API visiting every value of the same bytes, into no objects: the
    /// practical limit for touching every value. Decode only; where simdjson is installed.
    case simdjson = "simdjson"
    /// Payload 1's result built directly, without JSON (`ResultOnlyComparison`): what any decoder
    /// into these classes pays at least. Decode only.
    case resultOnly = "result only"

    /// The name on command lines: `dtokit`, `codable-string-dates`, `swift-protobuf`.
    public var argument: String {
        rawValue.lowercased().replacingOccurrences(of: ", ", with: "-").replacingOccurrences(of: " ", with: "-")
    }

    /// The libraries that decode into the generated DTOs (and write them).
    public static let dtoLibraries: [Library] = [.dtokit, .codable, .jsonSerialization]
}

public enum Direction: String, CaseIterable, Sendable {
    case decode, encode
}

/// One payload: its JSON bytes, the object graph they decode to, and each library's decode and
/// encode of that same type.
///
/// Decoders all read `json`; the DTO libraries' encoders all write `value`, the graph DTOKit decoded
/// from `json`; a comparison library's encoder writes what it decoded itself.
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
    /// The comparison libraries' own checks.
    private let comparisons: [Comparison]

    /// - Parameter comparisons: other libraries' operations on `json`, given DTOKit's decoded value
    ///   to check against.
    convenience init<T: JsonConvertible & Codable & LegacyValue>(
        id: String, title: String, json: Data, objectCount: Int, type: T.Type,
        comparisons: (T, Data) throws -> [Comparison] = { _, _ in [] }
    ) throws {
        let decodeLegacy: (Data) throws -> T = { data in
            guard let value = T.fromObject(try JSONSerialization.jsonObject(with: data)) else {
                throw LegacyError.notAnObject("\(T.self)")
            }
            return value
        }
        try self.init(
            id: id, title: title, json: json, objectCount: objectCount, type: type,
            legacy: (decodeLegacy, { try JSONSerialization.data(withJSONObject: $0.toObject()) }),
            comparisons: comparisons)
    }

    /// A payload of types the JSONSerialization re-creation does not cover (DTO structs): DTOKit and
    /// Codable, and the comparisons.
    init<T: JsonConvertible & Codable>(
        id: String, title: String, json: Data, objectCount: Int, type: T.Type,
        legacy: (decode: (Data) throws -> T, encode: (T) throws -> Data)? = nil,
        comparisons: (T, Data) throws -> [Comparison] = { _, _ in [] }
    ) throws {
        self.id = id
        self.title = title
        self.json = json
        self.objectCount = objectCount
        let value = try T.fromJson(json)
        let decoder = JSONDecoder.serviceStack()
        let encoder = JSONEncoder.serviceStack()
        var decode: [Library: () throws -> Any] = [
            .dtokit: { try T.fromJson(json) },
            .codable: { try decoder.decode(T.self, from: json) },
        ]
        var encode: [Library: () throws -> Data] = [
            .dtokit: { value.toJsonData() },
            .codable: { try encoder.encode(value) },
        ]
        var canonicalRoundTrip: [Library: () throws -> Data] = [
            .dtokit: { try T.fromJson(json).toJsonData() },
            .codable: { try decoder.decode(T.self, from: json).toJsonData() },
        ]
        if let legacy {
            decode[.jsonSerialization] = { try legacy.decode(json) }
            encode[.jsonSerialization] = { try legacy.encode(value) }
            canonicalRoundTrip[.jsonSerialization] = { try legacy.decode(json).toJsonData() }
        }
        let comparisons = try comparisons(value, json)
        for comparison in comparisons {
            decode[comparison.library] = comparison.decode
            encode[comparison.library] = comparison.encode
        }
        self.decode = decode
        self.encode = encode
        self.comparisons = comparisons
        self.canonicalRoundTrip = canonicalRoundTrip
        canonicalize = { try T.fromJson($0).toJsonData() }
    }

    /// Checks that every library decodes the payload to the same values, and that what each
    /// encoder writes decodes (with DTOKit, or for a comparison library with itself) to them too.
    /// Returns a description of the first mismatch.
    public func verify() -> String? {
        do {
            guard let expected = try canonicalRoundTrip[.dtokit]?() else { return "no DTOKit round trip" }
            for library in Library.dtoLibraries {
                guard let roundTrip = canonicalRoundTrip[library], let encoded = encode[library] else { continue }
                if try roundTrip() != expected {
                    return "\(id): \(library.rawValue) decodes different values than DTOKit"
                }
                if try canonicalize(try encoded()) != expected {
                    return "\(id): \(library.rawValue) encodes different values than DTOKit"
                }
            }
            for comparison in comparisons {
                if let problem = try comparison.verify() {
                    return "\(id): \(comparison.library.rawValue): \(problem)"
                }
            }
            return nil
        } catch {
            return "\(id): \(error)"
        }
    }
}
