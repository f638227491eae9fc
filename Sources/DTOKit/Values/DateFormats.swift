import Foundation

/// The date formats ServiceStack sends and accepts, parsed and printed by hand.
///
/// Read: WCF `/Date(1523942312513)/`, `/Date(ms-0000)/`, `/Date(ms+0200)/` (the offset is
/// informational: the milliseconds are already UTC), and ISO-8601 `2018-04-17`,
/// `2018-04-17T05:18:32`, with `.f` to `.fffffff`, `Z`, `+02:00`, `+0200`, `+02`, a space instead
/// of `T`. An ISO date without an offset is taken as UTC (ServiceStack writes UTC or
/// "unspecified" database values), so the result never depends on the machine's time zone.
public enum DateFormats {
    /// 2001-01-01 (Foundation's reference date) in milliseconds since 1970.
    static let referenceDateMilliseconds: Int64 = 978_307_200_000
    /// .NET DateTime's range, 0001-01-01 to 9999-12-31T23:59:59.999, in milliseconds since 1970.
    static let minMilliseconds: Int64 = -62_135_596_800_000
    static let maxMilliseconds: Int64 = 253_402_300_799_999

    /// Parses any supported date text; nil when the text is not a date.
    public static func parse(_ text: String) -> Date? {
        ByteScanner.scanning(text) { parse(&$0) }
    }

    /// Parses any supported date from the scanner's bytes; nil when they are not a date.
    static func parse(_ scanner: inout ByteScanner) -> Date? {
        if scanner.peek() == .slash || scanner.peek() == UInt8(ascii: "D") {
            return parseWcf(&scanner)
        }
        return parseIso8601(&scanner)
    }

