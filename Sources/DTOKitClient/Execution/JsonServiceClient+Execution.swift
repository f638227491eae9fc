import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The ``ServiceClient`` core: every method family ends up here. A ``CallRun`` decides what to
/// send and what a response means; the sync and async forms differ only in how they wait.
extension JsonServiceClient {
    /// Sends `call`, blocking the calling thread: request building, headers, cookies and filters,
    /// the error check, one retry after refreshing the access token on 401. Errors are passed to
    /// ``onError`` and ``Global/onError``, then thrown.
    @available(*, noasync, message: "blocks the calling thread until the response arrives; call the …Async form")
    public func execute(_ call: ServiceCall) throws -> ServiceResponse {
        BlockingCall.checkThread()
        do {
            var run = try CallRun(client: self, call: call)
            var attempt = run.firstAttempt
            while true {
                let outcome = Result { try transport.send(attempt.request, limits: attempt.limits) }
                switch try run.next(after: outcome) {
                case .send(let next): attempt = next
                case .done(let response): return response
                }
            }
        } catch {
            throw report(error)
        }
    }

    /// Sends `call`, suspending until the response arrives; cancelling the task cancels the
    /// request and throws ``ServiceClientError/cancelled(url:)``. Otherwise as ``execute(_:)``.
    public func executeAsync(_ call: ServiceCall) async throws -> ServiceResponse {
        do {
            var run = try CallRun(client: self, call: call)
            var attempt = run.firstAttempt
            while true {
                let outcome: Result<(Data, HTTPURLResponse), any Error>
                do {
                    outcome = .success(try await transport.send(attempt.request, limits: attempt.limits))
                } catch {
                    outcome = .failure(error)
                }
                switch try run.next(after: outcome) {
                case .send(let next): attempt = next
                case .done(let response): return response
                }
            }
        } catch {
            throw report(error)
        }
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
        for (name, value) in settings.headers.merging(call.headers, uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let body = call.body {
            request.httpBody = body
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue(call.contentType ?? "application/json", forHTTPHeaderField: "Content-Type")
            }
        }
        var sentBasicAuth = false
        if request.value(forHTTPHeaderField: "Authorization") == nil {
            let basic = settings.credentials?.headerValue
            if call.sendsBasicAuth, let basic {
                request.setValue(basic, forHTTPHeaderField: "Authorization")
                sentBasicAuth = true
            } else if let token = settings.bearerToken, !token.isEmpty {
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            } else if settings.alwaysSendBasicAuthHeader, let basic {
                request.setValue(basic, forHTTPHeaderField: "Authorization")
                sentBasicAuth = true
            }
        }
        if let cookies = cookieJar.headerValue(for: call.url) {
            request.setValue(cookies, forHTTPHeaderField: "Cookie")
        }
        settings.requestFilter?(&request)
        Global.requestFilter?(&request)
        let progress = TransferProgress(upload: settings.onUploadProgress, download: settings.onDownloadProgress)
        let limits = URLSessionTransport.Limits(timeout: timeout, maxResponseSize: settings.maxResponseSize,
                                                maxRedirects: settings.maxRedirects, progress: progress)
        return Attempt(request: request, auth: currentAuth(for: call.url, settings: settings), limits: limits,
                       sentBasicAuth: sentBasicAuth)
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

    /// A successful response whose decoding errors go through ``report(_:)`` too.
    func makeResponse(_ data: Data, _ response: HTTPURLResponse) -> ServiceResponse {
        var result = ServiceResponse(data: data, httpResponse: response)
        result.decodingOptions = settings[\.decodingOptions]
        result.onDecodingError = { [self] error in report(error) }
        return result
    }

    /// Removes secrets from a client error, passes it to the client's and the global error hooks,
    /// and returns it to be thrown.
    func report(_ error: any Error) -> any Error {
        let settings = self.settings.current
        let redaction = Redaction(secrets: secretValues(settings: settings))
        let reported = (error as? ServiceClientError)?.redacted(by: redaction) ?? error
        settings.onError?(reported)
        Global.onError?(reported)
        return reported
    }

    /// The tokens, cookie values and credentials that must never show in error descriptions.
    func secretValues(settings: Settings) -> [String] {
        [settings.bearerToken, settings.refreshToken].compactMap { $0 } + cookieJar.allValues()
            + (settings.credentials?.secrets ?? [])
    }
}

/// The course of one call, the same for sync and async sending: the first attempt; on an error
/// response, the error, or one more attempt: when the caller's `retryIf` asks for it, or on a 401
/// after refreshing the access token (when there is a refresh token), else with the Basic
/// credentials (when they are set).
struct CallRun {
    enum Step {
        case send(Attempt)
        case done(ServiceResponse)
    }

    private enum Phase {
        case calling(Attempt)
        case refreshing(PreparedCall, Attempt)
    }

    let client: JsonServiceClient
    private(set) var call: PreparedCall
    let firstAttempt: Attempt
    private var phase: Phase

    /// Whether the attempt under way gets a new access token rather than making the call.
    var isRefreshing: Bool {
        if case .refreshing = phase { return true }
        return false
    }
    private var retried = false

    init(client: JsonServiceClient, call: ServiceCall) throws {
        self.client = client
        self.call = try client.prepare(call)
        firstAttempt = client.makeAttempt(self.call)
        phase = .calling(firstAttempt)
    }

    /// What to do after an attempt ended with `outcome`.
    mutating func next(after outcome: Result<(Data, HTTPURLResponse), any Error>) throws -> Step {
        switch phase {
        case .calling(let attempt):
            let (data, response) = try outcome.get()
            guard let error = client.receive(data, response, call: call, attempt: attempt) else {
                return .done(client.makeResponse(data, response))
            }
            guard !retried, !Self.ranPartOfBatch(call, response) else { throw error }
            retried = true
            if call.retryIf?(response) == true { return resend() }
            if client.shouldRefresh(after: error, call: call) {
                // Another call refreshed the token while this one was on its way: just send it again.
                if client.currentAuth(for: call.url) != attempt.auth { return resend() }
                do {
                    let refresh = try client.makeRefreshCall()
                    let refreshAttempt = client.makeAttempt(refresh)
                    phase = .refreshing(refresh, refreshAttempt)
                    return .send(refreshAttempt)
                } catch {
                    throw ServiceClientError.refreshTokenFailed(url: call.label, underlying: error)
                }
            }
            guard client.shouldSendBasicAuth(after: error, call: call, attempt: attempt) else { throw error }
            call.sendsBasicAuth = true
            return resend()
        case .refreshing(let refresh, let attempt):
            do {
                let (data, response) = try outcome.get()
                if let error = client.receive(data, response, call: refresh, attempt: attempt) { throw error }
                try client.applyAccessToken(from: data, response, call: refresh)
            } catch {
                throw ServiceClientError.refreshTokenFailed(url: call.label, underlying: error)
            }
            return resend()
        }
    }

    /// Whether `call` is a batch the server ran some requests of before failing (its
    /// `X-AutoBatch-Completed`): sending it again would run those twice.
    private static func ranPartOfBatch(_ call: PreparedCall, _ response: HTTPURLResponse) -> Bool {
        call.isBatch && (Int(response.value(forHTTPHeaderField: "X-AutoBatch-Completed") ?? "") ?? 0) > 0
    }

    private mutating func resend() -> Step {
        let attempt = client.makeAttempt(call)
        phase = .calling(attempt)
        return .send(attempt)
    }
}
