/// The texts a .NET `TimeSpan` arrives as, parsed by hand with overflow-checked tick arithmetic,
/// and the XSD duration it is written as.
///
/// Read, as .NET's readers do (ServiceStack.Text's `TimeSpan` parser, `XmlConvert`, `TimeSpan.Parse`):
/// - XSD durations `[-]P[nY][nM][nW][nD][T[nH][nM][n[.f]S]]`; years count 365 days and months
///   30, as `XmlConvert` does; `P` and `PT` alone are zero, as ServiceStack reads them;
///   seconds may be written `.5` or `5.`; fraction digits after the seventh are cut off;
/// - `TimeSpan.ToString()` forms `[-][d.]h:mm[:ss[.fffffff]]` and `[-]d:h:mm:ss[.fffffff]`;
/// - a number of seconds (`90`, `-0.5`, `1e3`, `.5`);
/// - the last two with white space around them, as `TimeSpan.Parse` and `double.Parse` allow.
///
/// Durations outside `TimeSpan`'s range (±2^63 ticks, `TimeSpan.MinValue`…`MaxValue`) are
/// ``Parsed/outOfRange``, which .NET rejects too; numbers of seconds are Doubles and have no range.
enum DurationText {
    enum Parsed: Equatable {
        case ticks(Int64)
        case seconds(Double)
        case outOfRange
        case invalid

        /// The duration in seconds, when it is one.
        var seconds: Double? {
            switch self {
            case .ticks(let ticks): return Ticks.seconds(ticks)
            case .seconds(let seconds): return seconds
            case .outOfRange, .invalid: return nil
            }
        }
    }

    static func parse(_ scanner: inout ByteScanner) -> Parsed {
        let isNegative = scanner.consume(.minus)
        if scanner.peek() == UInt8(ascii: "P") {
            return signed(parseXsd(&scanner), isNegative: isNegative)
        }
        // TimeSpan.Parse and double.Parse allow white space around the text.
        scanner.restart()
        scanner.trimWhitespace()
        if scanner.contains(.colon) {
            let isNegative = scanner.consume(.minus)
            return signed(parseClock(&scanner), isNegative: isNegative)
        }
        return parseSeconds(&scanner)
    }

    /// A tick magnitude with its sign: up to 2^63 when negative (`TimeSpan.MinValue`), 2^63 - 1 otherwise.
    private static func signed(_ magnitude: UInt64??, isNegative: Bool) -> Parsed {
        guard let parsed = magnitude else { return .invalid }
        guard let magnitude = parsed else { return .outOfRange }
        if isNegative {
            if magnitude == UInt64(Int64.max) + 1 { return .ticks(Int64.min) }
            return magnitude <= UInt64(Int64.max) ? .ticks(-Int64(magnitude)) : .outOfRange
        }
        return magnitude <= UInt64(Int64.max) ? .ticks(Int64(magnitude)) : .outOfRange
    }

    /// The rank (designators must appear in this order) and length in ticks of a designator.
    @inline(__always)
    private static func unit(of designator: UInt8, inTimePart: Bool) -> (rank: Int, ticks: UInt64)? {
        let day = UInt64(Ticks.perDay)
        switch (inTimePart, designator) {
        case (false, UInt8(ascii: "Y")): return (0, 365 * day)
        case (false, UInt8(ascii: "M")): return (1, 30 * day)
        case (false, UInt8(ascii: "W")): return (2, 7 * day)
        case (false, UInt8(ascii: "D")): return (3, day)
        case (true, UInt8(ascii: "H")): return (4, UInt64(Ticks.perHour))
        case (true, UInt8(ascii: "M")): return (5, UInt64(Ticks.perMinute))
        case (true, UInt8(ascii: "S")): return (6, UInt64(Ticks.perSecond))
        default: return nil
        }
    }

    private static let powersOfTen: [UInt64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000]

    /// The magnitude in ticks of `P…` at the scanner: nil when it is not an XSD duration,
    /// `.some(nil)` when it is one too long for 64 bits. (One pass over the bytes, without the
    /// scanner's helpers: durations are common in responses.)
    private static func parseXsd(_ scanner: inout ByteScanner) -> UInt64?? {
        let count = scanner.endIndex
        var i = scanner.index
        guard i < count, scanner[i] == UInt8(ascii: "P") else { return nil }
        i += 1
        var total: UInt64 = 0
        var overflowed = false
        var lastRank = -1
        var inTimePart = false
        while i < count {
            if !inTimePart, scanner[i] == UInt8(ascii: "T") {
                inTimePart = true
                i += 1
                continue
            }
            var whole: UInt64 = 0
            var wholeDigits = 0
            var wholeOverflowed = false
            while i < count, scanner[i] &- .zero < 10 {
                // Nineteen digits always fit 64 bits; a twentieth may not (no TimeSpan needs one).
                if wholeDigits < 19 {
                    whole = whole &* 10 &+ UInt64(scanner[i] &- .zero)
                } else {
                    wholeOverflowed = true
                }
                wholeDigits += 1
                i += 1
            }
            // Seconds may have a fraction: its first seven digits are ticks, the rest are cut off.
            var fraction: UInt64 = 0
            var fractionDigits = 0
            let hasFraction = i < count && scanner[i] == .dot
            if hasFraction {
                i += 1
                while i < count, scanner[i] &- .zero < 10 {
                    if fractionDigits < 7 { fraction = fraction * 10 + UInt64(scanner[i] &- .zero) }
                    fractionDigits += 1
                    i += 1
                }
                fraction &*= powersOfTen[7 - min(fractionDigits, 7)]
            }
            // A number needs a digit somewhere ("5", "5.", ".5" but not "."), then its designator.
            guard wholeDigits + fractionDigits > 0, i < count,
                let (rank, unit) = unit(of: scanner[i], inTimePart: inTimePart), rank > lastRank,
                !hasFraction || rank == 6  // only seconds take a fraction (as in XmlConvert's grammar)
            else { return nil }
            i += 1
            lastRank = rank
            let (product, overflow1) = whole.multipliedReportingOverflow(by: unit)
            let (sum, overflow2) = total.addingReportingOverflow(product)
            let (withFraction, overflow3) = sum.addingReportingOverflow(fraction)
            if wholeOverflowed || overflow1 || overflow2 || overflow3 {
                overflowed = true
            } else {
                total = withFraction
            }
        }
        scanner.move(to: i)
        return overflowed ? .some(nil) : total
    }

