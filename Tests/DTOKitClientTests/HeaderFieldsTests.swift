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
            try HeaderFields.check(["A": "ok", "B": "x\ny"], url: "http://h/")
        }
        #expect(throws: Never.self) { try HeaderFields.check(["A": "ok"], url: "http://h/") }
    }
}
