/// A request DTO: something the client can send. Generated request types conform through
/// ``IReturn`` or ``IReturnVoid``; a request is a ``JsonSerializable`` class or a ``JsonStruct``,
/// whose tables give its name and routes.
public protocol ServiceRequest: JsonConvertible {
    /// The name the server knows the request by (`/api/{typeName}`).
    static var typeName: String { get }
    /// The custom routes declared for the request (`[Route("/technology/{Slug}", "GET")]`), in the
    /// order the server lists them. Empty when the request only has the pre-defined routes.
    static var routes: [ServiceRoute] { get }
}

extension ServiceRequest where Self: JsonSerializable {
    /// The routes in the request's table (``Metadata/routes``).
    public static var routes: [ServiceRoute] { metadata.routes }
}

extension ServiceRequest where Self: JsonStruct {
    /// The routes in the request's table (``StructMetadata/routes``).
    public static var routes: [ServiceRoute] { metadata.routes }
}

/// A request whose response is `Return` (`IReturn<T>` in C#). Arrays and strings are valid
/// responses too: `typealias Return = [Technology]`.
public protocol IReturn: ServiceRequest {
    associatedtype Return: JsonConvertible
}

/// A request with no response body (`IReturnVoid` in C#).
public protocol IReturnVoid: ServiceRequest {}

/// Marks a request the server expects as GET; `send` uses the verb.
public protocol IGet {}
/// Marks a request the server expects as POST; `send` uses the verb.
public protocol IPost {}
/// Marks a request the server expects as PUT; `send` uses the verb.
public protocol IPut {}
/// Marks a request the server expects as DELETE; `send` uses the verb.
public protocol IDelete {}
/// Marks a request the server expects as PATCH; `send` uses the verb.
public protocol IPatch {}

/// A request that carries a JWT in its body; the client fills it from `bearerToken` when nil.
public protocol IHasBearerToken {
    var bearerToken: String? { get set }
}

/// A request that carries a session id in its body; the client fills it from `sessionId` when nil.
public protocol IHasSessionId {
    var sessionId: String? { get set }
}

/// A request that carries an API version; the client fills it from `version` when nil.
public protocol IHasVersion {
    var version: Int? { get set }
}

/// A type with a free-form `meta` dictionary.
public protocol IMeta {
    var meta: [String: String]? { get set }
}

/// A custom route of a request: a path template and the verbs it accepts.
public struct ServiceRoute: Sendable, Hashable, CustomStringConvertible {
    /// The path template, e.g. `/technology/{Slug}`.
    public let path: String
    /// Upper-case HTTP verbs; empty means any verb.
    public let verbs: [String]

    /// - Parameters:
    ///   - path: the template with `{Name}` placeholders (and optionally a `{Name*}` wildcard).
    ///   - verbs: a comma-separated list as in `[Route]`, e.g. `"GET,POST"`; nil or empty for any verb.
    public init(_ path: String, _ verbs: String? = nil) {
        self.path = path
        self.verbs = (verbs ?? "").split(separator: ",")
            .map { $0.filter { !$0.isWhitespace }.uppercased() }
            .filter { !$0.isEmpty }
    }

    /// Whether the route accepts `verb`.
    public func allows(_ verb: String) -> Bool {
        verbs.isEmpty || verbs.contains(verb.uppercased())
    }

    public var description: String {
        verbs.isEmpty ? path : "\(path) (\(verbs.joined(separator: ",")))"
    }
}
