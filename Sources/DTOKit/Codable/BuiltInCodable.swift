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
