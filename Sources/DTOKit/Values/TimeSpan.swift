import Foundation

/// A .NET `TimeSpan` on the wire: DTO properties stay `TimeInterval`, and the
/// ``Property/timeSpan(_:get:set:)`` builders convert through this type.
///
/// Written as an XSD duration (`P1DT2H3M4.5S`, `PT0S`, `-PT0.5S`), as ServiceStack does. Read from
/// an XSD duration, the .NET form `[-][d.]hh:mm[:ss[.fffffff]]`, or a number of seconds
/// (as a JSON number or a string).
public struct TimeSpan: JsonConvertible, Hashable, Sendable {
    /// The duration in seconds.
    public var seconds: TimeInterval

    @inlinable
    public init(_ seconds: TimeInterval) {
        self.seconds = seconds
    }

    public static func read(from reader: inout JsonReader) throws -> TimeSpan {
        reader.skipWhitespace()
        let start = reader.offset
        if let next = reader.peek(), next != .quote {
            return TimeSpan(try reader.readDouble())
        }
        let parsed = try reader.withStringBytes { TimeSpan.parse(bytes: $0) }
        if let parsed { return TimeSpan(parsed) }
        reader.cursor = reader.start + start
        if let special = try? reader.readDouble() { return TimeSpan(special) }
        let text = (try? reader.readString()) ?? ""
        throw reader.error(expected: "a duration (XSD like \"PT1H30M\", \"hh:mm:ss\" or seconds)",
                           found: "the string \"\(JsonDecodingError.abbreviate(text))\"", valueStartingAt: start)
    }

    public func write(to writer: inout JsonWriter) {
        guard seconds.isFinite else {
            writer.writeDouble(seconds)
            return
        }
        writer.writeString(TimeSpan.xsdDuration(seconds))
    }

    // MARK: Parsing

    /// Parses any supported duration text into seconds; nil when it is not a duration.
    public static func parse(_ text: String) -> TimeInterval? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> TimeInterval? {
        var scanner = ByteScanner(bytes)
        let isNegative = scanner.consume(.minus)
        if scanner.peek() == UInt8(ascii: "P") {
            return parseXsd(&scanner).map { isNegative ? -$0 : $0 }
        }
        if bytes.contains(.colon) {
            return parseClock(&scanner).map { isNegative ? -$0 : $0 }
        }
        return nil
    }

    /// `P[nY][nM][nW][nD][T[nH][nM][n[.f]S]]`; years count 365 days and months 30, as .NET's
    /// XmlConvert does.
    static func parseXsd(_ scanner: inout ByteScanner) -> TimeInterval? {
        guard scanner.consume(UInt8(ascii: "P")) else { return nil }
        var ticks: Int64 = 0
        var sawComponent = false
        var inTimePart = false
        // Date designators must come in order, then time designators in order.
        var lastDesignatorRank = -1
        while !scanner.isAtEnd {
            if !inTimePart, scanner.consume(UInt8(ascii: "T")) {
                inTimePart = true
                guard !scanner.isAtEnd else { return nil }
                continue
            }
            guard let whole = scanner.unsignedInteger() else { return nil }
            var fraction: Int64 = 0
            if scanner.consume(.dot) {
                guard let value = scanner.fractionTicks() else { return nil }
                fraction = value
            }
            guard let designator = scanner.peek() else { return nil }
            scanner.index += 1
            let rankAndUnit: (Int, Int64)?
            switch (inTimePart, designator) {
            case (false, UInt8(ascii: "Y")): rankAndUnit = (0, 365 * DateFormats.ticksPerDay)
            case (false, UInt8(ascii: "M")): rankAndUnit = (1, 30 * DateFormats.ticksPerDay)
            case (false, UInt8(ascii: "W")): rankAndUnit = (2, 7 * DateFormats.ticksPerDay)
            case (false, UInt8(ascii: "D")): rankAndUnit = (3, DateFormats.ticksPerDay)
            case (true, UInt8(ascii: "H")): rankAndUnit = (4, 3600 * DateFormats.ticksPerSecond)
            case (true, UInt8(ascii: "M")): rankAndUnit = (5, 60 * DateFormats.ticksPerSecond)
            case (true, UInt8(ascii: "S")): rankAndUnit = (6, DateFormats.ticksPerSecond)
            default: rankAndUnit = nil
            }
            guard let (rank, unit) = rankAndUnit, rank > lastDesignatorRank,
                  fraction == 0 || rank == 6 else { return nil }
            lastDesignatorRank = rank
            let (product, overflow1) = whole.multipliedReportingOverflow(by: unit)
            let (sum, overflow2) = ticks.addingReportingOverflow(product)
            guard !overflow1, !overflow2 else { return nil }
            ticks = sum + fraction
            sawComponent = true
        }
        guard sawComponent else { return nil }
        return Double(ticks) / Double(DateFormats.ticksPerSecond)
    }

