import DTOKit
import DTOKitClient
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The connection task: connect, read events, post heartbeats, watch for silence, reconnect.
extension ServerEventsClient {
    /// Runs until the client stops, or the stream is refused in a way retrying cannot mend.
    func run() async {
        var failures = 0
        var subscribedBefore = false
        var connection = Connection(isReconnect: false, clock: clock)
        while !Task.isCancelled {
            connection = Connection(isReconnect: subscribedBefore, clock: clock)
            let ended: any Error
            do {
                try await read(connection)
                ended = ServiceClientError.connectionLost(url: streamLabel, receivedBytes: connection.receivedBytes)
            } catch let refused as StreamRefused {
                stopListening(throwing: refused.error)
                return
            } catch {
                if Task.isCancelled { break }
                ended = error
            }
            if Task.isCancelled { break }
            if let subscription = connection.subscription {
                subscribedBefore = true
                failures = 0
                await unregister(subscription)
            }
            failures += 1
            let delay = shared[\.configuration].retryDelay(attempt: failures)
            shared.withLock { shared in
                guard shared.state != .stopped else { return }
                (shared.state, shared.subscription, shared.lastEventId) = (.reconnecting(attempt: failures), nil, nil)
            }
            emit(.disconnected(error: ended, retryIn: delay))
            try? await clock.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        }
        // A subscription made while `stop()` was already under way is not one it could unregister.
        if let subscription = connection.subscription, !connection.isPublished {
            await unregister(subscription)
        }
    }

    /// One connection: opens the stream and reads it while other tasks watch for silence and post
    /// heartbeats; returns when the stream ends, throws when any of them fails. The watch starts with
    /// the request, not with the response's headers: a server that never answers, or a platform that
    /// holds back the first bytes of a `text/*` response (Apple's URLSession, until 512 have arrived),
    /// is silence too.
    private func read(_ connection: Connection) async throws {
        try await Self.firstToFinish(
            { try await self.receive(connection) },
            { try await self.watchForSilence(connection) },
            { try await self.postHeartbeats(connection) })
    }

    /// Opens the stream and hands on its events until it ends.
    private func receive(_ connection: Connection) async throws {
        var request = URLRequest(url: try streamUrl())
        request.httpMethod = "GET"
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
        let stream: ServiceStream
        do {
            stream = try await client.stream(ServiceCall(method: .get, destination: .urlRequest(request)))
        } catch  where Self.isFinal(error) {
            throw StreamRefused(error: error)
        }
        let contentType = stream.httpResponse.value(forHTTPHeaderField: "Content-Type")
        guard contentType?.lowercased().hasPrefix("text/event-stream") == true else {
            throw ServerEventsError.notAnEventStream(contentType: contentType)
        }
        var parser = EventStreamParser(maxEventSize: shared[\.configuration].maxEventSize)
        for try await chunk in stream.chunks {
            connection.received(chunk.count)
            for output in parser.feed(chunk) { handle(output, on: connection) }
        }
    }

    /// Fails when nothing arrived on the stream for `idleTimeoutMs` (before the subscription says
    /// how long: for ``Configuration/connectTimeout`` since the request). A task of its own, so that a
    /// heartbeat the server holds unanswered cannot hold it up. It sleeps until the silence would pass
    /// the limit, and before the subscription also wakes when it arrives (it may bring a much shorter
    /// timeout). Never returns.
    private func watchForSilence(_ connection: Connection) async throws {
        let connectTimeout = shared[\.configuration].connectTimeoutNanoseconds
        let clock = connection.clock
        while true {
            let subscription = connection.subscription
            let limit = subscription.map { UInt64($0.idleTimeoutMs) * 1_000_000 } ?? connectTimeout
            // Read in this order, `lastActivity` may be a moment later than `now`: no silence then.
            let now = clock.now()
            let lastActivity = connection.lastActivity
            let silent = now > lastActivity ? now - lastActivity : 0
            if silent > limit {
                throw ServerEventsError.idleTimeout(milliseconds: Int(clamping: limit / 1_000_000))
            }
            let untilLimit = limit - silent + 1
            if subscription == nil {
                try await Self.firstToFinish(
                    { try await clock.sleep(nanoseconds: untilLimit) },
                    { _ = try await connection.subscriptionArrived() })
            } else {
                try await clock.sleep(nanoseconds: untilLimit)
            }
        }
    }

    /// Posts a heartbeat every `heartbeatIntervalMs` once subscribed; fails when one fails. Never returns.
    private func postHeartbeats(_ connection: Connection) async throws {
        let subscription = try await connection.subscriptionArrived()
        let interval = UInt64(subscription.heartbeatIntervalMs) * 1_000_000
        while true {
            try await connection.clock.sleep(nanoseconds: interval)
            _ = try await client.executeAsync(ServiceCall(method: .post, destination: .url(subscription.heartbeatUrl)))
        }
    }

