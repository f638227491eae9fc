import DTOKit
import Foundation
import TechStacksBenchDTOs
import TechStacksStructBenchDTOs

/// Payload 1's result built without any JSON: the same objects (or structs), arrays and Strings (each
/// longer String with storage of its own, as a decoder makes it), the properties set directly. What
/// any decoder into these types pays at least — for classes allocating, exclusivity checks on every
/// property and, timed one call at a time, freeing the previous result — with nothing read or matched.
/// DTOKit's time minus this one is what reading and matching the bytes adds.
enum ResultOnlyComparison {
    /// Payload 1, as classes or as structs.
    static func allTechnologies<Response: BuildableTechnologies>(expected: Response) -> Comparison {
        let source = Source(expected)
        return Comparison(
            library: .resultOnly,
            decode: { source.build() },
            encode: nil,
            verify: {
                source.build().toJson() == expected.toJson()
                    ? nil : "the result built without JSON differs from DTOKit's"
            })
    }

    /// The values to build from, taken out of DTOKit's result once into plain values (the texts as
    /// UTF-8 bytes in one buffer, as they stand in a document): reading them during the timed build
    /// costs no reference counting and no exclusivity checks, as reading a document's bytes costs none.
    final class Source<Response: BuildableTechnologies>: @unchecked Sendable {
        let technologies: [Record<Response.Item>]?
        let total: Int?
        let texts: [UInt8]

        init(_ response: Response) {
            var texts: [UInt8] = []
            technologies = response.results?.map { Record($0, texts: &texts) }
            total = response.total
            self.texts = texts
        }

        func build() -> Response {
            var response = Response()
            response.results = technologies.map { records in
                var built: [Response.Item] = []
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
    struct Record<Item: BuildableTechnology> {
        var id: Int?, name: Range<Int>?, vendorName: Range<Int>?, vendorUrl: Range<Int>?, productUrl: Range<Int>?
        var logoUrl: Range<Int>?, description: Range<Int>?, created: Date?, createdBy: Range<Int>?
        var lastModified: Date?, lastModifiedBy: Range<Int>?, ownerId: Range<Int>?, slug: Range<Int>?
        var logoApproved: Bool?, isLocked: Bool?, tier: Item.Tier?, lastStatusUpdate: Date?
        var organizationId: Int?, commentsPostId: Int?, viewCount: Int?, favCount: Int?

        init(_ source: Item, texts: inout [UInt8]) {
            func place(_ text: String?) -> Range<Int>? {
                guard let text else { return nil }
                let start = texts.count
                texts.append(contentsOf: text.utf8)
                return start..<texts.count
            }
            (id, name, vendorName) = (source.id, place(source.name), place(source.vendorName))
            (vendorUrl, productUrl, logoUrl) = (
                place(source.vendorUrl), place(source.productUrl), place(source.logoUrl)
            )
            (description, created, createdBy) = (place(source.description), source.created, place(source.createdBy))
            (lastModified, lastModifiedBy, ownerId) = (
                source.lastModified, place(source.lastModifiedBy), place(source.ownerId)
            )
            (slug, logoApproved, isLocked, tier) = (
                place(source.slug), source.logoApproved, source.isLocked, source.tier
            )
            (lastStatusUpdate, organizationId, commentsPostId) = (
                source.lastStatusUpdate, source.organizationId, source.commentsPostId
            )
            (viewCount, favCount) = (source.viewCount, source.favCount)
        }

        /// A new `Technology` with these values, set where present (as decoding sets only the members
        /// the JSON has), each text a new String made from its bytes.
        func build(texts: UnsafeBufferPointer<UInt8>) -> Item {
            var technology = Item()
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

/// Payload 1's response, as a class or as a struct: what the result-only build sets.
protocol BuildableTechnologies: JsonConvertible {
    associatedtype Item: BuildableTechnology
    init()
    var results: [Item]? { get set }
    var total: Int? { get set }
}

/// Payload 1's `Technology`, as a class or as a struct.
protocol BuildableTechnology {
    associatedtype Tier
    init()
    var id: Int? { get set }
    var name: String? { get set }
    var vendorName: String? { get set }
    var vendorUrl: String? { get set }
    var productUrl: String? { get set }
    var logoUrl: String? { get set }
    var description: String? { get set }
    var created: Date? { get set }
    var createdBy: String? { get set }
    var lastModified: Date? { get set }
    var lastModifiedBy: String? { get set }
    var ownerId: String? { get set }
    var slug: String? { get set }
    var logoApproved: Bool? { get set }
    var isLocked: Bool? { get set }
    var tier: Tier? { get set }
    var lastStatusUpdate: Date? { get set }
    var organizationId: Int? { get set }
    var commentsPostId: Int? { get set }
    var viewCount: Int? { get set }
    var favCount: Int? { get set }
}

extension TechStacksBenchDTOs.GetAllTechnologiesResponse: BuildableTechnologies {}
extension TechStacksBenchDTOs.Technology: BuildableTechnology {}
extension TechStacksStructBenchDTOs.GetAllTechnologiesResponse: BuildableTechnologies {}
extension TechStacksStructBenchDTOs.Technology: BuildableTechnology {}
