import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turning a ``ServiceCall`` into HTTP terms: the URL (route, relative URL or caller-built
/// request), the query string and the body.
extension JsonServiceClient {
    /// The call in HTTP terms. `useCustomRoutes` overrides the client's setting (the refresh call
    /// always uses the pre-defined route).
    func prepare(_ call: ServiceCall, useCustomRoutes: Bool? = nil) throws -> PreparedCall {
        do {
            return try prepareChecked(call, useCustomRoutes: useCustomRoutes)
        } catch let error as JsonDecodingError {  // a custom conformance wrote invalid JSON
            throw ServiceClientError.requestEncodingFailed(
                typeName: call.requests.first.map { type(of: $0).typeName } ?? "?",
                reason: "\(error)")
        }
    }

    private func prepareChecked(_ call: ServiceCall, useCustomRoutes: Bool?) throws -> PreparedCall {
        let settings = self.settings.current
        let members = call.request.map { RequestMembers($0, settings: settings) }
        var method = call.method
        // The URL as text until the query string is on it: parsed once, at the end.
        var urlText: String
        var usedMembers: Set<String> = []
        var headers: [String: String] = [:]
        var body: OutgoingBody?
        switch call.destination {
        case .route:
            guard let members else { throw ServiceClientError.invalidUrl("a call to a route needs a request DTO") }
            let route = try RouteResolver(
                basePath: settings.basePath,
                useCustomRoutes: useCustomRoutes ?? settings.useCustomRoutes
            )
            .resolve(typeName: members.typeName, routes: members.routes, method: method, member: members.member)
            urlText = resolveUrlText(route.path)
            usedMembers = route.usedMembers
        case .oneWay:
            guard let members else { throw ServiceClientError.invalidUrl("a one-way call needs a request DTO") }
            let resolver = RouteResolver(basePath: settings.basePath, useCustomRoutes: false)
            urlText = resolveUrlText(resolver.oneWayPath(typeName: members.typeName))
        case .batch(let oneWay):
            let typeName = try Self.batchTypeName(call.requests)
            let resolver = RouteResolver(basePath: settings.basePath, useCustomRoutes: false)
            urlText = resolveUrlText(resolver.batchPath(typeName: typeName, oneWay: oneWay))
        case .url(let text):
            urlText = resolveUrlText(text)
        case .urlRequest(let request):
            let request = try OutgoingRequest(request)
            urlText = request.url.host == nil ? resolveUrlText(request.url.absoluteString) : request.url.absoluteString
            method = request.method
            headers = request.allHTTPHeaderFields
            body = request.body
        }
        var query: [(name: String, value: String)] = []
        var contentType = "application/json"
        switch call.payload {
        case .none:
            break
        case .request:
            if let members, !method.hasRequestBody || call.body != nil {
                query = try members.queryItems(excluding: usedMembers)
            } else if body == nil {
                body = members.map { .bytes($0.jsonBody()) }
            }
        case .json(let value):
            body = body ?? .bytes(value.toJsonData(options: settings.encodingOptions))
        case .batch(let requests):
            if body == nil {
                var array = Data([UInt8(ascii: "[")])
                for (index, request) in requests.enumerated() {
                    if index > 0 { array.append(UInt8(ascii: ",")) }
                    array.append(RequestMembers(request, settings: settings).jsonBody())
                }
                array.append(UInt8(ascii: "]"))
                body = .bytes(array)
            }
        case .multipart(_, let files):
            if body == nil, let members {
                var form = MultipartFormData()
                try form.add(fields: members.queryItems(excluding: []), files: files)
                body = form.finished()
                contentType = form.contentType
            }
        }
        if let own = call.body {
            body = own
            contentType = call.contentType ?? "application/octet-stream"
        }
        query += call.query.sortedByKey.map { (name: $0.key, value: $0.value) }
        if !query.isEmpty {
            // Names and values are percent-encoded: the URL stays as valid as it was.
            urlText += (urlText.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + PercentEncoding.queryString(query)
        }
        let url = try httpUrl(urlText)
        if body != nil && !method.allowsBody {
            throw ServiceClientError.invalidRequest(
                url: ServiceClientError.label(for: url),
                reason: "a \(method.rawValue) request cannot carry a body (Apple's URLSession refuses one); "
                    + "send it as POST or PUT, or put its values in the query string")
        }
        var prepared = PreparedCall(
            method: method, url: url, body: body, contentType: body == nil ? nil : contentType,
            headers: headers, retryIf: call.retryIf)
        if case .batch = call.destination { prepared.isBatch = true }
        // A body of the caller's is sent as the caller says, whatever the client's headers say.
        prepared.contentTypeIsTheCallers = call.body != nil
        prepared.streamsBody = call.streamsResponseBody
        prepared.requestTypeName = call.requests.first.map { type(of: $0).typeName }
        prepared.options = call.options
        return prepared
    }

    /// The one type name of a batch's requests.
    static func batchTypeName(_ requests: [any ServiceRequest]) throws -> String {
        guard let first = requests.first else {
            throw ServiceClientError.requestEncodingFailed(typeName: "?", reason: "a batch needs at least one request")
        }
        let typeName = type(of: first).typeName
        if let other = requests.first(where: { type(of: $0).typeName != typeName }) {
            throw ServiceClientError.requestEncodingFailed(
                typeName: typeName, reason: "a batch holds requests of one type, not also \(type(of: other).typeName)")
        }
        return typeName
    }

    /// An absolute `http(s)` URL as it is; anything else appended to the base URL. What a URL cannot
    /// hold (spaces, non-ASCII, a `%` that starts no escape) is percent-encoded by the client itself
    /// (``PercentEncoding/normalizeUrl(_:)``), the same on every platform, rather than left to
    /// `URL(string:)`, which encodes it on Linux and Apple's OS 17+ and fails on earlier ones;
    /// `?`, `&`, `=` and `%XX` are kept as written.
    func resolveUrlText(_ relativeOrAbsoluteUrl: String) -> String {
        let lowercased = relativeOrAbsoluteUrl.prefix(8).lowercased()
        let text =
            lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://")
            ? relativeOrAbsoluteUrl
            : baseUrl + relativeOrAbsoluteUrl.drop(while: { $0 == "/" })
        return PercentEncoding.normalizeUrl(text)
    }

    /// `text` as a URL, if it is an `http(s)` URL with a host. Only HTTP: libcurl (Linux) would also
    /// try `ftp://` and others, Apple's URLSession would not.
    private func httpUrl(_ text: String) throws -> URL {
        guard let url = URL(string: text), url.host != nil, ["http", "https"].contains(url.scheme?.lowercased() ?? "")
        else {
            throw ServiceClientError.invalidUrl(ServiceClientError.label(forText: text))
        }
        return url
    }
}

/// A request DTO's members as JSON values, read one at a time through its metadata table, plus
/// the client's `sessionId` and `version` for ``IHasSessionId`` and ``IHasVersion`` requests
/// that leave theirs nil (added after the request's own members; the request object is not changed).
/// Written with the client's ``JsonServiceClient/encodingOptions``, in the body and in the URL alike.
struct RequestMembers {
    let request: any ServiceRequest
    let injected: JsonObject
    let options: JsonEncodingOptions

    init(_ request: any ServiceRequest, settings: JsonServiceClient.Settings) {
        self.request = request
        options = settings.encodingOptions
        var injected = JsonObject()
        if let sessionId = settings.sessionId, let hasSession = request as? any IHasSessionId,
            hasSession.sessionId == nil
        {
            injected["sessionId"] = .string(sessionId)
        }
        if let version = settings.version, let hasVersion = request as? any IHasVersion, hasVersion.version == nil {
            injected["version"] = .int(version)
        }
        self.injected = injected
    }

    var typeName: String { type(of: request).typeName }
    var routes: [ServiceRoute] { type(of: request).routes }

    /// The member named `name` (ignoring case), for filling a route.
    func member(named name: String) throws -> (name: String, value: JsonValue)? {
        if let found = try request.jsonMember(named: name, options: options) { return found }
        return injected.keys.first { $0.lowercased() == name.lowercased() }.flatMap { key in
            injected[key].map { (name: key, value: $0) }
        }
    }

    /// `name=value` pairs (JSV values) for the query string or a form: every member not used by the
    /// route and not null, `[]` or `{}`.
    func queryItems(excluding used: Set<String>) throws -> [(name: String, value: String)] {
        var members = try request.jsonMembers(options: options)
        for (name, value) in injected { members[name] = value }
        return members.compactMap { name, value in
            guard !used.contains(name), !JsvEncoder.isEmptyValue(value), let text = JsvEncoder.encode(value) else {
                return nil
            }
            return (name: name, value: text)
        }
    }

    /// The request as JSON, with the injected members appended to the object.
    func jsonBody() -> Data {
        var json = request.toJsonData(options: options)
        guard !injected.isEmpty, json.last == UInt8(ascii: "}") else { return json }
        json.removeLast()
        var separator = json.last == UInt8(ascii: "{") ? "" : ","
        for (name, value) in injected {
            json.append(contentsOf: Array((separator + JsonValue.string(name).toJson() + ":" + value.toJson()).utf8))
            separator = ","
        }
        json.append(UInt8(ascii: "}"))
        return json
    }
}
