import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The families ServiceStack's other clients have, over HTTP against the test server: `api` and
/// `ApiResult`, auto-batched and one-way requests, Basic auth, lenient member decoding.
final class ClientFamiliesTests: XCTestCase {
    // MARK: api → ApiResult

    func testApiGivesTheResponse() throws {
        let client = try makeTestClient()
        let result = client.api(hello("api"))
        XCTAssertTrue(result.succeeded)
        XCTAssertTrue(result.completed)
        XCTAssertFalse(result.failed)
        XCTAssertEqual(result.response?.result, "Hello, api!")
        XCTAssertNil(result.error)
        XCTAssertNil(result.errorSummary)
        XCTAssertNil(result.statusCode)
    }

    func testApiValidationErrorGivesFieldErrorsMatchedIgnoringCase() async throws {
        let client = try makeTestClient()
        let request = ThrowValidation()
        request.age = 0
        request.email = "not an email"
        let result = await client.apiAsync(request)
        XCTAssertTrue(result.failed)
        XCTAssertFalse(result.succeeded)
        XCTAssertNil(result.response)
        XCTAssertEqual(result.statusCode, 400)
        XCTAssertEqual(result.errorCode, "InclusiveBetween")
        XCTAssertEqual(result.errors.map(\.fieldName), ["Age", "Required", "Email"])
        XCTAssertEqual(result.fieldError("age")?.errorCode, "InclusiveBetween")
        XCTAssertEqual(result.fieldErrorMessage("EMAIL"), "'Email' is not a valid email address.")
        XCTAssertTrue(result.hasFieldError("required"))
        XCTAssertFalse(result.hasFieldError("name"))
        XCTAssertNil(result.errorSummary, "every error has a field to show it")
        XCTAssertFalse(result.showSummary(exceptFields: ["age"]))
        XCTAssertTrue(result.showSummary(exceptFields: ["name"]))
        XCTAssertEqual(result.summaryMessage(exceptFields: ["age", "email"]), "'Required' must not be empty.")
        XCTAssertNil(result.summaryMessage(exceptFields: ["Age", "Required", "Email"]))
        XCTAssertTrue(result.underlyingError is WebServiceException)
    }

    func testApiErrorWithoutFieldErrorsIsTheSummary() throws {
        let client = try makeTestClient()
        let request = ThrowType()
        request.type = "NotFound"
        request.message = "No such thing"
        let result = client.api(request)
        XCTAssertEqual(result.statusCode, 404)
        XCTAssertEqual(result.errorCode, "NotFound")
        XCTAssertEqual(result.errorSummary, "No such thing")
        XCTAssertEqual(result.summaryMessage(), "No such thing")

        request.type = "Html"  // a proxy's page: no responseStatus
        let proxy = client.api(request)
        XCTAssertEqual(proxy.statusCode, 502)
        XCTAssertEqual(proxy.errorCode, "502")
        XCTAssertEqual(proxy.errorMessage, "Bad Gateway")
        XCTAssertEqual(proxy.errorSummary, "Bad Gateway")
    }

    func testApiTransportFailureHasItsOwnErrorCode() async throws {
        let client = JsonServiceClient(baseUrl: "http://127.0.0.1:\(try closedPort())")
        let result = await client.apiAsync(hello("nobody"))
        XCTAssertTrue(result.failed)
        XCTAssertNil(result.statusCode)
        XCTAssertEqual(result.errorCode, "ConnectionRefused")
        XCTAssertEqual(result.errorSummary, result.errorMessage)
        XCTAssertTrue(result.errorMessage?.contains("Connection refused") == true, result.errorMessage ?? "")
        guard case .connectionRefused? = result.underlyingError as? ServiceClientError else {
            return XCTFail("\(String(describing: result.underlyingError))")
        }
    }

    func testApiWithoutResponseBodyGivesEmptyResponse() async throws {
        let client = try makeTestClient()
        let store = StoreValue()
        store.key = "api-void"
        store.value = "v"
        let stored = blocking { client.api(store) }
        XCTAssertTrue(stored.succeeded)
        XCTAssertNotNil(stored.response)

        store.key = ""
        let failed = await client.apiAsync(store)
        XCTAssertEqual(failed.errorCode, "NotEmpty")
        XCTAssertEqual(failed.errorSummary, "'Key' must not be empty.")
    }

