import DTOKit
import Foundation
import GalleryBenchDTOs
import TechStacksBenchDTOs
import ValuesBenchDTOs

/// The four benchmark payloads. Everything is in this package: JSON files are resources, generated
/// payloads are built from a fixed seed and encoded once with DTOKit. Comparison rows: Codable with
/// dates as strings on payload 1, swift-protobuf on payloads 1 and 2 (the TechStacks types mirrored in `Protos/techstacks.proto`), simdjson's
/// traversal on all four where it is built, and payload 1's result built without JSON.
public enum Payloads {
    /// 1. TechStacks `GetAllTechnologiesResponse`: 1,000 technologies, ~1 MB (a real-shaped response).
    public static func techStacksAll() throws -> Payload {
        try Payload(
            id: "techstacks-1mb", title: "1 TechStacks GetAllTechnologies, 1 MB",
            json: try resource("get-all-technologies.1000.json"), objectCount: 1001,
            type: GetAllTechnologiesResponse.self,
            comparisons: { value, json in
                [
                    try CodableStringDatesComparison.allTechnologies(json: json, expected: value),
                    try ProtobufComparison.allTechnologies(json: json, expected: value),
                    try SimdjsonComparison.traversal(json: json),
                    ResultOnlyComparison.allTechnologies(expected: value),
                ].compactMap { $0 }
            })
    }

    /// 2. TechStacks `GetTechnologyResponse`: one technology, ~1 KB (latency per call).
    public static func techStacksSmall() throws -> Payload {
        try Payload(
            id: "techstacks-1kb", title: "2 TechStacks GetTechnology, 1 KB",
            json: try resource("get-technology.small.json"), objectCount: 2,
            type: GetTechnologyResponse.self,
            comparisons: { value, json in
                [
                    try ProtobufComparison.technology(json: json, expected: value),
                    try SimdjsonComparison.traversal(json: json),
                ].compactMap { $0 }
            })
    }

    /// 3. Value-heavy events: dates, durations, enums, dictionaries, nested optionals.
    public static func values() throws -> Payload {
        let (response, objects) = ValuesData.response()
        return try Payload(
            id: "values", title: "3 Value-heavy events",
            json: response.toJsonData(), objectCount: objects, type: GetEventsResponse.self,
            comparisons: { _, json in [try SimdjsonComparison.traversal(json: json)].compactMap { $0 } })
    }

    /// 4. Types from the real Blazor Gallery snapshot (`QueryJobApplications`' response rows) with
    /// deterministic data.
    public static func gallery() throws -> Payload {
        let (applications, objects) = GalleryData.applications()
        let response = QueryResponse<JobApplication>()
        response.offset = 0
        response.total = applications.count
        response.results = applications
        return try Payload(
            id: "gallery", title: "4 Blazor Gallery job applications",
            json: response.toJsonData(), objectCount: objects + 1,
            type: QueryResponse<JobApplication>.self,
            comparisons: { _, json in [try SimdjsonComparison.traversal(json: json)].compactMap { $0 } })
    }

    /// All four, in order, and payload 1 again as structs.
    public static func all() throws -> [Payload] {
        [try techStacksAll(), try techStacksSmall(), try values(), try gallery(), try techStacksAllStructs()]
    }

    /// The payload with this id, built alone.
    public static func named(_ id: String) throws -> Payload? {
        switch id {
        case "techstacks-1mb": return try techStacksAll()
        case "techstacks-1kb": return try techStacksSmall()
        case "values": return try values()
        case "gallery": return try gallery()
        case "techstacks-1mb-structs": return try techStacksAllStructs()
        default: return nil
        }
    }

    static func resource(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Payloads") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Payloads/\(name)"])
        }
        return try Data(contentsOf: url)
    }
}
