import DTOKit
import Foundation
import TechStacksStructBenchDTOs

extension Payloads {
    /// 1s. Payload 1 decoded into DTO structs (`ExportAsStructs: True`), against Codable structs (the
    /// same structs' generated Codable conformance) and against building the same structs without JSON.
    public static func techStacksAllStructs() throws -> Payload {
        try Payload(
            id: "techstacks-1mb-structs", title: "1s TechStacks GetAllTechnologies as structs, 1 MB",
            json: try resource("get-all-technologies.1000.json"), objectCount: 1001,
            type: GetAllTechnologiesResponse.self,
            comparisons: { value, _ in [ResultOnlyComparison.allTechnologies(expected: value)] })
    }
}
