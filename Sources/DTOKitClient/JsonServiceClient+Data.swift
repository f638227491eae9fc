import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Raw responses: binary downloads and requests you build yourself. They get the same headers,
/// cookies, filters, error handling and token refresh as typed calls.
extension JsonServiceClient {
    /// GETs a relative or absolute URL and returns the raw body and the response.
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` otherwise.
    public func getData(url: String) throws -> (Data, HTTPURLResponse) {
        try run({ try prepare(relativeUrl: url, method: .get) }, decode: { data, response, _ in (data, response) })
    }

    /// Sends `request` as GET to its route (DTO in the query string) and returns the raw response
    /// body, e.g. a file download:
    /// ```swift
    /// let bytes = try client.getData(DownloadFile())
    /// ```
    public func getData<T: ServiceRequest>(_ request: T) throws -> Data {
        try run({ try prepare(request, method: .get) }, decode: { data, _, _ in data })
    }

    /// Sends a `URLRequest` you built (a relative URL is resolved against ``baseUrl``) with the
    /// client's headers, cookies and filters, and returns the raw body and response.
    public func getData(request: URLRequest) throws -> (Data, HTTPURLResponse) {
        try run({ try prepare(urlRequest: request) }, decode: { data, response, _ in (data, response) })
    }

    /// Async ``getData(url:)``.
    public func getDataAsync(url: String) async throws -> (Data, HTTPURLResponse) {
        try await runAsync({ try prepare(relativeUrl: url, method: .get) }, decode: { data, response, _ in (data, response) })
    }

    /// Async ``getData(_:)``.
    public func getDataAsync<T: ServiceRequest>(_ request: T) async throws -> Data {
        try await runAsync({ try prepare(request, method: .get) }, decode: { data, _, _ in data })
    }

    /// Async ``getData(request:)``.
    public func getDataAsync(request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await runAsync({ try prepare(urlRequest: request) }, decode: { data, response, _ in (data, response) })
    }

    func prepare(urlRequest: URLRequest) throws -> PreparedCall {
        guard let url = urlRequest.url else { throw ServiceClientError.invalidUrl("") }
        let resolved = url.host == nil ? try resolveUrl(url.absoluteString) : url
        return PreparedCall(method: HttpMethod(rawValue: urlRequest.httpMethod ?? "GET"), url: resolved,
                            body: urlRequest.httpBody,
                            contentType: urlRequest.value(forHTTPHeaderField: "Content-Type"))
    }
}
