extension JsonReader {
    /// Skips one value of any kind, validating it as strictly as if it were decoded:
    /// an unknown member with a malformed value still makes the document invalid.
    public mutating func skipValue() throws {
        skipWhitespace()
        guard unsafe _cursor < _end else { throw error("a value") }
        switch unsafe _cursor.pointee {
        case .quote:
            let scan = unsafe try scanString(from: _cursor + 1)
            unsafe _cursor = unsafe scan._closingQuote + 1
        case .openBrace:
            guard try beginObject() else { return }
            repeat {
                let key = try readMemberKey()
                do {
                    try skipValue()
                } catch let error as JsonDecodingError {
                    throw error.prefixed(with: .key(key.decodedName))
                }
            } while try nextMember()
        case .openBracket:
            guard try beginArray() else { return }
            var index = 0
            repeat {
                do {
                    try skipValue()
                } catch let error as JsonDecodingError {
                    throw error.prefixed(with: .index(index))
                }
                index += 1
            } while try nextElement()
        case UInt8(ascii: "t"):
            guard matchLiteral("true") else { throw error("a value") }
        case UInt8(ascii: "f"):
            guard matchLiteral("false") else { throw error("a value") }
        case UInt8(ascii: "n"):
            guard matchLiteral("null") else { throw error("a value") }
        default:
            _ = try scanNumber()
        }
    }
}
