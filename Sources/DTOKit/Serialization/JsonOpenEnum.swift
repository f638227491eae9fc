/// A generated enum that keeps a value its snapshot does not list (`KeepUnknownEnumValues: True`):
/// when a newer server sends a case the app was not built with, the response still decodes, the
/// value lands in the enum's `unknown` case, and it is written back exactly as the server wrote it.
///
/// ```swift
/// public nonisolated enum TechnologyTier: CaseIterable, Hashable, Sendable {
///     case ProgrammingLanguage
///     case Client
///     /// A value this snapshot does not list (from a newer server); written back as it was read.
///     case unknown(UnknownEnumValue)
///
///     public static let allCases: [TechnologyTier] = [.ProgrammingLanguage, .Client]
///
///     /// The value of the `unknown` case, nil for the listed ones.
///     public var unknownValue: UnknownEnumValue? {
///         if case .unknown(let value) = self { return value }
///         return nil
///     }
/// }
/// extension TechnologyTier: JsonOpenEnum {
///     public static let jsonCases = JsonEnumCases<TechnologyTier>([
///         (.ProgrammingLanguage, "ProgrammingLanguage", 0),
///         (.Client, "Client", 1),
///     ])
/// }
/// ```
/// Listed cases are matched as for any ``JsonEnum``; a string or an integer that matches none
/// becomes `unknown` (anything else — `true`, an object — is still an error). `allCases` lists the
/// listed cases only. A `switch` over such an enum has to handle `unknown`, which is the point.
public protocol JsonOpenEnum: JsonEnum {
    /// The case that holds a value the snapshot does not list.
    static func unknown(_ value: UnknownEnumValue) -> Self
    /// The value of that case; nil for the listed cases.
    var unknownValue: UnknownEnumValue? { get }
}

extension JsonOpenEnum {
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> Self {
        switch try jsonCases.table.readIndexOrUnknown(from: &reader) {
        case .listed(let index): return jsonCases.cases[index]
        case .unknown(let value): return unknown(value)
        }
    }

    @inlinable
    public func write(to writer: inout JsonWriter) {
        if let unknownValue {
            writer.writeRaw(unknownValue.json.utf8)
        } else {
            Self.jsonCases.write(self, to: &writer)
        }
    }
}

/// An enum value that the snapshot's enum does not list, kept as the server wrote it: a string or
/// an integer, as JSON text (quotes and escapes included), so that it is written back unchanged.
public struct UnknownEnumValue: Hashable, Sendable, CustomStringConvertible {
    /// The value as JSON: `"Archived"` (with its quotes) or `42`.
    public let json: String

    /// A value read from a document: the JSON text of a string or an integer.
    init(json: String) {
        self.json = json
    }

    /// A text value, e.g. to send a case the snapshot does not list yet.
    public init(_ text: String) {
        json = text.toJson()
    }

    /// A numeric value, e.g. to send a case the snapshot does not list yet.
    public init(_ number: Int) {
        json = String(number)
    }

    /// The text, when the value is a string.
    public var string: String? {
        json.utf8.first == .quote ? try? String.fromJson(json) : nil
    }

    /// The number, when the value is an integer.
    public var number: Int? {
        Int(json)
    }

    /// The text, or the number.
    public var description: String {
        string ?? json
    }
}
