import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A successful response: the body as received and the HTTP response it came with.
///
/// `@unchecked Sendable`: both parts are immutable once received (`HTTPURLResponse` is not marked
/// `Sendable` in every SDK).
public struct ServiceResponse: @unchecked Sendable {
    /// The body, exactly as received.
    public let data: Data
    /// The status, headers and URL of the response.
    public let httpResponse: HTTPURLResponse
    /// How the body is decoded (``JsonServiceClient/decodingOptions`` for the client's responses):
    /// its nesting limit and what a member whose value does not fit its property does.
    public var decodingOptions = JsonDecodingOptions()

    public init(data: Data, httpResponse: HTTPURLResponse) {
        self.data = data
        self.httpResponse = httpResponse
    }

    /// A response made up by a mock: `data` with `statusCode` and `headers`.
    public init(
        data: Data, statusCode: Int = 200, headers: [String: String] = [:],
        url: URL = URL(fileURLWithPath: "/mock")
    ) throws {
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: statusCode, httpVersion: "HTTP/1.1",
                headerFields: headers)
        else {
            throw ServiceClientError.invalidResponse(url: url.absoluteString, reason: "not a valid HTTP response")
        }
        self.init(data: data, httpResponse: response)
    }

    /// A response made up by a mock: `value` as its JSON body.
    public static func json<T: JsonConvertible>(_ value: T, statusCode: Int = 200) throws -> ServiceResponse {
        try ServiceResponse(
            data: value.toJsonData(), statusCode: statusCode,
            headers: ["Content-Type": "application/json; charset=utf-8"])
    }

    /// The HTTP status code.
    public var statusCode: Int { httpResponse.statusCode }

    /// Decodes the body as `type`:
    /// - `Data` and `[UInt8]` get the raw body (ServiceStack sends `byte[]` and `Stream` responses
    ///   as raw bytes);
    /// - `String` gets the raw text unless the body is a JSON string (ServiceStack sends `string`
    ///   responses as plain text);
    /// - an empty body (204 No Content, or a service that returned null) gives an empty DTO
    ///   (`T()`), `nil` or `JsonValue.null`;
    /// - anything else is decoded as JSON.
    /// - Throws: ``ServiceClientError/responseDecodingFailed(url:typeName:error:)``, or
    ///   ``ServiceClientError/invalidResponse(url:reason:)`` for an empty body no value fits.
    public func decode<R: JsonConvertible>(_ type: R.Type) throws -> R {
        if R.self == Data.self, let value = data as? R { return value }
        if R.self == [UInt8].self, let value = [UInt8](data) as? R { return value }
        let firstByte = data.first(where: { !$0.isJsonWhitespace })
        if R.self == String.self, firstByte != UInt8(ascii: "\""),
            let value = String(decoding: data, as: UTF8.self) as? R
        {
            return value
        }
        if firstByte == nil {
            if let dtoType = R.self as? any JsonSerializable.Type, let empty = dtoType.init() as? R {
                return empty
            }
            if let dtoType = R.self as? any JsonStruct.Type, let empty = dtoType.init() as? R {
                return empty
            }
            if let null = try? R.fromJson("null", options: decodingOptions) { return null }
            throw ServiceClientError.invalidResponse(url: urlLabel, reason: "the body is empty, expected \(R.self)")
        }
        do {
            return try R.fromJson(data, options: decodingOptions)
        } catch let error as JsonDecodingError {
            throw ServiceClientError.responseDecodingFailed(url: urlLabel, typeName: "\(R.self)", error: error)
        }
    }

    /// The response's URL without its query string, for error messages.
    var urlLabel: String {
        ServiceClientError.label(for: httpResponse.url)
    }
}

/// A response whose body may still be arriving: what a ``ServiceClient`` performs a call into, and
/// what an ``HTTPTransport`` returns as soon as a response's headers arrive.
///
/// `@unchecked Sendable`: the HTTP response is immutable once received.
public struct ServiceStream: @unchecked Sendable {
    /// The status, headers and URL of the response.
    public let httpResponse: HTTPURLResponse
    /// How the body is decoded once collected (see ``ServiceResponse/decodingOptions``).
    public var decodingOptions = JsonDecodingOptions()
    private let body: Body

