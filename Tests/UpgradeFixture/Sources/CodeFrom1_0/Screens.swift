// App code of 1.0.0: errors shown to users, paging, a live feed.
import DTOKit
import DTOKitClient
import DTOKitServerEvents
import DTOs
import Foundation

/// What a screen shows for an error.
public func message(for error: any Error) -> String {
    if let error = error as? WebServiceException {
        let fields = error.fieldErrors.map { "\($0.fieldName ?? "?"): \($0.message ?? "")" }
        return "\(error.statusCode) \(error.errorCode): \(error.errorMessage)"
            + (fields.isEmpty ? "" : " [" + fields.joined(separator: ", ") + "]")
            + (error.responseStatus?.stackTrace.map { " (\($0.count) characters of stack)" } ?? "")
    }
    if let error = error as? ServiceClientError {
        switch error {
        case .timedOut: return "The server took too long"
        case .cancelled: return "Cancelled"
        default: return "Network: \(error)"
        }
    }
    return "\(error)"
}

/// Every technology, page by page.
public func allTechnologyNames(_ client: any ServiceClient) async throws -> [String] {
    var names: [String] = []
    for try await technology in client.queryResults(FindTechnologies()) {
        names.append(technology.name ?? "")
    }
    var pages = 0
    for try await page in client.queryPages(FindTechnologies()) where page.results?.isEmpty == false {
        pages += 1
    }
    return names + ["\(pages) pages"]
}

/// A live feed of one channel.
public func makeFeed(baseUrl: String, client: JsonServiceClient, onMessage: @escaping @Sendable (String) -> Void)
    -> ServerEventsClient
{
    let events = ServerEventsClient(baseUrl: baseUrl, channels: ["home"], client: client)
    events.on("cmd.chat") { message in onMessage(message.json) }
    events.onEvent { event in
        if case .message(let message) = event { onMessage(message.selector) }
    }
    return events
}

/// A context of 1.0.0's form, as a middleware's unit test builds one.
public func testContext() -> MiddlewareContext {
    MiddlewareContext(method: .get, requestTypeName: "Hello", isBatch: false, streamsResponseBody: false)
}
