import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP errors, transport failures, error hooks, and bearer-token / cookie authentication with
/// refresh on 401, against the test server.
final class ClientErrorsAndAuthTests: XCTestCase {
    // MARK: HTTP errors

    func testErrorStatusThrowsWebServiceExceptionWithResponseStatus() throws {
        let client = try makeTestClient()
        let request = ThrowType()
        request.type = "NotFound"
        request.message = "custom message"
        XCTAssertThrowsError(try client.post(request)) { error in
            guard let error = error as? WebServiceException else { return XCTFail("\(error)") }
            XCTAssertEqual(error.statusCode, 404)
            XCTAssertEqual(error.statusDescription, "Not Found")
            XCTAssertEqual(error.errorCode, "NotFound")
            XCTAssertEqual(error.errorMessage, "custom message")
            XCTAssertEqual(error.responseStatus?.errorCode, "NotFound")
            XCTAssertEqual(error.responseStatus?.message, "custom message")
            XCTAssertEqual(error.fieldErrors.count, 0)
            XCTAssertEqual(error.method, "POST")
            XCTAssertTrue(error.url.hasSuffix("/throw/NotFound"), error.url)
            XCTAssertEqual(error.response(as: ThrowTypeResponse.self)?.responseStatus?.message, "custom message")
            XCTAssertTrue(error.description.contains("404 Not Found"), error.description)
            XCTAssertTrue(error.description.contains("custom message"), error.description)
        }
    }

    func testErrorKindsAsync() async throws {
        let client = try makeTestClient()
        let cases: [(String, Int, String)] = [
            ("Unauthorized", 401, "Unauthorized"), ("Forbidden", 403, "Forbidden"),
            ("ArgumentException", 400, "ArgumentException"), ("Conflict", 409, "Conflict"),
            ("NotImplemented", 405, "NotImplementedException"), ("TooManyRequests", 429, "TooManyRequests"),
        ]
        for (type, status, code) in cases {
            let request = ThrowType()
            request.type = type
            do {
                _ = try await client.postAsync(request)
                XCTFail("\(type) did not throw")
            } catch let error as WebServiceException {
                XCTAssertEqual(error.statusCode, status, type)
                XCTAssertEqual(error.errorCode, code, type)
                XCTAssertNotNil(error.responseStatus, type)
            }
        }
    }

