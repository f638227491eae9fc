import DTOKit
import Foundation

/// Code a library target puts next to its DTOs (Swift 6 mode, no default isolation; the DTOs are
/// structs, `ExportAsStructs: True` in admin-ui.options).
public enum AdminSummary {
    /// The operation names of request log entries, decoded on whatever thread calls.
    public static func operations(in json: String) -> [String] {
        (try? [RequestLog].fromJson(json).compactMap(\.operationName)) ?? []
    }

    /// Request log entries decoded in a detached task: DTO structs are `Sendable`, so they come back
    /// as they are.
    public static func entries(in json: String) async throws -> [RequestLog] {
        try await Task.detached { try [RequestLog].fromJson(json) }.value
    }
}
