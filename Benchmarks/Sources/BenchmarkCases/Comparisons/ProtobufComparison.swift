import Foundation
import SwiftProtobuf
import TechStacksBenchDTOs
import TechStacksProtobuf

/// swift-protobuf's JSON codec on the TechStacks payloads, through the messages generated from
/// `Protos/techstacks.proto`: decode reads the payload's bytes into messages, encode writes the
/// messages it decoded (int64 as strings, default values left out, as the protobuf JSON mapping says).
enum ProtobufComparison {
    /// Payload 1.
    static func allTechnologies(json: Data, expected: GetAllTechnologiesResponse) throws -> Comparison {
        let message = try ProtoGetAllTechnologiesResponse(jsonUTF8Data: json)
        return Comparison(
            library: .protobuf,
            decode: { try ProtoGetAllTechnologiesResponse(jsonUTF8Data: json) },
            encode: { try message.jsonUTF8Data() },
            verify: {
                let decoded = try ProtoGetAllTechnologiesResponse(jsonUTF8Data: json)
                let results = expected.results ?? []
                guard decoded.results.count == results.count else {
                    return "\(decoded.results.count) results, DTOKit \(results.count)"
                }
                guard decoded.total == Int64(expected.total ?? 0) else { return "total \(decoded.total)" }
                for (index, (technology, dto)) in zip(decoded.results, results).enumerated() {
                    if let difference = difference(technology, dto) { return "results[\(index)].\(difference)" }
                }
                return try readsBack(decoded)
            })
    }

    /// Payload 2.
    static func technology(json: Data, expected: GetTechnologyResponse) throws -> Comparison {
        let message = try ProtoGetTechnologyResponse(jsonUTF8Data: json)
        return Comparison(
            library: .protobuf,
            decode: { try ProtoGetTechnologyResponse(jsonUTF8Data: json) },
            encode: { try message.jsonUTF8Data() },
            verify: {
                let decoded = try ProtoGetTechnologyResponse(jsonUTF8Data: json)
                guard milliseconds(decoded.created) == milliseconds(expected.created) else { return "created" }
                guard let dto = expected.technology, decoded.hasTechnology else { return "technology missing" }
                if let difference = difference(decoded.technology, dto) { return "technology.\(difference)" }
                guard decoded.technologyStacks.count == (expected.technologyStacks ?? []).count else {
                    return "technologyStacks: \(decoded.technologyStacks.count)"
                }
                guard decoded.hasResponseStatus == (expected.responseStatus != nil) else { return "responseStatus" }
                return try readsBack(decoded)
            })
    }

    /// What protobuf writes must read back (with protobuf) to the same message.
    private static func readsBack<M: SwiftProtobuf.Message & Equatable>(_ message: M) throws -> String? {
        try M(jsonUTF8Data: try message.jsonUTF8Data()) == message
            ? nil : "its JSON does not read back to the same message"
    }

    /// The first member whose value differs, or nil.
    private static func difference(_ message: ProtoTechnology, _ dto: Technology) -> String? {
        let strings: [(String, String, String?)] = [
            ("name", message.name, dto.name), ("vendorName", message.vendorName, dto.vendorName),
            ("vendorUrl", message.vendorURL, dto.vendorUrl), ("productUrl", message.productURL, dto.productUrl),
            ("logoUrl", message.logoURL, dto.logoUrl), ("description", message.description_p, dto.description),
            ("createdBy", message.createdBy, dto.createdBy),
            ("lastModifiedBy", message.lastModifiedBy, dto.lastModifiedBy),
            ("ownerId", message.ownerID, dto.ownerId), ("slug", message.slug, dto.slug),
        ]
        for (name, value, expected) in strings where value != expected ?? "" { return name }
        let numbers: [(String, Int64?, Int?)] = [
            ("id", message.id, dto.id ?? 0), ("viewCount", Int64(message.viewCount), dto.viewCount ?? 0),
            ("favCount", Int64(message.favCount), dto.favCount ?? 0),
            ("organizationId", message.hasOrganizationID ? Int64(message.organizationID) : nil, dto.organizationId),
            ("commentsPostId", message.hasCommentsPostID ? message.commentsPostID : nil, dto.commentsPostId),
        ]
        for (name, value, expected) in numbers where value != expected.map(Int64.init) { return name }
        let dates: [(String, String?, Date?)] = [
            ("created", message.created, dto.created), ("lastModified", message.lastModified, dto.lastModified),
            ("lastStatusUpdate", message.hasLastStatusUpdate ? message.lastStatusUpdate : nil, dto.lastStatusUpdate),
        ]
        for (name, text, expected) in dates where milliseconds(text) != milliseconds(expected) { return name }
        if message.logoApproved != dto.logoApproved ?? false { return "logoApproved" }
        if message.isLocked != dto.isLocked ?? false { return "isLocked" }
        // Protobuf's Swift cases are the proto names with a lowercase first letter.
        if "\(message.tier)".lowercased() != (dto.tier?.rawValue ?? "ProgrammingLanguage").lowercased() {
            return "tier"
        }
        return nil
    }

    /// The milliseconds of ServiceStack's `/Date(1451056892040-0000)/` text, kept as a string by
    /// protobuf (nil when empty or not a date).
    static func milliseconds(_ text: String?) -> Int64? {
        guard let text, text.hasPrefix("/Date("), let open = text.firstIndex(of: "(") else { return nil }
        var digits = text[text.index(after: open)...]
        var sign: Int64 = 1
        if digits.first == "-" {
            sign = -1
            digits = digits.dropFirst()
        }
        return Int64(digits.prefix(while: \.isNumber)).map { $0 * sign }
    }

    static func milliseconds(_ date: Date?) -> Int64? {
        date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }
}
