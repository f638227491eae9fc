import Foundation

extension JSONDecoder {
    /// A `JSONDecoder` for ServiceStack JSON: dates in WCF (`/Date(ms±hhmm)/`) or any ISO-8601 form
    /// ServiceStack writes, or numbers of milliseconds. For Codable types generated with `AddCodable: True`.
    public static func serviceStack() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let milliseconds = try? container.decode(Double.self) {
                return Date(timeIntervalSince1970: milliseconds / 1000)
            }
            let text = try container.decode(String.self)
            guard let date = DateFormats.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected a date (/Date(ms)/ or ISO-8601), found \"\(text)\"")
            }
            return date
        }
        return decoder
    }
}

extension JSONEncoder {
    /// A `JSONEncoder` that writes dates as ServiceStack does: `/Date(ms)/` by default, or ISO-8601.
    public static func serviceStack(dateFormat: JsonEncodingOptions.DateFormat = .wcf) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            switch dateFormat {
            case .wcf: try container.encode(DateFormats.wcf(date))
            case .iso8601: try container.encode(DateFormats.iso8601(date))
            }
        }
        return encoder
    }
}
