import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `async` method families: `getAsync`, `postAsync`, `putAsync`, `deleteAsync`, `patchAsync`,
/// `sendAsync`.
///
/// They suspend without blocking a thread. Cancelling the calling task cancels the HTTP request and
/// throws ``ServiceClientError/cancelled(url:)``.
extension JsonServiceClient {
    // MARK: GET

    /// Sends `request` as GET, the DTO in the query string (as JSV), to its custom route when its values fill one
    /// (else `/api/{Name}`), and decodes the response.
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response or it cannot be decoded.
    public func getAsync<T: IReturn>(_ request: T) async throws -> T.Return {
        try await runAsync({ try prepare(request, method: .get) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` as GET, the DTO in the query string (as JSV), expecting no response body (``IReturnVoid``).
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response.
    public func getAsync<T: IReturnVoid>(_ request: T) async throws {
        try await runAsync({ try prepare(request, method: .get) }, decode: Self.ignoreBody)
    }

    /// Sends `request` as GET with extra parameters in the query string (after the DTO's), e.g.
    /// implicit AutoQuery conventions: `["DescriptionContains": "swift"]`.
    /// Names and values are percent-encoded; values are sent as given.
    public func getAsync<T: IReturn>(_ request: T, query: [String: String]) async throws -> T.Return {
        try await runAsync({ try prepare(request, method: .get, query: query) }, decode: Self.decoder(T.Return.self))
    }

    /// GETs a URL relative to ``baseUrl`` (or an absolute `http(s)` URL) and decodes the response
    /// as `Response`:
    /// ```swift
    /// let response: GetTechnologyResponse = try await client.getAsync("/technology/servicestack")
    /// ```
    public func getAsync<Response: JsonConvertible>(_ relativeUrl: String) async throws -> Response {
        try await runAsync({ try prepare(relativeUrl: relativeUrl, method: .get) }, decode: Self.decoder(Response.self))
    }

    /// GETs a relative or absolute URL, decoding the response as `type`.
    public func getAsync<Response: JsonConvertible>(_ relativeUrl: String, as type: Response.Type) async throws -> Response {
        try await runAsync({ try prepare(relativeUrl: relativeUrl, method: .get) }, decode: Self.decoder(Response.self))
    }

    // MARK: POST

    /// Sends `request` as POST, the DTO as a JSON body, to its custom route when its values fill one
    /// (else `/api/{Name}`), and decodes the response.
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response or it cannot be decoded.
    @discardableResult
    public func postAsync<T: IReturn>(_ request: T) async throws -> T.Return {
        try await runAsync({ try prepare(request, method: .post) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` as POST, the DTO as a JSON body, expecting no response body (``IReturnVoid``).
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response.
    public func postAsync<T: IReturnVoid>(_ request: T) async throws {
        try await runAsync({ try prepare(request, method: .post) }, decode: Self.ignoreBody)
    }

    /// Sends `request` as POST with extra parameters in the query string (percent-encoded, sent as given).
    @discardableResult
    public func postAsync<T: IReturn>(_ request: T, query: [String: String]) async throws -> T.Return {
        try await runAsync({ try prepare(request, method: .post, query: query) }, decode: Self.decoder(T.Return.self))
    }

    /// POSTs `request` as JSON to a URL relative to ``baseUrl`` (or an absolute `http(s)` URL) and
    /// decodes the response as `Response`:
    /// ```swift
    /// let response: HelloResponse = try await client.postAsync("/hello/World", request: Hello())
    /// ```
    @discardableResult
    public func postAsync<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) async throws -> Response {
        try await runAsync({ try prepare(relativeUrl: relativeUrl, method: .post, body: request) }, decode: Self.decoder(Response.self))
    }

    /// POSTs `request` as JSON to a relative or absolute URL, decoding the response as `type`.
    @discardableResult
    public func postAsync<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?, as type: Response.Type) async throws -> Response {
        try await runAsync({ try prepare(relativeUrl: relativeUrl, method: .post, body: request) }, decode: Self.decoder(Response.self))
    }

    // MARK: PUT

    /// Sends `request` as PUT, the DTO as a JSON body, to its custom route when its values fill one
    /// (else `/api/{Name}`), and decodes the response.
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response or it cannot be decoded.
    @discardableResult
    public func putAsync<T: IReturn>(_ request: T) async throws -> T.Return {
        try await runAsync({ try prepare(request, method: .put) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` as PUT, the DTO as a JSON body, expecting no response body (``IReturnVoid``).
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response.
    public func putAsync<T: IReturnVoid>(_ request: T) async throws {
        try await runAsync({ try prepare(request, method: .put) }, decode: Self.ignoreBody)
    }

    /// Sends `request` as PUT with extra parameters in the query string (percent-encoded, sent as given).
    @discardableResult
    public func putAsync<T: IReturn>(_ request: T, query: [String: String]) async throws -> T.Return {
        try await runAsync({ try prepare(request, method: .put, query: query) }, decode: Self.decoder(T.Return.self))
    }

    /// PUTs `request` as JSON to a URL relative to ``baseUrl`` (or an absolute `http(s)` URL) and
    /// decodes the response as `Response`:
    /// ```swift
    /// let response: HelloResponse = try await client.putAsync("/hello/World", request: Hello())
    /// ```
    @discardableResult
    public func putAsync<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) async throws -> Response {
        try await runAsync({ try prepare(relativeUrl: relativeUrl, method: .put, body: request) }, decode: Self.decoder(Response.self))
    }

    /// PUTs `request` as JSON to a relative or absolute URL, decoding the response as `type`.
    @discardableResult
    public func putAsync<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?, as type: Response.Type) async throws -> Response {
        try await runAsync({ try prepare(relativeUrl: relativeUrl, method: .put, body: request) }, decode: Self.decoder(Response.self))
    }

    // MARK: DELETE

    /// Sends `request` as DELETE, the DTO in the query string (as JSV), to its custom route when its values fill one
    /// (else `/api/{Name}`), and decodes the response.
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response or it cannot be decoded.
    @discardableResult
    public func deleteAsync<T: IReturn>(_ request: T) async throws -> T.Return {
        try await runAsync({ try prepare(request, method: .delete) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` as DELETE, the DTO in the query string (as JSV), expecting no response body (``IReturnVoid``).
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response.
    public func deleteAsync<T: IReturnVoid>(_ request: T) async throws {
        try await runAsync({ try prepare(request, method: .delete) }, decode: Self.ignoreBody)
    }

    /// Sends `request` as DELETE with extra parameters in the query string (after the DTO's), e.g.
    /// implicit AutoQuery conventions: `["DescriptionContains": "swift"]`.
    /// Names and values are percent-encoded; values are sent as given.
    @discardableResult
    public func deleteAsync<T: IReturn>(_ request: T, query: [String: String]) async throws -> T.Return {
        try await runAsync({ try prepare(request, method: .delete, query: query) }, decode: Self.decoder(T.Return.self))
    }

    /// DELETEs a URL relative to ``baseUrl`` (or an absolute `http(s)` URL) and decodes the response
    /// as `Response`:
    /// ```swift
    /// let response: GetTechnologyResponse = try await client.deleteAsync("/technology/servicestack")
    /// ```
    @discardableResult
    public func deleteAsync<Response: JsonConvertible>(_ relativeUrl: String) async throws -> Response {
        try await runAsync({ try prepare(relativeUrl: relativeUrl, method: .delete) }, decode: Self.decoder(Response.self))
    }

    /// DELETEs a relative or absolute URL, decoding the response as `type`.
    @discardableResult
    public func deleteAsync<Response: JsonConvertible>(_ relativeUrl: String, as type: Response.Type) async throws -> Response {
        try await runAsync({ try prepare(relativeUrl: relativeUrl, method: .delete) }, decode: Self.decoder(Response.self))
    }

    // MARK: PATCH

    /// Sends `request` as PATCH, the DTO as a JSON body, to its custom route when its values fill one
    /// (else `/api/{Name}`), and decodes the response.
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response or it cannot be decoded.
    @discardableResult
    public func patchAsync<T: IReturn>(_ request: T) async throws -> T.Return {
        try await runAsync({ try prepare(request, method: .patch) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` as PATCH, the DTO as a JSON body, expecting no response body (``IReturnVoid``).
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response.
    public func patchAsync<T: IReturnVoid>(_ request: T) async throws {
        try await runAsync({ try prepare(request, method: .patch) }, decode: Self.ignoreBody)
    }

    /// Sends `request` as PATCH with extra parameters in the query string (percent-encoded, sent as given).
    @discardableResult
    public func patchAsync<T: IReturn>(_ request: T, query: [String: String]) async throws -> T.Return {
        try await runAsync({ try prepare(request, method: .patch, query: query) }, decode: Self.decoder(T.Return.self))
    }

    /// PATCHs `request` as JSON to a URL relative to ``baseUrl`` (or an absolute `http(s)` URL) and
    /// decodes the response as `Response`:
    /// ```swift
    /// let response: HelloResponse = try await client.patchAsync("/hello/World", request: Hello())
    /// ```
    @discardableResult
    public func patchAsync<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) async throws -> Response {
        try await runAsync({ try prepare(relativeUrl: relativeUrl, method: .patch, body: request) }, decode: Self.decoder(Response.self))
    }

    /// PATCHs `request` as JSON to a relative or absolute URL, decoding the response as `type`.
    @discardableResult
    public func patchAsync<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?, as type: Response.Type) async throws -> Response {
        try await runAsync({ try prepare(relativeUrl: relativeUrl, method: .patch, body: request) }, decode: Self.decoder(Response.self))
    }

    // MARK: send

    /// Sends `request` with the HTTP method of its marker protocol: ``IGet`` → GET, ``IPost`` → POST,
    /// ``IPut`` → PUT, ``IDelete`` → DELETE, ``IPatch`` → PATCH, none → POST.
    @discardableResult
    public func sendAsync<T: IReturn>(_ request: T) async throws -> T.Return {
        try await sendAsync(request, method: HttpMethod.preferred(for: request))
    }

    /// Sends `request` with the HTTP method of its marker protocol, expecting no response body.
    public func sendAsync<T: IReturnVoid>(_ request: T) async throws {
        try await sendAsync(request, method: HttpMethod.preferred(for: request))
    }

    /// Sends `request` with `method`: GET, DELETE, HEAD and OPTIONS put the DTO in the query string,
    /// the others send it as JSON.
    @discardableResult
    public func sendAsync<T: IReturn>(_ request: T, method: HttpMethod) async throws -> T.Return {
        try await runAsync({ try prepare(request, method: method) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` with `method`, expecting no response body.
    public func sendAsync<T: IReturnVoid>(_ request: T, method: HttpMethod) async throws {
        try await runAsync({ try prepare(request, method: method) }, decode: Self.ignoreBody)
    }
}
