import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as the client hands it to its middleware and its transport: method, URL, headers and a
/// body that may be bytes, a file or a stream (``OutgoingBody``), so that a large upload is never
/// held in memory. ``URLSessionTransport`` turns it into a `URLRequest` at its edge, the
/// AsyncHTTPClient transport into an `HTTPClientRequest`.
///
/// Its URL, method, header and `httpBody` members read as `URLRequest`'s do, so a middleware written
/// for `URLRequest` needs only its signature changed:
///
/// ```swift
/// var request = request
/// request.setValue("MyApp/1.0", forHTTPHeaderField: "User-Agent")
/// return try await next(request)
/// ```
public struct OutgoingRequest: Sendable {
    /// One header as it was set: its name's spelling and its value.
    private struct Field: Sendable {
        var name: String
        var value: String
    }

    public var url: URL
    public var method: HTTPMethod
    /// The body, if the request has one.
    public var body: OutgoingBody?
    /// The longest the platform's HTTP stack waits (the client bounds each exchange itself: this is
    /// only a backstop, as `URLRequest.timeoutInterval` is).
    public var timeoutInterval: TimeInterval
    /// What URLSession does with its own cache (the client's sessions keep none).
    public var cachePolicy: URLRequest.CachePolicy
    private var fields: [Field] = []

    /// A request; `headers` are set in their names' order.
    public init(
        url: URL, method: HTTPMethod = .get, headers: [String: String] = [:], body: OutgoingBody? = nil,
        timeoutInterval: TimeInterval = 60, cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy
    ) {
        self.url = url
        self.method = method
        self.body = body
        self.timeoutInterval = timeoutInterval
        self.cachePolicy = cachePolicy
        setValues(headers)
    }

    /// Sets each of `headers`, in their names' order (so that which of two spellings of one name wins
    /// does not hang on the dictionary's order).
    mutating func setValues(_ headers: [String: String]) {
        for (name, value) in headers.sortedByKey { setValue(value, forHTTPHeaderField: name) }
    }

    /// The request a `URLRequest` describes, its `httpBody` as the body.
    /// - Throws: ``ServiceClientError/invalidUrl(_:)`` without a URL,
    ///   ``ServiceClientError/invalidRequest(url:reason:)`` for a body stream (`httpBodyStream`, which
    ///   can be read only once, where a request may go out more than once: give the body as
    ///   ``OutgoingBody/file(_:)`` or ``OutgoingBody/stream(length:_:)``).
    public init(_ request: URLRequest) throws {
        guard let url = request.url else { throw ServiceClientError.invalidUrl("a URLRequest without a URL") }
        guard request.httpBodyStream == nil else {
            throw ServiceClientError.invalidRequest(
                url: ServiceClientError.label(for: url),
                reason: "a URLRequest's httpBodyStream can be read only once; give the body as httpBody, or as an "
                    + "OutgoingBody.file or OutgoingBody.stream in a middleware")
        }
        self.init(
            url: url, method: HTTPMethod(rawValue: request.httpMethod ?? "GET"),
            headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody.map { .bytes($0) },
            timeoutInterval: request.timeoutInterval, cachePolicy: request.cachePolicy)
    }

    /// The method's name, as `URLRequest.httpMethod` has it (`"GET"`); setting it upper-cases it.
    public var httpMethod: String {
        get { method.rawValue }
        set { method = HTTPMethod(rawValue: newValue) }
    }

    /// The body's bytes when it is held in memory (``OutgoingBody/bytes(_:)``), else nil; setting it
    /// makes the body those bytes, or none.
    public var httpBody: Data? {
        get { body?.data }
        set { body = newValue.map { .bytes($0) } }
    }

    /// Every header, by name as it was set.
    public var allHTTPHeaderFields: [String: String] {
        [String: String](lastWins: fields.map { ($0.name, $0.value) })
    }

    /// Calls `body` with each header as it was set, without copying them (a check reads every request's).
    func forEachHeader(_ body: (_ name: String, _ value: String) -> Void) {
        for field in fields { body(field.name, field.value) }
    }

    /// The header's value; names are compared without regard to case.
    public func value(forHTTPHeaderField name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Sets the header to `value` (nil removes it), in place of any value it had.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        guard let value else {
            fields.removeAll { Self.sameName($0.name, name) }
            return
        }
        if let index = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
            fields[index].value = value
        } else {
            fields.append(Field(name: name, value: value))
        }
    }

    /// Adds `value` to the header: after its value and a comma when it has one, as `URLRequest` does.
    public mutating func addValue(_ value: String, forHTTPHeaderField name: String) {
        setValue(self.value(forHTTPHeaderField: name).map { $0 + "," + value } ?? value, forHTTPHeaderField: name)
    }

    /// The `URLRequest` of this request, with the body when it is bytes; a file or stream body is the
    /// transport's to send (``URLSessionTransport`` uploads it from a file).
    public var urlRequest: URLRequest {
        var request = URLRequest(url: url, cachePolicy: cachePolicy, timeoutInterval: timeoutInterval)
        // A request is a GET until told otherwise (and Foundation's setter normalizes what it is given).
        if method != .get { request.httpMethod = method.rawValue }
        for field in fields { request.setValue(field.value, forHTTPHeaderField: field.name) }
        request.httpBody = body?.data
        return request
    }

    /// Header names are ASCII tokens (RFC 9110 §5.1), compared without regard to ASCII case: byte by
    /// byte, with no lower-cased copies (every header set or read compares names).
    private static func sameName(_ one: String, _ other: String) -> Bool {
        one.utf8.count == other.utf8.count
            && zip(one.utf8, other.utf8).allSatisfy { a, b in
                a == b || (a ^ b == 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
            }
    }
}

extension [String: String] {
    /// The pairs in their keys' order: one sort, compiled once, for headers and query strings.
    var sortedByKey: [(key: String, value: String)] {
        sorted { $0.key < $1.key }
    }

    /// A dictionary of `pairs`, where a key repeats the last one's value. (This and ``overridden(by:)``
    /// are the module's one merge of header dictionaries: each closure passed to the standard library's
    /// compiles a copy of it.)
    init(lastWins pairs: [(String, String)]) {
        self.init(pairs, uniquingKeysWith: { $1 })
    }

    /// These pairs with `other`'s over them.
    func overridden(by other: [String: String]) -> [String: String] {
        other.isEmpty ? self : merging(other, uniquingKeysWith: { $1 })
    }
}
