/// A generated enum: its cases, the text ServiceStack writes for each, and their numeric values.
///
/// ```swift
/// extension TechnologyTier : JsonEnum {
///     public static let jsonCases = JsonEnumCases<TechnologyTier>(allCases)
/// }
/// ```
/// Read from the case's text (exactly, then ignoring case), or from its number (a JSON number or
/// a numeric string), as ServiceStack accepts; written as its text, or as its number for enums
/// the server treats as integers.
///
/// A member whose value is `0` or `"0"` when no case has the value 0 is an enum property the server
/// never set (a .NET enum's default is 0 whatever its cases; ServiceStack.Text writes `"0"`,
/// System.Text.Json `0`): the property keeps its initial value (nil, when optional) and the rest of
/// the document is read, as ServiceStack's own clients do; with
/// ``InvalidMembers/skip(reportingTo:)`` it is also reported. (Any other value no case has is an
/// error; a ``JsonOpenEnum`` keeps it, `0` included, as its `unknown` case.)
public protocol JsonEnum: JsonConvertible, Hashable, Sendable {
    /// The table of cases.
    static var jsonCases: JsonEnumCases<Self> { get }
}

extension JsonEnum {
    // Inlinable so that they specialize for the enum: matching itself is non-generic
    // (``JsonEnumTable``), and no generic metadata is looked up per value.
    @inlinable
    public static func read(from reader: inout JsonReader) throws -> Self {
        try jsonCases.read(from: &reader)
    }

    @inlinable
    public func write(to writer: inout JsonWriter) {
        Self.jsonCases.write(self, to: &writer)
    }
}

/// The cases of a ``JsonEnum`` with their wire texts and numbers, prepared once for matching.
///
/// `@frozen`, so that a binary framework (library evolution) reads its tables directly rather than
/// copying the whole value through value witnesses for every enum member (callgrind, payload 1
/// decoded by a library-evolution build: 126.4 M instructions per 10 calls, 121.7 M frozen).
@frozen
public struct JsonEnumCases<Case: Hashable & Sendable>: Sendable {
    /// How a case is written.
    public enum Encoding: Sendable {
        /// The case's text: its `[EnumMember]` value or its name (ServiceStack's default).
        case name
        /// The case's number (`[Flags]` enums and servers with `TreatEnumAsInteger`).
        case integer
    }

    @usableFromInline let cases: [Case]
    @usableFromInline let names: [String]
    @usableFromInline let values: [Int]
    @usableFromInline let indexOfCase: [Case: Int]
    /// For cases stored in one byte (every generated enum): the index of the case with each byte
    /// value, plus one (0: no listed case has it), so that writing a case needs no hashing. Empty
    /// for other types.
    @usableFromInline let indexOfByte: [UInt16]
    @usableFromInline let encoding: Encoding
    /// The same texts and numbers, matched and written without knowing `Case`.
    @usableFromInline let table: JsonEnumTable

    /// Cases with their wire texts and numbers, in declaration order.
    public init(_ entries: [(Case, name: String, value: Int)], encoding: Encoding = .name) {
        cases = entries.map(\.0)
        names = entries.map(\.name)
        values = entries.map(\.value)
        var index: [Case: Int] = [:]
        for (position, entry) in entries.enumerated() where index[entry.0] == nil {
            index[entry.0] = position
        }
        indexOfCase = index
        var byteIndex: [UInt16] = []
        // A one-byte type has at most 256 values, so a position + 1 always fits in UInt16.
        if MemoryLayout<Case>.size == 1, entries.count < Int(UInt16.max) {
            byteIndex = [UInt16](repeating: 0, count: 256)
            for (value, position) in index {
                byteIndex[Int(singleByte(of: value))] = UInt16(position + 1)
            }
        }
        indexOfByte = byteIndex
        self.encoding = encoding
        table = JsonEnumTable(names: names, values: values, writesIntegers: encoding == .integer)
    }

    @inlinable
    func read(from reader: inout JsonReader) throws -> Case {
        cases[try table.readIndex(from: &reader)]
    }

    @inlinable
    func write(_ value: Case, to writer: inout JsonWriter) {
        guard let index = index(of: value) else {
            writer.writeNull()
            return
        }
        table.write(index, to: &writer)
    }

    /// The index of `value` among the cases, nil when it is none of them.
    @inlinable
    func index(of value: Case) -> Int? {
        if MemoryLayout<Case>.size == 1, !indexOfByte.isEmpty {
            // A one-byte value is its byte: equal bytes, the same case.
            let position = indexOfByte[Int(singleByte(of: value))]
            if position != 0 { return Int(position) &- 1 }
        }
        return indexOfCase[value]
    }

