import DTOKit
import Foundation

/// What a call made with `api` or `apiAsync` came to: the response, or the error as a
/// ``/DTOKit/ResponseStatus``. Those methods never throw, so a screen or a form can bind to the result.
///
/// ```swift
/// let result = await client.apiAsync(request)
/// if let response = result.response { show(response) }
/// nameError = result.fieldErrorMessage("name")   // beside the field
/// summary = result.errorSummary                  // above the form, when no field shows the error
/// ```
///
/// An HTTP error gives the server's `responseStatus` (its error code, message and field errors),
/// or, when the body has none, the status code as ``errorCode`` and its reason phrase as
/// ``errorMessage``. A failure without an HTTP response (no connection, a timeout, a body that
/// cannot be decoded) gives an error code of its own: ``ServiceClientError/errorCode``
/// (`ConnectionRefused`, `TimedOut`, `Cancelled`, …) and the error's description as message.
/// The error itself stays in ``underlyingError``.
///
/// A result is `Sendable` when its response is (a struct DTO, `ExportAsStructs: True`), so a
/// `@MainActor` model can await it from any task. The result of an `IReturnVoid` call holds an
/// ``/DTOKit/EmptyResponse``, a class, and is not.
public struct ApiResult<Response> {
    /// The response, when the call succeeded.
    public let response: Response?
    /// The HTTP status of an error response; nil when the call succeeded or got no response.
    public let statusCode: Int?
    /// The error the call failed with (``WebServiceException``, ``ServiceClientError``, or one a
    /// mock threw), for what ``error`` does not say.
    public let underlyingError: (any Error)?
    /// The error code: the exception type or the first failed validation rule (`NotEmpty`), the
    /// HTTP status (`"404"`), or the client's own code (`ConnectionRefused`).
    public let errorCode: String?
    /// The error's message.
    public let errorMessage: String?
    /// ``error`` as JSON: a `ResponseStatus` is a mutable class, bytes keep the result `Sendable`.
    private let errorJson: Data?

    /// A successful result.
    public init(response: Response) {
        self.response = response
        statusCode = nil
        underlyingError = nil
        errorCode = nil
        errorMessage = nil
        errorJson = nil
    }

    /// A failed result with `error` as its status (for mocks and previews).
    public init(error: ResponseStatus, statusCode: Int? = nil) {
        self.init(status: error, statusCode: statusCode, underlyingError: nil)
    }

    /// The failed result for an error a call threw.
    public init(failure: any Error) {
        let (status, statusCode) = FailureStatus.of(failure)
        self.init(status: status, statusCode: statusCode, underlyingError: failure)
    }

    private init(status: ResponseStatus, statusCode: Int?, underlyingError: (any Error)?) {
        response = nil
        self.statusCode = statusCode
        self.underlyingError = underlyingError
        errorCode = status.errorCode
        errorMessage = status.message
        errorJson = status.toJsonData()
    }

    /// What went wrong, when the call failed: the error code, message, stack trace, field errors
    /// and meta. Each access returns a fresh copy (the result itself never changes).
    public var error: ResponseStatus? {
        errorJson.flatMap { try? ResponseStatus.fromJson($0) }
    }

    // MARK: State

    /// Whether the call has finished: it has a response or an error.
    public var completed: Bool { response != nil || errorJson != nil }

    /// Whether the call failed: its error has an error code or a message.
    public var failed: Bool { FailureStatus.failed(errorCode: errorCode, message: errorMessage) }

    /// Whether the call succeeded: it has a response and did not fail.
    public var succeeded: Bool { !failed && response != nil }

    // MARK: The error

    /// The validation errors, one per invalid field (empty when there are none).
    public var errors: [ResponseError] { error?.errors ?? [] }

    /// The message to show above a form when no field shows the error: ``errorMessage`` when the
    /// error has no field errors, else nil (they are shown beside their fields).
    public var errorSummary: String? {
        errorJson != nil && errors.isEmpty ? errorMessage : nil
    }

    /// The validation error of the field named `fieldName`, matched ignoring case (servers name
    /// fields as their C# properties, `Email`; apps as JSON members, `email`).
    public func fieldError(_ fieldName: String) -> ResponseError? {
        FailureStatus.fieldError(fieldName, in: error)
    }

    /// The message of ``fieldError(_:)``.
    public func fieldErrorMessage(_ fieldName: String) -> String? {
        fieldError(fieldName)?.message
    }

    /// Whether the field named `fieldName` (ignoring case) has a validation error.
    public func hasFieldError(_ fieldName: String) -> Bool {
        fieldError(fieldName) != nil
    }

    /// Whether to show a summary above a form whose `shownFields` show their own errors: the call
    /// failed and none of those fields has an error.
    public func showSummary(exceptFields shownFields: [String] = []) -> Bool {
        FailureStatus.showSummary(error, exceptFields: shownFields)
    }

    /// The message to show above a form whose `shownFields` show their own errors: the first error
    /// of a field not shown, else ``errorMessage`` when no shown field has an error; nil when the
    /// call did not fail or every error is shown beside its field.
    public func summaryMessage(exceptFields shownFields: [String] = []) -> String? {
        FailureStatus.summaryMessage(error, exceptFields: shownFields)
    }
}

extension ApiResult: Sendable where Response: Sendable {}

/// What `ApiResult` says about its error, kept out of the generic type so that it is compiled once
/// rather than as generic code for every response type.
enum FailureStatus {
    /// The status and HTTP status code for an error a call threw.
    static func of(_ failure: any Error) -> (ResponseStatus, Int?) {
        switch failure {
        case let webError as WebServiceException:
            let status = webError.responseStatus ?? ResponseStatus()
            status.errorCode = status.errorCode ?? webError.errorCode
            status.message = status.message ?? webError.errorMessage
            return (status, webError.statusCode)
        case let clientError as ServiceClientError:
            return (status(code: clientError.errorCode, message: clientError.description), nil)
        default:
            return (status(code: String(describing: type(of: failure)), message: "\(failure)"), nil)
        }
    }

    static func failed(_ status: ResponseStatus?) -> Bool {
        failed(errorCode: status?.errorCode, message: status?.message)
    }

    /// A call failed when its error has an error code or a message (as in ServiceStack's clients).
    static func failed(errorCode: String?, message: String?) -> Bool {
        errorCode != nil || message != nil
    }

    static func fieldError(_ fieldName: String, in status: ResponseStatus?) -> ResponseError? {
        let name = fieldName.lowercased()
        return status?.errors?.first { $0.fieldName?.lowercased() == name }
    }

    static func showSummary(_ status: ResponseStatus?, exceptFields shownFields: [String]) -> Bool {
        failed(status) && !shownFields.contains { fieldError($0, in: status) != nil }
    }

    static func summaryMessage(_ status: ResponseStatus?, exceptFields shownFields: [String]) -> String? {
        guard let status, failed(status) else { return nil }
        let shown = Set(shownFields.map { $0.lowercased() })
        if let hidden = status.errors?.first(where: { !shown.contains($0.fieldName?.lowercased() ?? "") }) {
            return hidden.message ?? hidden.errorCode
        }
        return showSummary(status, exceptFields: shownFields) ? status.message : nil
    }

    private static func status(code: String, message: String) -> ResponseStatus {
        let status = ResponseStatus()
        status.errorCode = code
        status.message = message
        return status
    }
}
