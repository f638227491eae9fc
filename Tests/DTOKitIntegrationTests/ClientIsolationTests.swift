import DTOKit
import DTOKitClient
import Foundation
import XCTest

/// The client from `@MainActor` code and from a user's actor, in Swift 6 language mode: the async
/// families return `sending` results, so a response decoded off the main actor can be assigned to
/// main-actor state, and an actor can hand a DTO it fetched to main-actor code.
final class ClientIsolationTests: XCTestCase {
    @MainActor
    func testMainActorViewModelAssignsResultsToItsState() async throws {
        let model = TechnologiesViewModel(client: try makeTestClient())
        try await model.load(take: 3)
        let expected = try TechnologyTable.load().sorted { ($0.id ?? 0) < ($1.id ?? 0) }.prefix(3)
        XCTAssertEqual(model.names, expected.compactMap(\.name))
        XCTAssertEqual(model.total, try TechnologyTable.load().count)
        XCTAssertEqual(model.greeting?.result, "Hello, main actor!")
    }

    @MainActor
    func testActorHandsItsDtoToMainActorCode() async throws {
        let store = GreetingStore(client: try makeTestClient())
        let model = GreetingHolder()
        // The DTO is decoded for the actor and handed over: `sending` makes it the main actor's.
        model.greeting = try await store.greeting(for: "actor")
        XCTAssertEqual(model.greeting?.result, "Hello, actor!")
        model.greeting?.result = "changed on the main actor"
        XCTAssertEqual(model.greeting?.result, "changed on the main actor")
        let count = await store.fetched
        XCTAssertEqual(count, 1)
    }

    @MainActor
    func testAResponseToARequestFromElsewhereCanStillBeHandedOn() async throws {
        let holder = GreetingHolder()
        let request = Hello()
        request.name = "helper"
        holder.greeting = try await greeting(from: try makeTestClient(), for: request)
        XCTAssertEqual(holder.greeting?.result, "Hello, helper!")
    }
}

/// Fetches with a request its caller owns and hands the response on. This compiles only because
/// the client's result is `sending`: otherwise the response would count as part of the request's
/// region (the caller's), which cannot be sent to another actor.
func greeting(from client: any ServiceClient, for request: Hello) async throws -> sending HelloResponse {
    try await client.getAsync(request)
}

/// A view model as an app has it: main-actor state filled by async client calls.
@MainActor
final class TechnologiesViewModel {
    let client: any ServiceClient
    var names: [String] = []
    var total: Int?
    var greeting: HelloResponse?

    init(client: any ServiceClient) {
        self.client = client
    }

    func load(take: Int) async throws {
        let query = FindTechnologies()
        query.take = take
        query.orderBy = "Id"
        let page = try await client.getAsync(query)
        names = page.results?.compactMap(\.name) ?? []
        total = page.total
        let hello = Hello()
        hello.name = "main actor"
        greeting = try await client.sendAsync(hello)
    }
}

/// Main-actor state a DTO ends up in.
@MainActor
final class GreetingHolder {
    var greeting: HelloResponse?
}

/// A user's actor that fetches DTOs and hands them out.
actor GreetingStore {
    let client: JsonServiceClient
    private(set) var fetched = 0

    init(client: JsonServiceClient) {
        self.client = client
    }

    /// A fresh response, which the caller may take to its own actor (`sending`).
    func greeting(for name: String) async throws -> sending HelloResponse {
        let request = Hello()
        request.name = name
        let response = try await client.getAsync(request)
        fetched += 1
        return response
    }
}
