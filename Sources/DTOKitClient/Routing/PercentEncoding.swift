/// Percent-encoding of URL parts, done by hand so that every platform encodes the same way.
///
/// Only the RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`) are left as they are; every
/// other byte of the UTF-8 text becomes `%XX`. So `&`, `=`, `+`, `#`, `%`, `/`, `?`, spaces and
/// non-ASCII characters in a value can never change the meaning of the URL.
enum PercentEncoding {
    static func encode(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%"
                result.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                result.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return result
    }

    /// One path segment: like ``encode(_:)``, and `.`/`..` are encoded too, so that a value can
    /// never walk up the path.
    static func encodePathSegment(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0 == "." }) {
            return String(repeating: "%2E", count: text.count)
        }
        return encode(text)
    }

    /// Builds `name=value&name=value`.
    static func queryString(_ items: [(name: String, value: String)]) -> String {
        items.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static let hexDigits: [Unicode.Scalar] = Array("0123456789ABCDEF".unicodeScalars)
}
