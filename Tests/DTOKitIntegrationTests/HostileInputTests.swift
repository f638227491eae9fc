import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Inputs that once trapped: each would end the test process.
final class HostileInputTests: XCTestCase {
    /// Paging: `nextRow += count` is unchecked. A query whose `skip` is huge, against a service that
    /// ignores `skip` (the rows it gives are counted past Int.max): a trap, where the paging should end
    /// with an error (or the rows).
    func testPagingFromAHugeSkipDoesNotTrap() async throws {
        try await QueryPagesTests.pageLimits(maxLimit: nil, total: "absent", ignoreSkip: "1")
        defer { Task { try? await QueryPagesTests.pageLimits(maxLimit: nil, total: "always", ignoreSkip: "0") } }
        let request = FindTechnologies()
        request.skip = Int.max - 1
        request.take = 5
        var pages = 0
        do {
            for try await _ in try makeTestClient().queryPages(request) {
                pages += 1
                if pages > 10 { return XCTFail("never ends") }
            }
        } catch {
            // an error is fine
        }
        try await QueryPagesTests.pageLimits(maxLimit: nil, total: "always", ignoreSkip: "0")
    }

    /// A middleware that sets the request's `timeoutInterval` to what the client's own settings accept
    /// as "no timeout" (infinity) — or a DTOKit 1 URLRequest middleware that passes a URLRequest with one:
    /// the transport hands it to URLSession as it is.
    struct EndlessTimeout: ClientMiddleware {
        let value: TimeInterval
        func intercept(_ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
            -> ServiceStream
        {
            var request = request
            request.timeoutInterval = value
            return try await next(request)
        }
    }

    func testAMiddlewaresInfiniteTimeoutIntervalDoesNotTrap() async throws {
        for value in [TimeInterval.infinity, .nan, 1e300, -1] {
            let client = try makeTestClient()
            client.middleware = [EndlessTimeout(value: value)]
            do {
                _ = try await client.getAsync("/_test/headers", as: JsonValue.self)
            } catch {
                // an error is fine; a trap is not
            }
        }
    }
}
