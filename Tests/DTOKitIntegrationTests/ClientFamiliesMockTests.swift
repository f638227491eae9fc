import DTOKit
import DTOKitClient
import Foundation
import XCTest

/// `api`, batches and one-way calls on a test double that implements only `execute(_:)`: each
/// reaches the core as a ``ServiceCall`` a mock can tell apart. No server involved.
final class ClientFamiliesMockTests: XCTestCase {
    func testBatchesAndOneWayCallsReachTheCore() async throws {
        let mock = FamiliesMock()
        let responses = try blocking { try mock.sendAll([hello("a"), hello("b")]) }
        XCTAssertEqual(responses.map(\.result), ["Hello, a!", "Hello, b!"])
        let asyncResponses = try await mock.sendAllAsync([hello("c")])
        XCTAssertEqual(asyncResponses.map(\.result), ["Hello, c!"])
        try blocking { try mock.sendAllOneWay([StoreValue(), StoreValue()]) }
        try await mock.publishAllAsync([StoreValue()])
        try blocking { try mock.sendOneWay(StoreValue()) }
        try await mock.publishAsync(hello("d"))
        XCTAssertEqual(try mock.sendAll([Hello]()).count, 0)

        XCTAssertEqual(
            mock.calls.map(\.destination),
            ["batch", "batch", "one-way batch", "one-way batch", "one-way", "one-way"])
        XCTAssertEqual(
            mock.calls.map(\.requestTypes),
            [["Hello", "Hello"], ["Hello"], ["StoreValue", "StoreValue"], ["StoreValue"], ["StoreValue"], ["Hello"]])
        // Batches are POSTs; a one-way call goes with its request's verb marker (Hello is IGet), as
        // endpoint routing maps /api/{Name} for the operation's own method only.
        XCTAssertEqual(mock.calls.map(\.method), ["POST", "POST", "POST", "POST", "POST", "GET"])
    }

    func testABatchAnsweredWithTooFewResponsesFails() throws {
        let mock = FamiliesMock()
        XCTAssertThrowsError(try mock.sendAll([hello("a"), hello("short")])) { error in
            guard case .invalidResponse(_, let reason)? = error as? ServiceClientError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(reason.contains("2 requests"), reason)
        }
    }

    @MainActor
    func testSignUpFormShowsFieldErrorsAndSummary() async throws {
        let model = SignUpViewModel(client: FamiliesMock())
        model.age = 0
        model.email = "x"
        await model.submit()
        XCTAssertEqual(model.ageError, "'Age' must be between 1 and 120.")
        XCTAssertNil(model.emailError)
        XCTAssertEqual(model.summary, "'Email' is not a valid email address.", "the field the form does not show")
        XCTAssertFalse(model.saved)

        model.age = 30
        model.email = "a@b.io"
        await model.submit()
        XCTAssertNil(model.ageError)
        XCTAssertNil(model.summary)
        XCTAssertTrue(model.saved)
    }

    func testApiResultOfAMockError() {
        let result = FamiliesMock().api(hello(""))
        XCTAssertEqual(result.errorCode, "NotEmpty")
        XCTAssertEqual(result.fieldErrorMessage("name"), "'Name' must not be empty.")
        XCTAssertNil(result.errorSummary)
        XCTAssertEqual(result.summaryMessage(exceptFields: ["Name"]), nil)
        XCTAssertEqual(result.summaryMessage(), "'Name' must not be empty.")
    }

    func hello(_ name: String) -> Hello {
        let request = Hello()
        request.name = name
        return request
    }
}

/// The form of the DocC article "Forms, batches and one-way requests": a MainActor view model that submits a request with `apiAsync` and shows
/// field errors beside their fields and what is left above the form.
@MainActor
final class SignUpViewModel {
    let client: any ServiceClient
    var age = 0
    var email = ""
    private(set) var ageError: String?
    private(set) var emailError: String?
    private(set) var summary: String?
    private(set) var saved = false
    /// The fields this form shows errors beside (its email field has no error label).
    private let shownFields = ["age"]

    init(client: any ServiceClient) {
        self.client = client
    }

    func submit() async {
        let request = ThrowValidation()
        request.age = age
        request.email = email
        request.required = "yes"
        let result = await client.apiAsync(request)
        ageError = result.fieldErrorMessage("age")
        emailError = shownFields.contains("email") ? result.fieldErrorMessage("email") : nil
        summary = result.summaryMessage(exceptFields: shownFields)
        saved = result.succeeded
    }
}

/// A test double for the families: it records each call's destination and request types and
/// answers batches of `Hello`, validates `ThrowValidation` and `Hello`, and accepts one-way calls.
final class FamiliesMock: ServiceClient, @unchecked Sendable {
    struct Recorded {
        var method: String
        var destination: String
        var requestTypes: [String]
    }

    private let lock = NSLock()
    private var recorded: [Recorded] = []
    var calls: [Recorded] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func perform(_ call: ServiceCall) async throws -> ServiceStream {
        ServiceStream(try answer(call))
    }

    /// The whole response to `call`, made up at once.
    private func answer(_ call: ServiceCall) throws -> ServiceResponse {
        let destination: String
        switch call.destination {
        case .batch(let oneWay): destination = oneWay ? "one-way batch" : "batch"
        case .oneWay: destination = "one-way"
        case .route: destination = "route"
        case .url, .urlRequest: destination = "url"
        }
        lock.lock()
        recorded.append(
            Recorded(
                method: call.method.rawValue, destination: destination,
                requestTypes: call.requests.map { type(of: $0).typeName }))
        lock.unlock()

        if case .oneWay = call.destination { return try ServiceResponse(data: Data(), statusCode: 204) }
        if case .batch(oneWay: true) = call.destination { return try ServiceResponse(data: Data(), statusCode: 204) }
        let hellos = call.requests.compactMap { $0 as? Hello }
        if case .batch = call.destination {
            let answered = hellos.filter { $0.name != "short" }
            return try .json(
                answered.map { request -> HelloResponse in
                    let response = HelloResponse()
                    response.result = "Hello, \(request.name ?? "")!"
                    return response
                })
        }
        if let hello = hellos.first {
            guard let name = hello.name, !name.isEmpty else {
                throw Self.validationError([("Name", "NotEmpty", "'Name' must not be empty.")])
            }
            let response = HelloResponse()
            response.result = "Hello, \(name)!"
            return try .json(response)
        }
        if let form = call.request as? ThrowValidation {
            var errors: [(String, String, String)] = []
            if !(1...120).contains(form.age ?? 0) {
                errors.append(("Age", "InclusiveBetween", "'Age' must be between 1 and 120."))
            }
            if form.email?.contains("@") != true {
                errors.append(("Email", "Email", "'Email' is not a valid email address."))
            }
            if !errors.isEmpty { throw Self.validationError(errors) }
            let response = ThrowValidationResponse()
            response.age = form.age
            return try .json(response)
        }
        throw WebServiceException(statusCode: 404)
    }

    static func validationError(_ fields: [(name: String, code: String, message: String)]) -> WebServiceException {
        let status = ResponseStatus()
        status.errorCode = fields.first?.code
        status.message = fields.first?.message
        status.errors = fields.map { field in
            let error = ResponseError()
            error.fieldName = field.name
            error.errorCode = field.code
            error.message = field.message
            return error
        }
        return WebServiceException(statusCode: 400, responseStatus: status)
    }
}
