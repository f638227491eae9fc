import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP error response: the server answered with status 400 or higher.
///
/// ServiceStack puts the details of every failure in the response's `responseStatus`: an error
/// code (the exception type, or the first validation rule that failed), a message, the stack trace
/// in DebugMode, and one entry per invalid field. They are parsed from the body:
///
/// ```swift
/// do {
///     _ = try client.post(request)
/// } catch let error as WebServiceException {
///     print(error.statusCode)       // 400
///     print(error.errorCode)        // NotEmpty
///     print(error.errorMessage)     // 'Name' must not be empty.
///     for field in error.fieldErrors {
///         print(field.fieldName ?? "", field.errorCode ?? "", field.message ?? "")
///     }
/// }
/// ```
///
/// A body that is not a ServiceStack error (an HTML page from a proxy, plain text) is kept in
/// ``responseBody`` and ``responseText``; ``responseStatus`` is then nil.
///
/// The description names the status, the error and the request's method and URL (without its
/// query string). It never contains request headers, cookies or tokens.
public struct WebServiceException: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    LocalizedError
{
    /// The HTTP status code, e.g. `404`.
    public let statusCode: Int
    /// The standard reason phrase of the status, e.g. `Not Found`.
    public let statusDescription: String
    /// The HTTP method of the failed request.
    public let method: String
    /// The URL of the failed request, without its query string.
    public let url: String
    /// The raw response body.
    public let responseBody: Data
    /// The response's `Content-Type`, when it had one.
    public let contentType: String?
    /// ``/DTOKit/ResponseStatus/errorCode``, or the status code as text when the body had none.
    public let errorCode: String
    /// ``/DTOKit/ResponseStatus/message``, or ``statusDescription`` when the body had none.
    public let errorMessage: String
    /// The server's stack trace (ServiceStack sends it in DebugMode only).
    public let stackTrace: String?
    /// How long the server asked to be left alone before the request is sent again (its
    /// `Retry-After`, in seconds or as a date, with a 429 or 503); nil when it did not say.
    public let retryAfter: TimeInterval?
    /// A one-line summary: status, error code, message, field errors, method and URL.
    public let description: String
    /// The `responseStatus` JSON, kept as bytes so that the error stays `Sendable`.
    private let responseStatusJson: Data?

    /// Creates an error from its parts (the client creates them from responses; this is for
    /// tests and mocks).
    public init(
        statusCode: Int, statusDescription: String? = nil, responseStatus: ResponseStatus? = nil,
        responseBody: Data = Data(), contentType: String? = nil, method: String = "GET", url: String = "",
        retryAfter: TimeInterval? = nil
    ) {
        self.init(
            statusCode: statusCode, statusDescription: statusDescription,
            responseStatusJson: responseStatus?.toJsonData(), responseBody: responseBody,
            contentType: contentType, method: method, url: url, retryAfter: retryAfter, secrets: [])
    }

    // Not inlined: every public initializer and every failed response comes through here, and each copy
    // of it would be 2.5 KB of an error path.
    @inline(never)
    init(
        statusCode: Int, statusDescription: String?, responseStatusJson: Data?, responseBody: Data,
        contentType: String?, method: String, url: String, retryAfter: TimeInterval? = nil, secrets: [String]
    ) {
        self.statusCode = statusCode
        self.retryAfter = retryAfter
        self.statusDescription = statusDescription ?? HTTPStatus.reasonPhrase(for: statusCode)
        self.method = method
        self.url = url
        self.responseBody = responseBody
        self.contentType = contentType
        self.responseStatusJson = responseStatusJson
        let status = responseStatusJson.flatMap { try? ResponseStatus.fromJson($0) }
        errorCode = status?.errorCode ?? String(statusCode)
        errorMessage = status?.message ?? self.statusDescription
        stackTrace = status?.stackTrace
        description = Redaction(secrets: secrets).redact(
            Self.describe(
                statusCode: statusCode, statusDescription: self.statusDescription, status: status,
                body: responseBody, method: method, url: url))
    }

    /// The `responseStatus` of the error body: error code, message, stack trace, field errors and
    /// meta. Nil when the body was not a ServiceStack error. Each access returns a fresh copy.
    public var responseStatus: ResponseStatus? {
        responseStatusJson.flatMap { try? ResponseStatus.fromJson($0) }
    }

    /// The validation errors, one per invalid field (empty when there are none).
    public var fieldErrors: [ResponseError] {
        responseStatus?.errors ?? []
    }

