import DTOKit

/// The request-DTO families: `get`, `post`, `put`, `delete`, `patch` and `send`, blocking and async.
///
/// Each sends the DTO to its custom route when its values fill one and the route allows the
/// method, else to the pre-defined route (`/api/{Name}`); GET and DELETE put the DTO in the query
/// string (as JSV), the others send it as JSON. `query` adds parameters after the DTO's, e.g.
/// AutoQuery's implicit conventions: `["DescriptionContains": "swift"]` (percent-encoded, sent as given).
///
/// The blocking forms block the calling thread (use them on background threads and in command line
/// tools); the `…Async` forms suspend, cancelling the task cancels the request, and their results
/// are `sending`: a response can be handed to the main actor or any other.
///
/// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when there is
///   no response or it cannot be decoded.
extension ServiceClient {
    // MARK: GET

    /// Sends `request` as GET and decodes its response.
    @available(
        *, noasync, renamed: "getAsync(_:query:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func get<T: IReturn>(_ request: T, query: [String: String] = [:]) throws -> T.Return {
        try fetch(ServiceCall(.get, request, query: query), as: T.Return.self)
    }

    /// Sends `request` as GET, expecting no response body (``/DTOKit/IReturnVoid``).
    @available(
        *, noasync, renamed: "getAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func get<T: IReturnVoid>(_ request: T) throws {
        _ = try execute(ServiceCall(.get, request))
    }

    /// Async ``get(_:query:)``.
    public func getAsync<T: IReturn>(_ request: T, query: [String: String] = [:]) async throws -> sending T.Return {
        try await fetchAsync(ServiceCall(.get, request, query: query), as: T.Return.self)
    }

    /// Async GET expecting no response body.
    public func getAsync<T: IReturnVoid>(_ request: T) async throws {
        _ = try await executeAsync(ServiceCall(.get, request))
    }

    // MARK: POST

    /// Sends `request` as a JSON POST and decodes its response.
    @available(
        *, noasync, renamed: "postAsync(_:query:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func post<T: IReturn>(_ request: T, query: [String: String] = [:]) throws -> T.Return {
        try fetch(ServiceCall(.post, request, query: query), as: T.Return.self)
    }

    /// Sends `request` as a JSON POST, expecting no response body.
    @available(
        *, noasync, renamed: "postAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func post<T: IReturnVoid>(_ request: T) throws {
        _ = try execute(ServiceCall(.post, request))
    }

    /// Async ``post(_:query:)``.
    @discardableResult
    public func postAsync<T: IReturn>(_ request: T, query: [String: String] = [:]) async throws -> sending T.Return {
        try await fetchAsync(ServiceCall(.post, request, query: query), as: T.Return.self)
    }

    /// Async POST expecting no response body.
    public func postAsync<T: IReturnVoid>(_ request: T) async throws {
        _ = try await executeAsync(ServiceCall(.post, request))
    }

    // MARK: PUT

    /// Sends `request` as a JSON PUT and decodes its response.
    @available(
        *, noasync, renamed: "putAsync(_:query:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func put<T: IReturn>(_ request: T, query: [String: String] = [:]) throws -> T.Return {
        try fetch(ServiceCall(.put, request, query: query), as: T.Return.self)
    }

    /// Sends `request` as a JSON PUT, expecting no response body.
    @available(
        *, noasync, renamed: "putAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func put<T: IReturnVoid>(_ request: T) throws {
        _ = try execute(ServiceCall(.put, request))
    }

    /// Async ``put(_:query:)``.
    @discardableResult
    public func putAsync<T: IReturn>(_ request: T, query: [String: String] = [:]) async throws -> sending T.Return {
        try await fetchAsync(ServiceCall(.put, request, query: query), as: T.Return.self)
    }

    /// Async PUT expecting no response body.
    public func putAsync<T: IReturnVoid>(_ request: T) async throws {
        _ = try await executeAsync(ServiceCall(.put, request))
    }

    // MARK: DELETE

    /// Sends `request` as DELETE (the DTO in the query string) and decodes its response.
    @available(
        *, noasync, renamed: "deleteAsync(_:query:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func delete<T: IReturn>(_ request: T, query: [String: String] = [:]) throws -> T.Return {
        try fetch(ServiceCall(.delete, request, query: query), as: T.Return.self)
    }

    /// Sends `request` as DELETE, expecting no response body.
    @available(
        *, noasync, renamed: "deleteAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func delete<T: IReturnVoid>(_ request: T) throws {
        _ = try execute(ServiceCall(.delete, request))
    }

    /// Async ``delete(_:query:)``.
    @discardableResult
    public func deleteAsync<T: IReturn>(_ request: T, query: [String: String] = [:]) async throws -> sending T.Return {
        try await fetchAsync(ServiceCall(.delete, request, query: query), as: T.Return.self)
    }

    /// Async DELETE expecting no response body.
    public func deleteAsync<T: IReturnVoid>(_ request: T) async throws {
        _ = try await executeAsync(ServiceCall(.delete, request))
    }

    // MARK: PATCH

    /// Sends `request` as a JSON PATCH and decodes its response.
    @available(
        *, noasync, renamed: "patchAsync(_:query:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func patch<T: IReturn>(_ request: T, query: [String: String] = [:]) throws -> T.Return {
        try fetch(ServiceCall(.patch, request, query: query), as: T.Return.self)
    }

    /// Sends `request` as a JSON PATCH, expecting no response body.
    @available(
        *, noasync, renamed: "patchAsync(_:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func patch<T: IReturnVoid>(_ request: T) throws {
        _ = try execute(ServiceCall(.patch, request))
    }

    /// Async ``patch(_:query:)``.
    @discardableResult
    public func patchAsync<T: IReturn>(_ request: T, query: [String: String] = [:]) async throws -> sending T.Return {
        try await fetchAsync(ServiceCall(.patch, request, query: query), as: T.Return.self)
    }

    /// Async PATCH expecting no response body.
    public func patchAsync<T: IReturnVoid>(_ request: T) async throws {
        _ = try await executeAsync(ServiceCall(.patch, request))
    }

    // MARK: send

    /// Sends `request` with `method`, or else the method of its marker protocol: ``/DTOKit/IGet`` → GET,
    /// ``/DTOKit/IPost`` → POST, ``/DTOKit/IPut`` → PUT, ``/DTOKit/IDelete`` → DELETE, ``/DTOKit/IPatch`` → PATCH, none → POST.
    @available(
        *, noasync, renamed: "sendAsync(_:method:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func send<T: IReturn>(_ request: T, method: HTTPMethod? = nil) throws -> T.Return {
        try fetch(ServiceCall(method ?? .preferred(for: request), request), as: T.Return.self)
    }

    /// Sends `request` with `method` or the method of its marker protocol, expecting no response body.
    @available(
        *, noasync, renamed: "sendAsync(_:method:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func send<T: IReturnVoid>(_ request: T, method: HTTPMethod? = nil) throws {
        _ = try execute(ServiceCall(method ?? .preferred(for: request), request))
    }

    /// Async `send(_:method:)`.
    @discardableResult
    public func sendAsync<T: IReturn>(_ request: T, method: HTTPMethod? = nil) async throws -> sending T.Return {
        try await fetchAsync(ServiceCall(method ?? .preferred(for: request), request), as: T.Return.self)
    }

    /// Async send expecting no response body.
    public func sendAsync<T: IReturnVoid>(_ request: T, method: HTTPMethod? = nil) async throws {
        _ = try await executeAsync(ServiceCall(method ?? .preferred(for: request), request))
    }
}