    /// `/Date(ms)/`, `/Date(ms±hhmm)/` (leading and trailing slashes optional).
    static func parseWcf(_ scanner: inout ByteScanner) -> Date? {
        let hasSlash = scanner.consume(.slash)
        guard scanner.consume("Date(") else { return nil }
        let isNegative = scanner.consume(.minus)
        guard let magnitude = scanner.unsignedInteger() else { return nil }
        let milliseconds = isNegative ? -magnitude : magnitude
        if scanner.peek() == .plus || scanner.peek() == .minus {
            // The offset says which zone the sender was in; the instant does not depend on it.
            scanner.advance()
            guard scanner.digits(4) != nil else { return nil }
        }
        guard scanner.consume(UInt8(ascii: ")")) else { return nil }
        if hasSlash { guard scanner.consume(.slash) else { return nil } }
        guard scanner.isAtEnd else { return nil }
        let (sinceReference, overflow) = milliseconds.subtractingReportingOverflow(referenceDateMilliseconds)
        // Only milliseconds far outside any calendar overflow; as Doubles they are still a Date.
        let seconds =
            overflow ? (Double(milliseconds) - Double(referenceDateMilliseconds)) / 1000 : Double(sinceReference) / 1000
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// `yyyy-MM-dd[(T| )HH:mm[:ss[.fffffff]]][Z|±HH:mm|±HHmm|±HH]`
    static func parseIso8601(_ scanner: inout ByteScanner) -> Date? {
        guard let year = scanner.digits(4), scanner.consume(.minus),
            let month = scanner.digits(2), scanner.consume(.minus),
            let day = scanner.digits(2),
            (1...12).contains(month), day >= 1, day <= CivilTime.daysInMonth(year: year, month: month)
        else { return nil }
        var ticks = Int64(CivilTime.days(year: year, month: month, day: day)) * Ticks.perDay
        if scanner.isAtEnd {
            return date(ticksSince1970: ticks)
        }
        guard scanner.consume(UInt8(ascii: "T")) || scanner.consume(UInt8(ascii: "t")) || scanner.consume(.space),
            let hour = scanner.digits(2), scanner.consume(.colon), let minute = scanner.digits(2),
            hour <= 23, minute <= 59
        else { return nil }
        var second = 0
        if scanner.consume(.colon) {
            guard let value = scanner.digits(2), value <= 59 else { return nil }
            second = value
            if scanner.consume(.dot) || scanner.consume(.comma) {
                guard let fraction = scanner.fractionTicks() else { return nil }
                ticks += fraction
            }
        }
        ticks += Int64((hour * 60 + minute) * 60 + second) * Ticks.perSecond
        if scanner.consume(UInt8(ascii: "Z")) || scanner.consume(UInt8(ascii: "z")) {
            // UTC
        } else if let sign = scanner.peek(), sign == .plus || sign == .minus {
            scanner.advance()
            guard let offsetHours = scanner.digits(2), offsetHours <= 23 else { return nil }
            var offsetMinutes = 0
            if !scanner.isAtEnd {
                _ = scanner.consume(.colon)
                guard let minutes = scanner.digits(2), minutes <= 59 else { return nil }
                offsetMinutes = minutes
            }
            let offsetTicks = Int64(offsetHours * 60 + offsetMinutes) * 60 * Ticks.perSecond
            // 10:00+02:00 is 08:00 UTC.
            ticks += sign == .plus ? -offsetTicks : offsetTicks
        }
        guard scanner.isAtEnd else { return nil }
        return date(ticksSince1970: ticks)
    }

    static func date(ticksSince1970 ticks: Int64) -> Date {
        Date(timeIntervalSinceReferenceDate: secondsSinceReferenceDate(ticksSince1970: ticks))
    }

    /// The Double nearest to `ticks` (100 ns since 1970) in seconds since 2001, so that a date read
    /// from ISO text is the very Date read from the same instant in WCF milliseconds.
    static func secondsSinceReferenceDate(ticksSince1970 ticks: Int64) -> TimeInterval {
        Ticks.seconds(ticks - referenceDateMilliseconds * Ticks.perMillisecond)
    }

    // MARK: Writing

    /// .NET DateTime's range in ticks since 1970: 0001-01-01T00:00:00 to 9999-12-31T23:59:59.9999999.
    static let minTicks: Int64 = minMilliseconds * Ticks.perMillisecond
    static let maxTicks: Int64 = maxMilliseconds * Ticks.perMillisecond + (Ticks.perMillisecond - 1)

    /// The instant `date` stands for, in ticks since 1970, clamped to .NET's DateTime range so
    /// the server can read it (NaN is taken as the reference date, 2001-01-01).
    static func ticksSince1970(of date: Date) -> Int64 {
        let seconds = date.timeIntervalSinceReferenceDate
        let referenceTicks = referenceDateMilliseconds * Ticks.perMillisecond
        // Clamped as seconds first, so that the tick arithmetic cannot overflow.
        let lowest = Double(minMilliseconds - referenceDateMilliseconds) / 1000 - 1
        let highest = Double(maxMilliseconds - referenceDateMilliseconds) / 1000 + 1
        let clamped = seconds.isNaN ? 0 : min(max(seconds, lowest), highest)
        let ticks = roundestTicks(forSecondsSinceReferenceDate: clamped) + referenceTicks
        return min(max(ticks, minTicks), maxTicks)
    }

    /// Milliseconds since 1970 as .NET computes them from a DateTime: truncated toward zero
    /// (`…48.0005` is `…48000`), within DateTime's range.
    static func milliseconds(of date: Date) -> Int64 {
        // Most dates are whole milliseconds, made as DTOKit reads "/Date(ms)/" (ms since 2001 ÷ 1000)
        // or as Date(timeIntervalSince1970:) makes them (ms since 1970 ÷ 1000, then less the
        // seconds to 2001): recognize those with two divisions. (The general path finds the same.)
        let seconds = date.timeIntervalSinceReferenceDate
        let nearest = (seconds * 1000).rounded()
        if nearest.magnitude < 1e14 {
            let sinceReference = Int64(nearest)
            let since1970 = sinceReference + referenceDateMilliseconds
            if since1970 >= minMilliseconds, since1970 <= maxMilliseconds,
                Double(sinceReference) / 1000 == seconds
                    || Double(since1970) / 1000 - Double(referenceDateMilliseconds / 1000) == seconds
            {
                return since1970
            }
        }
        return ticksSince1970(of: date) / Ticks.perMillisecond
    }

    /// `\/Date(1523942312513)\/`, the form ServiceStack.Text writes for UTC dates.
    public static func wcf(_ date: Date) -> String {
        "/Date(\(milliseconds(of: date)))/"
    }

    /// `2018-04-17T05:18:32.5130000Z`: UTC with seven fraction digits, as .NET's round-trip
    /// format (`"o"`) writes a UTC DateTime.
    public static func iso8601(_ date: Date) -> String {
        let (day, timeOfDay) = calendarDayAndTime(of: date)
        let secondOfDay = Int(timeOfDay / Ticks.perSecond)  // 32-bit: < 86,400
        let fraction = Int(timeOfDay % Ticks.perSecond)  // 32-bit: < 10,000,000
        let time = pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        return day + "T" + time + "." + pad(fraction, 7) + "Z"
    }

    /// `2018-04-17`: the date's day in UTC, as .NET writes a `DateOnly` (its round-trip format).
    public static func calendarDate(_ date: Date) -> String {
        calendarDayAndTime(of: date).day
    }

    /// `yyyy-MM-dd` of `date` in UTC, and the ticks since that day's midnight.
    private static func calendarDayAndTime(of date: Date) -> (day: String, timeOfDay: Int64) {
        // Within DateTime's range (years 1 to 9999), so each part fits a 32-bit Int.
        let (days, timeOfDay) = CivilTime.floorDivide(ticksSince1970(of: date), Ticks.perDay)
        let (year, month, day) = CivilTime.date(fromDays: Int(days))  // 32-bit: |days| < 3.7 million
        return (pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2), timeOfDay)
    }

