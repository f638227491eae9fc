import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSession's errors as the client's.
extension URLSessionTransport {
    /// A URLSession error as a ``ServiceClientError``, given what had arrived.
    static func failure(
        _ error: any Error, url label: String, timeout: TimeInterval, response: URLResponse?,
        receivedBytes: Int
    ) -> ServiceClientError {
        if let error = error as? ServiceClientError { return error }  // the body's own failure
        let nsError = error as NSError
        switch nsError.domain == NSURLErrorDomain ? nsError.code : 0 {
        case NSURLErrorCancelled: return .cancelled(url: label)
        // URLSession's own timeout (the request's `timeoutInterval`), a backstop behind the client's.
        case NSURLErrorTimedOut: return .timedOut(url: label, timeout: timeout)
        case NSURLErrorCannotConnectToHost: return .connectionRefused(url: label)
        case NSURLErrorNetworkConnectionLost: return .connectionLost(url: label, receivedBytes: receivedBytes)
        // The server read the request and closed the connection without a word (libcurl: "Empty
        // reply from server").
        case NSURLErrorBadServerResponse where response == nil && receivedBytes == 0,
            NSURLErrorZeroByteResource where response == nil:
            return .connectionLost(url: label, receivedBytes: 0)
        case NSURLErrorHTTPTooManyRedirects: return .tooManyRedirects(url: label, count: 0)
        case NSURLErrorAppTransportSecurityRequiresSecureConnection: return .blockedByAppTransportSecurity(url: label)
        case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateHasBadDate,
            NSURLErrorServerCertificateUntrusted,
            NSURLErrorServerCertificateHasUnknownRoot, NSURLErrorServerCertificateNotYetValid,
            NSURLErrorClientCertificateRejected, NSURLErrorClientCertificateRequired:
            return .secureConnectionFailed(url: label, code: nsError.code, message: nsError.localizedDescription)
        // FoundationNetworking passes libcurl's TLS failures on as unknown errors with libcurl's text
        // ("SSL certificate problem: self-signed certificate", "SSL connect error").
        case NSURLErrorUnknown where nsError.localizedDescription.hasPrefix("SSL"):
            return .secureConnectionFailed(url: label, code: nsError.code, message: nsError.localizedDescription)
        case NSURLErrorBadURL, NSURLErrorUnsupportedURL: return .invalidUrl(label)
        // Apple's URLSession fails a GET or HEAD with a body this way (the client refuses one before
        // sending; a middleware may still add one).
        case NSURLErrorDataLengthExceedsMaximum where response == nil:
            return .invalidRequest(
                url: label,
                reason: "the platform refused to send it (\(nsError.localizedDescription)); "
                    + "Apple's URLSession refuses a GET or HEAD with a body")
        default:
            // The headers arrived, then the transfer failed: the body is incomplete.
            guard let expected = response?.expectedContentLength else {
                return .networkFailure(url: label, code: nsError.code, message: nsError.localizedDescription)
            }
            return .truncatedResponse(
                url: label, receivedBytes: receivedBytes, expectedBytes: expected >= 0 ? Int(exactly: expected) : nil)
        }
    }
}
