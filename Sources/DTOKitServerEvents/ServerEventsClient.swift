import DTOKit
import DTOKitClient
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client for ServiceStack's Server Events: it subscribes to channels at `/event-stream`, keeps
/// the subscription alive with heartbeats, reconnects when the connection drops, and delivers what
/// the server sends as an `AsyncSequence` of ``ServerEvent``s.
///
/// ```swift
/// let events = ServerEventsClient(baseUrl: "https://chat.example.org", channels: ["home"])
/// for try await event in events.events {
///     switch event {
///     case .message(let message) where message.target == "ChatMessage":
///         let chat = try message.decode(ChatMessage.self)
///         print(chat.message ?? "")
///     case .joined(let user, _):
///         print("\(user.displayName ?? "someone") joined")
///     case .disconnected(let error, let retryIn):
///         print("reconnecting in \(retryIn) s: \(error)")
///     default:
///         break
///     }
/// }
/// ```
///
/// Iterating ``events`` (or calling ``start()``) connects. Each iteration of ``events`` gets every
/// event from then on. Callbacks work too: `on(_:handler:)` by selector or by DTO type, ``onEvent(_:)``
/// for everything.
///
/// **Staying connected.** After `cmd.onConnect` the client posts a heartbeat every
/// `heartbeatIntervalMs` the server asked for. A connection counts as dropped when the stream ends
/// or fails, a heartbeat fails, or nothing arrives for `idleTimeoutMs`; the client then unregisters
/// the old subscription and connects again after a delay that doubles with each failure in a row
/// (``Configuration/initialRetryDelay``, 0.5 s, up to ``Configuration/maxRetryDelay``, 30 s, each
/// randomly between half and all of it, so that many clients do not come back at once). The new
/// subscription comes as another ``ServerEvent/connected(_:)``, with `isReconnect` set. A 4xx answer
/// to the stream (unauthorized, forbidden, not found) is not retried: the sequence throws it.
///
/// **Stopping.** ``stop()`` — or cancelling the task that iterates ``events`` — closes the connection,
/// ends the heartbeats, unregisters at the subscription's `unRegisterUrl` and ends the sequences.
/// Stopping twice is fine; a stopped client does not start again.
///
/// It calls the server through a ``/DTOKitClient/ServiceClient``: a ``/DTOKitClient/JsonServiceClient`` (the bearer token
/// and Basic credentials of the one you pass in go with every request to its own origins, its cookies
/// wherever they belong: events at another origin need it in the client's `credentialOrigins`), or a mock.
public final class ServerEventsClient: Sendable {
    /// How the client reconnects and how large an event may be.
    public struct Configuration: Sendable {
        /// The delay before the first reconnect after a drop, in seconds; it doubles with every
        /// failure in a row.
        public var initialRetryDelay: TimeInterval
        /// The longest delay between reconnects, in seconds.
        public var maxRetryDelay: TimeInterval
        /// The largest event read, in bytes; a larger one is skipped and reported.
        public var maxEventSize: Int
        /// How long a new connection may stay silent before `cmd.onConnect` arrives, in seconds
        /// (default 30, ServiceStack's default idle timeout); then the client connects again. After
        /// it, the subscription's `idleTimeoutMs` applies.
        public var connectTimeout: TimeInterval

        public init(
            initialRetryDelay: TimeInterval = 0.5, maxRetryDelay: TimeInterval = 30,
            maxEventSize: Int = 1024 * 1024, connectTimeout: TimeInterval = 30
        ) {
            // Finite and at most a day, so that every delay converts to nanoseconds.
            let day: TimeInterval = 86_400
            self.initialRetryDelay = initialRetryDelay.isFinite ? min(max(0, initialRetryDelay), day) : 0.5
            self.maxRetryDelay = maxRetryDelay.isFinite ? min(max(self.initialRetryDelay, maxRetryDelay), day) : 30
            self.maxEventSize = max(1, maxEventSize)
            self.connectTimeout = connectTimeout.isFinite ? min(max(0.01, connectTimeout), day) : 30
        }

        /// ``connectTimeout`` in nanoseconds, between 10 ms and a day whatever the property was set to.
        var connectTimeoutNanoseconds: UInt64 {
            let seconds = connectTimeout.isFinite ? min(max(0.01, connectTimeout), 86_400) : 30
            return UInt64(seconds * 1_000_000_000)
        }

        /// The delay before reconnect attempt `attempt` (1 for the first): doubling, capped, with jitter;
        /// finite and at most a day whatever the properties were set to.
        func retryDelay(attempt: Int) -> TimeInterval {
            let doubled = initialRetryDelay * pow(2, Double(min(max(attempt, 1) - 1, 30)))
            let delay = min(maxRetryDelay, doubled) * Double.random(in: 0.5...1)
            return delay.isFinite ? min(max(0, delay), 86_400) : 0.5
        }
    }

