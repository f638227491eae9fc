import DTOKit

/// The URL families: call a path relative to the base URL (`"/technology/servicestack"`) or an
/// absolute `http(s)` URL, and decode the response type you name — by annotation or with `as:`:
///
/// ```swift
/// let technology: GetTechnologyResponse = try client.get("/technology/servicestack")
/// let hello = try await client.postAsync("/hello/World", request: Hello(), as: HelloResponse.self)
/// ```
/// POST, PUT and PATCH send `request` as a JSON body (none when it is nil).
extension ServiceClient {
    // MARK: GET and DELETE

    /// GETs a relative or absolute URL and decodes the response as `Response`.
    @available(
        *, noasync, renamed: "getAsync(_:as:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func get<Response: JsonConvertible>(_ relativeUrl: String, as type: Response.Type = Response.self) throws
        -> Response
    {
        try fetch(ServiceCall(method: .get, destination: .url(relativeUrl)), as: Response.self)
    }

    /// Async ``get(_:as:)``.
    public func getAsync<Response: JsonConvertible>(_ relativeUrl: String, as type: Response.Type = Response.self)
        async throws -> sending Response
    {
        try await fetchAsync(ServiceCall(method: .get, destination: .url(relativeUrl)), as: Response.self)
    }

    /// DELETEs a relative or absolute URL and decodes the response as `Response`.
    @available(
        *, noasync, renamed: "deleteAsync(_:as:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func delete<Response: JsonConvertible>(_ relativeUrl: String, as type: Response.Type = Response.self) throws
        -> Response
    {
        try fetch(ServiceCall(method: .delete, destination: .url(relativeUrl)), as: Response.self)
    }

    /// Async ``delete(_:as:)``.
    @discardableResult
    public func deleteAsync<Response: JsonConvertible>(_ relativeUrl: String, as type: Response.Type = Response.self)
        async throws -> sending Response
    {
        try await fetchAsync(ServiceCall(method: .delete, destination: .url(relativeUrl)), as: Response.self)
    }

    // MARK: POST, PUT, PATCH

    /// POSTs `request` as JSON to a relative or absolute URL and decodes the response as `Response`.
    @available(
        *, noasync, renamed: "postAsync(_:request:as:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func post<Response: JsonConvertible, Request: JsonConvertible>(
        _ relativeUrl: String, request: Request?, as type: Response.Type = Response.self
    ) throws -> Response {
        try fetch(Self.call(.post, relativeUrl, request), as: Response.self)
    }

    /// Async ``post(_:request:as:)``.
    @discardableResult
    public func postAsync<Response: JsonConvertible, Request: JsonConvertible>(
        _ relativeUrl: String, request: Request?, as type: Response.Type = Response.self
    ) async throws -> sending Response {
        try await fetchAsync(Self.call(.post, relativeUrl, request), as: Response.self)
    }

    /// PUTs `request` as JSON to a relative or absolute URL and decodes the response as `Response`.
    @available(
        *, noasync, renamed: "putAsync(_:request:as:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func put<Response: JsonConvertible, Request: JsonConvertible>(
        _ relativeUrl: String, request: Request?, as type: Response.Type = Response.self
    ) throws -> Response {
        try fetch(Self.call(.put, relativeUrl, request), as: Response.self)
    }

    /// Async ``put(_:request:as:)``.
    @discardableResult
    public func putAsync<Response: JsonConvertible, Request: JsonConvertible>(
        _ relativeUrl: String, request: Request?, as type: Response.Type = Response.self
    ) async throws -> sending Response {
        try await fetchAsync(Self.call(.put, relativeUrl, request), as: Response.self)
    }

    /// PATCHes `request` as JSON to a relative or absolute URL and decodes the response as `Response`.
    @available(
        *, noasync, renamed: "patchAsync(_:request:as:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func patch<Response: JsonConvertible, Request: JsonConvertible>(
        _ relativeUrl: String, request: Request?, as type: Response.Type = Response.self
    ) throws -> Response {
        try fetch(Self.call(.patch, relativeUrl, request), as: Response.self)
    }

    /// Async ``patch(_:request:as:)``.
    @discardableResult
    public func patchAsync<Response: JsonConvertible, Request: JsonConvertible>(
        _ relativeUrl: String, request: Request?, as type: Response.Type = Response.self
    ) async throws -> sending Response {
        try await fetchAsync(Self.call(.patch, relativeUrl, request), as: Response.self)
    }

    private static func call(_ method: HTTPMethod, _ url: String, _ body: (any JsonConvertible)?) -> ServiceCall {
        ServiceCall(method: method, destination: .url(url), payload: body.map { .json($0) } ?? .none)
    }
}
