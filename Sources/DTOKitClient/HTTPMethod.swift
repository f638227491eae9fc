import DTOKit

/// An HTTP method the client sends requests with.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The upper-case method name, e.g. `GET`.
    public let rawValue: String

    /// - Parameter rawValue: a method name; it is upper-cased.
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// `GET`: the DTO goes in the query string.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: the DTO goes in the JSON body.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: the DTO goes in the JSON body.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE`: the DTO goes in the query string.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `PATCH`: the DTO goes in the JSON body.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `HEAD`: the DTO goes in the query string.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`: the DTO goes in the query string.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// Whether sending a request with this method twice has the effect of sending it once (RFC 9110
    /// §9.2.2: GET, HEAD, OPTIONS, TRACE, PUT, DELETE). Only such requests are ever retried on their own.
    public var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE": return true
        default: return false
        }
    }

    /// Whether a request with this method may carry a body: every method but GET and HEAD (Apple's
    /// URLSession fails a GET or HEAD with a body, `NSURLErrorDataLengthExceedsMaximum`; the client
    /// refuses one on every platform before sending it).
    public var allowsBody: Bool {
        self != .get && self != .head
    }

    /// Whether requests with this method carry the DTO as a JSON body. GET, DELETE, HEAD and
    /// OPTIONS put it in the query string instead, as ServiceStack clients do.
    public var hasRequestBody: Bool {
        switch self {
        case .get, .delete, .head, .options: return false
        default: return true
        }
    }

    /// The method `send` uses for `request`: from its marker protocol (``/DTOKit/IGet``, ``/DTOKit/IPost``,
    /// ``/DTOKit/IPut``, ``/DTOKit/IDelete``, ``/DTOKit/IPatch``), POST when it has none.
    public static func preferred(for request: Any) -> HTTPMethod {
        switch request {
        case is IGet: return .get
        case is IPost: return .post
        case is IPut: return .put
        case is IDelete: return .delete
        case is IPatch: return .patch
        default: return .post
        }
    }

    /// The method name, e.g. `GET`.
    public var description: String { rawValue }
}

/// The name ``HTTPMethod`` had before it followed the Swift API Design Guidelines' casing.
@available(*, deprecated, renamed: "HTTPMethod")
public typealias HttpMethod = HTTPMethod
