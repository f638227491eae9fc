import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The ``ServiceClient`` core over HTTP: every method family ends up in ``perform(_:)``, the one
/// driver of a call's course. ``CallRun`` decides what comes after an error response; the driver
/// does the I/O: attempts over the transport, cookies, filters, getting a new access token.
extension JsonServiceClient {
    /// Sends `call`: request building, headers, cookies and filters, the error check, one retry
    /// (after refreshing the access token, with Basic credentials, or as `retryIf` asks) on an error
    /// response. Cancelling the task cancels the request and throws
    /// ``ServiceClientError/cancelled(url:)``. Errors are passed to ``onError`` and
    /// ``Global/onError``, then thrown.
    ///
    /// The whole call — every exchange with everything the ``middleware`` does, the hooks between them,
    /// a token refresh, a retry's wait — runs within ``idleTimeout`` of its last progress and within
    /// ``callTimeout`` of its start; a call made while another runs, from a hook say, ends by the
    /// outer call's limits too. The body is collected up to ``maxResponseSize`` (reporting
    /// ``onDownloadProgress``), unless the call streams it: then the timeouts bound the wait for the
    /// headers, and an error status's body is read up to 64 KiB.
    public func perform(_ call: ServiceCall) async throws -> ServiceStream {
        let settings = self.settings.current
        let clock = CallClock(
            idle: call.options.idleTimeout ?? settings.idleTimeout,
            total: call.options.callTimeout ?? settings.callTimeout, within: CallClock.current)
        defer { clock.end() }
        do {
            let prepared = try prepare(call)
            return try await CallClock.$current.withValue(clock) {
                try await Deadline.run(clock: clock, url: prepared.url) {
                    try await self.run(prepared, clock: clock)
                }
            }
        } catch {
            throw report(error)
        }
    }

    /// The call's course, within its clock (see ``perform(_:)``).
    private func run(_ call: PreparedCall, clock: CallClock) async throws -> ServiceStream {
        var run = CallRun(call: call)
        var prepared = run.call
        while true {
            // The settings as they are now: a token refreshed for the attempt before is in them.
            let settings = self.settings.current
            let attempt = makeAttempt(prepared, settings: settings, clock: clock)
            let answer = try await exchange(attempt, of: prepared, settings: settings, clock: clock)
            guard let error = receive(answer.body ?? Data(), answer.response, call: prepared, attempt: attempt)
            else {
                var stream =
                    answer.stream
                    ?? ServiceStream(ServiceResponse(data: answer.body ?? Data(), httpResponse: answer.response))
                stream.decodingOptions = settings.decodingOptions
                return stream
            }
            // The origin that asked for credentials is the one that answered (after any redirect).
            let asking = answer.response.url ?? prepared.url
            switch run.next(
                after: error, answer.response, authPolicy.answer(to401For: asking, sent: attempt.credentials))
            {
            case .send(let next):
                prepared = next
            case .refreshTokenThenSend(let next):
                do {
                    try await refreshAccessToken(clock: clock)
                } catch {
                    if case ServiceClientError.cancelled = error { throw error }
                    throw ServiceClientError.refreshTokenFailed(url: prepared.label, underlying: error)
                }
                prepared = next
            case .authenticateThenSend(let next):
                try await settings.onAuthenticationRequired?()
                if Task.isCancelled { throw ServiceClientError.cancelled(url: prepared.label) }
                prepared = next
            case .fail(let error):
                throw error
            }
        }
    }

    /// What one attempt brought back: a successful stream handed on as it arrives, or a response
    /// with its body read.
    struct Answer: @unchecked Sendable {
        var response: HTTPURLResponse
        var stream: ServiceStream?
        var body: Data?
    }

    /// Sends one attempt of `call` through the middleware and the transport. A streamed call's
    /// successful response comes back at its headers; every other response comes back read. Its
    /// headers and each piece of its body are progress on the call's `clock`.
    func exchange(_ attempt: Attempt, of call: PreparedCall, settings: Settings, clock: CallClock) async throws
        -> Answer
    {
        let middleware =
            settings.middleware + [
                FilterHooks(requestFilter: settings.requestFilter, responseFilter: settings.responseFilter)
            ]
        var context = call.middlewareContext
        context.clock = clock
        let stream = try await middleware.send(attempt.request, context: context) { [transport, cookieJar] request in
            // Whatever set them (the settings, the call, a middleware, a filter), headers that cannot be
            // sent as they are never reach the transport.
            try HeaderFields.check(request, url: ServiceClientError.label(for: request.url))
            let stream = try await transport.send(request, options: attempt.options)
            // Every response the server sends sets its cookies, a 401 and one a middleware retries
            // included (a redirect's, the transport's course keeps).
            cookieJar.store(from: stream.httpResponse)
            return stream
        }
        clock.progress()
        if context.streamsResponseBody {
            if stream.statusCode < 400 { return Answer(response: stream.httpResponse, stream: stream) }
            return Answer(
                response: stream.httpResponse,
                body: try await stream.collect(
                    limit: 64 * 1024, truncating: true, progress: nil, activity: clock.progress))
        }
        let body = try await stream.collect(
            limit: settings.maxResponseSize, progress: attempt.onDownloadProgress, activity: clock.progress)
        return Answer(response: stream.httpResponse, body: body)
    }

