import Foundation

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Apple's URLSession where it differs from FoundationNetworking, on Linux: put between the client's
/// sessions and its delegate, so that the client's suites run against both behaviours here.
///
/// - A redirected request arrives without `Authorization` (and without the `Cookie` the client set):
///   CFNetwork removes them, same host included (Alamofire #1850); libcurl copies every header.
/// - For a `text/*` response, neither the response nor any data is handed on until 512 bytes of the
///   body have arrived, or the task ended (content sniffing: Apple Developer Forums thread 64875,
///   openradar 31862557); `application/json` is handed on at once.
/// - A GET or HEAD with a body fails before it is sent, with `NSURLErrorDataLengthExceedsMaximum`
///   (iOS 13 release notes); libcurl sends the body.
/// - App Transport Security, as in an app whose Info.plist sets `NSAllowsLocalNetworking`: plain
///   `http://` fails before it is sent, with `NSURLErrorAppTransportSecurityRequiresSecureConnection`,
///   unless the host is local (an IP address, an unqualified name such as `localhost`, or `.local`).
///
/// `makeTestClient()` uses it when the environment has `DTOKIT_TEST_URLSESSION=apple` (CI runs the
/// integration tests once more that way); some tests use it always.
struct AppleURLSessionStandIn: SessionInterposer {
    static let sniffedPrefixLength = 512

    /// Whether this test process runs the client's suites against the stand-in.
    static var isRequested: Bool {
        ProcessInfo.processInfo.environment["DTOKIT_TEST_URLSESSION"] == "apple"
    }

    func delegate(forwardingTo delegate: SessionDelegate) -> any URLSessionDataDelegate {
        AppleDelegate(forwardingTo: delegate)
    }

    func refusal(of request: URLRequest) -> (any Error)? {
        if request.url?.scheme?.lowercased() == "http", let host = request.url?.host, !Self.isLocal(host) {
            return NSError(
                domain: NSURLErrorDomain, code: NSURLErrorAppTransportSecurityRequiresSecureConnection,
                userInfo: [
                    NSLocalizedDescriptionKey: "The resource could not be loaded because the App "
                        + "Transport Security policy requires the use of a secure connection."
                ])
        }
        let method = request.httpMethod ?? "GET"
        guard method == "GET" || method == "HEAD", request.httpBody != nil || request.httpBodyStream != nil else {
            return nil
        }
        return NSError(
            domain: NSURLErrorDomain, code: NSURLErrorDataLengthExceedsMaximum,
            userInfo: [NSLocalizedDescriptionKey: "resource exceeds maximum size"])
    }
}

extension AppleURLSessionStandIn {
    /// The hosts `NSAllowsLocalNetworking` lets an app reach over plain HTTP: IP addresses,
    /// unqualified names and `.local` names.
    static func isLocal(_ host: String) -> Bool {
        let name = host.lowercased()
        let isIPv4 = name.split(separator: ".").count == 4 && name.allSatisfy { $0.isNumber || $0 == "." }
        return isIPv4 || name.contains(":") || !name.contains(".") || name.hasSuffix(".local")
    }
}

/// The stand-in's delegate: changes what reaches the client's delegate, as CFNetwork would.
private final class AppleDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// A `text/*` response held back with the bytes that came so far.
    private struct Withheld {
        var response: URLResponse
        var data = Data()
    }

    private let target: SessionDelegate
    private let lock = NSLock()
    private var withheld: [ObjectIdentifier: Withheld] = [:]

    init(forwardingTo target: SessionDelegate) {
        self.target = target
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let contentType = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
        guard contentType.hasPrefix("text/") else {
            return target.urlSession(
                session, dataTask: dataTask, didReceive: response, completionHandler: completionHandler)
        }
        lock.withLock { withheld[ObjectIdentifier(dataTask)] = Withheld(response: response) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let release = lock.withLock { () -> Withheld?? in
            guard var held = withheld[ObjectIdentifier(dataTask)] else { return .none }
            held.data.append(data)
            if held.data.count < AppleURLSessionStandIn.sniffedPrefixLength {
                withheld[ObjectIdentifier(dataTask)] = held
                return .some(nil)
            }
            withheld[ObjectIdentifier(dataTask)] = nil
            return .some(held)
        }
        switch release {
        case .none: target.urlSession(session, dataTask: dataTask, didReceive: data)
        case .some(nil): break  // still sniffing
        case .some(let held?): hand(held, of: dataTask, in: session)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let dataTask = task as? URLSessionDataTask,
            let held = lock.withLock({ withheld.removeValue(forKey: ObjectIdentifier(task)) })
        {
            hand(held, of: dataTask, in: session)
        }
        target.urlSession(session, task: task, didCompleteWithError: error)
    }

    /// What sniffing held back, handed on at once: the response, then the bytes.
    private func hand(_ held: Withheld, of task: URLSessionDataTask, in session: URLSession) {
        target.urlSession(session, dataTask: task, didReceive: held.response) { _ in }
        if !held.data.isEmpty { target.urlSession(session, dataTask: task, didReceive: held.data) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        var stripped = request
        stripped.setValue(nil, forHTTPHeaderField: "Authorization")
        stripped.setValue(nil, forHTTPHeaderField: "Cookie")
        target.urlSession(
            session, task: task, willPerformHTTPRedirection: response, newRequest: stripped,
            completionHandler: completionHandler)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        target.urlSession(
            session, task: task, didSendBodyData: bytesSent, totalBytesSent: totalBytesSent,
            totalBytesExpectedToSend: totalBytesExpectedToSend)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        target.urlSession(session, task: task, didReceive: challenge, completionHandler: completionHandler)
    }
}