    // MARK: Auto-batched requests

    func testSendAllReturnsTheResponsesInOrder() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let responses = try client.sendAll([21, 22, 23].map(validPerson))
        XCTAssertEqual(responses.map(\.age), [21, 22, 23])
        XCTAssertEqual(log.requests.count, 1)
        XCTAssertEqual(log.last?.method, "POST")
        XCTAssertEqual(log.last?.path, "/api/ThrowValidation%5B%5D")
        XCTAssertEqual(log.lastMatchedRoute, "/api/{Request}[]")
        XCTAssertEqual(log.responses.last?.value(forHTTPHeaderField: "X-AutoBatch-Completed"), "3")
    }

    func testSendAllWithoutBasePathUsesTheJsonReplyRoute() async throws {
        try requireClassicRouting()
        let client = try makeTestClient()
        client.basePath = nil
        let log = TrafficLog(client)
        let responses = try await client.sendAllAsync(["x", "y"].map(hello))
        XCTAssertEqual(responses.map(\.result), ["Hello, x!", "Hello, y!"])
        XCTAssertEqual(log.last?.path, "/json/reply/Hello%5B%5D")
        XCTAssertEqual(log.lastMatchedRoute, "/json/reply/{Request}[]")
    }

    func testAnEmptyBatchMakesNoCall() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        XCTAssertEqual(try client.sendAll([Hello]()).count, 0)
        let none = try await client.sendAllAsync([Hello]())
        XCTAssertEqual(none.count, 0)
        try blocking { try client.sendAllOneWay([StoreValue]()) }
        try await client.publishAllAsync([StoreValue]())
        XCTAssertEqual(log.requests.count, 0)
    }

    func testABatchStopsAtTheFailingRequestAndSaysWhichOne() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let requests = [20, 30, 0, 40].map { age -> ThrowValidation in
            let request = ThrowValidation()
            request.age = age
            request.required = "yes"
            request.email = "a@b.io"
            return request
        }
        XCTAssertThrowsError(try client.sendAll(requests)) { error in
            guard let error = error as? WebServiceException else { return XCTFail("\(error)") }
            XCTAssertEqual(error.statusCode, 400)
            XCTAssertEqual(error.autoBatchIndex, 2)
            XCTAssertEqual(error.fieldError("age")?.errorCode, "InclusiveBetween")
            XCTAssertEqual(error.responseStatus?.meta?["AutoBatchIndex"], "2")
        }
        XCTAssertEqual(log.responses.last?.value(forHTTPHeaderField: "X-AutoBatch-Completed"), "2")
        XCTAssertEqual(try client.sendAll(Array(requests.prefix(2))).map(\.age), [20, 30])
    }

    func testABatchTheServerRanPartOfIsNotSentAgain() throws {
        let client = try makeTestClient()
        client.setCredentials(userName: "admin", password: "p@55wOrd")  // a 401 would otherwise be retried
        let log = TrafficLog(client)
        let requests = ["None", "Unauthorized"].map { kind -> ThrowType in
            let request = ThrowType()
            request.type = kind
            return request
        }
        XCTAssertThrowsError(try client.sendAll(requests)) { error in
            XCTAssertEqual((error as? WebServiceException)?.statusCode, 401)
            XCTAssertEqual((error as? WebServiceException)?.autoBatchIndex, 1)
        }
        XCTAssertEqual(log.requests.count, 1, "request 0 ran: sending the batch again would run it twice")
    }

    func testOneWayBatchRunsEveryRequest() async throws {
        // Endpoint routing has no batch endpoint for requests that return nothing (ServerModesTests).
        try requireClassicRouting()
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let keys = ["batch-1", "batch-2", "batch-3"]
        try blocking { try client.publishAll(keys.map { store($0, "v-" + $0) }) }
        XCTAssertEqual(log.last?.path, "/api/StoreValue%5B%5D", "where JsonApiClient sends them")
        XCTAssertEqual(log.responses.last?.statusCode, 200)
        for key in keys {
            let request = GetValue()
            request.key = key
            let value = try await client.getAsync(request)
            XCTAssertEqual(value.value, "v-" + key)
        }
    }

    func testBatchTransportFailureIsThrown() throws {
        let client = JsonServiceClient(baseUrl: "http://127.0.0.1:\(try closedPort())")
        XCTAssertThrowsError(try client.sendAll([hello("a")])) { error in
            guard case .connectionRefused? = error as? ServiceClientError else { return XCTFail("\(error)") }
        }
    }

    // MARK: One-way requests

    func testOneWayPostsWhereJsonApiClientSendsThem() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        try blocking { try client.sendOneWay(store("one-way", "1")) }
        XCTAssertEqual(log.last?.method, "POST")
        XCTAssertEqual(log.last?.path, "/api/StoreValue")
        XCTAssertEqual(log.lastMatchedRoute, "/api/{Request}")
        try await client.publishAsync(store("one-way", "2"))
        let request = GetValue()
        request.key = "one-way"
        let value = try blocking { try client.get(request) }
        XCTAssertEqual(value.value, "2")
        XCTAssertEqual(value.version, 2)

        try blocking { try client.publish(validPerson(30)) }  // a response body is read and dropped
        XCTAssertEqual(log.responses.last?.statusCode, 200)
    }

    func testOneWayErrorsAreThrown() async throws {
        let client = try makeTestClient()
        do {
            try await client.sendOneWayAsync(store("", "no key"))
            XCTFail("an invalid one-way request did not throw")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 400)
            XCTAssertEqual(error.errorCode, "NotEmpty")
        }
        let invalid = ThrowValidation()
        invalid.age = 0
        XCTAssertThrowsError(try client.sendOneWay(invalid)) { error in
            guard let error = error as? WebServiceException else { return XCTFail("\(error)") }
            XCTAssertEqual(error.fieldError("age")?.errorCode, "InclusiveBetween")
            XCTAssertEqual(error.fieldErrors.count, 3)
        }
        let offline = JsonServiceClient(baseUrl: "http://127.0.0.1:\(try closedPort())")
        XCTAssertThrowsError(try offline.sendOneWay(store("k", "v"))) { error in
            guard case .connectionRefused? = error as? ServiceClientError else { return XCTFail("\(error)") }
        }
    }

    // MARK: Basic auth

    func testBasicCredentialsAreSentAfterA401() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        client.setCredentials(userName: "admin", password: "p@55wOrd")
        let response = try client.get(secured())
        XCTAssertEqual(response.userName, "admin")
        XCTAssertEqual(log.requests.count, 2)
        XCTAssertNil(log.requests[0].headers["Authorization"])
        XCTAssertEqual(
            log.requests[1].headers["Authorization"],
            "Basic " + Data("admin:p@55wOrd".utf8).base64EncodedString())
        XCTAssertEqual(client.userName, "admin")
    }

    func testAlwaysSendBasicAuthHeaderSendsItFirstTime() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        client.setCredentials(userName: "test", password: "test")
        client.alwaysSendBasicAuthHeader = true
        let response = try await client.getAsync(secured())
        XCTAssertEqual(response.userName, "test")
        XCTAssertEqual(log.requests.count, 1)
        XCTAssertEqual(log.requests[0].headers["Authorization"], "Basic dGVzdDp0ZXN0")

        client.bearerToken = "a-bearer-token-wins"  // precedence: the bearer token
        _ = try? await client.getAsync(secured())
        XCTAssertEqual(log.last?.headers["Authorization"], "Basic dGVzdDp0ZXN0", "the 401 is retried with Basic")
        XCTAssertEqual(log.requests[log.requests.count - 2].headers["Authorization"], "Bearer a-bearer-token-wins")
    }

    func testWrongCredentialsFailAfterOneRetryAndNeverShow() throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let password = "Sup3r-Secret-Passw0rd"
        let reported = Reported()
        client.onError = { reported.add("\($0)") }
        client.setCredentials(userName: "admin", password: password)
        XCTAssertThrowsError(try client.get(secured())) { error in
            XCTAssertEqual((error as? WebServiceException)?.statusCode, 401)
        }
        XCTAssertEqual(log.requests.count, 2, "one retry with the credentials, no more")

        let encoded = Data("admin:\(password)".utf8).base64EncodedString()
        var dumped = ""
        dump(client, to: &dumped)
        for text in reported.all + [String(describing: client), String(reflecting: client), dumped] {
            XCTAssertFalse(text.contains(password), text)
            XCTAssertFalse(text.contains(encoded), text)
        }
        XCTAssertTrue(dumped.contains("admin"), dumped)

        client.clearCredentials()
        XCTAssertThrowsError(try client.get(secured()))
        XCTAssertEqual(log.requests.count, 3, "without credentials a 401 is final")
    }

    func testBasicCredentialsOnAServerThatIsNotThere() async throws {
        let client = JsonServiceClient(baseUrl: "http://127.0.0.1:\(try closedPort())")
        client.setCredentials(userName: "admin", password: "Sup3r-Secret-Passw0rd")
        client.alwaysSendBasicAuthHeader = true
        do {
            _ = try await client.getAsync(secured())
            XCTFail("no server, no response")
        } catch {
            guard case .connectionRefused? = error as? ServiceClientError else { return XCTFail("\(error)") }
            XCTAssertFalse("\(error)".contains("Sup3r-Secret-Passw0rd"))
        }
        let result = await client.apiAsync(secured())
        XCTAssertEqual(result.errorCode, "ConnectionRefused")
    }

    // MARK: Lenient member values

    func testLenientClientSkipsAMemberThatDoesNotFitAndReportsIt() throws {
        let body: JsonValue = ["key": "k", "value": "v", "version": "three"]
        let strict = try makeTestClient()
        XCTAssertThrowsError(try strict.post("/_test/echo", request: body, as: GetValueResponse.self)) { error in
            guard case .responseDecodingFailed(_, _, let decodingError)? = error as? ServiceClientError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(decodingError.jsonPath, "$.version")
        }

        let lenient = try makeTestClient()
        let skipped = SkippedMembers()
        lenient.decodingOptions = JsonDecodingOptions(invalidMembers: .skip(reportingTo: skipped))
        let decoded = try lenient.post("/_test/echo", request: body, as: GetValueResponse.self)
        XCTAssertEqual(decoded.key, "k")
        XCTAssertEqual(decoded.value, "v")
        XCTAssertNil(decoded.version)
        XCTAssertEqual(skipped.all.map(\.jsonPath), ["$.version"])
        XCTAssertEqual(skipped.all.first?.found, #"the string "three""#)

        // The syntax stays strict: a response that is not JSON still fails.
        var broken = URLRequest(url: try XCTUnwrap(URL(string: lenient.baseUrl + "_test/echo")))
        broken.httpMethod = "POST"
        broken.httpBody = Data(#"{"key":"k","version":tru}"#.utf8)
        broken.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let response = try lenient.execute(ServiceCall(method: .post, destination: .urlRequest(broken)))
        XCTAssertThrowsError(try response.decode(GetValueResponse.self)) { error in
            guard case .responseDecodingFailed(_, _, let decodingError)? = error as? ServiceClientError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(decodingError.jsonPath, "$.version")
        }
        XCTAssertEqual(skipped.all.count, 1)
    }

    // MARK: Helpers

    func hello(_ name: String) -> Hello {
        let request = Hello()
        request.name = name
        return request
    }

    func store(_ key: String, _ value: String) -> StoreValue {
        let request = StoreValue()
        request.key = key
        request.value = value
        return request
    }

    /// A request `ThrowValidation` lets through: it answers with its members.
    func validPerson(_ age: Int) -> ThrowValidation {
        let request = ThrowValidation()
        request.age = age
        request.required = "yes"
        request.email = "a@b.io"
        return request
    }

    func secured() -> Secured {
        let request = Secured()
        request.name = nil
        return request
    }
}

/// Texts collected from a `@Sendable` hook.
final class Reported: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []
    func add(_ text: String) {
        lock.lock()
        texts.append(text)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return texts
    }
}
