import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The blocking method families: `get`, `post`, `put`, `delete`, `patch`, `send`.
///
/// They block the calling thread until the response arrives; call them from background threads or
/// command line tools, and the `…Async` forms from async code.
extension JsonServiceClient {
    // MARK: GET

    /// Sends `request` as GET, the DTO in the query string (as JSV), to its custom route when its values fill one
    /// (else `/api/{Name}`), and decodes the response.
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response or it cannot be decoded.
    public func get<T: IReturn>(_ request: T) throws -> T.Return {
        try run({ try prepare(request, method: .get) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` as GET, the DTO in the query string (as JSV), expecting no response body (``IReturnVoid``).
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response.
    public func get<T: IReturnVoid>(_ request: T) throws {
        try run({ try prepare(request, method: .get) }, decode: Self.ignoreBody)
    }

    /// Sends `request` as GET with extra parameters in the query string (after the DTO's), e.g.
    /// implicit AutoQuery conventions: `["DescriptionContains": "swift"]`.
    /// Names and values are percent-encoded; values are sent as given.
    public func get<T: IReturn>(_ request: T, query: [String: String]) throws -> T.Return {
        try run({ try prepare(request, method: .get, query: query) }, decode: Self.decoder(T.Return.self))
    }

    /// GETs a URL relative to ``baseUrl`` (or an absolute `http(s)` URL) and decodes the response
    /// as `Response`:
    /// ```swift
    /// let response: GetTechnologyResponse = try client.get("/technology/servicestack")
    /// ```
    public func get<Response: JsonConvertible>(_ relativeUrl: String) throws -> Response {
        try run({ try prepare(relativeUrl: relativeUrl, method: .get) }, decode: Self.decoder(Response.self))
    }

    /// GETs a relative or absolute URL, decoding the response as `type`.
    public func get<Response: JsonConvertible>(_ relativeUrl: String, as type: Response.Type) throws -> Response {
        try run({ try prepare(relativeUrl: relativeUrl, method: .get) }, decode: Self.decoder(Response.self))
    }

    // MARK: POST

    /// Sends `request` as POST, the DTO as a JSON body, to its custom route when its values fill one
    /// (else `/api/{Name}`), and decodes the response.
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response or it cannot be decoded.
    @discardableResult
    public func post<T: IReturn>(_ request: T) throws -> T.Return {
        try run({ try prepare(request, method: .post) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` as POST, the DTO as a JSON body, expecting no response body (``IReturnVoid``).
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response.
    public func post<T: IReturnVoid>(_ request: T) throws {
        try run({ try prepare(request, method: .post) }, decode: Self.ignoreBody)
    }

    /// Sends `request` as POST with extra parameters in the query string (percent-encoded, sent as given).
    @discardableResult
    public func post<T: IReturn>(_ request: T, query: [String: String]) throws -> T.Return {
        try run({ try prepare(request, method: .post, query: query) }, decode: Self.decoder(T.Return.self))
    }

    /// POSTs `request` as JSON to a URL relative to ``baseUrl`` (or an absolute `http(s)` URL) and
    /// decodes the response as `Response`:
    /// ```swift
    /// let response: HelloResponse = try client.post("/hello/World", request: Hello())
    /// ```
    @discardableResult
    public func post<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) throws -> Response {
        try run({ try prepare(relativeUrl: relativeUrl, method: .post, body: request) }, decode: Self.decoder(Response.self))
    }

    /// POSTs `request` as JSON to a relative or absolute URL, decoding the response as `type`.
    @discardableResult
    public func post<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?, as type: Response.Type) throws -> Response {
        try run({ try prepare(relativeUrl: relativeUrl, method: .post, body: request) }, decode: Self.decoder(Response.self))
    }

    // MARK: PUT

    /// Sends `request` as PUT, the DTO as a JSON body, to its custom route when its values fill one
    /// (else `/api/{Name}`), and decodes the response.
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response or it cannot be decoded.
    @discardableResult
    public func put<T: IReturn>(_ request: T) throws -> T.Return {
        try run({ try prepare(request, method: .put) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` as PUT, the DTO as a JSON body, expecting no response body (``IReturnVoid``).
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response.
    public func put<T: IReturnVoid>(_ request: T) throws {
        try run({ try prepare(request, method: .put) }, decode: Self.ignoreBody)
    }

    /// Sends `request` as PUT with extra parameters in the query string (percent-encoded, sent as given).
    @discardableResult
    public func put<T: IReturn>(_ request: T, query: [String: String]) throws -> T.Return {
        try run({ try prepare(request, method: .put, query: query) }, decode: Self.decoder(T.Return.self))
    }

    /// PUTs `request` as JSON to a URL relative to ``baseUrl`` (or an absolute `http(s)` URL) and
    /// decodes the response as `Response`:
    /// ```swift
    /// let response: HelloResponse = try client.put("/hello/World", request: Hello())
    /// ```
    @discardableResult
    public func put<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) throws -> Response {
        try run({ try prepare(relativeUrl: relativeUrl, method: .put, body: request) }, decode: Self.decoder(Response.self))
    }

    /// PUTs `request` as JSON to a relative or absolute URL, decoding the response as `type`.
    @discardableResult
    public func put<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?, as type: Response.Type) throws -> Response {
        try run({ try prepare(relativeUrl: relativeUrl, method: .put, body: request) }, decode: Self.decoder(Response.self))
    }

    // MARK: DELETE

    /// Sends `request` as DELETE, the DTO in the query string (as JSV), to its custom route when its values fill one
    /// (else `/api/{Name}`), and decodes the response.
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response or it cannot be decoded.
    @discardableResult
    public func delete<T: IReturn>(_ request: T) throws -> T.Return {
        try run({ try prepare(request, method: .delete) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` as DELETE, the DTO in the query string (as JSV), expecting no response body (``IReturnVoid``).
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response.
    public func delete<T: IReturnVoid>(_ request: T) throws {
        try run({ try prepare(request, method: .delete) }, decode: Self.ignoreBody)
    }

    /// Sends `request` as DELETE with extra parameters in the query string (after the DTO's), e.g.
    /// implicit AutoQuery conventions: `["DescriptionContains": "swift"]`.
    /// Names and values are percent-encoded; values are sent as given.
    @discardableResult
    public func delete<T: IReturn>(_ request: T, query: [String: String]) throws -> T.Return {
        try run({ try prepare(request, method: .delete, query: query) }, decode: Self.decoder(T.Return.self))
    }

    /// DELETEs a URL relative to ``baseUrl`` (or an absolute `http(s)` URL) and decodes the response
    /// as `Response`:
    /// ```swift
    /// let response: GetTechnologyResponse = try client.delete("/technology/servicestack")
    /// ```
    @discardableResult
    public func delete<Response: JsonConvertible>(_ relativeUrl: String) throws -> Response {
        try run({ try prepare(relativeUrl: relativeUrl, method: .delete) }, decode: Self.decoder(Response.self))
    }

    /// DELETEs a relative or absolute URL, decoding the response as `type`.
    @discardableResult
    public func delete<Response: JsonConvertible>(_ relativeUrl: String, as type: Response.Type) throws -> Response {
        try run({ try prepare(relativeUrl: relativeUrl, method: .delete) }, decode: Self.decoder(Response.self))
    }

    // MARK: PATCH

    /// Sends `request` as PATCH, the DTO as a JSON body, to its custom route when its values fill one
    /// (else `/api/{Name}`), and decodes the response.
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response or it cannot be decoded.
    @discardableResult
    public func patch<T: IReturn>(_ request: T) throws -> T.Return {
        try run({ try prepare(request, method: .patch) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` as PATCH, the DTO as a JSON body, expecting no response body (``IReturnVoid``).
    /// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when
    ///   there is no response.
    public func patch<T: IReturnVoid>(_ request: T) throws {
        try run({ try prepare(request, method: .patch) }, decode: Self.ignoreBody)
    }

    /// Sends `request` as PATCH with extra parameters in the query string (percent-encoded, sent as given).
    @discardableResult
    public func patch<T: IReturn>(_ request: T, query: [String: String]) throws -> T.Return {
        try run({ try prepare(request, method: .patch, query: query) }, decode: Self.decoder(T.Return.self))
    }

    /// PATCHs `request` as JSON to a URL relative to ``baseUrl`` (or an absolute `http(s)` URL) and
    /// decodes the response as `Response`:
    /// ```swift
    /// let response: HelloResponse = try client.patch("/hello/World", request: Hello())
    /// ```
    @discardableResult
    public func patch<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) throws -> Response {
        try run({ try prepare(relativeUrl: relativeUrl, method: .patch, body: request) }, decode: Self.decoder(Response.self))
    }

    /// PATCHs `request` as JSON to a relative or absolute URL, decoding the response as `type`.
    @discardableResult
    public func patch<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?, as type: Response.Type) throws -> Response {
        try run({ try prepare(relativeUrl: relativeUrl, method: .patch, body: request) }, decode: Self.decoder(Response.self))
    }

    // MARK: send

    /// Sends `request` with the HTTP method of its marker protocol: ``IGet`` → GET, ``IPost`` → POST,
    /// ``IPut`` → PUT, ``IDelete`` → DELETE, ``IPatch`` → PATCH, none → POST.
    @discardableResult
    public func send<T: IReturn>(_ request: T) throws -> T.Return {
        try send(request, method: HttpMethod.preferred(for: request))
    }

    /// Sends `request` with the HTTP method of its marker protocol, expecting no response body.
    public func send<T: IReturnVoid>(_ request: T) throws {
        try send(request, method: HttpMethod.preferred(for: request))
    }

    /// Sends `request` with `method`: GET, DELETE, HEAD and OPTIONS put the DTO in the query string,
    /// the others send it as JSON.
    @discardableResult
    public func send<T: IReturn>(_ request: T, method: HttpMethod) throws -> T.Return {
        try run({ try prepare(request, method: method) }, decode: Self.decoder(T.Return.self))
    }

    /// Sends `request` with `method`, expecting no response body.
    public func send<T: IReturnVoid>(_ request: T, method: HttpMethod) throws {
        try run({ try prepare(request, method: method) }, decode: Self.ignoreBody)
    }
}
