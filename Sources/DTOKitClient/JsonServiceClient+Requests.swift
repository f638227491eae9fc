import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turning request DTOs and relative URLs into ``PreparedCall``s.
extension JsonServiceClient {
    /// The call for a request DTO sent with `method`: its route, its query string (GET, DELETE)
    /// or JSON body (POST, PUT, PATCH), plus `query` parameters.
    ///
    /// `customRoutes` replaces the request type's routes (`[]` forces the pre-defined route).
    func prepare<T: ServiceRequest>(_ request: T, method: HttpMethod, query: [String: String] = [:],
                                    customRoutes: [ServiceRoute]? = nil) throws -> PreparedCall {
        let settings = self.settings.current
        let (members, injected) = try encodeMembers(of: request, settings: settings)
        let route = RouteResolver(basePath: settings.basePath, useCustomRoutes: settings.useCustomRoutes)
            .resolve(typeName: T.typeName, routes: customRoutes ?? T.routes, method: method, members: members)
        var items: [(name: String, value: String)] = []
        var body: Data?
        if method.hasRequestBody {
            body = injected ? JsonValue.object(members).toJsonData() : request.toJsonData()
        } else {
            items = Self.queryItems(members, excluding: route.usedMembers)
        }
        items += query.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        let url = try makeUrl(path: route.path, query: items)
        return PreparedCall(method: method, url: url, body: body, contentType: body == nil ? nil : "application/json")
    }

    /// The call for a relative or absolute URL with an optional JSON body.
    func prepare<Request: JsonConvertible>(relativeUrl: String, method: HttpMethod, body request: Request?) throws -> PreparedCall {
        let url = try resolveUrl(relativeUrl)
        let body = request.map { $0.toJsonData() }
        return PreparedCall(method: method, url: url, body: body, contentType: body == nil ? nil : "application/json")
    }

    /// The call for a relative or absolute URL without a body.
    func prepare(relativeUrl: String, method: HttpMethod) throws -> PreparedCall {
        PreparedCall(method: method, url: try resolveUrl(relativeUrl))
    }

    /// The request's JSON members, with `sessionId` and `version` filled in from the client for
    /// ``IHasSessionId`` and ``IHasVersion`` requests that leave them nil. `injected` tells
    /// whether anything was added.
    func encodeMembers<T: ServiceRequest>(of request: T, settings: Settings) throws -> (JsonObject, injected: Bool) {
        let value: JsonValue
        do {
            value = try JsonValue(parsing: request.toJsonData())
        } catch {
            throw ServiceClientError.requestEncodingFailed(typeName: T.typeName, reason: "\(error)")
        }
        guard var members = value.objectValue else {
            throw ServiceClientError.requestEncodingFailed(typeName: T.typeName, reason: "the request is not a JSON object")
        }
        var injected = false
        if let sessionId = settings.sessionId, let hasSession = request as? any IHasSessionId, hasSession.sessionId == nil {
            members["sessionId"] = .string(sessionId)
            injected = true
        }
        if let version = settings.version, let hasVersion = request as? any IHasVersion, hasVersion.version == nil {
            members["version"] = .int(version)
            injected = true
        }
        return (members, injected)
    }

    /// `name=value` pairs for the query string or form: every member not used by the route and
    /// not null, `[]` or `{}`, as JSV.
    static func queryItems(_ members: JsonObject, excluding used: Set<String> = []) -> [(name: String, value: String)] {
        members.compactMap { name, value in
            guard !used.contains(name), !JsvEncoder.isEmptyValue(value), let text = JsvEncoder.encode(value) else {
                return nil
            }
            return (name: name, value: text)
        }
    }

    /// `baseUrl` + `path` + `?query`, every query name and value percent-encoded.
    func makeUrl(path: String, query: [(name: String, value: String)]) throws -> URL {
        var text = String(baseUrl.dropLast()) + path
        if !query.isEmpty {
            text += "?" + PercentEncoding.queryString(query)
        }
        guard let url = URL(string: text), url.host != nil else {
            throw ServiceClientError.invalidUrl(String(baseUrl.dropLast()) + path)
        }
        return url
    }

    /// An absolute `http(s)` URL as it is; anything else appended to the base URL. Characters a
    /// URL cannot hold (spaces, non-ASCII) are percent-encoded; `?`, `&`, `=`, `%` are kept as
    /// written.
    func resolveUrl(_ relativeOrAbsoluteUrl: String) throws -> URL {
        let lowercased = relativeOrAbsoluteUrl.lowercased()
        let text = lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://")
            ? relativeOrAbsoluteUrl
            : baseUrl + relativeOrAbsoluteUrl.drop(while: { $0 == "/" })
        if let url = URL(string: text), url.host != nil { return url }
        let allowed = CharacterSet.urlQueryAllowed.union(CharacterSet(charactersIn: "%#"))
        if let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed),
           let url = URL(string: encoded), url.host != nil {
            return url
        }
        throw ServiceClientError.invalidUrl(text)
    }
}
