import Foundation

/// `[UInt8]` on the wire as Base64, for .NET `byte[]` properties: a ``JsonFormat``
/// (see ``Property/formatted(_:as:get:set:)-(_,Format.Type,_,_)``).
/// `@frozen`: one stored value, for good; and its `@inlinable` initializer needs it where DTOKit is
/// built for a binary framework (library evolution).
@frozen
public struct Base64Bytes: JsonConvertible, Hashable, Sendable {
    public var bytes: [UInt8]

    @inlinable
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public static func read(from reader: inout JsonReader) throws -> Base64Bytes {
        Base64Bytes(try Base64.read(from: &reader))
    }

    public func write(to writer: inout JsonWriter) {
        writer.writeString(Base64.encode(bytes))
    }
}

extension Data: JsonConvertible {
    /// Base64 text, as ServiceStack writes `byte[]` and `Stream` values.
    public static func read(from reader: inout JsonReader) throws -> Data {
        Data(try Base64.read(from: &reader))
    }

    public func write(to writer: inout JsonWriter) {
        writer.writeString(Base64.encode(self))
    }
}

extension UUID: JsonConvertible {
    /// Any of the forms .NET prints a Guid in: `N` (32 hex digits, ServiceStack's default),
    /// `D` (dashed), `B` (braces).
    public static func read(from reader: inout JsonReader) throws -> UUID {
        let start = reader.offset
        let text = try reader.readString()
        var hex = text.filter { $0 != "-" }
        if hex.hasPrefix("{") && hex.hasSuffix("}") { hex = String(hex.dropFirst().dropLast()) }
        if hex.count == 32, hex.allSatisfy(\.isHexDigit) {
            let index = { (offset: Int) in hex.index(hex.startIndex, offsetBy: offset) }
            let dashed = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32]
                .map { String(hex[index($0.lowerBound)..<index($0.upperBound)]) }.joined(separator: "-")
            if let uuid = UUID(uuidString: dashed) { return uuid }
        }
        throw reader.error(
            expected: "a GUID", found: "the string \"\(JsonDecodingError.abbreviate(text))\"",
            valueStartingAt: start)
    }

    /// Written in the `N` form ServiceStack.Text uses: 32 lowercase hex digits.
    public func write(to writer: inout JsonWriter) {
        writer.writeString(uuidString.replacingOccurrences(of: "-", with: "").lowercased())
    }
}

extension Decimal: JsonConvertible {
    /// Read from the number's own text, so no precision is lost through Double.
    public static func read(from reader: inout JsonReader) throws -> Decimal {
        let start = reader.offset
        let text = try reader.readNumberText()
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw reader.error(expected: "a decimal number", found: "the number \(text)", valueStartingAt: start)
        }
        return value
    }

    public func write(to writer: inout JsonWriter) {
        guard isFinite else {
            writer.writeString("NaN")
            return
        }
        writer.writeASCII(description)
    }
}
