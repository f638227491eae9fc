import DTOKit
import Foundation

/// Turns a successful response body into the type a call returns.
///
/// - `Data` and `[UInt8]` get the raw body (ServiceStack sends `byte[]` and `Stream` responses as
///   raw bytes).
/// - `String` gets the raw text unless the body is a JSON string (ServiceStack sends `string`
///   responses as plain text).
/// - An empty body (204 No Content, or a service that returns null) gives an empty DTO
///   (`T()`), `nil` or `JsonValue.null`.
/// - Anything else is decoded as JSON.
enum ResponseDecoding {
    static func decode<R: JsonConvertible>(_ type: R.Type, data: Data, url: String) throws -> R {
        if R.self == Data.self, let value = data as? R { return value }
        if R.self == [UInt8].self, let value = [UInt8](data) as? R { return value }
        let firstByte = data.first(where: { !$0.isJsonWhitespace })
        if R.self == String.self, firstByte != UInt8(ascii: "\""),
           let value = String(decoding: data, as: UTF8.self) as? R {
            return value
        }
        if firstByte == nil {
            if let dtoType = R.self as? any JsonSerializable.Type, let empty = dtoType.init() as? R {
                return empty
            }
            if let null = try? R.fromJson("null") { return null }
            throw ServiceClientError.invalidResponse(url: url, reason: "the body is empty, expected \(R.self)")
        }
        do {
            return try R.fromJson(data)
        } catch let error as JsonDecodingError {
            throw ServiceClientError.responseDecodingFailed(url: url, typeName: "\(R.self)", error: error)
        }
    }
}
