/// Percent-encoding of URL parts, done by hand so that every platform encodes the same way.
///
/// Only the RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`) are left as they are; every
/// other byte of the UTF-8 text becomes `%XX`. So `&`, `=`, `+`, `#`, `%`, `/`, `?`, spaces and
/// non-ASCII characters in a value can never change the meaning of the URL. (`package`: Server Events,
/// a module of its own, builds its URLs the same way.)
package enum PercentEncoding {
    package static func encode(_ text: String) -> String {
        // Most names and values need no escape: the text is returned as it is, without a copy.
        guard let first = text.utf8.firstIndex(where: { !isUnreserved($0) }) else { return text }
        var result = Array(text.utf8[..<first])
        result.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8[first...] {
            if isUnreserved(byte) {
                result.append(byte)
            } else {
                appendEscape(byte, to: &result)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// One path segment: like ``encode(_:)``, and `.`/`..` are encoded too, so that a value can
    /// never walk up the path.
    package static func encodePathSegment(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0 == "." }) {
            return String(repeating: "%2E", count: text.count)
        }
        return encode(text)
    }

    /// A URL as written, with what a URL cannot hold percent-encoded, so that it parses the same on
    /// every platform: Linux and Apple's OS 17 and later encode such characters themselves, iOS 15/16
    /// and macOS 12/13 return nil from `URL(string:)`. Encoded are the bytes outside RFC 3986's
    /// unreserved and reserved characters (spaces, quotes, `<>\^`{|}`, non-ASCII), a `%` that does
    /// not start an escape (`100%`), a `#` after the first, and `[` `]` outside the host (where only
    /// an IPv6 address holds them). `%XX` escapes, `?`, `&`, `=`, `/` and the rest stay as written,
    /// so a URL that is already valid is left unchanged.
    package static func normalizeUrl(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let authority = authorityRange(of: bytes)
        var seenFragment = false
        /// Whether the byte at `index` stays as it is (it changes `seenFragment` at the first `#`).
        func keeps(_ index: Int) -> Bool {
            switch bytes[index] {
            case UInt8(ascii: "%"):
                return index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
            case UInt8(ascii: "#"):
                defer { seenFragment = true }
                return !seenFragment
            case UInt8(ascii: "["), UInt8(ascii: "]"):
                return authority.contains(index)
            default:
                return isUnreserved(bytes[index]) || isReserved(bytes[index])
            }
        }
        // The URLs the client builds itself are valid already: they are returned without a copy.
        guard let first = bytes.indices.first(where: { !keeps($0) }) else { return text }
        var result = Array(bytes[..<first])
        result.reserveCapacity(bytes.count * 3)
        appendEscape(bytes[first], to: &result)
        for index in bytes.indices.dropFirst(first + 1) {
            if keeps(index) {
                result.append(bytes[index])
            } else {
                appendEscape(bytes[index], to: &result)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Where the authority (`user@host:port`) of `scheme://authority/…` is; empty for a relative URL.
    private static func authorityRange(of bytes: [UInt8]) -> Range<Int> {
        let separator = Array("://".utf8)
        guard let schemeEnd = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }),
            bytes[..<schemeEnd].allSatisfy({ isUnreserved($0) || $0 == UInt8(ascii: "+") })
        else { return 0..<0 }
        let start = schemeEnd + separator.count
        let end = bytes[start...].firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        return start..<(end ?? bytes.count)
    }

    /// Builds `name=value&name=value`.
    package static func queryString(_ items: [(name: String, value: String)]) -> String {
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

    /// RFC 3986's gen-delims and sub-delims, but for `#`, `[` and `]`, which ``normalizeUrl(_:)`` weighs
    /// by where they stand.
    private static func isReserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "@"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
            UInt8(ascii: "a")...UInt8(ascii: "f"):
            return true
        default:
            return false
        }
    }

    private static func appendEscape(_ byte: UInt8, to result: inout [UInt8]) {
        result.append(UInt8(ascii: "%"))
        result.append(hexDigit(byte >> 4))
        result.append(hexDigit(byte & 0x0F))
    }

    /// The uppercase hexadecimal digit of `value` (0…15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
