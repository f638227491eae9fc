import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One call a method family asks a ``ServiceClient`` to make: the HTTP method, where it goes and
/// what it carries, still as DTOs.
///
/// A mock looks at ``request`` (the request DTO) and ``method`` to decide what to answer;
/// ``JsonServiceClient`` turns the call into an HTTP request (routes, query string, JSON or
/// multipart body, headers, cookies, filters).
public struct ServiceCall {
    /// Where the call goes.
    public enum Destination {
        /// The route of the request DTO in ``payload``: its custom route when the request's values
        /// fill one and it allows the method, else the pre-defined route (`/api/{Name}`).
        case route
        /// Where ServiceStack's clients send a one-way request DTO (the one in ``payload``): the
        /// pre-defined route, `/api/{Name}`; without a base path, the legacy one-way endpoint
        /// `/json/oneway/{Name}` (which queues the request when the server has a message queue). The
        /// response's body is not read.
        case oneWay
        /// The auto-batch endpoint for the requests in ``payload`` (``Payload/batch(_:)``):
        /// `/api/{Name}[]`; without a base path `/json/reply/{Name}[]`, or `/json/oneway/{Name}[]` when
        /// `oneWay`. The server runs the requests in order and answers with the array of their
        /// responses; it stops at the first that fails.
        case batch(oneWay: Bool)
        /// A path relative to the base URL, or an absolute `http(s)` URL.
        case url(String)
        /// A request you built. Its URL (a relative one is resolved against the base URL), method,
        /// headers and body are used; the payload supplies the body only when it has none.
        case urlRequest(URLRequest)
    }

    /// What the call carries.
    public enum Payload {
        /// Nothing.
        case none
        /// A request DTO: its members go in the query string for GET, DELETE, HEAD and OPTIONS,
        /// and as a JSON body otherwise.
        case request(any ServiceRequest)
        /// A JSON body (the relative-URL forms of `post`, `put` and `patch`).
        case json(any JsonConvertible)
        /// A request DTO's members as form fields, then files, as `multipart/form-data`.
        case multipart(any ServiceRequest, files: [UploadFile])
        /// Request DTOs of one type, as a JSON array (auto-batched requests).
        case batch([any ServiceRequest])
    }

    /// The HTTP method.
    public var method: HTTPMethod
    /// Where the call goes.
    public var destination: Destination
    /// What it carries.
    public var payload: Payload
    /// Extra query-string parameters, after the request's own (e.g. AutoQuery conventions).
    public var query: [String: String]
    /// Asked with an error response (status 400 or more): `true` sends the call once more.
    public var retryIf: (@Sendable (HTTPURLResponse) -> Bool)?
    /// Whether the response's body is handed on as it arrives (``ServiceClient/stream(_:)``, for
    /// responses that last, such as Server Events), rather than collected before
    /// ``ServiceClient/perform(_:)`` returns (every other family). Then the timeout bounds only the
    /// wait for the headers, and no size limit applies to the body.
    public var streamsResponseBody = false
    /// Settings of this call over the client's (``ServiceClient/with(_:)`` sets them).
    public var options = CallOptions()
    /// A body of the caller's own (``ServiceClient/postBodyAsync(_:body:contentType:)``): sent in
    /// place of the request DTO's JSON, whose values then go in the route and the query string.
    public var body: OutgoingBody?
    /// The content type of ``body``.
    public var contentType: String?

    /// A call with every part given.
    public init(
        method: HTTPMethod, destination: Destination, payload: Payload = .none,
        query: [String: String] = [:], retryIf: (@Sendable (HTTPURLResponse) -> Bool)? = nil
    ) {
        self.method = method
        self.destination = destination
        self.payload = payload
        self.query = query
        self.retryIf = retryIf
    }

    /// A request DTO sent with `method` to its route.
    public init(_ method: HTTPMethod, _ request: any ServiceRequest, query: [String: String] = [:]) {
        self.init(method: method, destination: .route, payload: .request(request), query: query)
    }

    /// The request DTO the call carries, if it carries one (a batch carries ``requests``).
    public var request: (any ServiceRequest)? {
        switch payload {
        case .request(let request), .multipart(let request, _): return request
        case .none, .json, .batch: return nil
        }
    }

    /// Every request DTO the call carries: a batch's in order, else ``request`` if there is one.
    public var requests: [any ServiceRequest] {
        if case .batch(let requests) = payload { return requests }
        return request.map { [$0] } ?? []
    }

    /// The files the call uploads.
    public var files: [UploadFile] {
        if case .multipart(_, let files) = payload { return files }
        return []
    }
}
