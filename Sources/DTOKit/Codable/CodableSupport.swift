import Foundation

/// Helpers for Codable conformances whose types are only known to be `JsonConvertible` (generic
/// parameters such as `QueryResponse<T>`'s), and for the runtime's built-in DTOs.
public enum CodableSupport {
    /// Decodes a member whose static type is not known to be `Decodable`, checking at run time.
    public static func decodeIfPresent<Value, Key: CodingKey>(
        _ type: Value.Type, from container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> Value? {
        guard let decodable = Value.self as? any Decodable.Type else {
            throw DecodingError.typeMismatch(
                Value.self,
                DecodingError.Context(
                    codingPath: container.codingPath + [key],
                    debugDescription:
                        "\(Value.self) is not Decodable; give the generic argument a Codable conformance (AddCodable: True)"
                ))
        }
        return try container.decodeIfPresent(decodable, forKey: key) as? Value
    }

    /// Encodes a member whose static type is not known to be `Encodable`, checking at run time.
    public static func encodeIfPresent<Value, Key: CodingKey>(
        _ value: Value?, to container: inout KeyedEncodingContainer<Key>, forKey key: Key
    ) throws {
        guard let value else { return }
        guard let encodable = value as? any Encodable else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: container.codingPath + [key],
                    debugDescription:
                        "\(Value.self) is not Encodable; give the generic argument a Codable conformance (AddCodable: True)"
                ))
        }
        try container.encode(encodable, forKey: key)
    }

    /// Decodes a built-in DTO through its metadata table: the decoder's value is read as a
    /// ``JsonValue`` and applied with DTOKit's own reader, so member names and value formats are
    /// exactly those of the `JsonSerializable` path.
    // Not specialized for each built-in DTO: they are classes, and this runs once per Codable call.
    @_semantics("optimize.sil.specialize.generic.never")
    static func decodeThroughMetadata<T: JsonSerializable>(_ object: T, from decoder: any Decoder) throws {
        let value = try JsonValue(from: decoder)
        let data = value.toJsonData()
        do {
            try JsonReader.read(data) { reader in try T.metadata.decodeMembers(into: object, from: &reader) }
        } catch let error as JsonDecodingError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: error.description))
        }
    }

    /// Encodes a built-in DTO through its metadata table (see ``decodeThroughMetadata(_:from:)``).
    @_semantics("optimize.sil.specialize.generic.never")
    static func encodeThroughMetadata<T: JsonSerializable>(_ object: T, to encoder: any Encoder) throws {
        let value = try JsonValue(parsing: object.toJsonData())
        try value.encode(to: encoder)
    }
}