    /// Runs them all, returns when the first returns (or throws what it throws) and cancels the others.
    private static func firstToFinish(_ operations: @Sendable () async throws -> Void...) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for operation in operations { group.addTask(operation: operation) }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Turns what the parser read into events.
    private func handle(_ output: EventStreamParser.Output, on connection: Connection) {
        let raw: EventStreamParser.RawEvent
        switch output {
        case .tooLarge(let limit):
            emit(.invalidEvent(.eventTooLarge(limit: limit)))
            return
        case .event(let event):
            raw = event
        }
        let eventId = raw.id.flatMap { Int($0) }
        if let eventId { shared[\.lastEventId] = eventId }
        guard let message = ServerEventMessage(data: raw.data, eventId: eventId) else {
            emit(.invalidEvent(.invalidSelector(data: String(raw.data.prefix(200)))))
            return
        }
        let meta = message.op == "cmd" ? ServerEventUser.strings(in: message.jsonValue) : nil
        switch (message.target, meta) {
        case ("onConnect", var meta?):
            for key in ["heartbeatUrl", "unRegisterUrl", "updateSubscriberUrl"] {
                meta[key] = meta[key].map(onOwnOrigin)
            }
            guard let subscription = ServerEventSubscription(meta: meta, isReconnect: connection.isReconnect) else {
                emit(.invalidEvent(.invalidConnectEvent(data: String(raw.data.prefix(200)))))
                return
            }
            connection.subscribed(subscription)
            let published = shared.withLock { shared -> Bool in
                guard shared.state != .stopped else { return false }
                (shared.state, shared.subscription) = (.connected(subscription), subscription)
                return true
            }
            // Stopped meanwhile: `stop()` did not see this subscription, so the connection task unregisters it.
            if published { connection.published() }
            emit(.connected(subscription))
        case ("onJoin", let meta?): emit(.joined(ServerEventUser(meta: meta), message: message))
        case ("onLeave", let meta?): emit(.left(ServerEventUser(meta: meta), message: message))
        case ("onUpdate", let meta?): emit(.updated(ServerEventUser(meta: meta), message: message))
        case ("onHeartbeat", _): break  // the server's answer to a heartbeat: activity enough
        default:
            for handler in selectorHandlers(for: message) { handler(message) }
            emit(.message(message))
        }
    }

    private func selectorHandlers(for message: ServerEventMessage) -> [@Sendable (ServerEventMessage) -> Void] {
        let channelSelector = message.channel.map { "\($0)@\(message.selector)" }
        return shared[\.selectorHandlers]
            .filter { $0.selector == message.selector || $0.selector == channelSelector }
            .map(\.handler)
    }

    /// Hands `event` to the event handlers and every iteration of ``events``.
    func emit(_ event: ServerEvent) {
        let (handlers, listeners) = shared.withLock { ($0.eventHandlers, Array($0.listeners.values)) }
        for handler in handlers { handler(event) }
        for listener in listeners { listener.yield(event) }
    }

    /// Ends every iteration of ``events`` with `error`; the client is stopped.
    private func stopListening(throwing error: any Error) {
        let listeners = shared.withLock { shared in
            defer { (shared.listeners, shared.state, shared.pump, shared.subscription) = ([:], .stopped, nil, nil) }
            return Array(shared.listeners.values)
        }
        for listener in listeners { listener.finish(throwing: error) }
    }

    /// Unregisters `subscription`, ignoring failures (it may be gone already). In a task of its own,
    /// because the caller's may be cancelled (stopping is), and a cancelled task's requests are not sent.
    func unregister(_ subscription: ServerEventSubscription) async {
        let client = self.client
        let call = ServiceCall(method: .post, destination: .url(subscription.unRegisterUrl))
        await Task.detached { _ = try? await client.executeAsync(call) }.value
    }

    /// `{baseUrl}event-stream?channels=a,b`.
    func streamUrl() throws -> URL {
        let text = streamLabel + Self.channelsQuery(shared[\.channels])
        guard let url = URL(string: PercentEncoding.normalizeUrl(text)) else {
            throw ServiceClientError.invalidUrl(text)
        }
        return url
    }

    var streamLabel: String { baseUrl + "event-stream" }

    /// A URL the server named (heartbeat, unregister, channel changes) moved onto the base URL's scheme,
    /// host and port: behind a proxy a server may name itself by an address the client did not connect
    /// to (plain `http`, an inner host name), and the client's token or password go only where it was
    /// told to connect.
    func onOwnOrigin(_ url: String) -> String {
        guard let named = URLComponents(string: url), var moved = URLComponents(string: baseUrl) else { return url }
        moved.percentEncodedPath = named.percentEncodedPath
        moved.percentEncodedQuery = named.percentEncodedQuery
        moved.fragment = nil
        return moved.string ?? url
    }

    /// Answers that connecting again will not change: the server refused the stream (4xx other than
    /// 408 and 429; a 401 after the access token could not be renewed), or the request cannot be built.
    static func isFinal(_ error: any Error) -> Bool {
        switch error {
        case let error as WebServiceException:
            return (400..<500).contains(error.statusCode) && error.statusCode != 408 && error.statusCode != 429
        case ServiceClientError.invalidUrl, ServiceClientError.requestEncodingFailed,
            ServiceClientError.refreshTokenFailed:
            return true
        default:
            return false
        }
    }
}

/// The server refused the stream in a way connecting again will not change.
private struct StreamRefused: Error {
    let error: any Error
}
