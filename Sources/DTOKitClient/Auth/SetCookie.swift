import Foundation

/// One `Set-Cookie` header value as RFC 6265bis §5.6 reads it, before the jar decides whether to
/// keep it (``CookieJar``): the name and value byte for byte (quotes included), the attributes it
/// understands, each as its last occurrence says.
struct SetCookie: Equatable {
    var name: String
    var value: String
    var expires: Date?
    /// `Max-Age` in seconds (it wins over `Expires`); zero or less: expired.
    var maxAge: Int?
    /// The `Domain` attribute, lower-cased, without its leading dot; nil when absent or empty.
    var domain: String?
    /// The `Path` attribute when it starts with `/`.
    var path: String?
    var secure = false
    var httpOnly = false

    /// The longest name and value together, and the longest attribute value, a cookie may have
    /// (RFC 6265bis §5.6): a longer one is ignored.
    static let maxNameAndValue = 4096
    static let maxAttributeValue = 1024

    /// `text` read as one cookie; nil when it is to be ignored entirely: it holds a control character
    /// (HTAB aside: a bare CR or a NUL would end or split the header it goes back in), it has neither
    /// name nor value, or they are too long.
    init?(_ text: String) {
        guard !text.unicodeScalars.contains(where: Self.isControl) else { return nil }
        var parts = text.split(separator: ";", omittingEmptySubsequences: false)
        let pair = parts.removeFirst()
        if let equals = pair.firstIndex(of: "=") {
            name = Self.trimmed(pair[..<equals])
            value = Self.trimmed(pair[pair.index(after: equals)...])
        } else {
            (name, value) = ("", Self.trimmed(pair))
        }
        guard !(name.isEmpty && value.isEmpty), name.utf8.count + value.utf8.count <= Self.maxNameAndValue else {
            return nil
        }
        // A cookie without a name would read as one whose name is what comes before a `=` in its value.
        if name.isEmpty, value.contains("=") { return nil }
        for attribute in parts {
            let (key, argument) = Self.attribute(attribute)
            guard argument.utf8.count <= Self.maxAttributeValue else { continue }
            switch key.lowercased() {
            case "expires": expires = HTTPDate.parse(argument) ?? expires
            case "max-age": maxAge = Self.deltaSeconds(argument) ?? maxAge
            case "domain":
                let domain = argument.lowercased().drop { $0 == "." }
                self.domain = domain.isEmpty ? nil : String(domain)
            case "path": path = argument.hasPrefix("/") ? argument : nil
            case "secure": secure = true
            case "httponly": httpOnly = true
            default: continue  // SameSite and others: no meaning for a client without pages
            }
        }
    }

    /// `Max-Age`'s value: digits, a leading `-` allowed; anything else is no value.
    private static func deltaSeconds(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        // Past Int's range: the earliest or the latest time there is.
        return Int(text) ?? (text.hasPrefix("-") ? Int.min : Int.max)
    }

    private static func attribute(_ text: Substring) -> (key: String, value: String) {
        guard let equals = text.firstIndex(of: "=") else { return (trimmed(text), "") }
        return (trimmed(text[..<equals]), trimmed(text[text.index(after: equals)...]))
    }

    private static func trimmed(_ text: Substring) -> String {
        text.trimmingCharacters(in: whitespace)
    }

    private static let whitespace = CharacterSet(charactersIn: " \t")

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    /// Splits a header that holds several cookies joined by `", "` (as URLSession joins repeated
    /// `Set-Cookie` headers, and AsyncHTTPClientTransport too). Such a comma and space start a new cookie
    /// only when a name and `=` follow, before any `;`, space or comma: the comma of
    /// `Expires=Wed, 21 Oct 2026 …` does not, nor one without a space after it (`lang=en,ss-tok=x` is
    /// one cookie, as a browser keeps it). One pass over the header, whatever it holds.
    static func split(_ header: String) -> [String] {
        let bytes = Array(header.utf8)
        var parts: [String] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ","), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: " "),
                startsCookie(bytes, at: index + 1)
            {
                parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
                start = index + 1
            }
            index += 1
        }
        parts.append(String(decoding: bytes[start...], as: UTF8.self))
        return parts.map { trimmed(Substring($0)) }.filter { !$0.isEmpty }
    }

    /// Whether `name=` comes at `position`, after spaces: a name of bytes other than `;`, space and `,`.
    /// It reads no further than the name's end, so that the whole split stays one pass (a name is
    /// looked at once: the next comma ends it).
    private static func startsCookie(_ bytes: [UInt8], at position: Int) -> Bool {
        var index = position
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        let nameStart = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "="): return index > nameStart
            case UInt8(ascii: ";"), UInt8(ascii: " "), UInt8(ascii: ","): return false
            default: index += 1
            }
        }
        return false
    }
}