    /// Where the client is.
    public enum State: Sendable, Hashable {
        /// Not started.
        case idle
        /// Connecting for the first time.
        case connecting
        /// Connected, with this subscription.
        case connected(ServerEventSubscription)
        /// Waiting to connect again after `attempt` failures in a row.
        case reconnecting(attempt: Int)
        /// Stopped for good.
        case stopped
    }

    /// The base URL `/event-stream` and the other Server Events paths are relative to.
    public let baseUrl: String
    /// Makes every request: the stream, heartbeats, channel changes, unregistering.
    public let client: any ServiceClient
    /// Heartbeats, idle timeouts and reconnect delays are measured and waited on it.
    let clock: any EventsClock
    let shared: Locked<Shared>

    /// A client for the server at `baseUrl`, subscribing to `channels` (none: the server's default
    /// channel `*`), calling it through `client` (by default a new ``/DTOKitClient/JsonServiceClient``).
    public convenience init(
        baseUrl: String, channels: [String] = [], client: (any ServiceClient)? = nil,
        configuration: Configuration = Configuration()
    ) {
        self.init(
            baseUrl: baseUrl, channels: channels, client: client, configuration: configuration,
            clock: SystemEventsClock())
    }

    /// A client whose heartbeats, idle timeouts and reconnect delays run on `clock`: a test's own,
    /// which it moves by hand.
    public init(
        baseUrl: String, channels: [String] = [], client: (any ServiceClient)? = nil,
        configuration: Configuration = Configuration(), clock: any EventsClock
    ) {
        self.baseUrl = baseUrl.hasSuffix("/") ? baseUrl : baseUrl + "/"
        self.client = client ?? JsonServiceClient(baseUrl: baseUrl)
        self.clock = clock
        shared = Locked(Shared(channels: channels, configuration: configuration))
    }

    /// A client that calls the server of `client` with its credentials and cookies.
    public convenience init(
        client: JsonServiceClient, channels: [String] = [],
        configuration: Configuration = Configuration()
    ) {
        self.init(baseUrl: client.baseUrl, channels: channels, client: client, configuration: configuration)
    }

    /// What the client, its connection and its listeners share.
    struct Shared {
        var channels: [String]
        var configuration: Configuration
        var state = State.idle
        var subscription: ServerEventSubscription?
        var pump: Task<Void, Never>?
        var listeners: [Int: AsyncThrowingStream<ServerEvent, any Error>.Continuation] = [:]
        var nextListener = 0
        var selectorHandlers: [(selector: String, handler: @Sendable (ServerEventMessage) -> Void)] = []
        var eventHandlers: [@Sendable (ServerEvent) -> Void] = []
        var lastEventId: Int?
    }

    // MARK: State

    /// Where the client is now.
    public var state: State { shared[\.state] }

    /// The current subscription, while connected.
    public var subscription: ServerEventSubscription? { shared[\.subscription] }

    /// The channels the client subscribes to (kept up to date by the channel methods, and used when
    /// it reconnects).
    public var channels: [String] { shared[\.channels] }

    /// The `id` of the last event received on the current connection.
    public var lastEventId: Int? { shared[\.lastEventId] }

    /// How the client reconnects and how large an event may be.
    public var configuration: Configuration { shared[\.configuration] }

    // MARK: Events

