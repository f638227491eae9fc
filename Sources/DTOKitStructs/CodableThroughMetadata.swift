import DTOKit
import Foundation

/// `Codable` through a DTO struct's metadata table, with the table's member names and value formats.
public protocol CodableThroughMetadata: JsonStruct, Codable {}

extension CodableThroughMetadata {
    // Through a `JsonValue`, read with DTOKit's own reader: member names and value formats are
    // exactly those of the table. (Not specialized per type: this runs once per Codable call.)
    @_semantics("optimize.sil.specialize.generic.never")
    public init(from decoder: any Decoder) throws {
        let value = try JsonValue(from: decoder)
        do {
            self = try Self.fromJson(value.toJsonData())
        } catch let error as JsonDecodingError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: error.description))
        }
    }

    @_semantics("optimize.sil.specialize.generic.never")
    public func encode(to encoder: any Encoder) throws {
        try JsonValue(parsing: toJsonData()).encode(to: encoder)
    }
}
