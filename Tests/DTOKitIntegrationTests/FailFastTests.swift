import DTOKit
import DTOKitClient
import DTOKitMiddleware
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Failures that sending again cannot cure fail at once, through `RetryMiddleware` too, and say what
/// to do: a certificate no one trusts, an invalid URL, cancellation. (App Transport Security and
/// Apple's refusal of GET bodies: `AppleURLSessionTests`, URLSession only.)
final class FailFastTests: XCTestCase {
    func testAnUntrustedCertificateFailsOnceAndSaysWhatToCheck() throws {
        let client = makeClient(baseUrl: try TestServer.shared().untrustedTLSBaseUrl)
        let attempts = AttemptCounter()
        client.middleware = [RetryMiddleware(maxRetries: 3, baseDelay: 0.01), attempts]
        XCTAssertThrowsError(try client.get(hello())) { error in
            guard case .secureConnectionFailed(let url, _, let message)? = error as? ServiceClientError else {
                return XCTFail("expected secureConnectionFailed, got \(error)")
            }
            XCTAssertTrue(url.hasPrefix("https://127.0.0.1:"), url)
            XCTAssertFalse(message.isEmpty)
            XCTAssertTrue("\(error)".contains("certificate"), "\(error)")
            XCTAssertEqual((error as? ServiceClientError)?.errorCode, "SecureConnectionFailed")
        }
        XCTAssertEqual(attempts.count, 1, "a TLS failure is not retried")
    }

    func testAnUnsupportedSchemeIsAnInvalidUrlAndIsNotRetried() throws {
        let client = makeClient(baseUrl: "ftp://127.0.0.1:\(try closedPort())")
        let attempts = AttemptCounter()
        client.middleware = [RetryMiddleware(maxRetries: 3, baseDelay: 0.01), attempts]
        XCTAssertThrowsError(try client.get(hello())) { error in
            guard case .invalidUrl(let url)? = error as? ServiceClientError else {
                return XCTFail("expected invalidUrl, got \(error)")
            }
            XCTAssertTrue(url.hasPrefix("ftp://"), url)
        }
        XCTAssertLessThanOrEqual(attempts.count, 1, "an invalid URL is not retried")
    }

    func testARefusedConnectionIsRetriedAndThenFails() throws {
        // The other side of the rule: what may pass is retried.
        let client = makeClient(baseUrl: "http://127.0.0.1:\(try closedPort())")
        let attempts = AttemptCounter()
        client.middleware = [RetryMiddleware(maxRetries: 2, baseDelay: 0.01), attempts]
        XCTAssertThrowsError(try client.get(hello())) { error in
            guard case .connectionRefused? = error as? ServiceClientError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(attempts.count, 3)
    }

}

/// Counts the exchanges that reach it (placed after `RetryMiddleware`: every attempt).
private struct AttemptCounter: ClientMiddleware {
    private let attempts = Guarded(0)

    var count: Int { attempts.current }

    func intercept(_ request: OutgoingRequest, context: MiddlewareContext, next: MiddlewareNext) async throws
        -> ServiceStream
    {
        attempts.withLock { $0 += 1 }
        return try await next(request)
    }
}

private func hello() -> Hello {
    let request = Hello()
    request.name = "fail fast"
    return request
}
