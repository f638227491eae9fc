// A transport of one's own, as 1.0.0's HTTPTransport had it: it sends a URLRequest. This one answers
// from a table instead of the network (a test double many apps keep).
import DTOKitClient
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public struct CannedTransport: HTTPTransport {
    public let seen: Recorder
    /// The JSON answered for each path.
    public let answers: [String: String]

    public init(seen: Recorder, answers: [String: String]) {
        self.seen = seen
        self.answers = answers
    }

    public func send(_ request: URLRequest, options: TransportOptions) async throws -> ServiceStream {
        let path = request.url?.path ?? ""
        let agent = request.value(forHTTPHeaderField: "User-Agent") ?? "-"
        seen.add("sent \(request.httpMethod ?? "GET") \(path) \(agent) body=\(request.httpBody?.count ?? 0)")
        guard let answer = answers[path] else {
            return try ServiceStream(
                data: Data(#"{"responseStatus":{"errorCode":"NotFound","message":"No canned answer"}}"#.utf8),
                statusCode: 404, headers: ["Content-Type": "application/json"],
                url: request.url ?? URL(fileURLWithPath: "/"))
        }
        return try ServiceStream(
            data: Data(answer.utf8), statusCode: 200, headers: ["Content-Type": "application/json"],
            url: request.url ?? URL(fileURLWithPath: "/"))
    }
}
