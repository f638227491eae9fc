import DTOKit

/// Chooses the URL path for a request DTO: one of its custom routes when the request's values fill
/// every `{Param}` of it and it accepts the HTTP method, else the pre-defined route.
///
/// Among the routes that fit, the one with the most parameters wins (the most specific, as the
/// .NET clients choose); routes keep their declared order on a tie. Parameter names match the
/// DTO's JSON member names ignoring case (`{Slug}` ↔ `slug`). Values are percent-encoded so that
/// no value can change the path: `a/b` becomes `a%2Fb`, `..` becomes `%2E%2E`. A wildcard
/// parameter (`{Path*}`) keeps its `/` separators, each segment encoded.
struct RouteResolver {
    /// A chosen path and the members it used (left out of the query string).
    struct Resolved: Equatable {
        var path: String
        var usedMembers: Set<String>
    }

    /// How pre-defined routes look: `api` gives `/api/{Name}`; nil or empty gives
    /// `/json/reply/{Name}`.
    var basePath: String?
    /// Whether custom routes are considered at all.
    var useCustomRoutes: Bool

    /// - Parameter member: the request's member with a name (matched ignoring case), and its value.
    func resolve(
        typeName: String, routes: [ServiceRoute], method: HTTPMethod,
        member: (String) throws -> (name: String, value: JsonValue)?
    ) rethrows -> Resolved {
        if useCustomRoutes {
            var best: (resolved: Resolved, parameterCount: Int)?
            for route in routes where route.allows(method.rawValue) {
                guard let filled = try Self.fill(route.path, member: member) else { continue }
                if let current = best, filled.parameterCount <= current.parameterCount { continue }
                best = filled
            }
            if let best { return best.resolved }
        }
        return Resolved(path: predefinedPath(typeName: typeName), usedMembers: [])
    }

    /// `/api/Hello` or `/json/reply/Hello`.
    func predefinedPath(typeName: String) -> String {
        let trimmed = (basePath ?? "").trimmingSlashes
        let prefix = trimmed.isEmpty ? "json/reply" : trimmed
        return "/" + prefix + "/" + PercentEncoding.encodePathSegment(typeName)
    }

    /// Where a one-way request goes, as ServiceStack's `JsonApiClient` sends it (its
    /// `AsyncOneWayBaseUri` is the base path): `/api/Hello`, which the server runs as any request
    /// (the answer is dropped) — ServiceStack 8's endpoint routing serves nothing else; without a
    /// base path, the legacy `/json/oneway/Hello` (servers before v6, which queue it when they have
    /// a message queue).
    func oneWayPath(typeName: String) -> String {
        (basePath ?? "").trimmingSlashes.isEmpty
            ? "/json/oneway/" + PercentEncoding.encodePathSegment(typeName) : predefinedPath(typeName: typeName)
    }

    /// The auto-batch route: `/api/Hello[]`, or without a base path `/json/reply/Hello[]` and
    /// (one-way) `/json/oneway/Hello[]`. (The brackets go out percent-encoded, which the server decodes.)
    func batchPath(typeName: String, oneWay: Bool) -> String {
        (oneWay ? oneWayPath(typeName: typeName) : predefinedPath(typeName: typeName)) + "%5B%5D"
    }

    /// The template with every parameter replaced, or nil when a parameter has no usable value.
    static func fill(_ template: String, member: (String) throws -> (name: String, value: JsonValue)?)
        rethrows -> (resolved: Resolved, parameterCount: Int)?
    {
        var path = ""
        var used: Set<String> = []
        var count = 0
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            path += rest[..<open]
            var name = String(rest[rest.index(after: open)..<close])
            let isWildcard = name.hasSuffix("*")
            if isWildcard { name.removeLast() }
            guard let (memberName, value) = try member(name), let text = pathText(value), !text.isEmpty
            else { return nil }
            if isWildcard {
                path += text.split(separator: "/", omittingEmptySubsequences: false)
                    .map { PercentEncoding.encodePathSegment(String($0)) }.joined(separator: "/")
            } else {
                path += PercentEncoding.encodePathSegment(text)
            }
            used.insert(memberName)
            count += 1
            rest = rest[rest.index(after: close)...]
        }
        path += rest
        if !path.hasPrefix("/") { path = "/" + path }
        return (Resolved(path: path, usedMembers: used), count)
    }

    /// A value as it appears in a path: scalars as text, lists as `a,b,c`; objects do not fit.
    static func pathText(_ value: JsonValue) -> String? {
        switch value {
        case .null, .object: return nil
        case .string(let text): return text
        case .array(let elements):
            let parts = elements.compactMap { JsvEncoder.encode($0) }
            return parts.isEmpty ? nil : parts.joined(separator: ",")
        default: return JsvEncoder.encode(value)
        }
    }
}

extension String {
    /// The string without leading and trailing `/`.
    var trimmingSlashes: String {
        var text = Substring(self)
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