    /// The body: arriving (from a transport), or all there (a response read already, or a mock's):
    /// then collecting it takes no stream.
    private enum Body {
        case arriving(AsyncThrowingStream<Data, any Error>)
        case complete(Data)
    }

    public init(httpResponse: HTTPURLResponse, chunks: AsyncThrowingStream<Data, any Error>) {
        self.httpResponse = httpResponse
        body = .arriving(chunks)
    }

    /// A response whose body is all there: `response`'s.
    public init(_ response: ServiceResponse) {
        httpResponse = response.httpResponse
        body = .complete(response.data)
        decodingOptions = response.decodingOptions
    }

    /// The body's bytes in the chunks they arrive in; the sequence ends when the response does, and
    /// throws ``ServiceClientError`` when the connection fails. Ending its iteration (or cancelling
    /// the task that iterates it) closes the connection.
    public var chunks: AsyncThrowingStream<Data, any Error> {
        switch body {
        case .arriving(let chunks):
            return chunks
        case .complete(let data):
            return AsyncThrowingStream { continuation in
                if !data.isEmpty { continuation.yield(data) }
                continuation.finish()
            }
        }
    }

    /// A response made up by a mock: `data` with `statusCode` and `headers`.
    public init(
        data: Data, statusCode: Int = 200, headers: [String: String] = [:],
        url: URL = URL(fileURLWithPath: "/mock")
    ) throws {
        self.init(try ServiceResponse(data: data, statusCode: statusCode, headers: headers, url: url))
    }

    /// A response made up by a mock: `value` as its JSON body.
    public static func json<T: JsonConvertible>(_ value: T, statusCode: Int = 200) throws -> ServiceStream {
        ServiceStream(try ServiceResponse.json(value, statusCode: statusCode))
    }

    /// The HTTP status code.
    public var statusCode: Int { httpResponse.statusCode }

    /// The whole response, once its body has arrived.
    public func collected() async throws -> ServiceResponse {
        var response = ServiceResponse(data: try await collect(), httpResponse: httpResponse)
        response.decodingOptions = decodingOptions
        return response
    }

    /// The body, read to its end or to `limit` bytes: beyond them, the rest is left unread
    /// (`truncating`) or the read fails with ``ServiceClientError/responseTooLarge(url:limit:)``.
    /// `progress` hears the bytes received so far as they come, `activity` each piece. Cancelling the
    /// reading task stops it with ``ServiceClientError/cancelled(url:)``.
    package func collect(
        limit: Int? = nil, truncating: Bool = false,
        progress: (@Sendable (_ received: Int64, _ total: Int64?) -> Void)? = nil
    ) async throws -> Data {
        try await collect(limit: limit, truncating: truncating, progress: progress, activity: nil)
    }

    /// ``collect(limit:truncating:progress:)``, calling `activity` as each piece arrives.
    package func collect(
        limit: Int?, truncating: Bool = false, progress: (@Sendable (_ received: Int64, _ total: Int64?) -> Void)?,
        activity: (@Sendable () -> Void)?
    ) async throws -> Data {
        let total = progress == nil ? nil : TransferProgress.announcedLength(of: httpResponse)
        var collected = Data()
        switch body {
        case .complete(let data):
            collected = data
            if let limit, data.count > limit {
                guard truncating else { throw tooLarge(limit) }
                return data.prefix(limit)
            }
            if !data.isEmpty { progress?(Int64(data.count), total) }
        case .arriving(let chunks):
            for try await chunk in chunks {
                activity?()
                if let limit, collected.count + chunk.count > limit {
                    guard truncating else { throw tooLarge(limit) }
                    collected.append(chunk.prefix(limit - collected.count))
                    return collected
                }
                collected.append(chunk)
                progress?(Int64(collected.count), total)
            }
        }
        // A cancelled task's iteration just ends: the body is not complete.
        if Task.isCancelled { throw ServiceClientError.cancelled(url: ServiceClientError.label(for: httpResponse.url)) }
        return collected
    }

    private func tooLarge(_ limit: Int) -> ServiceClientError {
        .responseTooLarge(url: ServiceClientError.label(for: httpResponse.url), limit: limit)
    }
}
