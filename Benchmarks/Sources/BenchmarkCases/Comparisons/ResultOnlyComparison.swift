import DTOKit
import Foundation
import TechStacksBenchDTOs

/// Payload 1's result built without any JSON: the same objects, arrays and Strings (each longer
/// String with storage of its own, as a decoder makes it), the properties set directly. What any
/// decoder into these classes pays at least — allocating, exclusivity checks on every property and,
/// timed one call at a time, freeing the previous result — with nothing read or matched. DTOKit's
/// time minus this one is what reading and matching the bytes adds.
enum ResultOnlyComparison {
    /// Payload 1.
    static func allTechnologies(expected: GetAllTechnologiesResponse) -> Comparison {
        let source = Source(expected)
        return Comparison(
            library: .resultOnly,
            decode: { source.build() },
            encode: nil,
            verify: {
                source.build().toJson() == expected.toJson() ? nil : "the result built without JSON differs from DTOKit's"
            })
    }

    /// The values to build from, taken out of DTOKit's result once into plain values (the texts as
    /// UTF-8 bytes in one buffer, as they stand in a document): reading them during the timed build
    /// costs no reference counting and no exclusivity checks, as reading a document's bytes costs none.
    final class Source: @unchecked Sendable {
        let technologies: [Record]?
        let total: Int?
        let texts: [UInt8]

        init(_ response: GetAllTechnologiesResponse) {
            var texts: [UInt8] = []
            technologies = response.results?.map { Record($0, texts: &texts) }
            total = response.total
            self.texts = texts
        }

        func build() -> GetAllTechnologiesResponse {
            let response = GetAllTechnologiesResponse()
            response.results = technologies.map { records in
                var built: [Technology] = []
                built.reserveCapacity(records.count)
                texts.withUnsafeBufferPointer { texts in
                    records.withUnsafeBufferPointer { records in
                        for index in 0..<records.count { built.append(records[index].build(texts: texts)) }
                    }
                }
                return built
            }
            response.total = total
            return response
        }
    }

    /// One `Technology`'s values, inherited ones included; each text is where its bytes are.
    struct Record {
        var id: Int?, name: Range<Int>?, vendorName: Range<Int>?, vendorUrl: Range<Int>?, productUrl: Range<Int>?
        var logoUrl: Range<Int>?, description: Range<Int>?, created: Date?, createdBy: Range<Int>?
        var lastModified: Date?, lastModifiedBy: Range<Int>?, ownerId: Range<Int>?, slug: Range<Int>?
        var logoApproved: Bool?, isLocked: Bool?, tier: TechnologyTier?, lastStatusUpdate: Date?
        var organizationId: Int?, commentsPostId: Int?, viewCount: Int?, favCount: Int?

        init(_ source: Technology, texts: inout [UInt8]) {
            func place(_ text: String?) -> Range<Int>? {
                guard let text else { return nil }
                let start = texts.count
                texts.append(contentsOf: text.utf8)
                return start..<texts.count
            }
            (id, name, vendorName) = (source.id, place(source.name), place(source.vendorName))
            (vendorUrl, productUrl, logoUrl) = (place(source.vendorUrl), place(source.productUrl), place(source.logoUrl))
            (description, created, createdBy) = (place(source.description), source.created, place(source.createdBy))
            (lastModified, lastModifiedBy, ownerId) = (source.lastModified, place(source.lastModifiedBy), place(source.ownerId))
            (slug, logoApproved, isLocked, tier) = (place(source.slug), source.logoApproved, source.isLocked, source.tier)
            (lastStatusUpdate, organizationId, commentsPostId) = (source.lastStatusUpdate, source.organizationId, source.commentsPostId)
            (viewCount, favCount) = (source.viewCount, source.favCount)
        }

        /// A new `Technology` with these values, set where present (as decoding sets only the members
        /// the JSON has), each text a new String made from its bytes.
        func build(texts: UnsafeBufferPointer<UInt8>) -> Technology {
            let technology = Technology()
            if let id { technology.id = id }
            if let name { technology.name = makeString(texts, name) }
            if let vendorName { technology.vendorName = makeString(texts, vendorName) }
            if let vendorUrl { technology.vendorUrl = makeString(texts, vendorUrl) }
            if let productUrl { technology.productUrl = makeString(texts, productUrl) }
            if let logoUrl { technology.logoUrl = makeString(texts, logoUrl) }
            if let description { technology.description = makeString(texts, description) }
            if let created { technology.created = created }
            if let createdBy { technology.createdBy = makeString(texts, createdBy) }
            if let lastModified { technology.lastModified = lastModified }
            if let lastModifiedBy { technology.lastModifiedBy = makeString(texts, lastModifiedBy) }
            if let ownerId { technology.ownerId = makeString(texts, ownerId) }
            if let slug { technology.slug = makeString(texts, slug) }
            if let logoApproved { technology.logoApproved = logoApproved }
            if let isLocked { technology.isLocked = isLocked }
            if let tier { technology.tier = tier }
            if let lastStatusUpdate { technology.lastStatusUpdate = lastStatusUpdate }
            if let organizationId { technology.organizationId = organizationId }
            if let commentsPostId { technology.commentsPostId = commentsPostId }
            if let viewCount { technology.viewCount = viewCount }
            if let favCount { technology.favCount = favCount }
            return technology
        }
    }

    /// A String of the bytes at `range`, made without validating them again where the standard
    /// library allows (they came from a String), as DTOKit's reader makes the Strings it has scanned.
    @inline(__always)
    static func makeString(_ texts: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let bytes = UnsafeBufferPointer(rebasing: texts[range])
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return String(copying: UTF8Span(unchecked: bytes.span))
        }
        #endif
        return String(decoding: bytes, as: UTF8.self)
    }
}