    var expectedDescription: String {
        table.expectedDescription
    }

    /// The text the case is written as.
    public func name(of value: Case) -> String? {
        index(of: value).map { names[$0] }
    }
}

extension JsonEnumCases where Case: RawRepresentable, Case.RawValue == String {
    /// Cases whose raw values are their wire texts; their numbers are their positions (0, 1, 2…),
    /// as in a .NET enum without explicit values.
    public init(_ cases: [Case], encoding: Encoding = .name) {
        self.init(cases.enumerated().map { ($1, $1.rawValue, $0) }, encoding: encoding)
    }
}

extension JsonEnumCases where Case: RawRepresentable, Case.RawValue == Int {
    /// Cases with their wire texts; their numbers are their raw values.
    public init(_ cases: [(Case, String)], encoding: Encoding = .name) {
        self.init(cases.map { ($0.0, $0.1, $0.0.rawValue) }, encoding: encoding)
    }
}

/// The non-generic part of ``JsonEnumCases``: the wire texts and numbers of the cases, by index.
@usableFromInline
final class JsonEnumTable: Sendable {
    let names: [String]
    /// The texts, for matching (``NameTable/matchString(_:hint:)``), and as JSON writes them, quoted.
    let texts: NameTable
    let quotedTexts: NameTable
    let values: [Int]
    let writesIntegers: Bool

    init(names: [String], values: [Int], writesIntegers: Bool) {
        self.names = names
        texts = NameTable(names)
        quotedTexts = NameTable(utf8: names.map(JsonKey.quoted))
        self.values = values
        self.writesIntegers = writesIntegers
    }

    /// Reads a case's text (exactly, then ignoring case, then as a numeric string) or number and
    /// returns the case's index.
    @usableFromInline
    func readIndex(from reader: inout JsonReader) throws -> Int {
        let (index, start) = try readListedIndex(from: &reader)
        if let index { return index }
        let written = reader.text(from: start)
        let found =
            written.utf8.first == .quote
            ? "the string \"\(JsonDecodingError.abbreviate(reader.text(ofStringAt: start)))\""
            : "the number \(written)"
        var error = reader.error(expected: expectedDescription, found: found, valueStartingAt: start)
        error.isUnsetEnumValue = Self.isUnsetValue(written)
        throw error
    }

    /// Whether `json` is how ServiceStack writes an enum property nobody set, when no case has the
    /// value 0: a .NET enum's default is 0 whatever its cases, which ServiceStack.Text writes as
    /// `"0"` and System.Text.Json as `0`. (ServiceStack's own clients read it as that default.)
    static func isUnsetValue(_ json: String) -> Bool {
        json == "0" || json == "\"0\""
    }

    /// Reads a case as ``readIndex(from:)`` does; a string or an integer that no case has is kept
    /// as it was written (for ``JsonOpenEnum``).
    @usableFromInline
    func readIndexOrUnknown(from reader: inout JsonReader) throws -> ReadCase {
        let (index, start) = try readListedIndex(from: &reader)
        if let index { return .listed(index) }
        return .unknown(UnknownEnumValue(json: reader.text(from: start)))
    }

    /// A case read by ``readIndexOrUnknown(from:)``.
    @usableFromInline
    enum ReadCase {
        case listed(Int)
        case unknown(UnknownEnumValue)
    }

    /// The index of the case whose text or number is next in the document, or nil when no case has
    /// it (a string or an integer, read); and where the value starts.
    @inline(__always)
    private func readListedIndex(from reader: inout JsonReader) throws -> (Int?, start: Int) {
        let next = reader.peek()
        let start = reader.offset
        if let next, next != .quote {
            return (values.firstIndex(of: try reader.readInteger(Int.self)), start)
        }
        if let exact = texts.matchString(&reader) { return (exact, start) }
        if let index = try texts.readIndex(ofStringIn: &reader) { return (index, start) }
        reader.rewind(to: start)
        let text = try reader.readString()
        return (Int(text).flatMap { values.firstIndex(of: $0) }, start)
    }

    /// Writes the case at `index` as its text or its number.
    @usableFromInline
    func write(_ index: Int, to writer: inout JsonWriter) {
        if writesIntegers {
            writer.writeInteger(values[index])
        } else {
            writer.writeRaw(nameAt: index, of: quotedTexts)
        }
    }

    var expectedDescription: String {
        let listed = names.prefix(12).joined(separator: ", ")
        return "one of \(listed)\(names.count > 12 ? ", …" : "") (or its number)"
    }
}