    /// Every event from now on, until the client stops. Iterating it starts the client; cancelling
    /// the iterating task stops it (unless another iteration or a handler still listens). Events wait
    /// in the sequence until they are taken: iterate it as soon as you have it.
    public var events: AsyncThrowingStream<ServerEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ServerEvent.self)
        let id: Int? = shared.withLock { shared in
            guard shared.state != .stopped else { return nil }
            defer { shared.nextListener += 1 }
            shared.listeners[shared.nextListener] = continuation
            return shared.nextListener
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] termination in
            guard let self else { return }
            let idle = self.shared.withLock { shared in
                shared.listeners[id] = nil
                return shared.listeners.isEmpty && shared.eventHandlers.isEmpty && shared.selectorHandlers.isEmpty
            }
            if case .cancelled = termination, idle {
                Task { await self.stop() }
            }
        }
        start()
        return stream
    }

    /// Calls `handler` with every message whose selector is `selector` (`cmd.chat`), or, when it
    /// names a channel, whose channel and selector are those (`home@cmd.chat`). It runs on the
    /// client's connection task, before the message reaches ``events``: keep it short.
    public func on(_ selector: String, handler: @escaping @Sendable (ServerEventMessage) -> Void) {
        shared.withLock { $0.selectorHandlers.append((selector, handler)) }
    }

    /// Calls `handler` with every message sent as a `T` (selector `cmd.T`, or any `op.T`), decoded.
    /// A body that is not a `T` is reported as ``ServerEvent/invalidEvent(_:)`` instead.
    public func on<T: JsonSerializable>(_ type: T.Type, handler: @escaping @Sendable (T, ServerEventMessage) -> Void) {
        on(type, named: T.typeName, handler: handler)
    }

    /// Calls `handler` with every message sent as a `T` (selector `cmd.T`, or any `op.T`), decoded.
    /// A body that is not a `T` is reported as ``ServerEvent/invalidEvent(_:)`` instead.
    public func on<T: JsonStruct>(_ type: T.Type, handler: @escaping @Sendable (T, ServerEventMessage) -> Void) {
        on(type, named: T.typeName, handler: handler)
    }

    private func on<T: JsonConvertible>(
        _ type: T.Type, named typeName: String,
        handler: @escaping @Sendable (T, ServerEventMessage) -> Void
    ) {
        shared.withLock { shared in
            shared.eventHandlers.append { [weak self] event in
                guard case .message(let message) = event, message.target == typeName else { return }
                do {
                    handler(try message.decode(T.self), message)
                } catch let error as JsonDecodingError {
                    self?.emit(.invalidEvent(.undecodable(selector: message.selector, error: error)))
                } catch {}
            }
        }
    }

    /// Calls `handler` with every event, as ``events`` delivers them.
    public func onEvent(_ handler: @escaping @Sendable (ServerEvent) -> Void) {
        shared.withLock { $0.eventHandlers.append(handler) }
    }

    // MARK: Starting and stopping

    /// Connects, if the client has not started yet (for handlers; iterating ``events`` starts it too).
    public func start() {
        shared.withLock { shared in
            guard shared.state == .idle, shared.pump == nil else { return }
            shared.state = .connecting
            // Made under the lock, so that a `stop()` at the same moment finds the task to cancel.
            shared.pump = Task.detached { [self] in await run() }
        }
    }

    /// Closes the connection, ends the heartbeats and reconnects, unregisters the subscription and
    /// ends every iteration of ``events``; returns when all of that is done. Calling it again does nothing.
    public func stop() async {
        let taken = shared.withLock { shared -> (Task<Void, Never>?, ServerEventSubscription?)? in
            guard shared.state != .stopped else { return nil }
            shared.state = .stopped
            defer { (shared.pump, shared.subscription) = (nil, nil) }
            return (shared.pump, shared.subscription)
        }
        guard let (pump, subscription) = taken else { return }
        pump?.cancel()
        await pump?.value
        if let subscription { await unregister(subscription) }
        let listeners = shared.withLock { shared in
            defer { shared.listeners = [:] }
            return Array(shared.listeners.values)
        }
        for listener in listeners { listener.finish() }
    }

    // MARK: Channels

    /// Subscribes the live connection to more channels (`POST /event-subscribers/{id}`).
    /// - Throws: ``ServerEventsError/notConnected`` without a subscription; the call's errors.
    public func subscribeToChannels(_ channels: [String]) async throws {
        try await updateSubscriber(subscribe: channels, unsubscribe: [])
    }

    /// Unsubscribes the live connection from channels.
    public func unsubscribeFromChannels(_ channels: [String]) async throws {
        try await updateSubscriber(subscribe: [], unsubscribe: channels)
    }

    /// The subscribers of `channels` (all of them when empty), from `GET /event-subscribers`.
    public func getChannelSubscribers(_ channels: [String] = []) async throws -> [ServerEventUser] {
        let url = baseUrl + "event-subscribers" + Self.channelsQuery(channels)
        let list = try await client.executeAsync(ServiceCall(method: .get, destination: .url(url)))
            .decode(JsonValue.self)
        return (list.arrayValue ?? []).compactMap { ServerEventUser.strings(in: $0).map(ServerEventUser.init(meta:)) }
    }

    /// `?channels=a,b`, or nothing for no channels.
    static func channelsQuery(_ channels: [String]) -> String {
        channels.isEmpty ? "" : "?" + PercentEncoding.queryString([("channels", channels.joined(separator: ","))])
    }

    private func updateSubscriber(subscribe: [String], unsubscribe: [String]) async throws {
        guard let subscription else { throw ServerEventsError.notConnected }
        let body: JsonValue = [
            "id": .string(subscription.id),
            "subscribeChannels": .array(subscribe.map(JsonValue.string)),
            "unsubscribeChannels": .array(unsubscribe.map(JsonValue.string)),
        ]
        let url =
            subscription.updateSubscriberUrl
            ?? baseUrl + "event-subscribers/" + PercentEncoding.encodePathSegment(subscription.id)
        _ = try await client.executeAsync(ServiceCall(method: .post, destination: .url(url), payload: .json(body)))
        shared.withLock { shared in
            var channels = shared.channels.filter { !unsubscribe.contains($0) }
            channels += subscribe.filter { !channels.contains($0) }
            shared.channels = channels
        }
    }
}
