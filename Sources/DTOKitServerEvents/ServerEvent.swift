import DTOKit
import DTOKitClient
import Foundation

/// What a ``ServerEventsClient`` reports, in the order it happens.
public enum ServerEvent: Sendable {
    /// The client is connected: the server's `cmd.onConnect`, with the subscription. After a
    /// reconnect it comes again with a new subscription (``ServerEventSubscription/isReconnect``).
    case connected(ServerEventSubscription)
    /// A subscriber joined one of the channels (`channel@cmd.onJoin`; the client's own join too).
    case joined(ServerEventUser, message: ServerEventMessage)
    /// A subscriber left one of the channels (`channel@cmd.onLeave`).
    case left(ServerEventUser, message: ServerEventMessage)
    /// A subscriber changed its channels (`channel@cmd.onUpdate`).
    case updated(ServerEventUser, message: ServerEventMessage)
    /// Any other message: `cmd.*`, `trigger.*`, `css.*`, a DTO sent by type name (`cmd.ChatMessage`), ….
    case message(ServerEventMessage)
    /// The connection dropped or went quiet; the client connects again after `retryIn` seconds.
    case disconnected(error: any Error, retryIn: TimeInterval)
    /// An event the client could not read (no selector, too large); the events after it still come.
    case invalidEvent(ServerEventsError)
}

/// One message of the event stream: `id: 7` and `data: home@cmd.chat {"text":"hi"}` give the id 7,
/// the channel `home`, the selector `cmd.chat` (op `cmd`, target `chat`) and the JSON body.
public struct ServerEventMessage: Sendable, Hashable, CustomStringConvertible {
    /// The event's `id:` within its connection (the server counts from 1 on every connection).
    public let eventId: Int?
    /// The channel of a channel message (the part before `@`), else nil.
    public let channel: String?
    /// `op.target`, e.g. `cmd.onJoin`, `trigger.refresh`, `css.background$#top`, `cmd.ChatMessage`.
    public let selector: String
    /// The part of the selector before the first `.`: `cmd`, `trigger`, `css`, or a receiver's name.
    public let op: String
    /// The part after it, without the CSS selector (`%20` read as a space).
    public let target: String
    /// The CSS selector after `$`, for `css.*` messages.
    public let cssSelector: String?
    /// The body: JSON, or nothing.
    public let json: String

    /// The message in `data`, or nil when its selector has no `.`.
    init?(data: String, eventId: Int?) {
        let space = data.firstIndex(of: " ")
        var selector = String(data[..<(space ?? data.endIndex)])
        json = space.map { String(data[data.index(after: $0)...]) } ?? ""
        if let at = selector.firstIndex(of: "@") {
            channel = String(selector[..<at])
            selector = String(selector[selector.index(after: at)...])
        } else {
            channel = nil
        }
        guard let dot = selector.firstIndex(of: "."), dot != selector.startIndex else { return nil }
        self.selector = selector
        op = String(selector[..<dot])
        var target = String(selector[selector.index(after: dot)...])
        if let dollar = target.firstIndex(of: "$") {
            cssSelector = String(target[target.index(after: dollar)...])
            target = String(target[..<dollar])
        } else {
            cssSelector = nil
        }
        self.target = target.replacingOccurrences(of: "%20", with: " ")
        self.eventId = eventId
    }

    /// Decodes the body as `type`, e.g. `message.decode(ChatMessage.self)`.
    /// - Throws: ``/DTOKit/JsonDecodingError`` when the body is not a `T`.
    public func decode<T: JsonConvertible>(_ type: T.Type, options: JsonDecodingOptions = JsonDecodingOptions()) throws
        -> T
    {
        try T.fromJson(json.isEmpty ? "null" : json, options: options)
    }

    /// The body as untyped JSON (`.null` when there is none or it is not JSON).
    public var jsonValue: JsonValue {
        (try? JsonValue.fromJson(json)) ?? .null
    }

    public var description: String {
        (channel.map { "\($0)@" } ?? "") + selector + (json.isEmpty ? "" : " " + json)
    }
}

/// A subscriber, as the server describes it in `cmd.onJoin`, `cmd.onLeave`, `cmd.onUpdate` and the
/// subscriber list: every value is a string on the wire.
public struct ServerEventUser: Sendable, Hashable {
    public let userId: String?
    public let displayName: String?
    public let profileUrl: String?
    public let isAuthenticated: Bool
    /// The channels it is subscribed to.
    public let channels: [String]
    /// Every member the server sent, including custom ones.
    public let meta: [String: String]

    init(meta: [String: String]) {
        self.meta = meta
        userId = meta["userId"]
        displayName = meta["displayName"]
        profileUrl = meta["profileUrl"]
        isAuthenticated = meta["isAuthenticated"]?.lowercased() == "true"
        channels = ServerEventUser.channelList(meta["channels"])
    }

