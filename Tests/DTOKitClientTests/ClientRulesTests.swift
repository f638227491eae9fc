import DTOKit
import Foundation
import Testing

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's rules on their own, with no server and no generated DTOs: which failures a retry may
/// cure, what a platform's errors become, how URLs are normalized, when pages end, what
/// `Retry-After` asks for, how a call's options stack. (Redirects and resends: `ExchangeCourseTests`.)
@Suite("The client's rules")
struct ClientRulesTests {
    @Test func whichFailuresAreTransient() {
        let transient: [ServiceClientError] = [
            .connectionRefused(url: "u"), .connectionLost(url: "u", receivedBytes: 0),
            .networkFailure(url: "u", code: NSURLErrorCannotFindHost, message: "m"),
        ]
        let lasting: [ServiceClientError] = [
            .timedOut(url: "u", timeout: 1), .cancelled(url: "u"),
            .truncatedResponse(url: "u", receivedBytes: 1, expectedBytes: 2),
            .responseTooLarge(url: "u", limit: 1), .tooManyRedirects(url: "u", count: 1), .invalidUrl("u"),
            .invalidRequest(url: "u", reason: "r"), .requestEncodingFailed(typeName: "T", reason: "r"),
            .invalidResponse(url: "u", reason: "r"), .blockedByAppTransportSecurity(url: "u"),
            .secureConnectionFailed(url: "u", code: NSURLErrorServerCertificateUntrusted, message: "m"),
            .refreshTokenFailed(url: "u", underlying: ServiceClientError.cancelled(url: "u")),
        ]
        for error in transient { #expect(error.isTransient, "\(error)") }
        for error in lasting { #expect(!error.isTransient, "\(error)") }
    }

    /// What URLSession reports, as the client's errors; which of them a retry may cure.
    @Test func platformErrorsBecomeTheClientsCases() {
        func failure(_ code: Int, _ message: String = "m") -> ServiceClientError {
            URLSessionTransport.failure(
                NSError(domain: NSURLErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: message]),
                url: "https://h/p", timeout: 1, response: nil, receivedBytes: 0)
        }
        #expect(
            failure(NSURLErrorAppTransportSecurityRequiresSecureConnection).errorCode == "BlockedByAppTransportSecurity"
        )
        for code in [
            NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateHasBadDate,
            NSURLErrorServerCertificateUntrusted,
            NSURLErrorServerCertificateHasUnknownRoot, NSURLErrorServerCertificateNotYetValid,
            NSURLErrorClientCertificateRejected, NSURLErrorClientCertificateRequired,
        ] {
            #expect(failure(code).errorCode == "SecureConnectionFailed", "\(code)")
        }
        #expect(
            failure(NSURLErrorUnknown, "SSL certificate problem: self-signed certificate").errorCode
                == "SecureConnectionFailed",
            "libcurl's TLS failures, as FoundationNetworking passes them on")
        #expect(failure(NSURLErrorUnknown, "something else").errorCode == "NetworkFailure")
        #expect(failure(NSURLErrorBadURL).errorCode == "InvalidUrl")
        #expect(failure(NSURLErrorUnsupportedURL).errorCode == "InvalidUrl")
        #expect(failure(NSURLErrorDataLengthExceedsMaximum).errorCode == "InvalidRequest")
        #expect(failure(NSURLErrorCancelled).errorCode == "Cancelled")
        #expect(failure(NSURLErrorCannotFindHost).errorCode == "NetworkFailure")
        #expect(failure(NSURLErrorCannotFindHost).isTransient)
        #expect(failure(NSURLErrorNotConnectedToInternet).isTransient)
        for code in [
            NSURLErrorAppTransportSecurityRequiresSecureConnection, NSURLErrorServerCertificateUntrusted,
            NSURLErrorBadURL, NSURLErrorDataLengthExceedsMaximum, NSURLErrorCancelled,
        ] {
            #expect(!failure(code).isTransient, "\(code)")
        }
    }

    /// A background configuration runs only file uploads and downloads: every call fails at once,
    /// saying so. (`.background(withIdentifier:)` exists on Apple platforms only: the decision is
    /// tested here, on the identifier only such a configuration has.)
    @Test func aBackgroundConfigurationIsRefused() throws {
        #expect(
            URLSessionTransport.refusal(ofConfigurationWithIdentifier: URLSessionConfiguration.ephemeral.identifier)
                == nil)
        #expect(
            URLSessionTransport.refusal(ofConfigurationWithIdentifier: URLSessionConfiguration.default.identifier)
                == nil)
        let reason = try #require(URLSessionTransport.refusal(ofConfigurationWithIdentifier: "com.example.uploads"))
        #expect(
            reason.contains("background") && reason.contains("com.example.uploads") && reason.contains(".ephemeral"))
    }

    /// The client encodes what a URL cannot hold itself, so that iOS 15/16 and macOS 12/13 (whose
    /// `URL(string:)` returns nil for it) get the URL Linux and Apple's OS 17+ get.
    @Test(arguments: [
        ("http://h/api/Hello?name=a b", "http://h/api/Hello?name=a%20b"),
        ("http://h/search?q=100%", "http://h/search?q=100%25"),
        ("http://h/search?q=100%2", "http://h/search?q=100%252"),
        ("http://h/search?q=%41%zz", "http://h/search?q=%41%25zz"),
        ("http://h/a#one#two", "http://h/a#one%23two"),
        ("http://h/api/Hello[]", "http://h/api/Hello%5B%5D"),
        ("http://[::1]:8080/api/Hello", "http://[::1]:8080/api/Hello"),
        ("http://h/api/Straße", "http://h/api/Stra%C3%9Fe"),
        ("http://h/p?a=\"<x>\"&b={c}|d^e`f\\g", "http://h/p?a=%22%3Cx%3E%22&b=%7Bc%7D%7Cd%5Ee%60f%5Cg"),
        ("http://user@h:1/p;x=1/q?r=s&t=u+v,w!$'()*", "http://user@h:1/p;x=1/q?r=s&t=u+v,w!$'()*"),
        ("/relative path?x=[1]", "/relative%20path?x=%5B1%5D"),
    ])
    func urlsAreNormalizedByTheClient(input: String, expected: String) {
        let normalized = PercentEncoding.normalizeUrl(input)
        #expect(normalized == expected)
        #expect(PercentEncoding.normalizeUrl(normalized) == normalized, "a valid URL stays as it is")
        #expect(Self.isStrictRfc3986(normalized))
    }

    @Test func theLastPageRule() {
        #expect(Paging.noRowsLeft(after: 237, total: 237))
        #expect(!Paging.noRowsLeft(after: 100, total: 237), "a page of 100 when 237 match")
        #expect(!Paging.noRowsLeft(after: 100, total: nil), "no total: ask for the next page")
        #expect(!Paging.noRowsLeft(after: 100, total: 0), "a total below the rows received is no total")
        #expect(Paging.noRowsLeft(after: 0, total: 0))
    }

    @Test func aPageWithNoNewRows() {
        #expect(Paging.noNewRows(asked: 50, offset: 50, unseenRows: nil) == nil)
        #expect(Paging.noNewRows(asked: 50, offset: nil, unseenRows: 1) == nil)
        #expect(Paging.noNewRows(asked: 50, offset: nil, unseenRows: nil) == nil, "rows that could not be read")
        #expect(Paging.noNewRows(asked: 50, offset: 0, unseenRows: nil)?.contains("came back from row 0") == true)
        #expect(Paging.noNewRows(asked: 50, offset: nil, unseenRows: 0)?.contains("only rows of earlier pages") == true)
    }

    @Test func retryAfterAsSecondsOrAsADate() throws {
        func response(_ value: String) throws -> HTTPURLResponse {
            try #require(
                HTTPURLResponse(
                    url: URL(fileURLWithPath: "/"), statusCode: 503, httpVersion: "HTTP/1.1",
                    headerFields: ["Retry-After": value]))
        }
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryAfter.seconds(in: try response("120"), now: now) == 120)
        #expect(RetryAfter.seconds(in: try response("Tue, 14 Nov 2023 22:15:20 GMT"), now: now) == 120)
        #expect(RetryAfter.seconds(in: try response("Tue, 14 Nov 2023 22:00:00 GMT"), now: now) == 0, "a date past")
        #expect(RetryAfter.seconds(in: try response("soon"), now: now) == nil)
        #expect(RetryAfter.seconds(in: try response("-5"), now: now) == nil)
    }

    @Test func aCallsOptionsStackOnTheOuterOnes() {
        let outer = CallOptions(
            cachePolicy: .reload, idleTimeout: 5, callTimeout: 60, headers: ["A": "outer", "B": "outer"],
            allowsRetry: false)
        let inner = CallOptions(idleTimeout: 1, headers: ["B": "inner"])
        let merged = outer.merging(inner)
        #expect(merged.cachePolicy == .reload)
        #expect(merged.idleTimeout == 1)
        #expect(merged.callTimeout == 60)
        #expect(merged.headers == ["A": "outer", "B": "inner"])
        #expect(merged.allowsRetry == false)
    }

    /// What RFC 3986 allows in a URL, `[` `]` only in the host.
    static func isStrictRfc3986(_ url: String) -> Bool {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#@!$&'()*+,;=%".utf8)
        let bytes = Array(url.utf8)
        for byte in bytes where !allowed.contains(byte) {
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]"), url.hasPrefix("http://[") else {
                return false
            }
        }
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, Character(Unicode.Scalar(bytes[index + 1])).isHexDigit,
                Character(Unicode.Scalar(bytes[index + 2])).isHexDigit
            else { return false }
        }
        return bytes.filter { $0 == UInt8(ascii: "#") }.count <= 1
    }
}
