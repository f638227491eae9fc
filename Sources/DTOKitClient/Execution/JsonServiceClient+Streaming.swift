import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Streaming responses over HTTP, with the same headers, cookies, credentials and filters as every
/// other call.
extension JsonServiceClient {
    /// Sends `call` and returns once the response's headers arrive (within ``timeout``), with its body
    /// as it arrives; neither the response size limit nor the timeout applies to the body (the reader
    /// watches for silence itself). An error status is thrown as ``WebServiceException`` (its body read
    /// up to 64 KiB); a 401 is answered as for any call, once: with a new access token when there is
    /// a refresh token, else with the Basic credentials when they are set.
    public func stream(_ call: ServiceCall) async throws -> ServiceStream {
        do {
            var prepared = try prepare(call)
            var retried = false
            while true {
                let attempt = makeAttempt(prepared)
                var request = attempt.request
                request.timeoutInterval = 86_400   // URLSession's: the longest gap between the body's packets
                let (response, chunks) = try await transport.openStream(request, timeout: attempt.limits.timeout)
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
                guard !retried else { throw error }
                retried = true
                if shouldRefresh(after: error, call: prepared) {
                    try await refreshAccessToken(for: prepared)
                } else if shouldSendBasicAuth(after: error, call: prepared, attempt: attempt) {
                    prepared.sendsBasicAuth = true
                } else {
                    throw error
                }
            }
        } catch {
            throw report(error)
        }
    }

    /// Gets a new access token with the refresh token (as a call's 401 does, see `CallRun`).
    /// - Throws: ``ServiceClientError/refreshTokenFailed(url:underlying:)``.
    private func refreshAccessToken(for call: PreparedCall) async throws {
        do {
            let refresh = try makeRefreshCall()
            let attempt = makeAttempt(refresh)
            let (data, response) = try await transport.send(attempt.request, limits: attempt.limits)
            if let error = receive(data, response, call: refresh, attempt: attempt) { throw error }
            try applyAccessToken(from: data, response, call: refresh)
        } catch {
            throw ServiceClientError.refreshTokenFailed(url: call.label, underlying: error)
        }
    }

    /// How much of an error response to a stream is read for the error.
    private static let errorBodyLimit = 64 * 1024
}