    /// The instant to print for `seconds` since 2001, in ticks since 2001: the roundest of whole
    /// seconds, milliseconds, microseconds or 100 ns ticks from which the usual ways of making a
    /// Date give exactly this one. A Date is a Double, and near today its last bit is about 120 ns,
    /// so printing the nearest tick would show noise: `Date(timeIntervalSince1970: 1523942312.004)`
    /// is `.004`, not `.0039999`, and truncating it to milliseconds must give 4, not 3.
    /// `seconds` must be finite and within a few hundred years of .NET's range.
    static func roundestTicks(forSecondsSinceReferenceDate seconds: TimeInterval) -> Int64 {
        let ticks = Ticks.nearest(toSeconds: seconds) ?? 0
        for unit: Int64 in [Ticks.perSecond, Ticks.perMillisecond, 10] {
            if let candidate = Ticks.rounded(ticks, toMultipleOf: unit), isDate(seconds, madeFromTicks: candidate) {
                return candidate
            }
        }
        return ticks
    }

    /// Whether `seconds` since 2001 is exactly the Date made from `ticks` since 2001 the way
    /// DTOKit's reader and `Date(timeIntervalSinceReferenceDate:)` make it, or the way
    /// `Date(timeIntervalSince1970:)` (and JSONDecoder's millisecondsSince1970) make it from the
    /// same instant counted from 1970, whose last bit is up to twice as coarse.
    static func isDate(_ seconds: TimeInterval, madeFromTicks ticks: Int64) -> Bool {
        if Ticks.seconds(ticks) == seconds { return true }
        let referenceTicks = referenceDateMilliseconds * Ticks.perMillisecond
        let since1970 = Ticks.seconds(ticks + referenceTicks)
        return since1970 - Double(referenceDateMilliseconds / 1000) == seconds
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Date: JsonConvertible {
    public static func read(from reader: inout JsonReader) throws -> Date {
        reader.skipWhitespace()
        let start = reader.offset
        if let next = reader.peek(), next != .quote {
            // A bare number is milliseconds since 1970: whole from JavaScript's Date.getTime(),
            // possibly with a fraction from JSONEncoder's .millisecondsSince1970.
            let valueStart = reader.offset
            let milliseconds = try reader.readDouble()
            // Whole milliseconds in .NET's range are exact Doubles, so this subtraction is exact
            // and the division rounds once, as for "/Date(ms)/".
            guard milliseconds.isFinite, milliseconds.magnitude <= 1e17 else {
                throw reader.error(
                    expected: "a date (milliseconds since 1970)",
                    found: "the number \(milliseconds)", valueStartingAt: valueStart)
            }
            return Date(
                timeIntervalSinceReferenceDate: (milliseconds - Double(DateFormats.referenceDateMilliseconds)) / 1000)
        }
        if let date = reader.readWcfDateInPlace() { return date }
        let parsed = try reader.withStringScanner { DateFormats.parse(&$0) }
        guard let date = parsed else {
            let text = reader.text(ofStringAt: start)
            throw reader.error(
                expected: "a date (\"/Date(ms)/\" or ISO-8601 like \"2018-04-17T05:18:32Z\")",
                found: "the string \"\(JsonDecodingError.abbreviate(text))\"", valueStartingAt: start)
        }
        return date
    }

    public func write(to writer: inout JsonWriter) {
        switch writer.options.dateFormat {
        case .wcf:
            writer.writeRaw("\"\\/Date(")
            writer.writeInteger(DateFormats.milliseconds(of: self))
            writer.writeRaw(")\\/\"")
        case .iso8601:
            writer.writeString(DateFormats.iso8601(self))
        }
    }
}
