import Foundation

/// A value that reads itself from JSON and writes itself as JSON, without Codable.
///
/// DTOKit conforms the types a DTO property can have: `String`, `Bool`, every integer type,
/// `Double`, `Float`, `Date`, `Data`, `UUID`, ``JsonValue``, optionals, arrays and dictionaries of
/// them, generated enums and every ``JsonSerializable`` DTO. Conform your own type to give it a
/// custom wire format.
public protocol JsonConvertible: SendableMetatypeIfSupported {
    /// Reads one value at the reader's cursor.
    static func read(from reader: inout JsonReader) throws -> Self
    /// Writes this value at the writer's position.
    func write(to writer: inout JsonWriter)
}

extension JsonConvertible {
    /// Decodes a value from JSON text.
    ///
    /// ```swift
    /// let response = try GetTechnologyResponse.fromJson(jsonText)
    /// let numbers = try [Int].fromJson("[1,2,3]")
    /// ```
    /// - Throws: ``JsonDecodingError`` naming the line, column, byte offset and JSON path of the problem.
    @inlinable
    public static func fromJson(_ json: String, options: JsonDecodingOptions = JsonDecodingOptions()) throws -> Self {
        try JsonReader.read(utf8: json, options: options) { try Self.read(from: &$0) }
    }

    /// Decodes a value from UTF-8 JSON bytes.
    /// - Throws: ``JsonDecodingError`` naming the line, column, byte offset and JSON path of the problem.
    @inlinable
    public static func fromJson(_ data: Data, options: JsonDecodingOptions = JsonDecodingOptions()) throws -> Self {
        try JsonReader.read(data, options: options) { try Self.read(from: &$0) }
    }

    /// Decodes a value from UTF-8 JSON bytes: `[UInt8]`, an `ArraySlice`, a buffer you own…
    /// - Throws: ``JsonDecodingError`` naming the line, column, byte offset and JSON path of the problem.
    @inlinable
    public static func fromJson<Bytes: ContiguousBytes>(
        bytes: Bytes,
        options: JsonDecodingOptions = JsonDecodingOptions()
    ) throws -> Self {
        try JsonReader.read(bytes, options: options) { try Self.read(from: &$0) }
    }

    /// Encodes this value as compact JSON text. `nil` members are left out, as ServiceStack does.
    @inlinable
    public func toJson(options: JsonEncodingOptions = JsonEncodingOptions()) -> String {
        JsonWriter.writeString(options: options) { self.write(to: &$0) }
    }

    /// Encodes this value as compact UTF-8 JSON bytes.
    @inlinable
    public func toJsonData(options: JsonEncodingOptions = JsonEncodingOptions()) -> Data {
        JsonWriter.writeData(options: options) { self.write(to: &$0) }
    }
}

/// Property accessors are `@Sendable` closures that call `Value.read`, which captures the
/// metatype; Swift 6.2 requires such metatypes to be `SendableMetatype`. Earlier compilers have
/// no such protocol (and no such check).
#if compiler(>=6.2)
public typealias SendableMetatypeIfSupported = SendableMetatype
#else
public typealias SendableMetatypeIfSupported = Any
#endif

// MARK: - Standard library scalars

extension String: JsonConvertible {
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> String {
        try reader.readString()
    }

    @inlinable
    public func write(to writer: inout JsonWriter) {
        writer.writeString(self)
    }
}

extension Bool: JsonConvertible {
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> Bool {
        try reader.readBool()
    }

    @inlinable
    public func write(to writer: inout JsonWriter) {
        writer.writeBool(self)
    }
}

extension Double: JsonConvertible {
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> Double {
        try reader.readDouble()
    }

    @inlinable
    public func write(to writer: inout JsonWriter) {
        writer.writeDouble(self)
    }
}

extension Float: JsonConvertible {
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> Float {
        try reader.readFloat()
    }

    @inlinable
    public func write(to writer: inout JsonWriter) {
        writer.writeFloat(self)
    }
}

/// Integers share one implementation: read with range checks, written in decimal.
public protocol JsonInteger: FixedWidthInteger, JsonConvertible {}

extension JsonInteger {
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> Self {
        try reader.readInteger(Self.self)
    }

    @inlinable
    public func write(to writer: inout JsonWriter) {
        writer.writeInteger(self)
    }
}

extension Int: JsonInteger {}
extension Int8: JsonInteger {}
extension Int16: JsonInteger {}
extension Int32: JsonInteger {}
extension Int64: JsonInteger {}
extension UInt: JsonInteger {}
extension UInt8: JsonInteger {}
extension UInt16: JsonInteger {}
extension UInt32: JsonInteger {}
extension UInt64: JsonInteger {}
