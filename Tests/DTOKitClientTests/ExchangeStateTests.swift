import Foundation
import Testing

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLSession data task's life, callback by callback, without a session: what the caller waiting
/// for the headers is told, when the task is cancelled, how redirects end, what the body ends with.
@Suite("The life of a URLSession exchange")
struct ExchangeStateTests {
    /// What waits for the headers: a name, to tell which waiter an action resumes.
    private typealias State = ExchangeState<String>

    private static let url = "https://api.example.org/api/Hello"

    private static func state(maxRedirects: Int = 10) throws -> State {
        var request = OutgoingRequest(url: try #require(URL(string: url)))
        request.timeoutInterval = 5
        return State(request: request, options: TransportOptions(maxRedirects: maxRedirects))
    }

    private static func response(_ status: Int, location: String? = nil) throws -> HTTPURLResponse {
        let url = try #require(URL(string: url))
        return try #require(
            HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: location.map { ["Location": $0] } ?? [:]))
    }

    /// The status the caller is resumed with, or the error; nil when the action resumes no one.
    private static func outcome(_ action: State.Action, of waiter: String = "caller") -> Result<
        Int, ServiceClientError
    >? {
        guard case .resume(let resumed, let result) = action else { return nil }
        #expect(resumed == waiter)
        return result.map(\.statusCode)
    }

    private static func status(_ outcome: Result<Int, ServiceClientError>?) -> Int? {
        if case .success(let status)? = outcome { return status }
        return nil
    }

    private static func error(_ outcome: Result<Int, ServiceClientError>?) -> ServiceClientError? {
        if case .failure(let error)? = outcome { return error }
        return nil
    }

    /// The answer to a redirect question, which must be given.
    private static func answer(_ answer: URLRequest??) throws -> URLRequest? {
        try #require(answer, "the platform's redirect question was left unanswered")
    }

    private static func isCancel(_ action: State.Action) -> Bool {
        if case .cancelTask = action { return true }
        return false
    }

    @Test func theCallerGetsTheHeadersOnceAndTheBodyEndsCleanly() throws {
        var state = try Self.state()
        #expect(Self.outcome(state.started("caller")) == nil)
        #expect(Self.status(Self.outcome(state.received(try Self.response(200)))) == 200)
        state.received(bytes: 10)
        state.received(bytes: 5)
        #expect(state.receivedBytes == 15)
        let (action, bodyEnd) = state.completed(response: try Self.response(200), error: nil)
        #expect(Self.outcome(action) == nil, "resumed once only")
        #expect(bodyEnd == nil)
    }

    @Test func aCallerCancelledBeforeTheStartNeverStartsTheTask() throws {
        var state = try Self.state()
        #expect(!Self.isCancel(state.cancelled()), "a task not resumed is not cancelled: it might never end")
        guard case .neverStart(let caller, .cancelled) = state.started("caller") else {
            Issue.record("a cancelled exchange was started")
            return
        }
        #expect(caller == "caller")
        #expect(state.hasEnded)
        #expect(!Self.isCancel(state.cancelled()), "it has ended: nothing more to cancel")
        let (action, _) = state.completed(response: nil, error: URLError(.cancelled))
        #expect(Self.outcome(action) == nil, "the caller was told once")
    }

    @Test func aCallerCancelledLaterCancelsTheTaskThenHearsWhy() throws {
        var state = try Self.state()
        #expect(!state.hasEnded)
        _ = state.started("caller")
        #expect(Self.isCancel(state.cancelled()))
        #expect(!state.hasEnded, "a cancel is made only while the task runs; it has not ended yet")
        let (action, bodyEnd) = state.completed(response: nil, error: URLError(.cancelled))
        #expect(state.hasEnded, "a cancel queued behind the end is not made")
        guard case .cancelled? = Self.error(Self.outcome(action)), case .cancelled? = bodyEnd else {
            Issue.record(
                "expected the cancellation, got \(String(describing: Self.outcome(action))), \(String(describing: bodyEnd))"
            )
            return
        }
        #expect(!Self.isCancel(state.cancelled()), "after the end nothing is cancelled")
    }

    @Test func aFailureAfterTheHeadersEndsTheBodyWithWhatHadArrived() throws {
        var state = try Self.state()
        _ = state.started("caller")
        _ = state.received(try Self.response(200))
        state.received(bytes: 100)
        let (action, bodyEnd) = state.completed(response: nil, error: URLError(.networkConnectionLost))
        #expect(Self.outcome(action) == nil)
        guard case .connectionLost(_, let received)? = bodyEnd else {
            Issue.record("expected connectionLost, got \(String(describing: bodyEnd))")
            return
        }
        #expect(received == 100)
    }

    /// A 401 whose credential challenge was declined ends the task without error: it is the response.
    @Test func aResponseTheTaskEndedWithIsHandedOnWhenItsHeadersWereNot() throws {
        var state = try Self.state()
        _ = state.started("caller")
        let (action, bodyEnd) = state.completed(response: try Self.response(401), error: nil)
        #expect(Self.status(Self.outcome(action)) == 401)
        #expect(bodyEnd == nil)
    }

    @Test func aResponseThatIsNotHTTPIsAnError() throws {
        var state = try Self.state()
        _ = state.started("caller")
        let other = URLResponse(
            url: try #require(URL(string: Self.url)), mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
        guard case .failure(.invalidResponse)? = Self.outcome(state.received(other)) else {
            Issue.record("expected invalidResponse")
            return
        }
    }

    @Test func aRedirectPastTheLimitIsRefusedAndTheCallerToldWhy() throws {
        var state = try Self.state(maxRedirects: 1)
        _ = state.started("caller")
        let redirect = try Self.response(302, location: "https://api.example.org/next")
        #expect(try Self.answer(state.redirect(after: redirect))?.url?.absoluteString == "https://api.example.org/next")
        #expect(
            try Self.answer(state.redirect(after: redirect)) == nil,
            "refused, not cancelled: the task ends with the redirect")
        let (action, _) = state.completed(response: try Self.response(302, location: "/again"), error: nil)
        guard case .tooManyRedirects(let url, let count)? = Self.error(Self.outcome(action)) else {
            Issue.record("expected tooManyRedirects, got \(String(describing: Self.outcome(action)))")
            return
        }
        #expect(url.hasSuffix("/next") && count == 1)
    }

    /// Once the transport has cancelled the task, a redirect the platform asks about (its question
    /// was on its way) gets no answer: FoundationNetworking traps on an answer after its cancel, and
    /// the cancel ends the task. A cancel after the end is not made.
    @Test func aRedirectAskedAboutAfterTheCancelIsLeftUnanswered() throws {
        var state = try Self.state()
        _ = state.started("caller")
        #expect(Self.isCancel(state.cancelled()))
        let made = state.cancelling()
        #expect(made, "the task runs: the cancel is made")
        let answer = state.redirect(after: try Self.response(302, location: "/next"))
        #expect(answer == nil, "no answer")
        _ = state.completed(response: nil, error: URLError(.cancelled))
        let madeAgain = state.cancelling()
        #expect(!madeAgain, "after the end no cancel is made")

        var ended = try Self.state()
        _ = ended.started("caller")
        _ = ended.completed(response: try Self.response(200), error: nil)
        let madeAfterTheEnd = ended.cancelling()
        #expect(!madeAfterTheEnd)
        #expect(!ended.cancelMade)
    }

    /// A redirect that keeps a body is not left to the platform (FoundationNetworking drops the body):
    /// the task ends with the redirect, and the course goes on, with the body, on a task of its own.
    @Test func aRedirectThatKeepsTheBodyIsSentByTheTransport() throws {
        var request = OutgoingRequest(url: try #require(URL(string: Self.url)), method: .post)
        request.httpBody = Data("{}".utf8)
        var state = State(request: request, options: TransportOptions(maxRedirects: 3))
        _ = state.started("caller")
        #expect(
            try Self.answer(state.redirect(after: try Self.response(307, location: "/moved"))) == nil,
            "refused to the platform")
        let resend = try #require(state.resend)
        #expect(resend.request.url.absoluteString == "https://api.example.org/moved")
        #expect(resend.request.httpBody == Data("{}".utf8), "the body follows the method")
        #expect(resend.redirects == 1, "the redirect counts")
        let (action, _) = state.completed(response: try Self.response(307, location: "/moved"), error: nil)
        #expect(Self.error(Self.outcome(action)) == nil, "the caller gets the redirect's response, not an error")
    }
}
