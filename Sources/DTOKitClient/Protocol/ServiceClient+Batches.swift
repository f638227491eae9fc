import DTOKit

/// Auto-batched and one-way requests.
///
/// `sendAll` POSTs requests of one type as a JSON array to `/api/{Name}[]` (`/json/reply/{Name}[]`
/// without a base path); the server runs them in order and answers with their responses in the
/// same order. It stops at the first request that fails and answers with that request's error:
/// ``WebServiceException/autoBatchIndex`` says which one (those before it have run). An empty
/// array makes no call.
///
/// `sendOneWay` / `publish` send one request where ServiceStack's clients send one-way requests, with
/// the method of its verb marker (POST when it has none, as the C# `JsonServiceClient` does):
/// `/api/{Name}`, which the server runs as any request — ServiceStack 8's endpoint routing maps it for
/// the operation's own method, the one the generator marks the request with — or, without a base
/// path, ServiceStack's one-way endpoint `/json/oneway/{Name}`, where a server with a message queue
/// queues it. The response body is ignored; HTTP errors are still thrown. `sendAllOneWay` /
/// `publishAll` POST a batch (`/api/{Name}[]`, `/json/oneway/{Name}[]`).
extension ServiceClient {
    // MARK: Batches

    /// Sends `requests` in one call and returns their responses, in order.
    @available(
        *, noasync, renamed: "sendAllAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func sendAll<T: IReturn>(_ requests: [T]) throws -> [T.Return] {
        try BlockingCall.wait(for: self) { try await sendAllAsync(requests) }
    }

    /// Async ``sendAll(_:)``.
    public func sendAllAsync<T: IReturn>(_ requests: [T]) async throws -> sending [T.Return] {
        guard !requests.isEmpty else { return [] }
        let response = try await executeAsync(ServiceCall(batch: requests, oneWay: false))
        do {
            return try Self.batchResponses(response, count: requests.count)
        } catch {
            throw report(error)
        }
    }

    /// Sends `requests` in one one-way call (no responses).
    @available(
        *, noasync, renamed: "sendAllOneWayAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func sendAllOneWay<T: ServiceRequest>(_ requests: [T]) throws {
        guard !requests.isEmpty else { return }
        _ = try execute(ServiceCall(batch: requests, oneWay: true))
    }

    /// Async ``sendAllOneWay(_:)``.
    public func sendAllOneWayAsync<T: ServiceRequest>(_ requests: [T]) async throws {
        guard !requests.isEmpty else { return }
        _ = try await executeAsync(ServiceCall(batch: requests, oneWay: true))
    }

    /// The same as ``sendAllOneWay(_:)`` (the .NET clients' name).
    @available(
        *, noasync, renamed: "publishAllAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func publishAll<T: ServiceRequest>(_ requests: [T]) throws {
        try sendAllOneWay(requests)
    }

    /// The same as ``sendAllOneWayAsync(_:)``.
    public func publishAllAsync<T: ServiceRequest>(_ requests: [T]) async throws {
        try await sendAllOneWayAsync(requests)
    }

    // MARK: One-way

    /// Sends `request` to its one-way endpoint, with its verb marker's method (POST when it has none: a
    /// GET's values go in the query string); the response body is ignored.
    @available(
        *, noasync, renamed: "sendOneWayAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func sendOneWay<T: ServiceRequest>(_ request: T) throws {
        _ = try execute(ServiceCall(oneWay: request))
    }

    /// Async ``sendOneWay(_:)``.
    public func sendOneWayAsync<T: ServiceRequest>(_ request: T) async throws {
        _ = try await executeAsync(ServiceCall(oneWay: request))
    }

    /// The same as ``sendOneWay(_:)`` (the .NET clients' name).
    @available(
        *, noasync, renamed: "publishAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func publish<T: ServiceRequest>(_ request: T) throws {
        try sendOneWay(request)
    }

    /// The same as ``sendOneWayAsync(_:)``.
    public func publishAsync<T: ServiceRequest>(_ request: T) async throws {
        try await sendOneWayAsync(request)
    }

    /// The responses of a batch, checked to be one per request.
    private static func batchResponses<R: JsonConvertible>(_ response: ServiceResponse, count: Int) throws -> [R] {
        let responses = try response.decode([R].self)
        guard responses.count == count else {
            throw ServiceClientError.invalidResponse(
                url: response.urlLabel,
                reason: "a batch of \(count) requests was answered with \(responses.count) responses")
        }
        return responses
    }
}

extension ServiceCall {
    /// An auto-batched call: `requests` POSTed as one JSON array to their batch endpoint.
    public init(batch requests: [any ServiceRequest], oneWay: Bool) {
        self.init(method: .post, destination: .batch(oneWay: oneWay), payload: .batch(requests))
    }

    /// A one-way call of `request`, with the method of its verb marker (POST when it has none).
    init(oneWay request: any ServiceRequest) {
        self.init(method: .preferred(for: request), destination: .oneWay, payload: .request(request))
    }
}
