import DTOKit
import DTOKitClient
import Foundation

/// A Swift 5 mode target with complete concurrency checking and MainActor default isolation.
public enum QuestionTitles {
    public static func title(of json: String) -> String? {
        (try? Post.fromJson(json))?.title
    }

    /// The client from this language mode too.
    public static func fetch(_ client: JsonServiceClient, id: Int) async throws -> String? {
        let request = GetQuestion()
        request.id = id
        return try await client.getAsync(request).result?.title
    }
}
