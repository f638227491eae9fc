import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sending prepared calls: the request headers, cookies and filters, the error check, and one
/// retry after refreshing the access token on 401. Every method family ends up here.
extension JsonServiceClient {
    /// One attempt of a call: the finished `URLRequest` and what authenticated it.
    struct Attempt {
        var request: URLRequest
        var auth: AuthSnapshot
        var timeout: TimeInterval
    }

    // MARK: Entry points

    /// Prepares, sends and decodes a call; errors are passed to ``onError`` and
    /// ``Global/onError`` and thrown.
    func run<R>(_ prepare: () throws -> PreparedCall,
                decode: (Data, HTTPURLResponse, PreparedCall) throws -> R) throws -> R {
        do {
            let call = try prepare()
            let (data, response) = try execute(call)
            return try decode(data, response, call)
        } catch {
            notifyError(error)
            throw error
        }
    }

    /// Async ``run(_:decode:)``.
    func runAsync<R>(_ prepare: () throws -> PreparedCall,
                     decode: (Data, HTTPURLResponse, PreparedCall) throws -> R) async throws -> R {
        do {
            let call = try prepare()
            let (data, response) = try await executeAsync(call)
            return try decode(data, response, call)
        } catch {
            notifyError(error)
            throw error
        }
    }

    /// Decodes the body as `R` (see ``ResponseDecoding``).
    static func decoder<R: JsonConvertible>(_ type: R.Type) -> (Data, HTTPURLResponse, PreparedCall) throws -> R {
        { data, _, call in try ResponseDecoding.decode(R.self, data: data, url: call.label) }
    }

    /// Ignores the body (``IReturnVoid`` requests).
    static func ignoreBody(_ data: Data, _ response: HTTPURLResponse, _ call: PreparedCall) {}

    // MARK: Sending

    /// Sends a call; on 401 refreshes the access token (when there is a refresh token) and sends
    /// it once more.
    func execute(_ call: PreparedCall) throws -> (Data, HTTPURLResponse) {
        let attempt = makeAttempt(call)
        let (data, response) = try transport.send(attempt.request, timeout: attempt.timeout)
        guard let error = receive(data, response, call: call, attempt: attempt) else { return (data, response) }
        guard shouldRefresh(after: error, call: call) else { throw error }
        if currentAuth(for: call.url) == attempt.auth {
            try refreshAccessToken(failedCall: call)
        }
        var retry = call
        retry.allowsTokenRefresh = false
        return try execute(retry)
    }

    /// Async ``execute(_:)``.
    func executeAsync(_ call: PreparedCall) async throws -> (Data, HTTPURLResponse) {
        let attempt = makeAttempt(call)
        let (data, response) = try await transport.send(attempt.request, timeout: attempt.timeout)
        guard let error = receive(data, response, call: call, attempt: attempt) else { return (data, response) }
        guard shouldRefresh(after: error, call: call) else { throw error }
        if currentAuth(for: call.url) == attempt.auth {
            try await refreshAccessTokenAsync(failedCall: call)
        }
        var retry = call
        retry.allowsTokenRefresh = false
        return try await executeAsync(retry)
    }

    /// The `URLRequest` for one attempt: method, body, `Accept`, extra headers, bearer token,
    /// cookies, then the request filters.
    func makeAttempt(_ call: PreparedCall) -> Attempt {
        let settings = self.settings.current
        let timeout = settings.timeout ?? 60
        var request = URLRequest(url: call.url, cachePolicy: settings.cachePolicy)
        // The transport enforces `timeout` itself; URLSession's own timeout (whole seconds on
        // Linux) is only a backstop a little later.
        request.timeoutInterval = (timeout + 1).rounded(.up)
        request.httpMethod = call.method.rawValue
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in settings.headers.sorted(by: { $0.key < $1.key }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let body = call.body {
            request.httpBody = body
            request.setValue(call.contentType ?? "application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token = settings.bearerToken, !token.isEmpty {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        if let cookies = cookieJar.headerValue(for: call.url) {
            request.setValue(cookies, forHTTPHeaderField: "Cookie")
        }
        settings.requestFilter?(&request)
        Global.requestFilter?(&request)
        return Attempt(request: request, auth: currentAuth(for: call.url, settings: settings), timeout: timeout)
    }

    /// Keeps the response's cookies, runs the response filters, and returns the error for a
    /// status ≥ 400.
    func receive(_ data: Data, _ response: HTTPURLResponse, call: PreparedCall, attempt: Attempt) -> WebServiceException? {
        cookieJar.store(from: response)
        let settings = self.settings.current
        settings.responseFilter?(response)
        Global.responseFilter?(response)
        guard response.statusCode >= 400 else { return nil }
        var secrets = secretValues(settings: settings)
        secrets += [attempt.auth.bearerToken, attempt.auth.tokenCookie].compactMap { $0 }
        return WebServiceException.from(response: response, body: data, method: call.method.rawValue,
                                        url: call.label, secrets: secrets)
    }

    /// Passes an error to the client's and the global error hooks.
    func notifyError(_ error: any Error) {
        settings.withLock { $0.onError }?(error)
        Global.onError?(error)
    }

    /// The tokens and cookie values that must never show in error descriptions.
    func secretValues(settings: Settings) -> [String] {
        [settings.bearerToken, settings.refreshToken].compactMap { $0 } + cookieJar.allValues()
    }
}