    /// The request for one attempt: method, body, `Accept`, extra headers, credentials and cookies
    /// (``AuthPolicy``). (The request filters run as the last middleware: ``FilterHooks``.)
    func makeAttempt(_ call: PreparedCall, settings: Settings, clock: CallClock) -> Attempt {
        // The client enforces its timeouts itself (`Deadline`); URLSession's own (an idle timeout, in
        // whole seconds on Linux) is only a backstop, a finite one: FoundationNetworking traps on an
        // infinite or huge `timeoutInterval`.
        let idle = clock.idle.flatMap { $0 < 86_400 && !call.streamsBody ? $0 : nil }
        var request = OutgoingRequest(
            url: call.url, method: call.method, timeoutInterval: idle.map { ($0 + 1).rounded(.up) } ?? 86_400,
            cachePolicy: settings.cachePolicy)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        // The client's headers, the call's options' over them, a caller-built request's own over both.
        let policy = authPolicy(settings: settings)
        let mayAuthenticate = policy.mayAuthenticate(call.url)
        let headers = policy.clientHeaders(for: call.url, mayAuthenticate: mayAuthenticate)
            .overridden(by: call.options.headers).overridden(by: call.headers)
        request.setValues(headers)
        if let body = call.body {
            request.body = body
            if call.contentTypeIsTheCallers || request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue(call.contentType ?? "application/json", forHTTPHeaderField: "Content-Type")
            }
        }
        let credentials = policy.authorize(
            &request, to: call.url, sendsBasicAuth: call.sendsBasicAuth, mayAuthenticate: mayAuthenticate)
        var options = TransportOptions(
            maxRedirects: settings.maxRedirects,
            onUploadProgress: call.options.onUploadProgress ?? settings.onUploadProgress)
        options.onActivity = clock.progress
        options.bodyStaysOnItsOrigin =
            call.requestTypeName.map(CredentialRules.requestsWithCredentialsInBody.contains)
            ?? false
        options.cookies = TransportOptions.Cookies(
            keep: { [cookieJar] in cookieJar.store(from: $0) },
            header: { [cookieJar] in cookieJar.headerValue(for: $0) })
        return Attempt(
            request: request, credentials: credentials, options: options,
            onDownloadProgress: call.options.onDownloadProgress ?? settings.onDownloadProgress)
    }

    /// The error for a status ≥ 400.
    func receive(_ data: Data, _ response: HTTPURLResponse, call: PreparedCall, attempt: Attempt)
        -> WebServiceException?
    {
        guard response.statusCode >= 400 else { return nil }
        let secrets = authPolicy.secrets + attempt.credentials.token.compactMap { $0 }
        return WebServiceException.from(
            response: response, body: data, method: call.method.rawValue,
            url: call.label, secrets: secrets)
    }

    /// The clock a blocking call of this client runs by where the waiting thread cannot run the call
    /// itself (see ``BlockingCall/wait(for:_:)``): the client's timeouts under `options`.
    func callClock(options: CallOptions) -> CallClock {
        let settings = self.settings.current
        return CallClock(
            idle: options.idleTimeout ?? settings.idleTimeout, total: options.callTimeout ?? settings.callTimeout)
    }

    /// Removes secrets from a client error, passes it to the client's and the global error hooks,
    /// and returns it to be thrown.
    public func report(_ error: any Error) -> any Error {
        let policy = authPolicy
        let settings = policy.settings
        let redaction = Redaction(secrets: policy.secrets)
        let reported = (error as? ServiceClientError)?.redacted(by: redaction) ?? error
        settings.onError?(reported)
        Global.onError?(reported)
        return reported
    }
}

/// What comes after an error response, decided from the response and the ``AuthPolicy``'s answer,
/// with no I/O: the error, or the call once more — when the caller's `retryIf` asks for it, or as the
/// policy answers a 401. Once at most, and never a batch the server ran part of.
struct CallRun {
    enum Step {
        case send(PreparedCall)
        case refreshTokenThenSend(PreparedCall)
        case authenticateThenSend(PreparedCall)
        case fail(WebServiceException)
    }

    private(set) var call: PreparedCall
    private var retried = false

    init(call: PreparedCall) {
        self.call = call
    }

    /// `auth` is the policy's answer to a 401 (asked whatever the status; used only for a 401).
    mutating func next(after error: WebServiceException, _ response: HTTPURLResponse, _ auth: AuthPolicy.Answer) -> Step
    {
        guard !retried, !Self.ranPartOfBatch(call, response) else { return .fail(error) }
        retried = true
        if call.retryIf?(response) == true { return .send(call) }
        // The refresh request itself is answered by nothing: its 401 is the refresh's failure.
        guard error.statusCode == CredentialRules.challengeStatus, call.allowsTokenRefresh else { return .fail(error) }
        switch auth {
        case .refreshToken: return .refreshTokenThenSend(call)
        case .resend: return .send(call)
        case .askForAuthentication(let thenBasic):
            call.sendsBasicAuth = thenBasic
            return .authenticateThenSend(call)
        case .basic:
            call.sendsBasicAuth = true
            return .send(call)
        case .none: return .fail(error)
        }
    }

    /// Whether `call` is a batch the server ran some requests of before failing (its
    /// `X-AutoBatch-Completed`): sending it again would run those twice.
    private static func ranPartOfBatch(_ call: PreparedCall, _ response: HTTPURLResponse) -> Bool {
        call.isBatch && (Int(response.value(forHTTPHeaderField: "X-AutoBatch-Completed") ?? "") ?? 0) > 0
    }
}
