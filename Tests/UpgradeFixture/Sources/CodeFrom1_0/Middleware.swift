// A middleware as DTOKit 1.0.0's guide showed it: the request is a URLRequest.
import DTOKitClient
import DTOKitMiddleware
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Texts collected from `@Sendable` code.
public final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []
    public init() {}
    public func add(_ text: String) {
        lock.lock()
        texts.append(text)
        lock.unlock()
    }
    public var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return texts
    }
}

/// Sets a User-Agent, records what it saw, passes the request on.
public struct UserAgentMiddleware: ClientMiddleware {
    public let seen: Recorder

    public init(seen: Recorder) {
        self.seen = seen
    }

    public func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: MiddlewareNext
    ) async throws -> ServiceStream {
        var request = request
        request.setValue("UpgradeFixture/1.0", forHTTPHeaderField: "User-Agent")
        seen.add("\(context.method.rawValue) \(request.url?.path ?? "?") \(context.requestTypeName ?? "-")")
        return try await next(request)
    }
}

/// The middleware chain of 1.0.0's guide.
public func configure(_ client: JsonServiceClient, seen: Recorder) {
    client.middleware = [
        UserAgentMiddleware(seen: seen),
        RetryMiddleware(maxRetries: 3, baseDelay: 0.01, maxDelay: 0.1, statuses: [503]),
    ]
}
