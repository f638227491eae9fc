import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Who hears how an exchange's bytes go: the request body going out (uploads), the response body
/// coming in (large responses). Both are called on the session's delegate queue, in order, as the
/// bytes move; a call that is sent again (after a 401, `retryIf`) reports from zero again.
struct TransferProgress: Sendable {
    /// Bytes of the request body sent so far, and the body's length.
    var upload: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)?
    /// Bytes of the response body received so far, and its length when the response said it
    /// (`Content-Length`, and no `Content-Encoding` that makes the bytes received differ from it).
    var download: (@Sendable (_ received: Int64, _ total: Int64?) -> Void)?

    /// The total a response announces for its body as it arrives, if any.
    static func announcedLength(of response: URLResponse?) -> Int64? {
        guard let response, response.expectedContentLength >= 0 else { return nil }
        let encoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")?.lowercased()
        guard encoding == nil || encoding == "identity" else { return nil }
        return response.expectedContentLength
    }
}
