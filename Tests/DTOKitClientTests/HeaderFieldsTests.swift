import Foundation
import Testing

@testable import DTOKitClient

/// What a header may hold (RFC 9110 §5): every name and value the client sends passes this rule
/// at the transport's edge.
@Suite("Header fields")
struct HeaderFieldsTests {
    @Test(arguments: ["X-Trace", "Accept", "x_y", "A1!#$%&'*+-.^`|~"])
    func aTokenNameWithAnOrdinaryValuePasses(name: String) {
        #expect(HeaderFields.problem(name: name, value: "text/plain; charset=utf-8") == nil)
        #expect(HeaderFields.problem(name: name, value: "a\tb \"quoted\" é") == nil, "tabs and text pass")
    }

    /// Every ASCII character against RFC 9110's `tchar` list, written out here as the RFC writes it.
    @Test func aNameIsATokenExactlyWhenEachCharacterIsATchar() {
        let tchar = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        for value in UInt8(0)...UInt8(127) {
            let scalar = Unicode.Scalar(value)
            let problem = HeaderFields.problem(name: "X\(Character(scalar))Y", value: "1")
            #expect((problem == nil) == tchar.contains(scalar), "U+\(String(value, radix: 16))")
        }
    }

    @Test(arguments: ["", "X Trace", "X:Trace", "X-Tracé", "X\r\nInjected", "(x)", "X/Y", "X\u{7F}"])
    func aNameThatIsNotATokenIsRefused(name: String) throws {
        let problem = try #require(HeaderFields.problem(name: name, value: "1"))
        #expect(problem.contains("is not a token"))
    }

    @Test(arguments: ["a\r\nX-Injected: yes", "a\nb", "a\rb", "a\u{0}b", "a\u{7F}b", "\u{1B}[31m"])
    func aValueWithAControlCharacterIsRefused(value: String) throws {
        let problem = try #require(HeaderFields.problem(name: "X-Trace", value: value))
        #expect(problem.contains("X-Trace") && problem.contains("control character"))
    }

    @Test func theFirstBadHeaderIsTheError() {
        #expect(throws: ServiceClientError.self) {
            try HeaderFields.check(request(["A": "ok", "B": "x\ny"]), url: "http://h/")
        }
        #expect(throws: Never.self) { try HeaderFields.check(request(["A": "ok"]), url: "http://h/") }
    }

    /// Headers are compared by name without regard to ASCII case, and only ASCII case.
    @Test func headerNamesMatchWithoutRegardToASCIICase() {
        var outgoing = request(["Content-Type": "text/plain", "X-Ünï": "1"])
        #expect(outgoing.value(forHTTPHeaderField: "content-TYPE") == "text/plain")
        #expect(outgoing.value(forHTTPHeaderField: "Content-Typf") == nil)
        #expect(outgoing.value(forHTTPHeaderField: "Content_Type") == nil)
        #expect(outgoing.value(forHTTPHeaderField: "x-üNÏ") == nil)
        outgoing.setValue("application/json", forHTTPHeaderField: "CONTENT-type")
        #expect(outgoing.allHTTPHeaderFields == ["Content-Type": "application/json", "X-Ünï": "1"])
    }

    private func request(_ headers: [String: String]) -> OutgoingRequest {
        OutgoingRequest(url: URL(string: "http://h/")!, headers: headers)
    }
}
