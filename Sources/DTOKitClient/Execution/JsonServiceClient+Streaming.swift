import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Streaming responses over HTTP, with the same headers, cookies, credentials, filters and retries
/// as every other call.
extension JsonServiceClient {
    /// Sends `call` and returns once the response's headers arrive (within ``timeout``), with its body
    /// as it arrives; neither the response size limit nor the timeout applies to the body (the reader
    /// watches for silence itself). An error status is thrown as ``WebServiceException`` (its body read
    /// up to 64 KiB); a 401 is answered as for any call, once: with a new access token when there is
    /// a refresh token, else with the Basic credentials when they are set.
    public func stream(_ call: ServiceCall) async throws -> ServiceStream {
        do {
            // The same course as any call (`CallRun`), with each attempt sent as a stream: the call's
            // own successful answer is handed on as it arrives, every other answer (an error, the
            // refresh token's) is read and handed back to the course.
            var run = try CallRun(client: self, call: call)
            var attempt = run.firstAttempt
            while true {
                var request = attempt.request
                request.timeoutInterval = 86_400   // URLSession's: the longest gap between the body's packets
                let outcome: Result<(Data, HTTPURLResponse), any Error>
                do {
                    let (response, chunks) = try await transport.openStream(request, timeout: attempt.limits.timeout)
                    if response.statusCode < 400 && !run.isRefreshing {
                        _ = receive(Data(), response, call: run.call, attempt: attempt)   // cookies and filters
                        return ServiceStream(httpResponse: response, chunks: chunks)
                    }
                    outcome = .success((try await Self.collect(chunks), response))
                } catch {
                    outcome = .failure(error)
                }
                switch try run.next(after: outcome) {
                case .send(let next):
                    attempt = next
                case .done(let response):
                    let body = response.data
                    return ServiceStream(httpResponse: response.httpResponse, chunks: AsyncThrowingStream { chunks in
                        chunks.yield(body)
                        chunks.finish()
                    })
                }
            }
        } catch {
            throw report(error)
        }
    }

    /// A response's body that is not handed on (an error, the refresh token's answer), up to 64 KiB.
    private static func collect(_ chunks: AsyncThrowingStream<Data, any Error>) async throws -> Data {
        let limit = 64 * 1024
        var body = Data()
        for try await chunk in chunks {
            body.append(chunk.prefix(limit - body.count))
            if body.count >= limit { break }
        }
        return body
    }
}
