import DTOKit
import DTOKitClient
import Foundation

/// A view model as an app has it. The target's default isolation makes it MainActor-bound, like
/// everything else here except the generated DTOs, which are `nonisolated`.
final class TechnologiesViewModel {
    private(set) var technologies: [Technology] = []
    private(set) var lastError: String?
    private let client: JsonServiceClient

    init(client: JsonServiceClient) {
        self.client = client
    }

    /// Calls the service from the main actor and assigns the response to main-actor state.
    func refresh() async {
        do {
            let response = try await client.getAsync(GetAllTechnologies())
            technologies = response.results ?? []
            lastError = nil
        } catch {
            lastError = "\(error)"
        }
    }

    /// Decodes a large payload off the main actor and keeps the result.
    func load(_ data: Data) async throws {
        technologies = try await Self.decode(data).results ?? []
    }

    /// Runs on the global executor; the fresh response is handed to the caller with `sending`.
    @concurrent
    nonisolated static func decode(_ data: Data) async throws -> sending GetAllTechnologiesResponse {
        try GetAllTechnologiesResponse.fromJson(data)
    }
}

/// A user's actor that produces DTOs for main-actor code.
actor TechnologyCache {
    private var payloads: [String: Data] = [:]

    func store(_ data: Data, for slug: String) {
        payloads[slug] = data
    }

    /// A DTO decoded inside the actor: `sending` hands it over, so the caller may mutate it.
    func technology(_ slug: String) throws -> sending Technology? {
        guard let data = payloads[slug] else { return nil }
        return try Technology.fromJson(data)
    }
}
