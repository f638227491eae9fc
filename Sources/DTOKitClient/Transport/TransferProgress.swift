import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a response's body is measured as it arrives (download progress).
enum TransferProgress {
    /// The total a response announces for its body as it arrives, if any: its `Content-Length`,
    /// unless a `Content-Encoding` makes the bytes received differ from it.
    static func announcedLength(of response: URLResponse?) -> Int64? {
        guard let response, response.expectedContentLength >= 0 else { return nil }
        let encoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")?.lowercased()
        guard encoding == nil || encoding == "identity" else { return nil }
        return response.expectedContentLength
    }
}
