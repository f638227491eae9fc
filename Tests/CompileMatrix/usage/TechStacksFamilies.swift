// Compiled by the compile matrix into every TechStacks target whose DTOs have DTOKit's tables (classes
// and structs alike): the client's families, as an app calls them. Written so that it compiles
// unchanged whether the DTOs are classes or structs, in Swift 6 mode, with or without MainActor
// default isolation: a class request goes to the client's task (`sending`), so each call gets a new
// one, made by `nonisolated` code that gives it away.
import DTOKit
import DTOKitClient
import DTOKitServerEvents
import Foundation

/// `value` changed by `change`: one spelling for a class (changed in place) and a struct (a copy).
nonisolated private func with<T>(_ value: sending T, _ change: (inout T) -> Void) -> sending T {
    var copy = value
    change(&copy)
    return copy
}

nonisolated private func technology() -> sending GetTechnology {
    with(GetTechnology()) { $0.slug = "servicestack" }
}

func callEveryFamily(_ client: JsonServiceClient, _ events: ServerEventsClient) async throws {
    let response: GetTechnologyResponse = try await client.getAsync(technology())
    _ = response.technology
    let result = await client.apiAsync(technology())
    _ = result.response?.technology
    let batch = try await client.sendAllAsync([technology(), technology()])
    _ = batch.count
    try await client.sendOneWayAsync(technology())
    _ = try await client.postFileWithRequestAsync(
        request: technology(), file: UploadFile(fileName: "a.txt", data: Data("a".utf8), mimeType: "text/plain"))
    for try await row in client.queryResults(with(FindTechnologies()) { $0.take = 50 }).prefix(3) { _ = row.name }
    for try await page in client.queryPages(with(FindTechnologies()) { $0.take = 50 }) { _ = page.total }
    events.on(GetTechnologyResponse.self) { response, _ in _ = response.technology }
}

@available(*, noasync)
func callEveryFamilyBlocking(_ client: JsonServiceClient) throws {
    _ = try client.get(technology())
    _ = client.api(technology())
    _ = try client.sendAll([technology()])
    try client.sendOneWay(technology())
}