    /// The validation error of the field named `fieldName` (ignoring case), if any.
    public func fieldError(_ fieldName: String) -> ResponseError? {
        fieldErrors.first { $0.fieldName?.lowercased() == fieldName.lowercased() }
    }

    /// For an auto-batched call (``ServiceClient/sendAll(_:)``), the position of the request that
    /// failed (the requests before it have run), from `responseStatus.meta["AutoBatchIndex"]`.
    public var autoBatchIndex: Int? {
        responseStatus?.meta?.first { $0.key.lowercased() == "autobatchindex" }.flatMap { Int($0.value) }
    }

    /// The response body as UTF-8 text; nil when it is empty or not UTF-8.
    public var responseText: String? {
        guard !responseBody.isEmpty else { return nil }
        return String(data: responseBody, encoding: .utf8)
    }

    /// Decodes the error body as a typed response DTO (ServiceStack sends the request's response
    /// type with its `responseStatus` filled in).
    public func response<T: JsonConvertible>(as type: T.Type) -> T? {
        try? T.fromJson(responseBody)
    }

    /// ``description``, labelled with the type name.
    public var debugDescription: String { "WebServiceException(\(description))" }

    /// The same as ``description``, for `LocalizedError`.
    public var errorDescription: String? { description }

    static func describe(
        statusCode: Int, statusDescription: String, status: ResponseStatus?, body: Data,
        method: String, url: String
    ) -> String {
        var text = "HTTP \(statusCode) \(statusDescription)"
        if let status {
            let parts = [status.errorCode, status.message].compactMap { $0 }.filter { !$0.isEmpty }
            if !parts.isEmpty { text += ": " + parts.joined(separator: ": ") }
            let fields = (status.errors ?? []).map { error in
                [error.fieldName, error.errorCode].compactMap { $0 }.joined(separator: " ")
            }
            if !fields.isEmpty { text += " [" + fields.joined(separator: "; ") + "]" }
        } else {
            let bodyText = readableText(String(decoding: body.prefix(4096), as: UTF8.self))
            if !bodyText.isEmpty { text += ": " + bodyText.prefix(200) + (bodyText.count > 200 ? "…" : "") }
        }
        return text + " (\(method) \(url))"
    }

    /// The body as one line of text; an HTML page (a proxy's or web server's error page) without
    /// its tags.
    static func readableText(_ body: String) -> String {
        var text = ""
        var inTag = false
        let isHtml = body.drop(while: \.isWhitespace).hasPrefix("<")
        for character in body {
            if isHtml && character == "<" { inTag = true }
            if !inTag { text.append(character.isWhitespace ? " " : character) }
            if isHtml && character == ">" {
                inTag = false
                text.append(" ")
            }
        }
        return text.split(separator: " ").joined(separator: " ")
    }
}

extension WebServiceException {
    /// Builds the error for a response with status ≥ 400, reading its `responseStatus`.
    static func from(
        response: HTTPURLResponse, body: Data, method: String, url: String,
        secrets: [String]
    ) -> WebServiceException {
        WebServiceException(
            statusCode: response.statusCode, statusDescription: nil,
            responseStatusJson: ErrorBody.responseStatusJson(in: body), responseBody: body,
            contentType: response.value(forHTTPHeaderField: "Content-Type"),
            method: method, url: url, retryAfter: RetryAfter.seconds(in: response), secrets: secrets)
    }
}

/// Finds the `responseStatus` in an error body.
enum ErrorBody {
    /// The `responseStatus` member of a JSON object body (any letter case), or the body itself when
    /// it is a bare status object (`{"errorCode":…,"message":…}`). Nil for anything else.
    static func responseStatusJson(in body: Data) -> Data? {
        guard body.first(where: { !$0.isJsonWhitespace }) == UInt8(ascii: "{"),
            let value = try? JsonValue(parsing: body), let object = value.objectValue
        else { return nil }
        if let name = object.keys.first(where: { $0.lowercased() == "responsestatus" }),
            let status = object[name], status.objectValue != nil
        {
            return status.toJsonData()
        }
        let names = Set(object.keys.map { $0.lowercased() })
        if names.contains("errorcode") || (names.contains("message") && names.contains("errors")) {
            return value.toJsonData()
        }
        return nil
    }
}

extension UInt8 {
    var isJsonWhitespace: Bool {
        self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09
    }
}
