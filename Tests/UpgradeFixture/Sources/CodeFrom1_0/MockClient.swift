// A mock ServiceClient for view models' tests, as 1.0.0's docs showed: one method, every family.
import DTOKit
import DTOKitClient
import DTOs
import Foundation

public struct MockClient: ServiceClient {
    public init() {}

    public func perform(_ call: ServiceCall) async throws -> ServiceStream {
        switch call.request {
        case let hello as Hello:
            let response = HelloResponse()
            response.result = "Mock, \(hello.name ?? "nobody")! (\(call.method.rawValue))"
            return try .json(response)
        case let query as FindTechnologies:
            // Three pages of two rows, the total on each.
            let skip = query.skip ?? 0
            let page = QueryResponse<Technology>()
            page.offset = skip
            page.total = 6
            page.results = (skip..<min(skip + 2, 6)).map { id in
                let row = Technology()
                row.id = id
                row.name = "Tech \(id)"
                return row
            }
            return try .json(page)
        default:
            let status = ResponseStatus()
            status.errorCode = "NotFound"
            status.message = "The mock knows no \(call.request.map { type(of: $0).typeName } ?? "URL")"
            throw WebServiceException(
                statusCode: 404, statusDescription: "Not Found", responseStatus: status, responseBody: Data(),
                contentType: "application/json", method: call.method.rawValue, url: "/mock")
        }
    }
}
