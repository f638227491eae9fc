import Foundation

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// How the client suites make their clients: over URLSession here. Other transports' packages link
// the suites in with a file of their own in place of this one (Transports/AsyncHTTPClient).

/// A new client for the test server (over a stand-in for Apple's URLSession when the run asks for
/// it: `DTOKIT_TEST_URLSESSION=apple`).
func makeTestClient(appleURLSession: Bool = AppleURLSessionStandIn.isRequested) throws -> JsonServiceClient {
    makeClient(baseUrl: try TestServer.shared().baseUrl, appleURLSession: appleURLSession)
}

/// A new client for `baseUrl`, as ``makeTestClient(appleURLSession:)``.
func makeClient(
    baseUrl: String, configuration: URLSessionConfiguration = .ephemeral,
    appleURLSession: Bool = AppleURLSessionStandIn.isRequested
) -> JsonServiceClient {
    JsonServiceClient(
        baseUrl: baseUrl,
        transport: URLSessionTransport(
            configuration: configuration,
            interposer: appleURLSession ? AppleURLSessionStandIn() : nil))
}

/// What the suites may expect of the transport under test where transports differ.
let testTransport = TestTransport(
    sendsEachPostOnAConnectionOfItsOwn: URLSessionTransport.resendsOnReusedConnections,
    resendsDroppedIdempotentRequests: true)

struct TestTransport {
    /// A POST never goes out on a kept-alive connection (URLSession under FoundationNetworking, see
    /// `URLSessionTransport.needsConnectionOfItsOwn`); otherwise one the server closed as the POST
    /// arrived fails it with `connectionLost`.
    var sendsEachPostOnAConnectionOfItsOwn: Bool
    /// A GET the server dropped unanswered on a kept-alive connection is sent again on a new one
    /// (libcurl and Apple's URLSession do); otherwise it fails with `connectionLost`.
    var resendsDroppedIdempotentRequests: Bool
}
