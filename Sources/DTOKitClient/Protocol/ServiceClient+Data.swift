import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Raw responses and requests you build yourself: binary downloads, `URLRequest`s. They get the
/// same headers, cookies, filters, error handling and token refresh as typed calls.
extension ServiceClient {
    /// GETs a relative or absolute URL and returns the raw body and the response.
    @available(
        *, noasync, renamed: "getDataAsync(url:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func getData(url: String) throws -> (Data, HTTPURLResponse) {
        let response = try execute(ServiceCall(method: .get, destination: .url(url)))
        return (response.data, response.httpResponse)
    }

    /// Sends `request` as GET to its route (DTO in the query string) and returns the raw response
    /// body, e.g. a file download: `let bytes = try client.getData(DownloadFile())`.
    @available(
        *, noasync, renamed: "getDataAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func getData<T: ServiceRequest>(_ request: T) throws -> Data {
        try execute(ServiceCall(.get, request)).data
    }

    /// Sends a `URLRequest` you built (a relative URL is resolved against the base URL; its
    /// method, headers and body are kept) and returns the raw body and the response. On an error
    /// status, `retryIf` decides whether it is sent once more.
    @available(
        *, noasync, renamed: "getDataAsync(request:retryIf:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func getData(request: URLRequest, retryIf: (@Sendable (HTTPURLResponse) -> Bool)? = nil) throws -> (
        Data, HTTPURLResponse
    ) {
        let response = try execute(Self.call(request, retryIf))
        return (response.data, response.httpResponse)
    }

    /// Sends a `URLRequest` you built and decodes its response as the type of `intoResponse`
    /// (ServiceStack.Swift's way of naming the type; the value itself is not used).
    @available(
        *, noasync, renamed: "sendAsync(intoResponse:request:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func send<T: JsonConvertible>(intoResponse: T, request: URLRequest) throws -> T {
        try fetch(Self.call(request, nil), as: T.self)
    }

    /// Async ``getData(url:)``.
    public func getDataAsync(url: String) async throws -> (Data, HTTPURLResponse) {
        let response = try await executeAsync(ServiceCall(method: .get, destination: .url(url)))
        return (response.data, response.httpResponse)
    }

    /// Async ``getData(_:)``.
    public func getDataAsync<T: ServiceRequest>(_ request: T) async throws -> Data {
        try await executeAsync(ServiceCall(.get, request)).data
    }

    /// Async ``getData(request:retryIf:)``.
    public func getDataAsync(request: URLRequest, retryIf: (@Sendable (HTTPURLResponse) -> Bool)? = nil) async throws
        -> (Data, HTTPURLResponse)
    {
        let response = try await executeAsync(Self.call(request, retryIf))
        return (response.data, response.httpResponse)
    }

    /// Async ``send(intoResponse:request:)``.
    @discardableResult
    public func sendAsync<T: JsonConvertible>(intoResponse: T, request: URLRequest) async throws -> sending T {
        try await fetchAsync(Self.call(request, nil), as: T.self)
    }

    private static func call(_ request: URLRequest, _ retryIf: (@Sendable (HTTPURLResponse) -> Bool)?) -> ServiceCall {
        ServiceCall(
            method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), destination: .urlRequest(request),
            retryIf: retryIf)
    }
}
