import DTOKit
import DTOKitClient
import Foundation
import XCTest

@testable import DTOKitServerEvents

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `ServerEventsClient` against the test server's event stream (`Server/serverevents.py`): delivery,
/// typed messages, other subscribers, faults and reconnects, stopping and cancelling. Heartbeats, idle
/// timeouts and reconnect delays run on a ``ManualClock`` the tests move; the two tests on the system
/// clock say why.
final class ServerEventsTests: XCTestCase {
    override func setUp() async throws {
        try await Self.control("reset")
    }

    override func tearDown() async throws {
        try await Self.control("reset")
    }

    // MARK: Delivery

    func testMessagesArriveInOrderOnceAcrossChannels() async throws {
        let events = try makeEventsClient(channels: ["home", "work"])
        let log = EventLog(events)
        let subscription = try await log.connected()
        XCTAssertEqual(subscription.user.channels, ["home", "work"])
        XCTAssertFalse(subscription.isReconnect)
        XCTAssertEqual(subscription.heartbeatIntervalMs, 10_000)

        try await Self.notify(channel: "home", "cmd.chat", #"{"text":"one"}"#)
        try await Self.notify(channel: "work", "cmd.chat", #"{"text":"two"}"#)
        try await Self.notify(channel: "home", "trigger.refresh", #"{"text":"three"}"#)
        try await Self.notify(channel: nil, "css.background$#top", #""red""#)
        let messages = try await log.messages(count: 4)
        XCTAssertEqual(messages.map(\.json), [#"{"text":"one"}"#, #"{"text":"two"}"#, #"{"text":"three"}"#, #""red""#])
        XCTAssertEqual(messages.map(\.channel), ["home", "work", "home", nil])
        XCTAssertEqual(messages.map(\.selector), ["cmd.chat", "cmd.chat", "trigger.refresh", "css.background$#top"])
        XCTAssertEqual(messages.map(\.op), ["cmd", "cmd", "trigger", "css"])
        XCTAssertEqual(messages[3].target, "background")
        XCTAssertEqual(messages[3].cssSelector, "#top")
        let ids = messages.compactMap(\.eventId)
        XCTAssertEqual(ids.count, 4)
        XCTAssertEqual(ids, ids.sorted())
        XCTAssertEqual(Set(ids).count, 4, "each delivered once")
        XCTAssertEqual(events.lastEventId, ids.last)
        await events.stop()
    }

    func testTypedMessagesByHandlerAndByDecode() async throws {
        let events = try makeEventsClient(channels: ["home"])
        let typed = Reported()
        let bySelector = Reported()
        events.on(HelloResponse.self) { response, message in
            typed.add("\(response.result ?? "") via \(message.selector)")
        }
        let typedValues = Reported()
        events.on(HelloValueResponse.self) { response, _ in typedValues.add(response.result ?? "") }  // a DTO struct
        events.on("home@cmd.chat") { message in bySelector.add(message.json) }
        let log = EventLog(events)
        _ = try await log.connected()

        try await Self.notify(channel: "home", "cmd.HelloResponse", #"{"result":"typed"}"#)
        try await Self.notify(channel: "home", "cmd.chat", #"{"text":"hi"}"#)
        try await Self.notify(channel: "home", "cmd.HelloResponse", #"{"result":42}"#)
        let messages = try await log.messages(count: 3)
        XCTAssertEqual(try messages[0].decode(HelloResponse.self).result, "typed")
        XCTAssertEqual(messages[1].jsonValue["text"]?.stringValue, "hi")
        XCTAssertEqual(typed.all, ["typed via cmd.HelloResponse"])
        XCTAssertEqual(typedValues.all, ["typed"])
        XCTAssertEqual(bySelector.all, [#"{"text":"hi"}"#])
        let invalid = try await log.wait {
            $0.contains { if case .invalidEvent(.undecodable) = $0 { true } else { false } }
        }
        XCTAssertTrue(invalid)
        await events.stop()
    }

    func testJoinLeaveAndUpdateOfAnotherSubscriber() async throws {
        let watcher = try makeEventsClient(channels: ["home"])
        let log = EventLog(watcher)
        _ = try await log.connected()

        let other = try makeEventsClient(channels: ["home"])
        let otherLog = EventLog(other)
        let otherSubscription = try await otherLog.connected()
        let otherName = otherSubscription.user.displayName
        _ = try await log.wait {
            $0.contains {
                if case .joined(let user, let message) = $0 {
                    user.displayName == otherName && message.channel == "home"
                } else {
                    false
                }
            }
        }

        try await other.subscribeToChannels(["work"])
        XCTAssertEqual(other.channels, ["home", "work"])
        _ = try await log.wait {
            $0.contains { if case .updated(let user, _) = $0 { user.channels == ["home", "work"] } else { false } }
        }
        let subscribers = try await watcher.getChannelSubscribers(["home"])
        XCTAssertEqual(
            Set(subscribers.compactMap(\.displayName)),
            Set([otherName, log.subscription?.user.displayName].compactMap { $0 }))
        try await other.unsubscribeFromChannels(["work"])
        XCTAssertEqual(other.channels, ["home"])

        let unregistered = try serverCounter("events:unregister")
        await other.stop()
        XCTAssertEqual(try serverCounter("events:unregister"), unregistered + 1)
        _ = try await log.wait {
            $0.contains { if case .left(let user, _) = $0 { user.displayName == otherName } else { false } }
        }
        await watcher.stop()
    }

    // MARK: Faults

    func testReconnectsAfterTheServerDropsTheConnectionMidEvent() async throws {
        let clock = ManualClock()
        let events = try makeEventsClient(channels: ["home"], clock: clock)
        let log = EventLog(events)
        let first = try await log.connected()
        try await Self.control("drop")
        try await log.wait { $0.contains { if case .disconnected = $0 { true } else { false } } }
        try await Self.advance(clock, milliseconds: 400, whenWaiting: 1)  // the reconnect delay, at most 0.4 s
        let second = try await log.connected(after: first)
        XCTAssertTrue(second.isReconnect)
        XCTAssertNotEqual(second.id, first.id)
        XCTAssertTrue(log.events.contains { if case .disconnected = $0 { true } else { false } })
        XCTAssertFalse(log.messagesSoFar.contains { $0.selector == "cmd.chat" }, "the cut event is not delivered")
        try await Self.notify(channel: "home", "cmd.chat", #"{"text":"after"}"#)
        let messages = try await log.messages(count: 1)
        XCTAssertEqual(messages.map(\.json), [#"{"text":"after"}"#])
        await events.stop()
    }

    func testComesBackWhenTheServerReturnsAfterSeconds() async throws {
        let events = try makeEventsClient(channels: ["home"])
        let log = EventLog(events)
        let first = try await log.connected()
        let start = Date()
        // Real time, on the system clock: the server is away for two of its own seconds.
        try await Self.control("config", ["unavailableSeconds": "2"])
        let second = try await log.connected(after: first, timeout: 15)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 1.9)
        let drops = log.events.filter { if case .disconnected = $0 { true } else { false } }.count
        XCTAssertGreaterThanOrEqual(drops, 2, "the refused attempts are reported too")
        XCTAssertTrue(second.isReconnect)
        try await Self.notify(channel: "home", "cmd.chat", #"{"text":"back"}"#)
        let messages = try await log.messages(count: 1)
        XCTAssertEqual(messages.map(\.json), [#"{"text":"back"}"#])
        await events.stop()
    }

    func testAFailingHeartbeatReconnects() async throws {
        try await Self.control("config", ["heartbeatIntervalMs": "150", "idleTimeoutMs": "5000"])
        let clock = ManualClock()
        let events = try makeEventsClient(channels: ["home"], clock: clock)
        let log = EventLog(events)
        let first = try await log.connected()
        XCTAssertEqual(first.heartbeatIntervalMs, 150)
        try await Self.control("config", ["heartbeatStatus": "404"])
        try await Self.advance(clock, milliseconds: 150, whenWaiting: 2)  // the heartbeat and the watchdog wait
        let dropped = try await log.wait {
            $0.contains { event in
                if case .disconnected(let error, _) = event {
                    (error as? WebServiceException)?.statusCode == 404
                } else {
                    false
                }
            }
        }
        XCTAssertTrue(dropped)
        try await Self.control("config", ["heartbeatStatus": "200"])
        try await Self.advance(clock, milliseconds: 400, whenWaiting: 1)
        _ = try await log.connected(after: first)
        await events.stop()
    }

    func testSilenceLongerThanTheIdleTimeoutReconnects() async throws {
        try await Self.control("config", ["heartbeatIntervalMs": "1000", "idleTimeoutMs": "600", "muted": "1"])
        let clock = ManualClock()
        let events = try makeEventsClient(channels: ["home"], clock: clock)
        let log = EventLog(events)
        let first = try await log.connected()
        try await log.joinedItself()  // the last thing the server sends: the silence starts here
        try await Self.advance(clock, milliseconds: 599, whenWaiting: 2)
        XCTAssertFalse(
            log.events.contains { if case .disconnected = $0 { true } else { false } }, "599 ms of silence is allowed")
        clock.advance(milliseconds: 2)
        let dropped = try await log.wait {
            $0.contains { event in
                if case .disconnected(let error, _) = event {
                    (error as? ServerEventsError) == .idleTimeout(milliseconds: 600)
                } else {
                    false
                }
            }
        }
        XCTAssertTrue(dropped)
        try await Self.control("config", ["muted": "0"])
        try await Self.advance(clock, milliseconds: 400, whenWaiting: 1)
        _ = try await log.connected(after: first)
        await events.stop()
    }

    /// A server that stops answering: nothing on the stream, and each heartbeat held for 6 s (of real
    /// time, on the server), then its connection closed without a response (`cmd.onConnect` comes
    /// 200 ms after the headers, as from a server that flushes them first, as ServiceStack does). The
    /// client must leave it for a new subscription once the stream was silent for `idleTimeoutMs`
    /// (2 s here) on its clock, whatever the heartbeat is doing (it waited more than 40 s before: the
    /// watchdog first slept a quarter of the 30 s it assumed before `cmd.onConnect`, and the held
    /// heartbeat then counted).
    func testAServerThatStopsAnsweringIsLeftWithinTheIdleTimeout() async throws {
        try await Self.control(
            "config",
            [
                "heartbeatIntervalMs": "300", "idleTimeoutMs": "2000", "muted": "1",
                "heartbeatHoldMs": "6000", "connectDelayMs": "200",
            ])
        let heartbeatsBefore = try serverCounter("events:heartbeat")
        let clock = ManualClock()
        let events = try makeEventsClient(channels: ["home"], clock: clock)
        let log = EventLog(events)
        let first = try await log.connected()
        try await log.joinedItself()  // the last thing the server sends: the silence starts here
        try await Self.advance(clock, milliseconds: 300, whenWaiting: 2)  // the heartbeat goes out, and is held
        try waitUntil("the heartbeat reached the server") { try serverCounter("events:heartbeat") > heartbeatsBefore }
        clock.advance(milliseconds: 1701)  // 2001 ms of silence
        try await log.wait { $0.contains { if case .disconnected = $0 { true } else { false } } }
        try await Self.advance(clock, milliseconds: 400, whenWaiting: 1)
        _ = try await log.connected(after: first)
        let reasons = log.events.compactMap { if case .disconnected(let error, _) = $0 { error } else { nil } }
        XCTAssertEqual(reasons.first as? ServerEventsError, .idleTimeout(milliseconds: 2000), "\(reasons)")
        XCTAssertGreaterThanOrEqual(
            try serverCounter("events:heartbeat") - heartbeatsBefore, 1, "a heartbeat was held meanwhile")
        await events.stop()
    }

    func testAMalformedEventIsReportedAndTheStreamGoesOn() async throws {
        let events = try makeEventsClient(channels: ["home"])
        let log = EventLog(events)
        _ = try await log.connected()
        try await Self.raw(": keep-alive\n\ndata: noselector {}\n\nid: 500\ndata: cmd.chat {\"text\":\"fine\"}\n\n")
        let messages = try await log.messages(count: 1)
        XCTAssertEqual(messages.first?.json, #"{"text":"fine"}"#)
        XCTAssertEqual(messages.first?.eventId, 500)
        XCTAssertTrue(
            log.events.contains {
                if case .invalidEvent(.invalidSelector(let data)) = $0 { data == "noselector {}" } else { false }
            })
        await events.stop()
    }

    func testLinesAndCharactersSplitAcrossReads() async throws {
        let events = try makeEventsClient(channels: ["home"])
        let log = EventLog(events)
        _ = try await log.connected()
        let text = "Łódź 日本語 🐳 déjà vu"
        let frames =
            "id: 600\r\ndata: cmd.chat {\"text\":\"\(text)\"}\r\n\r\n: comment\n\nid: 601\rdata: cmd.chat {\"text\":\"second\"}\r\r"
        try await Self.raw(frames, pieces: 23, delayMs: 15)
        let messages = try await log.messages(count: 2)
        XCTAssertEqual(try messages.map { try $0.decode(JsonValue.self)["text"]?.stringValue }, [text, "second"])
        XCTAssertEqual(messages.map(\.eventId), [600, 601])
        await events.stop()
    }

    func testAHugeEventIsSkippedWithBoundedMemory() async throws {
        let events = try makeEventsClient(channels: ["home"], maxEventSize: 4096)
        let log = EventLog(events)
        _ = try await log.connected()
        // The rest of the oversized event, its second data line included, is skipped with it.
        let huge = "data: cmd.chat \"" + String(repeating: "x", count: 300_000) + "\"\ndata: home@cmd.tail {}\n\n"
        try await Self.raw(huge + "data: cmd.chat {\"text\":\"small\"}\n\n", pieces: 10)
        let messages = try await log.messages(count: 1)
        XCTAssertEqual(messages.first?.json, #"{"text":"small"}"#)
        let tooLarge = log.events.filter { if case .invalidEvent(.eventTooLarge(4096)) = $0 { true } else { false } }
        XCTAssertEqual(tooLarge.count, 1, "reported once")
        XCTAssertFalse(
            log.messagesSoFar.contains { $0.selector == "cmd.tail" }, "nothing of the skipped event is delivered")
        await events.stop()
    }

    // MARK: Stopping

    func testStopUnregistersEndsTheSequenceAndLeavesNothingRunning() async throws {
        try await Self.control("config", ["heartbeatIntervalMs": "100", "idleTimeoutMs": "5000"])
        let clock = ManualClock()
        let events = try makeEventsClient(channels: ["home"], clock: clock)
        let iteration = Task { () -> Int in
            var count = 0
            for try await _ in events.events { count += 1 }
            return count
        }
        while events.subscription == nil { try await Task.sleep(nanoseconds: 20_000_000) }
        let unregistered = try serverCounter("events:unregister")
        await events.stop()
        let received = try await iteration.value
        XCTAssertGreaterThanOrEqual(received, 2, "connected and joined, then the sequence ended")
        XCTAssertEqual(events.state, .stopped)
        XCTAssertNil(events.subscription)
        XCTAssertEqual(try serverCounter("events:unregister"), unregistered + 1)

        let heartbeats = try serverCounter("events:heartbeat")
        XCTAssertEqual(clock.sleeperCount, 0, "no heartbeat or watchdog waits any more")
        clock.advance(milliseconds: 1000)
        XCTAssertEqual(try serverCounter("events:heartbeat"), heartbeats, "no heartbeats after stop")
        await events.stop()  // twice is fine
        XCTAssertEqual(try serverCounter("events:unregister"), unregistered + 1)
        var after = 0
        for try await _ in events.events { after += 1 }
        XCTAssertEqual(after, 0, "a stopped client's sequence ends at once")
    }

    func testCancellingTheIteratingTaskStopsTheClient() async throws {
        let events = try makeEventsClient(channels: ["home"])
        let unregistered = try serverCounter("events:unregister")
        let iteration = Task {
            for try await _ in events.events {}
        }
        while events.subscription == nil { try await Task.sleep(nanoseconds: 20_000_000) }
        iteration.cancel()
        _ = await iteration.result
        for _ in 0..<250 where events.state != .stopped { try await Task.sleep(nanoseconds: 20_000_000) }
        XCTAssertEqual(events.state, .stopped)
        for _ in 0..<100 where try serverCounter("events:unregister") == unregistered {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        XCTAssertEqual(try serverCounter("events:unregister"), unregistered + 1)
    }

    // MARK: Auth

    func testTheStreamCarriesTheJsonServiceClientsCredentials() async throws {
        try await Self.control("config", ["requireAuth": "1"])
        let client = try makeTestClient()
        client.setCredentials(userName: "admin", password: "p@55wOrd")
        let events = ServerEventsClient(client: client, channels: ["home"])
        let log = EventLog(events)
        let subscription = try await log.connected()
        XCTAssertEqual(subscription.user.displayName, "admin")
        XCTAssertTrue(subscription.user.isAuthenticated)
        await events.stop()

        let anonymous = try makeEventsClient(channels: ["home"])
        do {
            for try await _ in anonymous.events {}
            XCTFail("an unauthorized stream did not throw")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 401)
        }
        XCTAssertEqual(anonymous.state, .stopped)
    }

    func testAnExpiredAccessTokenIsRenewedForTheStream() async throws {
        try await Self.control("config", ["requireAuth": "1"])
        let signIn = credentialsSignIn("test", "test")
        signIn.meta = ["AccessTokenTtlSeconds": "1"]
        let session = try await makeTestClient().postAsync(signIn)
        let client = try makeTestClient()
        client.bearerToken = session.bearerToken
        client.refreshToken = session.refreshToken
        try await Task.sleep(nanoseconds: 1_300_000_000)  // real time: the server expires the token on its own clock
        let refreshes = try serverCounter("getAccessToken")
        let events = ServerEventsClient(client: client, channels: ["home"])
        let subscription = try await EventLog(events).connected()
        XCTAssertEqual(subscription.user.displayName, "test")
        XCTAssertEqual(try serverCounter("getAccessToken"), refreshes + 1)
        XCTAssertNotEqual(client.bearerToken, session.bearerToken)
        await events.stop()
    }

    // MARK: Mocks and the main actor

    func testAMockClientServesEventsThroughExecute() async throws {
        let events = ServerEventsClient(
            baseUrl: "http://mock", channels: ["home"], client: EventStreamMock(),
            configuration: .init(initialRetryDelay: 5))
        var received: [String] = []
        for try await event in events.events {
            switch event {
            case .connected(let subscription): received.append("connected \(subscription.id)")
            case .message(let message): received.append(message.description)
            case .disconnected: received.append("disconnected")
            default: break
            }
            if received.count == 3 { break }
        }
        XCTAssertEqual(received, ["connected mock-1", #"home@cmd.chat {"text":"from a mock"}"#, "disconnected"])
        await events.stop()
    }

    func testHostileIntervalsAndDelaysAreBounded() async throws {
        let mock = EventStreamMock(connectExtras: #","heartbeatIntervalMs":"9223372036854775807","idleTimeoutMs":"-5""#)
        let events = ServerEventsClient(
            baseUrl: "http://mock", client: mock,
            configuration: .init(initialRetryDelay: .infinity, maxRetryDelay: .nan))
        XCTAssertEqual(events.configuration.initialRetryDelay, 0.5)
        XCTAssertEqual(events.configuration.maxRetryDelay, 30)
        var configuration = ServerEventsClient.Configuration()
        for (seconds, nanoseconds) in [
            (Double.infinity, 30_000_000_000), (.nan, 30_000_000_000), (-1, 10_000_000),
            (1e12, 86_400_000_000_000),
        ] as [(Double, UInt64)] {
            configuration.connectTimeout = seconds
            XCTAssertEqual(configuration.connectTimeoutNanoseconds, nanoseconds, "\(seconds)")
        }
        for try await event in events.events {
            guard case .connected(let subscription) = event else { continue }
            XCTAssertEqual(subscription.heartbeatIntervalMs, 86_400_000, "at most a day")
            XCTAssertEqual(subscription.idleTimeoutMs, 100, "at least 100 ms")
            break
        }
        await events.stop()
    }

    @MainActor
    func testAMainActorFeedShowsLiveMessages() async throws {
        let feed = LiveFeed(events: try makeEventsClient(channels: ["home"]))
        let running = Task { try await feed.run() }
        while feed.status != "live" { try await Task.sleep(nanoseconds: 20_000_000) }
        try await Self.notify(channel: "home", "cmd.chat", #"{"text":"on the main actor"}"#)
        while feed.lines.isEmpty { try await Task.sleep(nanoseconds: 20_000_000) }
        XCTAssertEqual(feed.lines, [#"{"text":"on the main actor"}"#])
        await feed.events.stop()
        try await running.value
        XCTAssertEqual(feed.status, "stopped")
    }

    // MARK: Helpers

    /// A client of the test server that reconnects after at most 0.4 s, on `clock` (the system's by default).
    func makeEventsClient(
        channels: [String], maxEventSize: Int = 1024 * 1024,
        clock: (any EventsClock)? = nil
    ) throws -> ServerEventsClient {
        let client = try makeTestClient()
        let configuration = ServerEventsClient.Configuration(
            initialRetryDelay: 0.05, maxRetryDelay: 0.4,
            maxEventSize: maxEventSize)
        guard let clock else {
            return ServerEventsClient(client: client, channels: channels, configuration: configuration)
        }
        return ServerEventsClient(
            baseUrl: client.baseUrl, channels: channels, client: client,
            configuration: configuration, clock: clock)
    }

    /// Moves `clock` on by `milliseconds` once `count` tasks wait on it (so that none of them starts its
    /// wait after the move and misses it). Real time passes only while the client's tasks get there.
    static func advance(_ clock: ManualClock, milliseconds: UInt64, whenWaiting count: Int) async throws {
        let deadline = Date().addingTimeInterval(10)
        while clock.sleeperCount < count {
            guard Date() < deadline else { return XCTFail("\(clock.sleeperCount) of \(count) tasks wait on the clock") }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        clock.advance(milliseconds: milliseconds)
    }

    static func control(_ name: String, _ parameters: [String: String] = [:]) async throws {
        let query = parameters.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "&")
        _ = try await makeTestClient().executeAsync(
            ServiceCall(
                method: .post,
                destination: .url("/_test/events/\(name)?\(query)")))
    }

    static func notify(channel: String?, _ selector: String, _ json: String) async throws {
        var query = "selector=\(selector.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? selector)"
        if let channel { query += "&channel=\(channel)" }
        try await Self.post("/_test/events/notify?" + query, body: Data(json.utf8))
    }

    static func raw(_ text: String, pieces: Int = 1, delayMs: Int = 0) async throws {
        try await Self.post("/_test/events/raw?pieces=\(pieces)&delayMs=\(delayMs)", body: Data(text.utf8))
    }

    static func post(_ path: String, body: Data) async throws {
        let client = try makeTestClient()
        var request = URLRequest(url: try XCTUnwrap(URL(string: client.baseUrl + path.dropFirst())))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        _ = try await client.executeAsync(ServiceCall(method: .post, destination: .urlRequest(request)))
    }
}

/// Collects a client's events from a task of its own, for tests to wait on.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [ServerEvent] = []
    private var failure: (any Error)?
    private var task: Task<Void, Never>?

    init(_ client: ServerEventsClient) {
        let stream = client.events
        task = Task { [weak self] in
            do {
                for try await event in stream { self?.append(event) }
            } catch {
                self?.fail(error)
            }
        }
    }

    deinit { task?.cancel() }

    private func append(_ event: ServerEvent) {
        lock.lock()
        collected.append(event)
        lock.unlock()
    }
    private func fail(_ error: any Error) {
        lock.lock()
        failure = error
        lock.unlock()
    }

    var events: [ServerEvent] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
    private var currentFailure: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }
    var messagesSoFar: [ServerEventMessage] {
        events.compactMap { if case .message(let message) = $0 { message } else { nil } }
    }
    var subscription: ServerEventSubscription? {
        events.reversed().lazy.compactMap { if case .connected(let subscription) = $0 { subscription } else { nil } }
            .first
    }

    /// Waits (up to `timeout` seconds) until `condition` holds for the events so far.
    @discardableResult
    func wait(timeout: TimeInterval = 10, _ condition: ([ServerEvent]) -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(events) { return true }
            if let failure = currentFailure { throw failure }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        XCTFail("timed out waiting; events so far: \(events)")
        return false
    }

    /// The first subscription, or the first one other than `previous`.
    func connected(after previous: ServerEventSubscription? = nil, timeout: TimeInterval = 10) async throws
        -> ServerEventSubscription
    {
        try await wait(timeout: timeout) { events in
            events.contains {
                if case .connected(let subscription) = $0 { subscription.id != previous?.id } else { false }
            }
        }
        return try XCTUnwrap(subscription)
    }

    /// Waits until the subscription's own `cmd.onJoin` arrived.
    func joinedItself() async throws {
        try await wait { events in
            let me = events.lazy.compactMap { if case .connected(let subscription) = $0 { subscription } else { nil } }
                .last
            return events.contains {
                if case .joined(let user, _) = $0 { user.userId == me?.user.userId } else { false }
            }
        }
    }

    /// The last `count` messages, once that many arrived after the latest connect.
    func messages(count: Int) async throws -> [ServerEventMessage] {
        try await wait { events in
            events.filter { if case .message = $0 { true } else { false } }.count >= count
        }
        return Array(messagesSoFar.suffix(count))
    }
}

/// What a screen with a live feed holds: main-actor state updated from the events.
@MainActor
final class LiveFeed {
    let events: ServerEventsClient
    private(set) var lines: [String] = []
    private(set) var status = "idle"

    init(events: ServerEventsClient) {
        self.events = events
    }

    func run() async throws {
        for try await event in events.events {
            switch event {
            case .connected: status = "live"
            case .message(let message): lines.append(message.json)
            case .disconnected: status = "reconnecting"
            default: break
            }
        }
        status = "stopped"
    }
}

/// A test double that answers the event stream with two events, through `perform` alone.
struct EventStreamMock: ServiceClient {
    /// Extra members of the `cmd.onConnect` body.
    var connectExtras = ""

    func perform(_ call: ServiceCall) async throws -> ServiceStream {
        ServiceStream(try answer(call))
    }

    /// The whole response to `call`, made up at once.
    private func answer(_ call: ServiceCall) throws -> ServiceResponse {
        guard case .urlRequest(let request) = call.destination, request.url?.path == "/event-stream" else {
            return try ServiceResponse(data: Data(), statusCode: 200)
        }
        let body = """
            id: 1
            data: cmd.onConnect {"id":"mock-1","heartbeatUrl":"http://mock/event-heartbeat?id=mock-1","unRegisterUrl":"http://mock/event-unregister?id=mock-1"\(connectExtras)}

            id: 2
            data: home@cmd.chat {"text":"from a mock"}


            """
        return try ServiceResponse(data: Data(body.utf8), headers: ["Content-Type": "text/event-stream"])
    }
}
