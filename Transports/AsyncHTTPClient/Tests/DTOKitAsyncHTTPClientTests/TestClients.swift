import DTOKitAsyncHTTPClient
import Foundation

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// How the client suites (linked in from the root package's Tests/DTOKitIntegrationTests) make their
// clients here: over AsyncHTTPClientTransport. This file stands in for that folder's TestClients.swift.

/// A new client for the test server.
func makeTestClient() throws -> JsonServiceClient {
    makeClient(baseUrl: try TestServer.shared().baseUrl)
}

/// A new client for `baseUrl`; of `configuration`, the extra headers are taken (the rest is
/// URLSession's business).
func makeClient(baseUrl: String, configuration: URLSessionConfiguration = .ephemeral) -> JsonServiceClient {
    let client = JsonServiceClient(baseUrl: baseUrl, transport: AsyncHTTPClientTransport())
    for case (let name as String, let value as String) in configuration.httpAdditionalHeaders ?? [:] {
        client.headers[name] = value
    }
    return client
}

/// What the suites may expect of the transport under test where transports differ.
let testTransport = TestTransport(sendsEachPostOnAConnectionOfItsOwn: false, resendsDroppedIdempotentRequests: false)

struct TestTransport {
    /// A POST never goes out on a kept-alive connection; AsyncHTTPClient reuses its pool's
    /// connections for every request, so one the server closed as a POST arrived fails it with
    /// `connectionLost`.
    var sendsEachPostOnAConnectionOfItsOwn: Bool
    /// A GET the server dropped unanswered on a kept-alive connection is sent again: AsyncHTTPClient
    /// does not (it may have run), and fails it with `connectionLost`.
    var resendsDroppedIdempotentRequests: Bool
}
