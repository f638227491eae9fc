import Foundation

/// .NET's `DateOnly`: a calendar date, held in Swift as the `Date` of its midnight in UTC and written as
/// .NET writes it, `2018-04-17` — the one form System.Text.Json reads a `DateOnly` in (ServiceStack 8's
/// endpoint routing), and one ServiceStack.Text reads too. Read from that or from any date DTOKit reads,
/// which gives that instant's day in UTC when written again.
@frozen
public struct DateOnly: JsonFormat, Hashable, Sendable {
    /// The day's midnight in UTC (any instant of the day writes as the day).
    public var value: Date

    @inlinable
    public init(_ value: Date) {
        self.value = value
    }

    public static func read(from reader: inout JsonReader) throws -> DateOnly {
        DateOnly(try Date.read(from: &reader))
    }

    public func write(to writer: inout JsonWriter) {
        writer.writeString(DateFormats.calendarDate(value))
    }
}
