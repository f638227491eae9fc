import Foundation

/// Dates as HTTP carries them: `Wed, 21 Oct 2026 07:28:00 GMT` and the obsolete RFC 850 and asctime
/// forms (RFC 9110 §5.6.7, for `Retry-After`), and the looser forms servers write in a cookie's
/// `Expires` — read with the one algorithm that takes them all, RFC 6265bis §5.1.1: the tokens are
/// looked at in turn for a time, a day of the month, a month and a year, whatever their order; a
/// two-digit year is 1970–2069. Always UTC (HTTP dates are GMT).
enum HTTPDate {
    /// The date `text` names, or nil when it names none (a part is missing or out of range, or the
    /// day is not in its month).
    static func parse(_ text: String) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in tokens(of: text) {
            if time == nil, let found = Self.time(in: token) {
                time = found
            } else if day == nil, let found = leadingNumber(in: token, digits: 1...2) {
                day = found
            } else if month == nil, let found = Self.month(in: token) {
                month = found
            } else if year == nil, let found = leadingNumber(in: token, digits: 2...4) {
                year = found
            }
        }
        guard let time, let day, let month, var year else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(day), year >= 1601, year <= 9999, time.hour <= 23, time.minute <= 59, time.second <= 59
        else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (time.hour, time.minute, time.second)
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day  // 30 February is no date
        else { return nil }
        return date
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// The tokens between delimiters (§5.1.1: a tab, and every printable ASCII character but digits,
    /// letters and `:`).
    private static func tokens(of text: String) -> [Substring.UTF8View] {
        text.utf8.split { byte in
            byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
                || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
        }
    }

    /// `hh:mm:ss` at the token's start (one or two digits each), anything but a digit after it.
    private static func time(in token: Substring.UTF8View) -> (hour: Int, minute: Int, second: Int)? {
        var parts: [Int] = []
        var rest = token[...]
        for index in 0..<3 {
            let digits = rest.prefix { isDigit($0) }
            guard (1...2).contains(digits.count) else { return nil }
            parts.append(decimal(digits))
            rest = rest.dropFirst(digits.count)
            if index < 2 {
                guard rest.first == UInt8(ascii: ":") else { return nil }
                rest = rest.dropFirst()
            }
        }
        if let next = rest.first, isDigit(next) { return nil }
        return (parts[0], parts[1], parts[2])
    }

    /// A number of `digits` digits at the token's start, anything but a digit after it.
    private static func leadingNumber(in token: Substring.UTF8View, digits: ClosedRange<Int>) -> Int? {
        let leading = token.prefix { isDigit($0) }
        guard digits.contains(leading.count) else { return nil }
        return decimal(leading)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The month the token's first three letters name (any case).
    private static func month(in token: Substring.UTF8View) -> Int? {
        guard token.count >= 3 else { return nil }
        let name = String(decoding: token.prefix(3), as: UTF8.self).lowercased()
        return months.firstIndex(of: name).map { $0 + 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// The value of a few ASCII digits (at most four here: no overflow), read without parsing a string.
    private static func decimal(_ digits: Substring.UTF8View.SubSequence) -> Int {
        digits.reduce(0) { $0 &* 10 &+ Int($1 &- 0x30) }
    }
}
