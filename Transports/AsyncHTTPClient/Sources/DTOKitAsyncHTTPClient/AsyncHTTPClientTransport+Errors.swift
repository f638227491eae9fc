import AsyncHTTPClient
import DTOKitClient
import Foundation
import NIOCore
import NIOSSL

/// AsyncHTTPClient's and SwiftNIO's errors as the client's.
extension AsyncHTTPClientTransport {
    /// `error` as a ``ServiceClientError``, given how many bytes of the body had arrived and how many
    /// the response announced.
    static func failure(
        _ error: any Error, url label: String, receivedBytes: Int, expectedBytes: Int? = nil,
        timeout: TimeInterval = 0
    ) -> ServiceClientError {
        // The body's own failure (it could not be read to its end), named by the request's URL.
        if case .invalidRequest("?", let reason)? = error as? ServiceClientError {
            return .invalidRequest(url: label, reason: reason)
        }
        if let error = error as? ServiceClientError { return error }
        if error is CancellationError { return .cancelled(url: label) }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled, .requestStreamCancelled: return .cancelled(url: label)
            case .remoteConnectionClosed: return .connectionLost(url: label, receivedBytes: receivedBytes)
            case .readTimeout, .writeTimeout, .deadlineExceeded, .connectTimeout, .getConnectionFromPoolTimeout:
                return .timedOut(url: label, timeout: timeout)
            case .invalidURL, .emptyHost, .emptyScheme: return .invalidUrl(label)
            default: break
            }
        }
        // TLS: the handshake failed (a certificate no one trusts, no shared protocol).
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
            return .secureConnectionFailed(url: label, code: 0, message: "\(error)")
        }
        if let error = error as? ChannelError, error == .ioOnClosedChannel || error == .eof {
            return .connectionLost(url: label, receivedBytes: receivedBytes)
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return .connectionRefused(url: label)
            case ECONNRESET, EPIPE: return .connectionLost(url: label, receivedBytes: receivedBytes)
            default: break
            }
        }
        // SwiftNIO's connect error wraps each address's attempt; refused is refused on all.
        if "\(error)".contains("connectionRefused") || "\(error)".contains("Connection refused") {
            return .connectionRefused(url: label)
        }
        if receivedBytes > 0 || expectedBytes != nil {
            return .truncatedResponse(url: label, receivedBytes: receivedBytes, expectedBytes: expectedBytes)
        }
        return .networkFailure(url: label, code: 0, message: "\(error)")
    }
}
