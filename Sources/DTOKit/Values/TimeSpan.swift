import Foundation

/// A .NET `TimeSpan` on the wire: DTO properties stay `TimeInterval`, and their builders read and
/// write them through this type, a ``JsonFormat`` (``Property/formatted(_:as:get:set:)-(_,Format.Type,_,_)``).
///
/// Written as an XSD duration (`P1DT2H3M4.5S`, `PT0S`, `-PT0.5S`), as ServiceStack does. Read from
/// an XSD duration, the .NET form `[-][d.]hh:mm[:ss[.fffffff]]`, or a number of seconds
/// (as a JSON number or a string); see ``parse(_:)`` for every form.
/// `@frozen`: one stored value, for good; and its `@inlinable` initializer needs it where DTOKit is
/// built for a binary framework (library evolution).
@frozen
public struct TimeSpan: JsonConvertible, Hashable, Sendable {
    /// The duration in seconds.
    public var seconds: TimeInterval

    @inlinable
    public init(_ seconds: TimeInterval) {
        self.seconds = seconds
    }

    /// `TimeSpan.MinValue` and `MaxValue` (∓2^63 ticks) in seconds: the Double they read as.
    /// Durations at or beyond these are written as those values.
    static let maxSeconds = Ticks.seconds(Int64.max)
    static let minSeconds = Ticks.seconds(Int64.min)

    public static func read(from reader: inout JsonReader) throws -> TimeSpan {
        reader.skipWhitespace()
        let start = reader.offset
        if let next = reader.peek(), next != .quote {
            return TimeSpan(try reader.readDouble())
        }
        let parsed = try reader.withStringScanner { scanner -> DurationText.Parsed in
            let parsed = DurationText.parse(&scanner)
            guard parsed == .invalid else { return parsed }
            // Non-finite seconds, which DTOKit writes for infinite and NaN durations.
            scanner.restart()
            return scanner.specialFloat().map { .seconds($0) } ?? .invalid
        }
        if let seconds = parsed.seconds { return TimeSpan(seconds) }
        let text = reader.text(ofStringAt: start)
        let expected =
            parsed == .outOfRange
            ? "a duration within .NET's TimeSpan range (-P10675199DT2H48M5.4775808S to P10675199DT2H48M5.4775807S)"
            : "a duration (XSD like \"PT1H30M\", \"hh:mm:ss\" or seconds)"
        throw reader.error(
            expected: expected, found: "the string \"\(JsonDecodingError.abbreviate(text))\"",
            valueStartingAt: start)
    }

    public func write(to writer: inout JsonWriter) {
        guard seconds.isFinite else {
            writer.writeDouble(seconds)
            return
        }
        writer.writeString(TimeSpan.xsdDuration(seconds))
    }

    // MARK: Text

    /// Parses any duration text .NET reads into seconds; nil when it is not a duration or lies
    /// outside .NET's `TimeSpan` range.
    ///
    /// - XSD durations `[-]P[nY][nM][nW][nD][T[nH][nM][n[.f]S]]` (`P` and `PT` alone are zero);
    /// - `[-][d.]h:mm[:ss[.fffffff]]` and `[-]d:h:mm:ss[.fffffff]`, .NET's `TimeSpan.ToString()`;
    /// - a number of seconds (`90`, `-0.5`, `1e3`).
    public static func parse(_ text: String) -> TimeInterval? {
        ByteScanner.scanning(text) { DurationText.parse(&$0).seconds }
    }

    /// The XSD duration ServiceStack writes for `seconds`: `P1DT2H3M4.5S`, `PT0S`, `-PT0.5S`.
    ///
    /// The ticks printed are the roundest that read back as exactly `seconds` (so `1.1` is
    /// `PT1.1S`, and text read and written again comes out the same). Durations at or beyond
    /// `TimeSpan.MinValue`/`MaxValue` are written as those; NaN as `PT0S`.
    public static func xsdDuration(_ seconds: TimeInterval) -> String {
        let ticks: Int64
        if seconds.isNaN {
            ticks = 0
        } else if seconds >= maxSeconds {
            ticks = Int64.max
        } else if seconds <= minSeconds {
            ticks = Int64.min
        } else {
            ticks = Ticks.roundest(forSeconds: seconds) ?? 0
        }
        return DurationText.xsd(ticks: ticks)
    }
}
