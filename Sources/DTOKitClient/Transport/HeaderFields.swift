import Foundation

/// What a header may hold, as RFC 9110 §5 says: a name of token characters, a value without control
/// characters (a tab excepted). A line break in a value would end the header there — and start
/// another of the sender's choosing, or the body, where the stack under the client does not refuse it
/// (libcurl drops such a header; the request then goes without it). The client refuses the call.
enum HeaderFields {
    /// Why `name: value` cannot be sent, or nil when it can.
    static func problem(name: String, value: String) -> String? {
        if name.isEmpty || !name.unicodeScalars.allSatisfy(isTokenCharacter) {
            return "the header name \"\(name.debugDescription.dropFirst().dropLast())\" is not a token (RFC 9110 §5.1)"
        }
        if let bad = value.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
            return "the value of the header \(name) holds the control character U+\(String(format: "%04X", bad.value))"
                + " (a line break would end the header there: RFC 9110 §5.5)"
        }
        return nil
    }

    /// Throws ``ServiceClientError/invalidRequest(url:reason:)`` for the first header of `headers` (by
    /// name) that cannot be sent.
    static func check(_ headers: [String: String], url label: String) throws {
        // The first by name, so that the error does not hang on the dictionary's order.
        var first: (name: String, problem: String)?
        for (name, value) in headers where first.map({ name < $0.name }) ?? true {
            if let problem = problem(name: name, value: value) { first = (name, problem) }
        }
        if let first { throw ServiceClientError.invalidRequest(url: label, reason: first.problem) }
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII, scalar.value > 0x20, scalar.value < 0x7F else { return false }
        return !"\"(),/:;<=>?@[\\]{}".unicodeScalars.contains(scalar)
    }
}