    /// The magnitude in ticks of `[d.]h:mm[:ss[.f]]` or `d:h:mm:ss[.f]` at the scanner.
    private static func parseClock(_ scanner: inout ByteScanner) -> UInt64?? {
        var parts: [UInt64] = []
        var days: UInt64?
        var overflowed = false
        func number(_ scanner: inout ByteScanner) -> UInt64? {
            switch scanner.unsignedMagnitude() {
            case .some(.some(let value)): return value
            case .some(.none):
                overflowed = true
                return 0
            case .none: return nil
            }
        }
        guard let first = number(&scanner) else { return nil }
        if scanner.consume(.dot) {
            days = first
        } else {
            parts.append(first)
        }
        if days != nil {
            guard let hours = number(&scanner) else { return nil }
            parts.append(hours)
        }
        while scanner.consume(.colon) {
            guard parts.count < 4, let value = number(&scanner) else { return nil }
            parts.append(value)
        }
        var fraction: UInt64 = 0
        if scanner.consume(.dot) {
            // A fraction belongs to the seconds: h:mm:ss.f or d:h:mm:ss.f.
            guard parts.count >= 3, let ticks = scanner.fractionTicks() else { return nil }
            fraction = UInt64(ticks)
        }
        guard scanner.isAtEnd, parts.count >= 2 else { return nil }
        if parts.count == 4 {
            // d:h:mm:ss
            guard days == nil else { return nil }
            days = parts.removeFirst()
        }
        let hours = parts[0]
        let minutes = parts[1]
        let seconds = parts.count > 2 ? parts[2] : 0
        // With a day count the hours are a time of day; alone they may exceed a day.
        guard minutes <= 59, seconds <= 59, days == nil || hours <= 23 else { return nil }
        if overflowed { return .some(nil) }
        var total: UInt64 = 0
        for (value, unit) in [
            (days ?? 0, Ticks.perDay), (hours, Ticks.perHour), (minutes, Ticks.perMinute),
            (seconds, Ticks.perSecond), (fraction, 1),
        ] {
            let (product, overflow1) = value.multipliedReportingOverflow(by: UInt64(unit))
            let (sum, overflow2) = total.addingReportingOverflow(product)
            if overflow1 || overflow2 { return .some(nil) }
            total = sum
        }
        return total
    }

    /// A number of seconds in any form .NET's `double.Parse` reads for it:
    /// `[+-](digits[.digits]|.digits)[(e|E)[+-]digits]`.
    private static func parseSeconds(_ scanner: inout ByteScanner) -> Parsed {
        _ = scanner.consume(.minus) || scanner.consume(.plus)
        let integerDigits = scanner.skipDigits()
        var fractionDigits = 0
        if scanner.consume(.dot) { fractionDigits = scanner.skipDigits() }
        guard integerDigits + fractionDigits > 0 else { return .invalid }
        if scanner.consume(UInt8(ascii: "e")) || scanner.consume(UInt8(ascii: "E")) {
            _ = scanner.consume(.minus) || scanner.consume(.plus)
            guard scanner.skipDigits() > 0 else { return .invalid }
        }
        guard scanner.isAtEnd, let seconds = Double(scanner.text) else { return .invalid }
        return .seconds(seconds)
    }

    // MARK: Writing

    /// The XSD duration for a tick count, as `XmlConvert.ToString(TimeSpan)` writes it:
    /// `P1DT2H3M4.5S`, `PT0S`, `-PT0.5S`, `-P10675199DT2H48M5.4775808S` (`TimeSpan.MinValue`).
    static func xsd(ticks: Int64) -> String {
        var text = ticks < 0 ? "-P" : "P"
        let magnitude = ticks.magnitude
        let perSecond = UInt64(Ticks.perSecond)
        let totalSeconds = magnitude / perSecond
        let fraction = magnitude % perSecond
        let days = totalSeconds / 86_400
        let hours = totalSeconds / 3600 % 24
        let minutes = totalSeconds / 60 % 60
        let seconds = totalSeconds % 60
        if days > 0 { text += "\(days)D" }
        guard days == 0 || hours + minutes + seconds + fraction > 0 else { return text }
        text += "T"
        if hours > 0 { text += "\(hours)H" }
        if minutes > 0 { text += "\(minutes)M" }
        if seconds + fraction > 0 {
            text += "\(seconds)"
            if fraction > 0 {
                var digits = DateFormats.pad(Int(fraction), 7)  // 32-bit: a second's ticks, < 10^7
                while digits.hasSuffix("0") { digits.removeLast() }
                text += "." + digits
            }
            text += "S"
        } else if hours == 0 && minutes == 0 {
            text += "0S"
        }
        return text
    }
}