    /// The members of a JSON object, as strings (numbers and booleans too; other values are left out).
    static func strings(in json: JsonValue) -> [String: String]? {
        guard let object = json.objectValue else { return nil }
        var meta: [String: String] = [:]
        for (key, value) in object {
            switch value {
            case .string(let text): meta[key] = text
            case .null, .array, .object: break
            default: meta[key] = value.toJson()
            }
        }
        return meta
    }

    static func channelList(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// The subscription the server made for a connection (`cmd.onConnect`). Printed or dumped, its URLs
/// show without their query strings, which may carry session ids.
public struct ServerEventSubscription: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The subscription's id (the `id` of heartbeats, unregistering and channel changes).
    public let id: String
    /// Who is subscribed.
    public let user: ServerEventUser
    /// Where the client posts its heartbeats.
    public let heartbeatUrl: String
    /// Where the client unregisters when it stops.
    public let unRegisterUrl: String
    /// Where channel changes are posted (`/event-subscribers/{id}`), when the server says.
    public let updateSubscriberUrl: String?
    /// How often the client posts a heartbeat, in milliseconds.
    public let heartbeatIntervalMs: Int
    /// After how long without anything from the server the connection counts as dropped, in milliseconds.
    public let idleTimeoutMs: Int
    /// Whether this subscription replaces one a dropped connection had.
    public let isReconnect: Bool

    /// A day, in milliseconds.
    private static let day = 86_400_000

    init?(meta: [String: String], isReconnect: Bool) {
        guard let id = meta["id"], let heartbeatUrl = meta["heartbeatUrl"], let unRegisterUrl = meta["unRegisterUrl"]
        else { return nil }
        self.id = id
        self.heartbeatUrl = heartbeatUrl
        self.unRegisterUrl = unRegisterUrl
        updateSubscriberUrl = meta["updateSubscriberUrl"]
        // Bounded, whatever the server says: at least 50 ms between heartbeats, at most a day.
        heartbeatIntervalMs =
            meta["heartbeatIntervalMs"].flatMap { Int($0) }.map { min(max(50, $0), Self.day) } ?? 10_000
        idleTimeoutMs = meta["idleTimeoutMs"].flatMap { Int($0) }.map { min(max(100, $0), Self.day) } ?? 30_000
        user = ServerEventUser(meta: meta)
        self.isReconnect = isReconnect
    }

    public var description: String {
        "ServerEventSubscription(id: \(id), user: \(user.displayName ?? user.userId ?? "?"), heartbeat every "
            + "\(heartbeatIntervalMs) ms, idle timeout \(idleTimeoutMs) ms\(isReconnect ? ", reconnected" : ""))"
    }

    public var customMirror: Mirror {
        let withoutQuery = { (url: String) in url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url }
        return Mirror(
            self,
            children: [
                "id": id, "user": user, "heartbeatUrl": withoutQuery(heartbeatUrl),
                "unRegisterUrl": withoutQuery(unRegisterUrl),
                "updateSubscriberUrl": updateSubscriberUrl.map(withoutQuery) as Any,
                "heartbeatIntervalMs": heartbeatIntervalMs,
                "idleTimeoutMs": idleTimeoutMs, "isReconnect": isReconnect,
            ])
    }
}

/// Why an event or a connection could not be used.
public enum ServerEventsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An event's data has no selector (`op.target`): `data` is its first 200 characters.
    case invalidSelector(data: String)
    /// An event was larger than ``ServerEventsClient/Configuration/maxEventSize`` and was skipped.
    case eventTooLarge(limit: Int)
    /// The `cmd.onConnect` event had no subscription id, heartbeat URL or unregister URL.
    case invalidConnectEvent(data: String)
    /// Nothing arrived within the idle timeout (the server's `idleTimeoutMs`).
    case idleTimeout(milliseconds: Int)
    /// The response was not an event stream (`text/event-stream`).
    case notAnEventStream(contentType: String?)
    /// A message for a handler registered by DTO type did not decode as that type.
    case undecodable(selector: String, error: JsonDecodingError)
    /// A channel change needs a live subscription.
    case notConnected

    public var description: String {
        switch self {
        case .invalidSelector(let data): return "Invalid server event: no `op.target` selector in \"\(data)\""
        case .eventTooLarge(let limit): return "Server event skipped: larger than the limit of \(limit) bytes"
        case .invalidConnectEvent(let data): return "Invalid cmd.onConnect event: \(data)"
        case .idleTimeout(let ms): return "Server events: nothing received for \(ms) ms; reconnecting"
        case .notAnEventStream(let type): return "Not an event stream: Content-Type \(type ?? "none")"
        case .undecodable(let selector, let error): return "Server event \(selector) could not be decoded: \(error)"
        case .notConnected: return "Server events: not connected (no subscription yet)"
        }
    }
}
