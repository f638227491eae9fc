import Foundation

/// A wire format for values whose Swift type does not say how they travel: a .NET `TimeSpan` is a
/// `TimeInterval` in Swift but an XSD duration string in JSON (``TimeSpan``), a `byte[]` is
/// `[UInt8]` in Swift but Base64 text (``Base64Bytes``).
///
/// A format is one type: it wraps the member's Swift value, reads and writes itself as JSON
/// (``JsonConvertible``), and unwraps again. DTO members keep the plain Swift type; their builders
/// (``Property/formatted(_:as:get:set:)-(_,Format.Type,_,_)`` and its optional, array and
/// dictionary forms) read and write each value through the format, collections element by element,
/// with no array of wrappers next to the DTO's own. DTOKit's own ``TimeSpan`` has builders of its
/// own with code specialized for it, which Swift picks for `as: TimeSpan.self`.
///
/// Add a format of your own the same way, in your own module, as Codable users add a strategy:
///
/// ```swift
/// /// An amount the server sends as a whole number of cents.
/// struct Cents: JsonFormat {
///     var value: Decimal
///     init(_ value: Decimal) { self.value = value }
///
///     static func read(from reader: inout JsonReader) throws -> Cents {
///         Cents(Decimal(try Int.read(from: &reader)) / 100)
///     }
///
///     func write(to writer: inout JsonWriter) {
///         NSDecimalNumber(decimal: value * 100).intValue.write(to: &writer)
///     }
/// }
///
/// Property<Invoice>.formatted("total", as: Cents.self, get: { $0.total }, set: { $0.total = $1 })
/// ```
///
/// The generator knows DTOKit's own formats from one table (`ValueFormats` in the generator), which
/// names each format's type, its Swift value type and the initial value of a non-optional member.
public protocol JsonFormat: JsonConvertible {
    /// The Swift type DTO members hold.
    associatedtype Value
    /// Wraps a member's value to write it.
    init(_ value: Value)
    /// The member's value, unwrapped from what was read.
    var value: Value { get }
}

extension TimeSpan: JsonFormat {
    /// The duration in seconds: ``seconds``.
    @inlinable
    public var value: TimeInterval { seconds }
}

extension Base64Bytes: JsonFormat {
    /// The bytes: ``bytes``.
    @inlinable
    public var value: [UInt8] { bytes }
}