    /// `[d.]hh:mm[:ss[.fffffff]]`, .NET's TimeSpan.ToString() form.
    static func parseClock(_ scanner: inout ByteScanner) -> TimeInterval? {
        guard var first = scanner.unsignedInteger() else { return nil }
        var days: Int64 = 0
        if scanner.consume(.dot) {
            days = first
            guard let hours = scanner.unsignedInteger() else { return nil }
            first = hours
        }
        guard first <= 23 || days == 0, scanner.consume(.colon), let minutes = scanner.digits(2), minutes <= 59
        else { return nil }
        var seconds = 0
        var fraction: Int64 = 0
        if scanner.consume(.colon) {
            guard let value = scanner.digits(2), value <= 59 else { return nil }
            seconds = value
            if scanner.consume(.dot) {
                guard let value = scanner.fractionTicks() else { return nil }
                fraction = value
            }
        }
        guard scanner.isAtEnd, days < 10_675_199, first < 256_204_778 else { return nil }
        let wholeSeconds = ((days * 24 + first) * 60 + Int64(minutes)) * 60 + Int64(seconds)
        return Double(wholeSeconds) + Double(fraction) / Double(DateFormats.ticksPerSecond)
    }

    // MARK: Writing

    /// The XSD duration ServiceStack writes for `seconds`: `P1DT2H3M4.5S`, `PT0S`, `-PT0.5S`.
    public static func xsdDuration(_ seconds: TimeInterval) -> String {
        // .NET TimeSpan holds ±2^63 ticks of 100 ns; clamp to it rather than trap.
        let limit = Double(Int64.max) / Double(DateFormats.ticksPerSecond)
        let clamped = seconds.isNaN ? 0 : min(max(seconds, -limit), limit)
        var ticks = Int64(exactly: (clamped * Double(DateFormats.ticksPerSecond)).rounded()) ?? (clamped < 0 ? -Int64.max : Int64.max)
        var text = "P"
        if ticks < 0 {
            text = "-P"
            ticks = ticks == Int64.min ? Int64.max : -ticks
        }
        let totalSeconds = ticks / DateFormats.ticksPerSecond
        let fraction = ticks % DateFormats.ticksPerSecond
        let days = totalSeconds / 86_400
        let hours = totalSeconds / 3600 % 24
        let minutes = totalSeconds / 60 % 60
        let wholeSeconds = totalSeconds % 60
        if days > 0 { text += "\(days)D" }
        if days == 0 || hours + minutes + wholeSeconds + fraction > 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if wholeSeconds + fraction > 0 {
                text += "\(wholeSeconds)"
                if fraction > 0 {
                    var digits = DateFormats.pad(Int(fraction), 7)
                    while digits.hasSuffix("0") { digits.removeLast() }
                    text += "." + digits
                }
                text += "S"
            } else if hours == 0 && minutes == 0 {
                text += "0S"
            }
        }
        return text
    }
}
