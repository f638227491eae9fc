import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Getting a new access token with the refresh token after a 401 (ServiceStack JWT auth).
///
/// When a call fails with 401 and the client has a ``JsonServiceClient/refreshToken`` (or the
/// server set the `ss-reftok` cookie), the client POSTs `GetAccessToken` once, takes the new
/// `accessToken` as its ``JsonServiceClient/bearerToken`` (or keeps the new `ss-tok` cookie the
/// server sets), and sends the call once more. If getting the token fails, the call throws
/// ``ServiceClientError/refreshTokenFailed(url:underlying:)``. When another call refreshed the
/// token while this one was on its way, this one is simply sent again.
extension JsonServiceClient {
    /// The `GetAccessToken` call: the refresh token in the body, or (when it is only a cookie)
    /// `useTokenCookie` so that the server sets the new token as a cookie too.
    func makeRefreshCall() throws -> PreparedCall {
        let policy = authPolicy
        let request = policy.refreshRequest()
        let destination = policy.settings.refreshTokenUrl.map { ServiceCall.Destination.url($0) }
        var call = try prepare(
            ServiceCall(method: .post, destination: destination ?? .route, payload: .request(request)),
            useCustomRoutes: false)
        call.allowsTokenRefresh = false
        return call
    }

    /// Sends `GetAccessToken` (once, whatever its answer), on the clock of the call it refreshes the
    /// token for, and takes the new token from its response.
    func refreshAccessToken(clock: CallClock) async throws {
        let call = try makeRefreshCall()
        let settings = self.settings.current
        let attempt = makeAttempt(call, settings: settings, clock: clock)
        let answer = try await exchange(attempt, of: call, settings: settings, clock: clock)
        let data = answer.body ?? Data()
        if let error = receive(data, answer.response, call: call, attempt: attempt) { throw error }
        try applyAccessToken(from: data, answer.response, call: call)
    }

    /// Takes the new token from a `GetAccessTokenResponse`.
    private func applyAccessToken(from data: Data, _ httpResponse: HTTPURLResponse, call: PreparedCall) throws {
        let response = try ServiceResponse(data: data, httpResponse: httpResponse).decode(GetAccessTokenResponse.self)
        if let token = response.accessToken, !token.isEmpty {
            bearerToken = token
        } else if getTokenCookie() == nil {
            throw ServiceClientError.invalidResponse(url: call.label, reason: "GetAccessToken returned no access token")
        }
    }
}
