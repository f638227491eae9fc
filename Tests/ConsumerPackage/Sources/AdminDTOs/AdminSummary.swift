import DTOKit
import Foundation

/// Code a library target puts next to its DTOs (Swift 6 mode, no default isolation).
public enum AdminSummary {
    /// The operation names of request log entries, decoded on whatever thread calls.
    public static func operations(in json: String) -> [String] {
        (try? [RequestLog].fromJson(json).compactMap(\.operationName)) ?? []
    }
}
