import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response's `Retry-After`: the seconds the server asks a client to wait before sending the
/// request again (RFC 9110: a number of seconds, or an HTTP date).
package enum RetryAfter {
    /// The wait `response` asks for, from `now`: nil when it asks for none or says it in no form
    /// HTTP has; a date already past is no wait.
    package static func seconds(in response: HTTPURLResponse, now: Date = Date()) -> TimeInterval? {
        guard let text = response.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces),
            !text.isEmpty
        else { return nil }
        if text.allSatisfy(\.isNumber) { return TimeInterval(text) }
        return HTTPDate.parse(text).map { max(0, $0.timeIntervalSince(now)) }
    }
}
