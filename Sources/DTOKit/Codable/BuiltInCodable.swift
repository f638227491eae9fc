import Foundation

// Codable for the built-in DTOs, so types generated with `AddCodable: True` that use them compile and
// round-trip. They go through the same metadata tables as the JsonSerializable path (see
// CodableSupport.decodeThroughMetadata); QueryResponse<T>, whose results can be large, is written out
// member by member in QueryTypes.swift.

extension ResponseStatus: Codable {}
extension ResponseError: Codable {}
extension ErrorResponse: Codable {}
extension EmptyResponse: Codable {}
extension IdResponse: Codable {}
extension BoolResponse: Codable {}
extension StringResponse: Codable {}
extension StringsResponse: Codable {}
extension Authenticate: Codable {}
extension AuthenticateResponse: Codable {}
extension GetAccessToken: Codable {}
extension GetAccessTokenResponse: Codable {}
extension KeyValuePair: Codable {}

// The built-in DTO structs (`ExportAsStructs`) the same way, through their tables.
extension ResponseStatusValue: CodableThroughMetadata {}
extension ResponseErrorValue: CodableThroughMetadata {}
extension ErrorResponseValue: CodableThroughMetadata {}
extension EmptyResponseValue: CodableThroughMetadata {}
extension IdResponseValue: CodableThroughMetadata {}
extension BoolResponseValue: CodableThroughMetadata {}
extension StringResponseValue: CodableThroughMetadata {}
extension StringsResponseValue: CodableThroughMetadata {}
extension QueryResponseValue: CodableThroughMetadata {}
extension KeyValuePairValue: CodableThroughMetadata {}
extension AuthenticateValue: CodableThroughMetadata {}
extension AuthenticateResponseValue: CodableThroughMetadata {}
extension GetAccessTokenValue: CodableThroughMetadata {}
extension GetAccessTokenResponseValue: CodableThroughMetadata {}

/// `Codable` through a DTO struct's metadata table, with the table's member names and value formats.
public protocol CodableThroughMetadata: JsonStruct, Codable {}

extension CodableThroughMetadata {
    public init(from decoder: any Decoder) throws {
        self = try CodableSupport.decodeThroughMetadata(Self.self, from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try CodableSupport.encodeThroughMetadata(self, to: encoder)
    }
}
