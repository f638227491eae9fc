import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A call turned into HTTP terms, before the per-attempt parts (authorization, cookies, filters)
/// are added, so that it can be sent again after the access token was refreshed.
struct PreparedCall: @unchecked Sendable {
    var method: HTTPMethod
    var url: URL
    var body: OutgoingBody?
    var contentType: String?
    /// ``contentType`` wins over the client's and the call's `Content-Type` headers (a body of the
    /// caller's own, ``ServiceCall/body``).
    var contentTypeIsTheCallers = false
    /// Headers of a caller-built `URLRequest`, kept as they are.
    var headers: [String: String] = [:]
    /// The caller's `retryIf` (see ``ServiceCall/retryIf``).
    var retryIf: (@Sendable (HTTPURLResponse) -> Bool)?
    /// False for the refresh request itself (it is not retried with other credentials either).
    var allowsTokenRefresh = true
    /// Set after a 401: the call is sent again with the Basic credentials.
    var sendsBasicAuth = false
    /// An auto-batched call: not sent again once the server ran some of its requests.
    var isBatch = false
    /// The response's body is handed on as it arrives (``ServiceCall/streamsResponseBody``).
    var streamsBody = false
    /// The request DTO's type name (the first one's, for a batch), for middleware.
    var requestTypeName: String?
    /// The call's own settings over the client's.
    var options = CallOptions()

    /// What middleware is told about the call.
    var middlewareContext: MiddlewareContext {
        MiddlewareContext(
            method: method, requestTypeName: requestTypeName, isBatch: isBatch, streamsResponseBody: streamsBody,
            options: options)
    }

    /// The URL without its query string, for error messages.
    var label: String { ServiceClientError.label(for: url) }
}

/// One attempt of a call: the finished request, what authenticated it, and how it is carried.
struct Attempt: @unchecked Sendable {
    var request: OutgoingRequest
    var credentials: AuthPolicy.Credentials
    var options: TransportOptions
    var onDownloadProgress: (@Sendable (_ received: Int64, _ total: Int64?) -> Void)?
}
