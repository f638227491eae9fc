import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Streaming responses over HTTP, with the same headers, cookies, credentials and filters as every
/// other call.
extension JsonServiceClient {
    /// Sends `call` and returns once the response's headers arrive (within ``timeout``), with its body
    /// as it arrives; the response size limit does not apply. An error status is thrown as
    /// ``WebServiceException`` (its body read up to 64 KiB); a 401 with credentials set is sent once
    /// more with them, as any call is.
    public func stream(_ call: ServiceCall) async throws -> ServiceStream {
        do {
            var prepared = try prepare(call)
            var retried = false
            while true {
                let attempt = makeAttempt(prepared)
                let (response, chunks) = try await transport.openStream(attempt.request, timeout: attempt.limits.timeout)
                guard response.statusCode >= 400 else {
                    _ = receive(Data(), response, call: prepared, attempt: attempt)   // cookies and filters
                    return ServiceStream(httpResponse: response, chunks: chunks)
                }
                var body = Data()
                for try await chunk in chunks {
                    body.append(chunk.prefix(Self.errorBodyLimit - body.count))
                    if body.count >= Self.errorBodyLimit { break }
                }
                let error = receive(body, response, call: prepared, attempt: attempt)
                    ?? WebServiceException(statusCode: response.statusCode, responseBody: body,
                                           method: prepared.method.rawValue, url: prepared.label)
                guard !retried, shouldSendBasicAuth(after: error, call: prepared, attempt: attempt) else { throw error }
                retried = true
                prepared.sendsBasicAuth = true
            }
        } catch {
            throw report(error)
        }
    }

    /// How much of an error response to a stream is read for the error.
    private static let errorBodyLimit = 64 * 1024
}
