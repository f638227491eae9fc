import Foundation

/// What a header may hold, as RFC 9110 §5 says: a name of token characters, a value without control
/// characters (a tab excepted). A line break in a value would end the header there — and start
/// another of the sender's choosing, or the body, where the stack under the client does not refuse it
/// (libcurl drops such a header; the request then goes without it). The client refuses the call.
enum HeaderFields {
    /// Why `name: value` cannot be sent, or nil when it can.
    static func problem(name: String, value: String) -> String? {
        // Read as UTF-8: what the rules name is ASCII, and no byte of a longer character is below 0x80.
        if name.isEmpty || !name.utf8.allSatisfy(isTokenByte) {
            return "the header name \"\(name.debugDescription.dropFirst().dropLast())\" is not a token (RFC 9110 §5.1)"
        }
        if let bad = value.utf8.first(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            return "the value of the header \(name) holds the control character U+\(String(format: "%04X", bad))"
                + " (a line break would end the header there: RFC 9110 §5.5)"
        }
        return nil
    }

    /// Throws ``ServiceClientError/invalidRequest(url:reason:)`` for the first header of `request` (by
    /// name) that cannot be sent. (`label` is read only then: every request is checked.)
    static func check(_ request: OutgoingRequest, url label: @autoclosure () -> String) throws {
        // The first by name, so that the error does not hang on the headers' order.
        var first: (name: String, problem: String)?
        request.forEachHeader { name, value in
            guard first.map({ name < $0.name }) ?? true, let problem = problem(name: name, value: value) else { return }
            first = (name, problem)
        }
        if let first { throw ServiceClientError.invalidRequest(url: label(), reason: first.problem) }
    }

    /// `tchar` (RFC 9110 §5.6.2), a switch rather than a search: every request's every header name is read.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "^")...UInt8(ascii: "z"),  // ^ _ ` and a to z
            UInt8(ascii: "#")...UInt8(ascii: "'"),  // # $ % & '
            UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
