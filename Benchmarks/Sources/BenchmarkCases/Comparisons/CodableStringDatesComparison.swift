import Foundation
import TechStacksBenchDTOs

/// Codable at its fairest on payload 1: a plain `JSONDecoder`/`JSONEncoder` (no date strategy) on
/// hand-written classes that mirror the TechStacks types with dates kept as `String`, so that
/// Codable, like swift-protobuf, does not parse ServiceStack's `/Date(…)/` text. Classes, as the
/// generated DTOs are, so that both allocate one object per technology.
enum CodableStringDatesComparison {
    final class Response: Codable {
        var results: [Technology]?
        var total: Int?
    }

    /// `Technology` with its inherited members, dates as text.
    final class Technology: Codable {
        var id: Int?
        var name: String?
        var vendorName: String?
        var vendorUrl: String?
        var productUrl: String?
        var logoUrl: String?
        var description: String?
        var created: String?
        var createdBy: String?
        var lastModified: String?
        var lastModifiedBy: String?
        var ownerId: String?
        var slug: String?
        var logoApproved: Bool?
        var isLocked: Bool?
        var tier: TechnologyTier?
        var lastStatusUpdate: String?
        var organizationId: Int?
        var commentsPostId: Int?
        var viewCount: Int?
        var favCount: Int?
    }

    /// Payload 1.
    static func allTechnologies(json: Data, expected: GetAllTechnologiesResponse) throws -> Comparison {
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let value = try decoder.decode(Response.self, from: json)
        return Comparison(
            library: .codableStringDates,
            decode: { try decoder.decode(Response.self, from: json) },
            encode: { try encoder.encode(value) },
            verify: {
                let decoded = try decoder.decode(Response.self, from: json)
                if let problem = difference(decoded, expected) { return problem }
                // What it writes must read back (with itself) to the same values.
                return difference(try decoder.decode(Response.self, from: try encoder.encode(decoded)), expected)
                    .map { "its JSON reads back differently: \($0)" }
            })
    }

    private static func difference(_ response: Response, _ expected: GetAllTechnologiesResponse) -> String? {
        let results = response.results ?? []
        let wanted = expected.results ?? []
        guard results.count == wanted.count, response.total == expected.total else { return "results or total" }
        for (index, (technology, dto)) in zip(results, wanted).enumerated() {
            let same =
                technology.id == dto.id && technology.name == dto.name && technology.vendorName == dto.vendorName
                && technology.vendorUrl == dto.vendorUrl && technology.productUrl == dto.productUrl
                && technology.logoUrl == dto.logoUrl && technology.description == dto.description
                && technology.createdBy == dto.createdBy && technology.lastModifiedBy == dto.lastModifiedBy
                && technology.ownerId == dto.ownerId && technology.slug == dto.slug
                && technology.logoApproved == dto.logoApproved && technology.isLocked == dto.isLocked
                && technology.tier == dto.tier && technology.organizationId == dto.organizationId
                && technology.commentsPostId == dto.commentsPostId && technology.viewCount == dto.viewCount
                && technology.favCount == dto.favCount
                && ProtobufComparison.milliseconds(technology.created) == ProtobufComparison.milliseconds(dto.created)
                && ProtobufComparison.milliseconds(technology.lastModified)
                    == ProtobufComparison.milliseconds(dto.lastModified)
                && ProtobufComparison.milliseconds(technology.lastStatusUpdate)
                    == ProtobufComparison.milliseconds(dto.lastStatusUpdate)
            if !same { return "results[\(index)] differs from DTOKit's" }
        }
        return nil
    }
}