    func testServerExceptionCarriesTheStackTrace() throws {
        let client = try makeTestClient()
        let request = ThrowType()
        request.type = "Exception"
        request.message = "boom"
        do {
            _ = try client.get(request)
            XCTFail("did not throw")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 500)
            XCTAssertEqual(error.statusDescription, "Internal Server Error")
            XCTAssertEqual(error.errorCode, "Exception")
            XCTAssertEqual(error.errorMessage, "boom")
            XCTAssertTrue(error.stackTrace?.contains("ThrowTypeService") ?? false)
            XCTAssertEqual(error.responseStatus?.stackTrace, error.stackTrace)
        }
    }

    func testNonJsonErrorBodiesAreKeptRaw() async throws {
        let client = try makeTestClient()
        let plain = ThrowType()
        plain.type = "PlainText"
        plain.message = "disk on fire"
        do {
            _ = try await client.getAsync(plain)
            XCTFail("did not throw")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 500)
            XCTAssertNil(error.responseStatus)
            XCTAssertEqual(error.errorCode, "500")
            XCTAssertEqual(error.errorMessage, "Internal Server Error")
            XCTAssertEqual(error.responseText, "Internal Server Error: disk on fire")
            XCTAssertEqual(error.contentType, "text/plain; charset=utf-8")
            XCTAssertTrue(error.description.contains("disk on fire"), error.description)
        }

        let html = ThrowType()
        html.type = "Html"
        do {
            _ = try blocking { try client.get(html) }
            XCTFail("did not throw")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 502)
            XCTAssertEqual(error.statusDescription, "Bad Gateway")
            XCTAssertNil(error.responseStatus)
            XCTAssertTrue(error.responseText?.contains("<h1>502 Bad Gateway</h1>") ?? false)
        }

        let empty = ThrowType()
        empty.type = "EmptyBody"
        do {
            _ = try blocking { try client.get(empty) }
            XCTFail("did not throw")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 503)
            XCTAssertNil(error.responseText)
            XCTAssertEqual(error.errorMessage, "Service Unavailable")
        }
    }

    func testValidationErrorsAreMappedFieldByField() throws {
        let client = try makeTestClient()
        let request = ThrowValidation()
        request.email = "not-an-email"
        do {
            _ = try client.post(request)
            XCTFail("did not throw")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 400)
            XCTAssertEqual(error.errorCode, "InclusiveBetween")
            XCTAssertEqual(error.errorMessage, "'Age' must be between 1 and 120. You entered 0.")
            let fields = error.fieldErrors
            XCTAssertEqual(fields.map(\.fieldName), ["Age", "Required", "Email"])
            XCTAssertEqual(fields.map(\.errorCode), ["InclusiveBetween", "NotEmpty", "Email"])
            XCTAssertEqual(fields[1].message, "'Required' must not be empty.")
            XCTAssertEqual(fields[0].meta?["From"], "1")
            XCTAssertEqual(fields[0].meta?["To"], "120")
            XCTAssertEqual(fields[2].meta?["PropertyValue"], "not-an-email")
            XCTAssertEqual(error.fieldError("email")?.errorCode, "Email")
            XCTAssertNil(error.fieldError("Nope"))
            XCTAssertTrue(error.description.contains("Age InclusiveBetween"), error.description)
        }

        request.age = 30
        request.required = "yes"
        request.email = "someone@example.org"
        let valid = try client.post(request)
        XCTAssertEqual(valid.age, 30)
        XCTAssertEqual(valid.email, "someone@example.org")
    }

    func testValidationErrorsAsync() async throws {
        let client = try makeTestClient()
        let request = ThrowValidation()
        request.age = 500
        request.required = "x"
        request.email = "a@b.co"
        do {
            _ = try await client.sendAsync(request)
            XCTFail("did not throw")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.fieldErrors.count, 1)
            XCTAssertEqual(error.fieldError("Age")?.message, "'Age' must be between 1 and 120. You entered 500.")
        }
    }

    func testUndecodableResponseIsADecodingError() throws {
        let client = try makeTestClient()
        XCTAssertThrowsError(try client.get("/hello/World", as: [Int].self)) { error in
            guard
                case ServiceClientError.responseDecodingFailed(_, let typeName, let decodingError)? = error
                    as? ServiceClientError
            else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(typeName, "Array<Int>")
            XCTAssertEqual(decodingError.line, 1)
        }
    }

    // MARK: Transport failures

    func testRefusedConnectionIsItsOwnErrorCase() async throws {
        let client = JsonServiceClient(baseUrl: "http://127.0.0.1:\(try closedPort())")
        XCTAssertThrowsError(try client.get(Hello())) { error in
            guard case ServiceClientError.connectionRefused(let url)? = error as? ServiceClientError else {
                return XCTFail("expected connectionRefused, got \(error)")
            }
            XCTAssertTrue(url.hasSuffix("/api/Hello"), url)
        }
        do {
            _ = try await client.getAsync(Hello())
            XCTFail("did not throw")
        } catch ServiceClientError.connectionRefused {
        }
    }

    func testTimeoutSync() throws {
        let client = try makeTestClient()
        client.idleTimeout = 1
        let request = Sleep()
        request.milliseconds = 4000
        let started = Date()
        XCTAssertThrowsError(try client.get(request)) { error in
            guard case ServiceClientError.timedOut(_, let timeout)? = error as? ServiceClientError else {
                return XCTFail("expected timedOut, got \(error)")
            }
            XCTAssertEqual(timeout, 1)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 3.5)
    }

    func testTimeoutAsync() async throws {
        let client = try makeTestClient()
        client.idleTimeout = 1
        let request = Sleep()
        request.milliseconds = 4000
        let started = Date()
        do {
            _ = try await client.getAsync(request)
            XCTFail("did not throw")
        } catch ServiceClientError.timedOut {
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 3.5)

        request.milliseconds = 100
        let quick = try await client.getAsync(request)
        XCTAssertEqual(quick.milliseconds, 100, "a response within the timeout succeeds")
    }

    func testCancellingTheTaskCancelsTheRequest() async throws {
        let client = try makeTestClient()
        let started = Date()
        let task = Task { () -> Int? in
            let request = Sleep()
            request.milliseconds = 5000
            return try await client.getAsync(request).milliseconds
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("did not throw")
        } catch ServiceClientError.cancelled(let url) {
            XCTAssertTrue(url.hasSuffix("/sleep/5000"), url)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)

        let cancelledBeforeStart = Task {
            unsafe withUnsafeCurrentTask { unsafe $0?.cancel() }
            return try await client.getAsync(Hello()).result
        }
        do {
            _ = try await cancelledBeforeStart.value
            XCTFail("did not throw")
        } catch ServiceClientError.cancelled {
        }
    }

    // MARK: Error hooks

    func testOnErrorPerClientAndGlobal() async throws {
        let client = try makeTestClient()
        let clientErrors = Counter()
        let globalErrors = Counter()
        let lastCode = HeaderBox()
        client.onError = { error in
            clientErrors.increment()
            lastCode.set((error as? WebServiceException)?.errorCode)
        }
        JsonServiceClient.Global.onError = { _ in globalErrors.increment() }
        defer { JsonServiceClient.Global.reset() }

        let request = ThrowType()
        request.type = "Forbidden"
        XCTAssertThrowsError(try client.post(request))
        _ = try? await client.postAsync(request)
        _ = try blocking { try client.get(Hello()) }
        XCTAssertEqual(clientErrors.value, 2)
        XCTAssertEqual(globalErrors.value, 2)
        XCTAssertEqual(lastCode.get(), "Forbidden")

        let other = try makeTestClient()
        XCTAssertThrowsError(try other.post(request))
        XCTAssertEqual(clientErrors.value, 2, "another client's errors do not reach this client's hook")
        XCTAssertEqual(globalErrors.value, 3)

        JsonServiceClient.Global.reset()
        XCTAssertNil(JsonServiceClient.Global.onError)
    }

    // MARK: Authentication

    func testBearerTokenFromAuthenticate() throws {
        let auth = try makeTestClient()
        let response = try auth.post(credentialsSignIn("test", "test"))
        let token = try XCTUnwrap(response.bearerToken)
        XCTAssertEqual(response.userName, "test")
        XCTAssertNotNil(response.refreshToken)
        XCTAssertNotNil(response.refreshTokenExpiry)

        let client = try makeTestClient()
        let log = TrafficLog(client)
        let secured = Secured()
        secured.name = "bearer"
        XCTAssertThrowsError(try client.get(secured)) { error in
            XCTAssertEqual((error as? WebServiceException)?.statusCode, 401, "no refresh token: the 401 is thrown")
        }
        client.bearerToken = token
        let result = try client.get(secured)
        XCTAssertEqual(result.result, "Hello, bearer!")
        XCTAssertEqual(result.userName, "test")
        XCTAssertEqual(log.last?.headers["Authorization"], "Bearer \(token)")
    }

    func testWrongCredentialsAreA401() async throws {
        let client = try makeTestClient()
        do {
            _ = try await client.postAsync(credentialsSignIn("test", "wrong"))
            XCTFail("did not throw")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 401)
            XCTAssertEqual(error.errorMessage, "Invalid UserName or Password")
        }
    }

    func testCookiesAreKeptPerClient() throws {
        let client = try makeTestClient()
        let response = try client.post(credentialsSignIn("admin", "p@55wOrd"))
        XCTAssertEqual(client.getTokenCookie(), response.bearerToken)
        XCTAssertEqual(client.getRefreshTokenCookie(), response.refreshToken)
        XCTAssertEqual(client.getCookies()["ss-id"], response.sessionId)
        XCTAssertNil(client.bearerToken, "the client does not adopt the token by itself")

        // The ss-tok cookie authenticates on its own.
        let secured = Secured()
        XCTAssertEqual(try client.get(secured).userName, "admin")

        // Another client has no cookies.
        let other = try makeTestClient()
        XCTAssertTrue(other.getCookies().isEmpty)
        XCTAssertThrowsError(try other.get(secured))

        // Signing out expires the cookies (Max-Age=0).
        let logout = Authenticate()
        logout.provider = "logout"
        _ = try client.post(logout)
        XCTAssertNil(client.getTokenCookie())
        XCTAssertNil(client.getRefreshTokenCookie())
        XCTAssertThrowsError(try client.get(secured))

        client.setCookie(name: "ss-tok", value: try XCTUnwrap(response.bearerToken))
        XCTAssertEqual(try client.get(secured).userName, "admin", "a restored cookie is sent")
        client.clearCookies()
        XCTAssertTrue(client.getCookies().isEmpty)
    }

    func testExpiredBearerTokenIsRefreshedOnceAndRetried() throws {
        let auth = try makeTestClient()
        let response = try auth.post(credentialsSignIn("test", "test"))
        let client = try makeTestClient()
        client.bearerToken = "eyJ-not-a-valid-token"
        client.refreshToken = try XCTUnwrap(response.refreshToken)
        let log = TrafficLog(client)
        let refreshesBefore = try serverCounter("getAccessToken")

        let secured = Secured()
        secured.name = "refreshed"
        let result = try client.get(secured)
        XCTAssertEqual(result.result, "Hello, refreshed!")
        XCTAssertEqual(try serverCounter("getAccessToken") - refreshesBefore, 1)
        XCTAssertNotEqual(client.bearerToken, "eyJ-not-a-valid-token")
        XCTAssertEqual(log.requests.map(\.path), ["/api/Secured", "/api/GetAccessToken", "/api/Secured"])
        XCTAssertEqual(log.requests.last?.headers["Authorization"], "Bearer \(client.bearerToken ?? "")")

        // The new token works without another refresh.
        _ = try client.get(secured)
        XCTAssertEqual(try serverCounter("getAccessToken") - refreshesBefore, 1)
    }

    func testTokenThatExpiresIsRefreshedAsync() async throws {
        let auth = try makeTestClient()
        let signIn = credentialsSignIn("test", "test")
        signIn.meta = ["AccessTokenTtlSeconds": "1"]
        let response = try await auth.postAsync(signIn)
        let client = try makeTestClient()
        client.bearerToken = response.bearerToken
        client.refreshToken = response.refreshToken
        let secured = Secured()
        let first = try await client.getAsync(secured)
        XCTAssertEqual(first.userName, "test")
        try await Task.sleep(nanoseconds: 1_300_000_000)
        let refreshesBefore = try serverCounter("getAccessToken")
        let second = try await client.getAsync(secured)
        XCTAssertEqual(second.userName, "test")
        XCTAssertEqual(try serverCounter("getAccessToken") - refreshesBefore, 1)
        XCTAssertNotEqual(client.bearerToken, response.bearerToken)
    }

    func testRefreshWithTheRefreshTokenCookie() async throws {
        let client = try makeTestClient()
        let signIn = credentialsSignIn("test", "test")
        signIn.meta = ["AccessTokenTtlSeconds": "1", "UseTokenCookie": "true"]
        let response = try await client.postAsync(signIn)
        XCTAssertNil(response.bearerToken, "tokens only as cookies")
        XCTAssertNotNil(client.getRefreshTokenCookie())
        let secured = Secured()
        _ = try await client.getAsync(secured)

        try await Task.sleep(nanoseconds: 1_300_000_000)
        XCTAssertNil(client.getTokenCookie(), "the ss-tok cookie expired (Max-Age=1)")
        let refreshesBefore = try serverCounter("getAccessToken")
        let result = try await client.getAsync(secured)
        XCTAssertEqual(result.userName, "test")
        XCTAssertEqual(try serverCounter("getAccessToken") - refreshesBefore, 1)
        XCTAssertNotNil(client.getTokenCookie(), "the server set a new ss-tok cookie")
        XCTAssertNil(client.bearerToken)
    }

    func testFailedRefreshIsAClearAuthError() async throws {
        let client = try makeTestClient()
        client.bearerToken = "eyJ-expired-token-value"
        client.refreshToken = "rt-revoked-refresh-token"
        let errors = Counter()
        client.onError = { _ in errors.increment() }
        let secured = Secured()
        do {
            _ = try await client.getAsync(secured)
            XCTFail("did not throw")
        } catch ServiceClientError.refreshTokenFailed(let url, let underlying) {
            XCTAssertTrue(url.hasSuffix("/api/Secured"), url)
            XCTAssertEqual((underlying as? WebServiceException)?.statusCode, 401)
            XCTAssertEqual((underlying as? WebServiceException)?.errorCode, "RefreshTokenException")
        }
        XCTAssertThrowsError(try client.get(secured)) { error in
            guard case ServiceClientError.refreshTokenFailed? = error as? ServiceClientError else {
                return XCTFail("\(error)")
            }
            let text = "\(error)"
            XCTAssertTrue(text.contains("Authentication failed"), text)
            XCTAssertFalse(text.contains("eyJ-expired-token-value"), text)
            XCTAssertFalse(text.contains("rt-revoked-refresh-token"), text)
        }
        XCTAssertEqual(errors.value, 2, "one error per call, not per attempt")
        XCTAssertEqual(client.bearerToken, "eyJ-expired-token-value")
    }

    func testTokensNeverAppearInErrorDescriptions() throws {
        let auth = try makeTestClient()
        let response = try auth.post(credentialsSignIn("test", "test"))
        let token = try XCTUnwrap(response.bearerToken)
        let refresh = try XCTUnwrap(response.refreshToken)
        let client = try makeTestClient()
        client.bearerToken = token
        client.refreshToken = refresh
        // A server that echoes secrets back in its error message.
        let request = ThrowType()
        request.type = "Conflict"
        request.message = "token \(token) and refresh \(refresh) and cookie \(auth.getTokenCookie() ?? "")"
        XCTAssertThrowsError(try auth.post(request)) { error in
            let texts = ["\(error)", String(reflecting: error), error.localizedDescription]
            for text in texts {
                XCTAssertFalse(text.contains(token), text)
                XCTAssertFalse(text.contains(refresh), text)
                XCTAssertTrue(text.contains("‹redacted›"), text)
            }
            XCTAssertEqual((error as? WebServiceException)?.errorMessage, request.message, "the data itself is intact")
        }
    }
}
