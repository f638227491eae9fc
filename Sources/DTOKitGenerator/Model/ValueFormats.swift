/// A value whose Swift type does not say how it travels in JSON, and the DTOKit format (a
/// `JsonFormat` type) it is read and written through: the generator's one table of them.
///
/// Every decision about a formatted member comes from its row: the Swift type it is declared with,
/// its builders (`formatted`, `optionalFormattedArray`… given the format's type), how Codable code
/// reads and writes it (through the format type's `value`), its initial value, and whether
/// `InitializeCollections` applies to it. Adding a format is a `JsonFormat` type in DTOKit and a
/// row here (`RuntimeAgreementTests` checks that each row's type is a `JsonFormat` of its values).
struct ValueFormat: Hashable, Sendable {
    /// The DTOKit type that reads and writes the values, a `JsonFormat`.
    let formatType: String
    /// The Swift type members hold; the element type when `isArray`.
    let swiftName: String
    /// Members hold an array of `swiftName` (`[UInt8]`), which `InitializeCollections` starts empty.
    let isArray: Bool
    /// A non-optional member's initial value.
    let initialValue: InitialValue

    /// .NET's `TimeSpan` (and `TimeOnly`): `TimeInterval` seconds, written as XSD durations.
    static let xsdDuration = ValueFormat(
        formatType: "TimeSpan", swiftName: "TimeInterval", isArray: false, initialValue: .zero)
    /// .NET's `byte[]`: `[UInt8]`, written as Base64 text.
    static let base64 = ValueFormat(
        formatType: "Base64Bytes", swiftName: "UInt8", isArray: true, initialValue: .emptyArray)
    /// .NET's `DateOnly`: a `Date`, written `yyyy-MM-dd` (System.Text.Json reads no other form).
    static let calendarDate = ValueFormat(
        formatType: "DateOnly", swiftName: "Date", isArray: false, initialValue: .epoch)

    /// The member of every `JsonFormat` that unwraps a value (Codable code reads it).
    static let valueMember = "value"

    /// Every format, for the tests.
    static let all: [ValueFormat] = [xsdDuration, base64, calendarDate]

    /// The CLR types written in a format, by CLR name; `Byte[]` is `byte[]` (the array-rank-1 `Byte`).
    static let byClrName: [String: ValueFormat] = [
        "TimeSpan": xsdDuration, "TimeOnly": xsdDuration, "Byte[]": base64, "DateOnly": calendarDate,
    ]
}
