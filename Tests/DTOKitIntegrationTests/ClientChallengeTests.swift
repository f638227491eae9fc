import DTOKit
import Foundation
import XCTest

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real ServiceStack server sends `WWW-Authenticate: {provider} realm="/auth/{provider}"` with every
/// 401 of a failed `[Authenticate]` (AuthFeature.cs, AuthProvider.cs), and so does the test server.
/// FoundationNetworking (swift-corelibs-foundation#5456) then waited for ever for an answer to the
/// challenge; Apple's URLSession would answer it from its credential store. Each provider's
/// challenge must reach the client's own 401 handling at once: the Basic retry, the refresh token,
/// the error with the server's `responseStatus`.
///
/// The clients here have a 20 s timeout: a call that waits for it fails with `timedOut`, never with
/// the answer each test expects.
final class ClientChallengeTests: XCTestCase {
    /// The providers whose names a ServiceStack server may put in the challenge (the first registered one).
    static let providers = ["basic", "credentials", "jwt", "apikey", "digest"]

    func client(challengingWith provider: String) throws -> JsonServiceClient {
        let client = try makeTestClient()
        client.idleTimeout = 20
        client.headers = ["X-Test-Auth-Provider": provider]
        return client
    }

    func testThe401ArrivesWithItsChallengeAndItsResponseStatus() async throws {
        for provider in Self.providers {
            let client = try client(challengingWith: provider)
            let log = TrafficLog(client)
            XCTAssertThrowsError(try client.get(Secured())) { error in
                Self.assertNotAuthenticated(error, provider)
            }
            do {
                _ = try await client.getAsync(Secured())
                XCTFail("\(provider): no credentials, no response")
            } catch {
                Self.assertNotAuthenticated(error, provider)
            }
            let challenge = log.responses.last?.value(forHTTPHeaderField: "WWW-Authenticate")
            XCTAssertEqual(
                challenge?.hasPrefix("\(provider) realm=\"/auth/\(provider)\""), true,
                "\(provider): \(challenge ?? "none")")
        }
    }

    func testBasicCredentialsAnswerEveryChallenge() async throws {
        for provider in Self.providers {
            let client = try client(challengingWith: provider)
            let log = TrafficLog(client)
            client.setCredentials(userName: "admin", password: "p@55wOrd")
            XCTAssertEqual(try client.get(Secured()).userName, "admin", provider)
            let asyncResponse = try await client.getAsync(Secured())
            XCTAssertEqual(asyncResponse.userName, "admin", provider)
            XCTAssertEqual(
                log.requests.map { $0.headers["Authorization"] != nil }, [false, true, false, true],
                "\(provider): each call once without, once with the credentials")
        }
    }

    func testAWrongPasswordIsTheServersAnswer() async throws {
        for provider in Self.providers {
            let client = try client(challengingWith: provider)
            let log = TrafficLog(client)
            client.setCredentials(userName: "admin", password: "wrong")
            let result = await client.apiAsync(Secured())
            XCTAssertEqual(result.statusCode, 401, provider)
            XCTAssertEqual(result.errorMessage, "Invalid UserName or Password", provider)
            XCTAssertThrowsError(try client.get(Secured())) { error in
                XCTAssertEqual(
                    (error as? WebServiceException)?.errorMessage, "Invalid UserName or Password",
                    "\(provider): \(error)")
            }
            XCTAssertEqual(log.requests.count, 4, "\(provider): one retry with the credentials per call")
        }
    }

    func testTheRefreshTokenAnswersAChallenge() async throws {
        let signIn = credentialsSignIn("test", "test")
        let tokens = try await makeTestClient().postAsync(signIn)
        for provider in Self.providers {
            let client = try client(challengingWith: provider)
            client.bearerToken = "eyJ-expired-\(provider)"
            client.refreshToken = try XCTUnwrap(tokens.refreshToken)
            let log = TrafficLog(client)
            let response = try await client.getAsync(Secured())
            XCTAssertEqual(response.userName, "test", provider)
            XCTAssertEqual(log.requests.map(\.path), ["/api/Secured", "/api/GetAccessToken", "/api/Secured"], provider)

            client.refreshToken = "rt-revoked-\(provider)"
            client.bearerToken = "eyJ-expired-again"
            XCTAssertThrowsError(try client.get(Secured())) { error in
                guard case .refreshTokenFailed(_, let underlying)? = error as? ServiceClientError else {
                    return XCTFail("\(provider): \(error)")
                }
                XCTAssertEqual((underlying as? WebServiceException)?.errorCode, "RefreshTokenException", provider)
            }
        }
    }

    func testAStreamThatIsChallenged() async throws {
        let client = try client(challengingWith: "basic")
        do {
            _ = try await client.stream(ServiceCall(method: .get, destination: .route, payload: .request(Secured())))
            XCTFail("no credentials, no stream")
        } catch {
            Self.assertNotAuthenticated(error, "stream")
        }
        client.setCredentials(userName: "admin", password: "p@55wOrd")
        let stream = try await client.stream(
            ServiceCall(method: .get, destination: .route, payload: .request(Secured())))
        var body = Data()
        for try await chunk in stream.chunks { body.append(chunk) }
        XCTAssertEqual(try SecuredResponse.fromJson(body).userName, "admin")
    }

    func testOnlyCredentialChallengesAreTheClients() {
        for method in [
            NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic,
            NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodHTMLForm,
        ] {
            XCTAssertTrue(CredentialRules.clientAnswers(challenge: method), method)
        }
        // TLS and Windows sign-in keep the system's handling.
        for method in [
            "NSURLAuthenticationMethodServerTrust", "NSURLAuthenticationMethodClientCertificate",
            NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
        ] {
            XCTAssertFalse(CredentialRules.clientAnswers(challenge: method), method)
        }
    }

    static func assertNotAuthenticated(
        _ error: any Error, _ label: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let error = error as? WebServiceException else {
            return XCTFail("\(label): \(error)", file: file, line: line)
        }
        XCTAssertEqual(error.statusCode, 401, label, file: file, line: line)
        XCTAssertEqual(error.errorCode, "Unauthorized", label, file: file, line: line)
        XCTAssertEqual(
            error.errorMessage, "Not Authenticated", "\(label): the 401's body arrived", file: file, line: line)
    }
}
