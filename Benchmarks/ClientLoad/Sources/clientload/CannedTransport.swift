import DTOKitClient
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers every request at once with the greeting the server would send, over no
/// network: what the client itself costs, and holds, per call (`--transports canned`).
struct CannedTransport: HTTPTransport {
    func send(_ request: OutgoingRequest, options: TransportOptions) async throws -> ServiceStream {
        let name =
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?
            .queryItems?.first { $0.name == "name" }?.value ?? ""
        return try ServiceStream(
            data: Data(#"{"result":"Hello, \#(name)!"}"#.utf8), headers: ["Content-Type": "application/json"],
            url: request.url)
    }
}
