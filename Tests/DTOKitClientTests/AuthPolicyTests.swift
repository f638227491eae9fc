import Foundation
import XCTest

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The auth policy's decisions, every combination of what a client may hold (the HTTP tests in
/// ClientErrorsAndAuthTests and ClientChallengeTests run the same decisions against the server).
final class AuthPolicyTests: XCTestCase {
    let url = URL(string: "http://example.org/api/Secured")!

    private func policy(
        refreshToken: Bool = false, refreshCookie: Bool = false, bearer: String? = nil,
        handler: Bool = false, credentials: Bool = false, alwaysBasic: Bool = false
    ) -> AuthPolicy {
        var settings = JsonServiceClient.Settings()
        settings.refreshToken = refreshToken ? "rt-0123456789" : nil
        settings.bearerToken = bearer
        settings.onAuthenticationRequired = handler ? { @Sendable in } : nil
        settings.credentials = credentials ? BasicCredentials(userName: "test", password: "test") : nil
        settings.alwaysSendBasicAuthHeader = alwaysBasic
        let cookies = CookieJar()
        if refreshCookie { cookies.set(name: "ss-reftok", value: "cookie-rt", for: url, path: "/", expires: nil) }
        return AuthPolicy(settings: settings, cookies: cookies, base: BaseURL("http://example.org/"))
    }

    func testEveryWayOfAnsweringA401() {
        for refreshToken in [false, true] {
            for refreshCookie in [false, true] {
                for handler in [false, true] {
                    for credentials in [false, true] {
                        for sentBasic in [false, true] {
                            let policy = self.policy(
                                refreshToken: refreshToken, refreshCookie: refreshCookie,
                                handler: handler, credentials: credentials)
                            var sent = policy.current(for: url)
                            sent.sentBasicAuth = sentBasic
                            let canSendBasic = credentials && !sentBasic
                            let expected: AuthPolicy.Answer =
                                refreshToken || refreshCookie
                                ? .refreshToken
                                : handler
                                    ? .askForAuthentication(thenBasic: canSendBasic)
                                    : canSendBasic ? .basic : .none
                            XCTAssertEqual(
                                policy.answer(to401For: url, sent: sent), expected,
                                "refresh token \(refreshToken), cookie \(refreshCookie), handler \(handler), credentials \(credentials), sent Basic \(sentBasic)"
                            )
                        }
                    }
                }
            }
        }
    }

    func testATokenAnotherCallRenewedMeansSendAgain() {
        let before = policy(refreshToken: true, bearer: "old-token-0001").current(for: url)
        XCTAssertEqual(
            policy(refreshToken: true, bearer: "new-token-0002").answer(to401For: url, sent: before), .resend)
    }

    func testWhichAuthorizationARequestCarries() {
        func header(_ policy: AuthPolicy, basicAfter401: Bool = false, own: String? = nil) -> String? {
            var request = OutgoingRequest(url: url)
            request.setValue(own, forHTTPHeaderField: "Authorization")
            _ = policy.authorize(&request, to: url, sendsBasicAuth: basicAfter401)
            return request.value(forHTTPHeaderField: "Authorization")
        }
        let basic = "Basic " + Data("test:test".utf8).base64EncodedString()
        XCTAssertNil(header(policy()))
        XCTAssertEqual(header(policy(bearer: "jwt-0001")), "Bearer jwt-0001")
        XCTAssertEqual(
            header(policy(bearer: "jwt-0001", credentials: true)), "Bearer jwt-0001", "Basic waits for a 401")
        XCTAssertEqual(header(policy(bearer: "jwt-0001", credentials: true), basicAfter401: true), basic)
        XCTAssertEqual(header(policy(credentials: true, alwaysBasic: true)), basic)
        XCTAssertEqual(
            header(policy(bearer: "jwt-0001", credentials: true, alwaysBasic: true)), "Bearer jwt-0001",
            "a bearer token takes precedence over always-sent Basic")
        XCTAssertEqual(header(policy(bearer: "jwt-0001"), own: "Custom x"), "Custom x", "the request's own header wins")
    }

    /// Credentials go to the origin they were sent to only: scheme, host and port all count.
    func testCredentialsStayOnTheirOrigin() throws {
        let origin = try XCTUnwrap(URL(string: "https://api.example.org:8443/auth"))
        for (destination, carries) in [
            ("https://api.example.org:8443/other?x=1", true), ("http://api.example.org:8443/auth", false),
            ("https://api.example.org/auth", false), ("https://cdn.example.org:8443/auth", false),
            ("https://api.example.org:9443/auth", false),
        ] {
            let to = try XCTUnwrap(URL(string: destination))
            XCTAssertEqual(CredentialRules.mayCarry(from: origin, to: to), carries, destination)
        }
        XCTAssertEqual(CredentialRules.headers, ["Authorization", "Cookie"])
    }
}
