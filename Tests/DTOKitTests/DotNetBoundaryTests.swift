import DTOKit
import Foundation
import XCTest

/// Every value format at the limits of the .NET type it comes from: each boundary value a .NET
/// server can send decodes to the right value or fails with a `JsonDecodingError` that names the
/// member — never a trap — and what DTOKit writes for it is what .NET reads.
final class DotNetBoundaryTests: XCTestCase {
    // MARK: TimeSpan

    /// `TimeSpan.MinValue` and `MaxValue` as the Double of seconds they read as.
    let timeSpanMinSeconds = -922_337_203_685.477_580_8
    let timeSpanMaxSeconds = 922_337_203_685.477_580_7

    private enum Outcome {
        /// Decodes to these seconds and is written back as this text.
        case value(TimeInterval, writtenAs: String)
        /// Fails with an error whose `expected` contains this text.
        case error(String)
    }

    /// Duration texts at and beyond TimeSpan's range, in every form .NET writes or reads.
    private var durationTable: [(json: String, outcome: Outcome, line: UInt)] {
        let minText = "-P10675199DT2H48M5.4775808S"
        let maxText = "P10675199DT2H48M5.4775807S"
        let range = "TimeSpan range"
        return [
            // The two inputs that used to trap (integer overflow).
            (#""-P10675199DT2H48M5.4775808S""#, .value(timeSpanMinSeconds, writtenAs: minText), #line),
            (#""PT922337203685.9999999S""#, .error(range), #line),
            // XmlConvert's text of TimeSpan.MaxValue, and both bounds in other spellings.
            (#""P10675199DT2H48M5.4775807S""#, .value(timeSpanMaxSeconds, writtenAs: maxText), #line),
            (#""PT922337203685.4775807S""#, .value(timeSpanMaxSeconds, writtenAs: maxText), #line),
            (#""-PT922337203685.4775808S""#, .value(timeSpanMinSeconds, writtenAs: minText), #line),
            (#""-PT256204778H48M5.4775808S""#, .value(timeSpanMinSeconds, writtenAs: minText), #line),
            // One tick beyond each bound.
            (#""P10675199DT2H48M5.4775808S""#, .error(range), #line),
            (#""-P10675199DT2H48M5.4775809S""#, .error(range), #line),
            (#""PT922337203685.4775808S""#, .error(range), #line),
            // Far beyond: each component overflowing 64 bits on its own, and in the sum.
            (#""P10675200D""#, .error(range), #line),
            (#""P99999999999999999999D""#, .error(range), #line),
            (#""PT99999999999999999999S""#, .error(range), #line),
            (#""PT9223372036854775807H""#, .error(range), #line),
            (#""P25000000Y""#, .error(range), #line),
            (#""P10675199DT10675199D""#, .error("a duration"), #line),
            (#""P5000000DT5000000000000000S""#, .error(range), #line),
            // TimeSpan.ToString() forms of the bounds.
            (#""10675199.02:48:05.4775807""#, .value(timeSpanMaxSeconds, writtenAs: maxText), #line),
            (#""-10675199.02:48:05.4775808""#, .value(timeSpanMinSeconds, writtenAs: minText), #line),
            (#""10675199.02:48:05.4775808""#, .error(range), #line),
            (#""-10675199.02:48:05.4775809""#, .error(range), #line),
            (#""99999999999999999999.00:00:00""#, .error(range), #line),
            (#""256204778:48:05.4775807""#, .value(timeSpanMaxSeconds, writtenAs: maxText), #line),
            (#""256204779:00:00""#, .error(range), #line),
            // Numbers of seconds are Doubles: beyond the range they are written as the bound.
            ("922337203685.4775807", .value(timeSpanMaxSeconds, writtenAs: maxText), #line),
            ("1e300", .value(1e300, writtenAs: maxText), #line),
            ("-1e300", .value(-1e300, writtenAs: minText), #line),
            (#""-1e300""#, .value(-1e300, writtenAs: minText), #line),
            ("1e400", .value(.infinity, writtenAs: "Infinity"), #line),
            // Zero and the smallest tick.
            (#""PT0S""#, .value(0, writtenAs: "PT0S"), #line),
            (#""-PT0.0000001S""#, .value(-0.000_000_1, writtenAs: "-PT0.0000001S"), #line),
            (#""PT0.00000001S""#, .value(0, writtenAs: "PT0S"), #line),
        ]
    }

    func testTimeSpanBoundsDecodeOrFailCleanlyAndWriteWhatDotNetReads() throws {
        for (json, outcome, line) in durationTable {
            switch outcome {
            case .value(let seconds, let written):
                let value = try Formats.fromJson(#"{"duration":"# + json + "}")
                XCTAssertEqual(value.duration, seconds, json, line: line)
                XCTAssertEqual(TimeSpan(value.duration).toJson(), "\"\(written)\"", json, line: line)
                // Written text reads back as the same Double.
                XCTAssertEqual(
                    try TimeSpan.fromJson("\"\(written)\"").seconds,
                    seconds.isFinite ? Swift.min(Swift.max(seconds, timeSpanMinSeconds), timeSpanMaxSeconds) : seconds,
                    written, line: line)
            case .error(let expected):
                assertDecodingFails(
                    Formats.self, #"{"duration":"# + json + "}", path: "$.duration", offset: 12,
                    line: nil, expected: expected, line: line)
                // The same text nested in collections names its place.
                assertDecodingFails(
                    Formats.self, #"{"durations":["PT1S","# + json + "]}", path: "$.durations[1]",
                    offset: 21, line: nil, expected: expected, line: line)
                assertDecodingFails(
                    Formats.self, #"{"optDurationByName":{"k":"# + json + "}}", path: "$.optDurationByName.k",
                    offset: 26, line: nil, expected: expected, line: line)
            }
        }
    }

    func testTimeSpanTextOfEveryTickCountRoundTripsWithoutDrift() throws {
        // Durations up to about 46 days ... 46,000 days: below 2^52 ticks a Double tells every
        // tick apart, so the XSD text read and written again must be the same text.
        var generator = SplitMix64(seed: 0x7153_9A4E)
        for _ in 0..<20_000 {
            let magnitude = Int64.random(
                in: 0...(Int64(1) << Int64.random(in: 20...52, using: &generator)), using: &generator)
            let ticks = Bool.random(using: &generator) ? -magnitude : magnitude
            let text = Self.xsd(ticks: ticks)
            let seconds = try XCTUnwrap(TimeSpan.parse(text), text)
            XCTAssertEqual(TimeSpan.xsdDuration(seconds), text, "\(ticks) ticks")
        }
        // The drift the issue reported: 3762 days and a fraction came back one tick off.
        XCTAssertEqual(
            TimeSpan.xsdDuration(try XCTUnwrap(TimeSpan.parse("P3762DT2H4M24.177102S"))), "P3762DT2H4M24.177102S")
        XCTAssertEqual(TimeSpan(325_044_264.177102).toJson(), #""P3762DT2H4M24.177102S""#)
    }

    /// The XSD text of a tick count, built independently of DTOKit from decimal arithmetic.
    static func xsd(ticks: Int64) -> String {
        let magnitude = ticks.magnitude
        let seconds = magnitude / 10_000_000
        let fraction = magnitude % 10_000_000
        let (days, hours, minutes, wholeSeconds) = (
            seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60, seconds % 60
        )
        var text = ticks < 0 ? "-P" : "P"
        if days > 0 { text += "\(days)D" }
        var time = ""
        if hours > 0 { time += "\(hours)H" }
        if minutes > 0 { time += "\(minutes)M" }
        if wholeSeconds > 0 || fraction > 0 {
            var digits = String(fraction + 10_000_000).dropFirst()
            while digits.last == "0" { digits.removeLast() }
            time += "\(wholeSeconds)" + (digits.isEmpty ? "" : "." + String(digits)) + "S"
        }
        if days == 0 && time.isEmpty { time = "0S" }
        return text + (time.isEmpty ? "" : "T" + time)
    }

    // MARK: DateTime and DateTimeOffset

    /// DateTime.MinValue and MaxValue as instants.
    let dateTimeMin = Date(timeIntervalSince1970: -62_135_596_800)
    let dateTimeMaxMilliseconds = Date(timeIntervalSince1970: 253_402_300_799.999)
    let iso = JsonEncodingOptions(dateFormat: .iso8601)

    /// Date texts at the limits of DateTime and DateTimeOffset: the instant they are, and what is
    /// written for it in the WCF and the ISO form (clamped to DateTime's range, which .NET reads).
    private var dateTable: [(json: String, sinceMinValue: TimeInterval?, wcf: String, iso: String, line: UInt)] {
        let minWcf = #""\/Date(-62135596800000)\/""#
        let maxWcf = #""\/Date(253402300799999)\/""#
        let minIso = #""0001-01-01T00:00:00.0000000Z""#
        let maxIso = #""9999-12-31T23:59:59.9999999Z""#
        let maxSeconds = 315_537_897_599.999_999_9
        return [
            (#""\/Date(-62135596800000)\/""#, 0, minWcf, minIso, #line),
            (#""\/Date(-62135596800000+0000)\/""#, 0, minWcf, minIso, #line),
            (
                #""\/Date(253402300799999)\/""#, maxSeconds - 0.000_999_9, maxWcf, #""9999-12-31T23:59:59.9990000Z""#,
                #line
            ),
            // DateTimeOffset at ±14:00: the milliseconds are UTC, the offset is informational.
            (
                #""\/Date(253402300799999+1400)\/""#, maxSeconds - 0.000_999_9, maxWcf,
                #""9999-12-31T23:59:59.9990000Z""#, #line
            ),
            (#""\/Date(-62135596800000-1400)\/""#, 0, minWcf, minIso, #line),
            // .NET's "o" texts of DateTime.MinValue / MaxValue (Unspecified and UTC kinds).
            (#""0001-01-01T00:00:00.0000000""#, 0, minWcf, minIso, #line),
            (#""0001-01-01T00:00:00.0000000Z""#, 0, minWcf, minIso, #line),
            (#""9999-12-31T23:59:59.9999999""#, maxSeconds, maxWcf, maxIso, #line),
            (#""9999-12-31T23:59:59.9999999Z""#, maxSeconds, maxWcf, maxIso, #line),
            // DateTimeOffset.MinValue/MaxValue with ±14:00 offsets lie outside DateTime's UTC range.
            (#""0001-01-01T00:00:00.0000000+14:00""#, -14 * 3600, minWcf, minIso, #line),
            (
                #""0001-01-01T00:00:00-14:00""#, 14 * 3600, #""\/Date(-62135546400000)\/""#,
                #""0001-01-01T14:00:00.0000000Z""#, #line
            ),
            (#""9999-12-31T23:59:59.9999999-14:00""#, maxSeconds + 14 * 3600, maxWcf, maxIso, #line),
            (
                #""9999-12-31T23:59:59.9990000+14:00""#, maxSeconds - 0.000_999_9 - 14 * 3600,
                #""\/Date(253402250399999)\/""#,
                #""9999-12-31T09:59:59.9990000Z""#, #line
            ),
            // Milliseconds far outside any calendar, and numbers: values, not traps.
            (#""\/Date(9223372036854775807)\/""#, nil, maxWcf, maxIso, #line),
            (#""\/Date(-9223372036854775807)\/""#, nil, minWcf, minIso, #line),
            ("100000000000000000", nil, maxWcf, maxIso, #line),
            ("-100000000000000000", nil, minWcf, minIso, #line),
        ]
    }

    func testDateBoundsDecodeAndWriteWhatDotNetReads() throws {
        for (json, sinceMinValue, wcf, isoText, line) in dateTable {
            let date = try Date.fromJson(json)
            if let sinceMinValue {
                XCTAssertEqual(date.timeIntervalSince(dateTimeMin), sinceMinValue, accuracy: 0.000_1, json, line: line)
            }
            XCTAssertEqual(date.toJson(), wcf, json, line: line)
            XCTAssertEqual(date.toJson(options: iso), isoText, json, line: line)
            // What was written reads back, and writes the same text again.
            XCTAssertEqual(try Date.fromJson(wcf).toJson(), wcf, line: line)
            XCTAssertEqual(try Date.fromJson(isoText).toJson(options: iso), isoText, line: line)
        }
    }

    func testDatesBeyondAnyRangeAreErrorsNamingTheMember() {
        for json in [
            #""\/Date(9223372036854775808)\/""#, #""\/Date(-9223372036854775809)\/""#,
            #""\/Date(99999999999999999999999)\/""#, "1e18", "-1e18", "1e400", #""10000-01-01T00:00:00Z""#,
            #""9999-12-31T24:00:00Z""#, #""0001-01-01T00:00:00+24:00""#, #""2018-02-29""#, #""2018-13-01""#,
        ] {
            assertDecodingFails(Formats.self, #"{"when":"# + json + "}", path: "$.when", offset: 8)
            assertDecodingFails(Formats.self, #"{"dates":[0,"# + json + "]}", path: "$.dates[1]", offset: 12)
        }
    }

    // MARK: Integers of every width

    /// Texts at and around every integer type's limits (.NET's Int64.MinValue, UInt64.MaxValue, …).
    let integerTexts = [
        "0", "-0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32768", "-32769",
        "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "-18446744073709551616",
        "79228162514264337593543950335", "-79228162514264337593543950335", "99999999999999999999999999999999999999",
    ]

    func testEveryIntegerWidthAtEveryBoundary() throws {
        try checkIntegers(Int.self)
        try checkIntegers(Int8.self)
        try checkIntegers(Int16.self)
        try checkIntegers(Int32.self)
        try checkIntegers(Int64.self)
        try checkIntegers(UInt.self)
        try checkIntegers(UInt8.self)
        try checkIntegers(UInt16.self)
        try checkIntegers(UInt32.self)
        try checkIntegers(UInt64.self)
    }

    /// Each text as a number and as a string, alone and in an array: the value the standard
    /// library's parser gives, or an error at the element.
    private func checkIntegers<T: JsonInteger>(_: T.Type, line: UInt = #line) throws {
        for text in integerTexts {
            // The standard library's own parser is the oracle ("-0" is 0 for every type).
            let expected = text == "-0" ? T.zero : T(text)
            for json in [text, "\"\(text)\""] {
                if let expected {
                    XCTAssertEqual(try T.fromJson(json), expected, "\(T.self) from \(json)", line: line)
                    XCTAssertEqual(try [T].fromJson("[1,\(json)]"), [1, expected], line: line)
                    XCTAssertEqual(expected.toJson(), text == "-0" ? "0" : text, line: line)
                } else {
                    assertDecodingFails(
                        [T].self, "[1,\(json)]", path: "$[1]", offset: 3, line: nil,
                        expected: "fits \(T.self)", line: line)
                }
            }
        }
    }

    // MARK: Floating point and decimal

    func testFloatingPointBoundsFromDotNet() throws {
        // double.MaxValue / MinValue / Epsilon as .NET writes them ("R" and the shortest form).
        let doubles: [(String, Double)] = [
            ("1.7976931348623157E+308", .greatestFiniteMagnitude),
            ("-1.7976931348623157E+308", -.greatestFiniteMagnitude),
            ("4.94065645841247E-324", .leastNonzeroMagnitude), ("5E-324", .leastNonzeroMagnitude),
            ("79228162514264337593543950335", 7.922816251426434e28),
            ("-79228162514264337593543950335", -7.922816251426434e28),
            ("1.8E+308", .infinity), ("-1.8E+308", -.infinity), ("1E-400", 0),
            ("\"1.7976931348623157E+308\"", .greatestFiniteMagnitude), ("\"Infinity\"", .infinity),
        ]
        for (json, expected) in doubles {
            XCTAssertEqual(try Double.fromJson(json), expected, json)
            XCTAssertEqual(try Scalars.fromJson(#"{"ratio":"# + json + "}").ratio, expected, json)
        }
        // float.MaxValue / MinValue / Epsilon.
        let floats: [(String, Float)] = [
            ("3.4028235E+38", .greatestFiniteMagnitude), ("-3.4028235E+38", -.greatestFiniteMagnitude),
            ("1E-45", .leastNonzeroMagnitude), ("1.401298E-45", .leastNonzeroMagnitude), ("3.5E+38", .infinity),
            ("1.7976931348623157E+308", .infinity), ("\"3.4028235E+38\"", .greatestFiniteMagnitude),
        ]
        for (json, expected) in floats {
            XCTAssertEqual(try Float.fromJson(json), expected, json)
            XCTAssertEqual(try Scalars.fromJson(#"{"float":"# + json + "}").float, expected, json)
        }
        XCTAssertEqual(Float.greatestFiniteMagnitude.toJson(), "3.4028235e+38")
        XCTAssertEqual(Double.greatestFiniteMagnitude.toJson(), "1.7976931348623157e+308")
        XCTAssertEqual(Double.leastNonzeroMagnitude.toJson(), "5e-324")
    }

    func testDecimalBoundsFromDotNet() throws {
        // decimal.MaxValue / MinValue and the smallest step survive exactly as Decimal.
        for text in [
            "79228162514264337593543950335", "-79228162514264337593543950335", "0.0000000000000000000000000001",
            "7.9228162514264337593543950335",
        ] {
            let value = try Scalars.fromJson(#"{"amount":"# + text + "}")
            XCTAssertEqual(value.amount, Decimal(string: text), text)
            XCTAssertEqual(value.amount?.toJson(), text)
            XCTAssertEqual(try Scalars.fromJson(#"{"amount":""# + text + #""}"#).amount, Decimal(string: text))
        }
        assertDecodingFails(Scalars.self, #"{"amount":"12abc"}"#, path: "$.amount", offset: 10)
        assertDecodingFails(Scalars.self, #"{"amount":1e99999}"#, path: "$.amount", offset: 10)
    }

    // MARK: Base64, enums, flags

    func testBase64AtItsEdges() throws {
        let table: [(String, [UInt8]?)] = [
            (#""""#, []), (#""AA==""#, [0]), (#""AAA=""#, [0, 0]), (#""AAAA""#, [0, 0, 0]),
            (#""////""#, [255, 255, 255]),
            (#""AA""#, [0]), (#""\u0041\u0041==""#, [0]), (#""A""#, nil), (#""=""#, nil), (#""AA=A""#, nil),
            (#""AAAA====""#, nil), (#""AA==AA==""#, nil), (#""A A=""#, nil), (#""\u00e9AAA""#, nil),
        ]
        for (json, expected) in table {
            if let expected {
                XCTAssertEqual(try Formats.fromJson(#"{"bytes":"# + json + "}").bytes, expected, json)
            } else {
                assertDecodingFails(
                    Formats.self, #"{"bytes":"# + json + "}", path: "$.bytes", offset: 9, expected: "Base64")
            }
        }
        // A megabyte of bytes round trips.
        let large = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        XCTAssertEqual(try Base64Bytes.fromJson(Base64Bytes(large).toJson()).bytes, large)
    }

    func testEnumAndFlagNumbersAtTheLimits() throws {
        for json in [
            "9223372036854775807", "-9223372036854775808", "9223372036854775808", "18446744073709551615",
            #""18446744073709551615""#, "1e19", "1.5", #""-9223372036854775809""#,
        ] {
            assertDecodingFails(Formats.self, #"{"priority":"# + json + "}", path: "$.priority", offset: 12)
            assertDecodingFails(Formats.self, #"{"statuses":["Done","# + json + "]}", path: "$.statuses[1]", offset: 20)
        }
        // Flags hold any Int: the bounds are values; beyond them, errors.
        XCTAssertEqual(try Formats.fromJson(#"{"permissions":9223372036854775807}"#).permissions?.rawValue, .max)
        XCTAssertEqual(try Formats.fromJson(#"{"permissions":"-9223372036854775808"}"#).permissions?.rawValue, .min)
        XCTAssertEqual(Permissions(rawValue: .min).toJson(), "-9223372036854775808")
        for json in ["9223372036854775808", "18446744073709551615", #""18446744073709551615""#, "0.5"] {
            assertDecodingFails(Formats.self, #"{"permissions":"# + json + "}", path: "$.permissions", offset: 15)
        }
    }
}
