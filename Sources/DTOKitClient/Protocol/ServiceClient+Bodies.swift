import DTOKit
import Foundation

/// A request DTO with a body of your own: `postBody`, `putBody` and `patchBody`, as ServiceStack's
/// C# (`PostBody`), TypeScript (`postBody`) and Python (`post(request, body=…)`) clients name them.
///
/// The DTO's values go in the URL — its custom route when they fill one, else the pre-defined
/// route, and every other member in the query string — and the body is yours: bytes, text, a file
/// read from disk as it is sent, or a stream (``OutgoingBody``). This is how a service that reads
/// the raw request (`IRequiresRequestStream`, `Request.InputStream`) is called:
///
/// ```swift
/// let upload = UploadVideo()
/// upload.title = "Keynote"                           // ?title=Keynote, or in the route
/// let response = try await client.postBodyAsync(upload, body: try .file(videoURL), contentType: "video/mp4")
///
/// let note = try await client.putBodyAsync(SaveNote(), body: .text("# Notes"), contentType: "text/markdown")
/// ```
///
/// - Throws: ``WebServiceException`` for an HTTP error status, ``ServiceClientError`` when there is
///   no response, it cannot be decoded, or the body cannot be read.
extension ServiceClient {
    /// POSTs `body` with `request`'s values in the URL, and decodes the response.
    @available(
        *, noasync, renamed: "postBodyAsync(_:body:contentType:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func postBody<T: IReturn>(
        _ request: T, body: OutgoingBody, contentType: String = "application/octet-stream"
    ) throws -> T.Return {
        try fetch(Self.call(.post, request, body, contentType), as: T.Return.self)
    }

    /// Async ``postBody(_:body:contentType:)``.
    @discardableResult
    public func postBodyAsync<T: IReturn>(
        _ request: T, body: OutgoingBody, contentType: String = "application/octet-stream"
    ) async throws -> sending T.Return {
        try await fetchAsync(Self.call(.post, request, body, contentType), as: T.Return.self)
    }

    /// PUTs `body` with `request`'s values in the URL, and decodes the response.
    @available(
        *, noasync, renamed: "putBodyAsync(_:body:contentType:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func putBody<T: IReturn>(
        _ request: T, body: OutgoingBody, contentType: String = "application/octet-stream"
    ) throws -> T.Return {
        try fetch(Self.call(.put, request, body, contentType), as: T.Return.self)
    }

    /// Async ``putBody(_:body:contentType:)``.
    @discardableResult
    public func putBodyAsync<T: IReturn>(
        _ request: T, body: OutgoingBody, contentType: String = "application/octet-stream"
    ) async throws -> sending T.Return {
        try await fetchAsync(Self.call(.put, request, body, contentType), as: T.Return.self)
    }

    /// PATCHes `body` with `request`'s values in the URL, and decodes the response.
    @available(
        *, noasync, renamed: "patchBodyAsync(_:body:contentType:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func patchBody<T: IReturn>(
        _ request: T, body: OutgoingBody, contentType: String = "application/octet-stream"
    ) throws -> T.Return {
        try fetch(Self.call(.patch, request, body, contentType), as: T.Return.self)
    }

    /// Async ``patchBody(_:body:contentType:)``.
    @discardableResult
    public func patchBodyAsync<T: IReturn>(
        _ request: T, body: OutgoingBody, contentType: String = "application/octet-stream"
    ) async throws -> sending T.Return {
        try await fetchAsync(Self.call(.patch, request, body, contentType), as: T.Return.self)
    }

    private static func call(
        _ method: HTTPMethod, _ request: any ServiceRequest, _ body: OutgoingBody, _ contentType: String
    ) -> ServiceCall {
        var call = ServiceCall(method, request)
        call.body = body
        call.contentType = contentType
        return call
    }
}
