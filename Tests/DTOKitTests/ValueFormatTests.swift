import DTOKit
import Foundation
import XCTest

/// The wire formats ServiceStack uses for values whose JSON form is not obvious: dates,
/// durations, GUIDs, byte arrays, numbers in strings, and the limits of the number types.
final class ValueFormatTests: XCTestCase {
    /// 2018-04-17T05:18:32.513Z.
    let sample = Date(timeIntervalSince1970: 1_523_942_312.513)
    let sampleMilliseconds: Int64 = 1_523_942_312_513

    private func date(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Date {
        let value = try Formats.fromJson(#"{"when":"# + text + "}")
        return try XCTUnwrap(value.when, "no date from \(text)", file: file, line: line)
    }

    // MARK: Dates: WCF

    func testWcfDatesInEveryForm() throws {
        XCTAssertEqual(milliseconds(try date(#""\/Date(1523942312513)\/""#)), sampleMilliseconds)
        XCTAssertEqual(milliseconds(try date(#""/Date(1523942312513)/""#)), sampleMilliseconds)
        XCTAssertEqual(milliseconds(try date(#""/Date(1523942312513-0000)/""#)), sampleMilliseconds)
        XCTAssertEqual(milliseconds(try date(#""\/Date(1523942312513+0000)\/""#)), sampleMilliseconds)
        // The milliseconds are UTC already; the offset only says where the sender was.
        XCTAssertEqual(milliseconds(try date(#""/Date(1523942312513+0130)/""#)), sampleMilliseconds)
        XCTAssertEqual(milliseconds(try date(#""/Date(1523942312513-0500)/""#)), sampleMilliseconds)
        // Exactly the milliseconds given, not merely close.
        XCTAssertEqual(
            try date(#""/Date(1523942312513)/""#).timeIntervalSinceReferenceDate,
            Double(sampleMilliseconds - 978_307_200_000) / 1000)
    }

    func testNegativeAndPre1970WcfDates() throws {
        XCTAssertEqual(try date(#""\/Date(-1000)\/""#), Date(timeIntervalSince1970: -1))
        XCTAssertEqual(milliseconds(try date(#""/Date(-1-0000)/""#)), -1)
        XCTAssertEqual(try date(#""/Date(0)/""#), Date(timeIntervalSince1970: 0))
        XCTAssertEqual(try date(#""/Date(-2208988800000+0100)/""#), utcDate(1900, 1, 1))
        // .NET's DateTime.MinValue and MaxValue.
        XCTAssertEqual(try date(#""\/Date(-62135596800000)\/""#), Date(timeIntervalSince1970: -62_135_596_800))
        XCTAssertEqual(milliseconds(try date(#""\/Date(253402300799999)\/""#)), 253_402_300_799_999)
    }

    // MARK: Dates: ISO-8601

    func testIsoDatesWithAndWithoutFractions() throws {
        let whole = utcDate(2018, 4, 17, 5, 18, 32)
        XCTAssertEqual(try date(#""2018-04-17T05:18:32Z""#), whole)
        XCTAssertEqual(try date(#""2018-04-17T05:18:32z""#), whole)
        XCTAssertEqual(milliseconds(try date(#""2018-04-17T05:18:32.513Z""#)), sampleMilliseconds)
        XCTAssertEqual(try date(#""2018-04-17T05:18:32.5Z""#).timeIntervalSince(whole), 0.5, accuracy: 1e-6)
        XCTAssertEqual(try date(#""2018-04-17T05:18:32.1Z""#).timeIntervalSince(whole), 0.1, accuracy: 1e-6)
        XCTAssertEqual(try date(#""2018-04-17T05:18:32.12Z""#).timeIntervalSince(whole), 0.12, accuracy: 1e-6)
        XCTAssertEqual(try date(#""2018-04-17T05:18:32.123456Z""#).timeIntervalSince(whole), 0.123456, accuracy: 1e-6)
        XCTAssertEqual(try date(#""2018-04-17T05:18:32.1234567Z""#).timeIntervalSince(whole), 0.1234567, accuracy: 1e-6)
        // .NET's "o" format has seven digits; more are accepted and truncated.
        XCTAssertEqual(
            try date(#""2018-04-17T05:18:32.12345678Z""#).timeIntervalSince(whole), 0.1234567, accuracy: 1e-6)
        // Minutes without seconds.
        XCTAssertEqual(try date(#""2018-04-17T05:18Z""#), utcDate(2018, 4, 17, 5, 18))
        // Exact value for a date whose fraction a Double can hold exactly.
        XCTAssertEqual(try date(#""2001-01-01T00:00:00.25Z""#).timeIntervalSinceReferenceDate, 0.25)
    }

    func testIsoDatesWithOffsets() throws {
        let utc = utcDate(2018, 4, 17, 5, 18, 32)
        XCTAssertEqual(try date(#""2018-04-17T07:18:32+02:00""#), utc)
        XCTAssertEqual(try date(#""2018-04-17T07:18:32+0200""#), utc)
        XCTAssertEqual(try date(#""2018-04-17T07:18:32+02""#), utc)
        XCTAssertEqual(try date(#""2018-04-16T23:48:32-05:30""#), utc)
        XCTAssertEqual(try date(#""2018-04-17T05:18:32+00:00""#), utc)
        XCTAssertEqual(try date(#""2018-04-17T06:48:32.5+01:30""#).timeIntervalSince(utc), 0.5, accuracy: 1e-6)
    }

    func testDateOnlyAndZonelessIsoDatesAreUTC() throws {
        XCTAssertEqual(try date(#""2018-04-17""#), utcDate(2018, 4, 17))
        XCTAssertEqual(try date(#""2018-04-17T05:18:32""#), utcDate(2018, 4, 17, 5, 18, 32))
        XCTAssertEqual(try date(#""2018-04-17 05:18:32""#), utcDate(2018, 4, 17, 5, 18, 32))
        XCTAssertEqual(milliseconds(try date(#""2018-04-17T05:18:32.513""#)), sampleMilliseconds)
        XCTAssertEqual(try date(#""2016-02-29""#), utcDate(2016, 2, 29))
    }

    func testPre1970IsoDates() throws {
        XCTAssertEqual(try date(#""1969-12-31T23:59:59Z""#), Date(timeIntervalSince1970: -1))
        XCTAssertEqual(try date(#""1900-01-01T00:00:00Z""#), Date(timeIntervalSince1970: -2_208_988_800))
        XCTAssertEqual(try date(#""0001-01-01T00:00:00Z""#), Date(timeIntervalSince1970: -62_135_596_800))
        XCTAssertEqual(try date(#""1969-12-31T23:59:59.5Z""#).timeIntervalSince1970, -0.5, accuracy: 1e-6)
    }

    func testBareNumbersAreMillisecondsSince1970() throws {
        XCTAssertEqual(milliseconds(try date("1523942312513")), sampleMilliseconds)
        XCTAssertEqual(try date("-1000"), Date(timeIntervalSince1970: -1))
        // The same Date as the WCF text of the same milliseconds.
        XCTAssertEqual(try date("1523942312513"), try date(#""/Date(1523942312513)/""#))
        // JSONEncoder's .millisecondsSince1970 writes fractions.
        XCTAssertEqual(try date("1523942312513.25").timeIntervalSince1970, 1_523_942_312.51325, accuracy: 1e-6)
        XCTAssertEqual(try date("1.5e3"), Date(timeIntervalSince1970: 1.5))
    }

    func testInvalidDatesAreErrorsWithPath() {
        for text in [
            #""2018-13-01""#, #""2018-02-30""#, #""2017-02-29""#, #""2018-04-17T24:00:00Z""#,
            #""2018-04-17T05:60:00Z""#, #""2018-04-17T05:18:32+25:00""#, #""yesterday""#,
            #""/Date(abc)/""#, #""/Date(123""#, #""/Date(123+12)/""#, #""2018-04-17T05:18:32Zjunk""#, #""""#,
        ] {
            assertDecodingFails(Formats.self, #"{"when":"# + text + "}", path: "$.when", offset: 8, expected: "a date")
        }
        assertDecodingFails(
            Formats.self, #"{"dates":["2018-04-17",{}]}"#, path: "$.dates[1]", offset: 23, found: "an object")
        assertDecodingFails(Formats.self, #"{"when":1e400}"#, path: "$.when", offset: 8)
    }

    // MARK: Dates: writing

    func testDatesAreWrittenAsWcfByDefault() throws {
        let value = Formats()
        value.when = sample
        value.whenAlways = Date(timeIntervalSince1970: -1)
        let text = value.toJson()
        XCTAssertTrue(text.hasPrefix(#"{"when":"\/Date(1523942312513)\/","whenAlways":"\/Date(-1000)\/","#), text)
        XCTAssertEqual(milliseconds(try Formats.fromJson(text).when), sampleMilliseconds)
        XCTAssertEqual(Date(timeIntervalSince1970: 0).toJson(), #""\/Date(0)\/""#)
        XCTAssertEqual(Date(timeIntervalSince1970: -62_135_596_800).toJson(), #""\/Date(-62135596800000)\/""#)
        XCTAssertEqual(DateFormats.wcf(sample), "/Date(1523942312513)/")
        // Sub-millisecond parts are cut off, as .NET does (toward zero, also before 1970).
        XCTAssertEqual(Date(timeIntervalSince1970: 1.0006).toJson(), #""\/Date(1000)\/""#)
        XCTAssertEqual(Date(timeIntervalSince1970: -1.0006).toJson(), #""\/Date(-1000)\/""#)
    }

    func testDatesAreWrittenAsIsoOnRequest() throws {
        let iso = JsonEncodingOptions(dateFormat: .iso8601)
        // Seven fraction digits, as .NET's round-trip format ("o") writes a UTC DateTime.
        XCTAssertEqual(sample.toJson(options: iso), #""2018-04-17T05:18:32.5130000Z""#)
        XCTAssertEqual(utcDate(2018, 4, 17, 5, 18, 32).toJson(options: iso), #""2018-04-17T05:18:32.0000000Z""#)
        XCTAssertEqual(Date(timeIntervalSince1970: -1).toJson(options: iso), #""1969-12-31T23:59:59.0000000Z""#)
        XCTAssertEqual(Date(timeIntervalSince1970: -0.5).toJson(options: iso), #""1969-12-31T23:59:59.5000000Z""#)
        XCTAssertEqual(
            Date(timeIntervalSince1970: -62_135_596_800).toJson(options: iso), #""0001-01-01T00:00:00.0000000Z""#)
        XCTAssertEqual(
            Date(timeIntervalSinceReferenceDate: 0.25).toJson(options: iso), #""2001-01-01T00:00:00.2500000Z""#)
        XCTAssertEqual(DateFormats.iso8601(utcDate(2016, 2, 29, 23, 59, 59)), "2016-02-29T23:59:59.0000000Z")

        let value = Formats()
        value.when = sample
        value.dates = [utcDate(2020, 1, 2)]
        let text = value.toJson(options: iso)
        XCTAssertTrue(
            text.hasPrefix(
                #"{"when":"2018-04-17T05:18:32.5130000Z","whenAlways":"1970-01-01T00:00:00.0000000Z","dates":["2020-01-02T00:00:00.0000000Z"],"#
            ), text)
        XCTAssertEqual(milliseconds(try Formats.fromJson(text).when), sampleMilliseconds)
    }

    func testIsoFractionsAreTheRoundestThatReadBack() throws {
        let iso = JsonEncodingOptions(dateFormat: .iso8601)
        // Made through timeIntervalSince1970, a last bit away from the exact millisecond.
        XCTAssertEqual(
            Date(timeIntervalSince1970: 1_523_942_312.004).toJson(options: iso), #""2018-04-17T05:18:32.0040000Z""#)
        XCTAssertEqual(
            Date(timeIntervalSince1970: 1_523_942_312.019).toJson(options: iso), #""2018-04-17T05:18:32.0190000Z""#)
        // Microseconds and 100 ns ticks where a Double can tell them apart.
        XCTAssertEqual(
            Date(timeIntervalSinceReferenceDate: 1e9 + 0.000_123).toJson(options: iso),
            #""2032-09-09T01:46:40.0001230Z""#)
        XCTAssertEqual(
            Date(timeIntervalSinceReferenceDate: 0.123_456_7).toJson(options: iso), #""2001-01-01T00:00:00.1234567Z""#)
        XCTAssertEqual(
            Date(timeIntervalSinceReferenceDate: -0.000_000_1).toJson(options: iso), #""2000-12-31T23:59:59.9999999Z""#)
        // Text read and written again: the same text, and a Date within the last bit of the first
        // (a tick that a Double cannot tell from a rounder neighbour is written as the neighbour).
        for text in [
            "2001-01-01T00:00:00.1234567Z", "2018-04-17T05:18:32.1234567Z", "2018-04-17T05:18:32.1230000Z",
            "1969-07-20T20:17:40.5000000Z", "9999-12-31T23:59:59.9990000Z", "0001-01-01T00:00:00.0010000Z",
            "2000-12-31T23:59:59.9999999Z", "2032-09-09T01:46:40.0001230Z",
        ] {
            let date = try Date.fromJson("\"\(text)\"")
            XCTAssertEqual(date.toJson(options: iso), "\"\(text)\"")
            XCTAssertEqual(try Date.fromJson(date.toJson(options: iso)), date, text)
        }
        // A tick the Double can tell apart from the whole second is kept.
        let nearlyWhole = try Date.fromJson(#""1969-07-20T20:17:40.0000001Z""#)
        XCTAssertEqual(nearlyWhole.toJson(options: iso), #""1969-07-20T20:17:40.0000001Z""#)
        XCTAssertEqual(try Date.fromJson(nearlyWhole.toJson(options: iso)), nearlyWhole)
    }

    func testIsoTextOfMillisecondDatesRoundTrips() throws {
        // Every millisecond of a second, in several eras: the ISO text must be the exact
        // millisecond (never .5129999), and read back to the very same Date.
        let iso = JsonEncodingOptions(dateFormat: .iso8601)
        for base in [Int64(1_523_942_312_000), 4_102_444_800_000, -2_208_988_800_000, 0] {
            for ms in 0..<1000 {
                let total = base + Int64(ms)
                let date = try Date.fromJson("\(total)")
                let text = date.toJson(options: iso)
                let fraction = "." + String(String(ms + 1000).dropFirst()) + "0000"
                XCTAssertTrue(text.hasSuffix(fraction + "Z\""), "\(total) ms written as \(text)")
                XCTAssertEqual(try Date.fromJson(text), date, "\(text) does not read back as \(total) ms")
                XCTAssertEqual(try Date.fromJson(date.toJson()), date)
            }
        }
    }

    // MARK: TimeSpan

    private func duration(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> TimeInterval {
        try Formats.fromJson(#"{"duration":"# + text + "}").duration
    }

    func testTimeSpansFromXsdDurations() throws {
        XCTAssertEqual(try duration(#""P1DT2H3M4.5S""#), 93_784.5)
        XCTAssertEqual(try duration(#""-PT0.5S""#), -0.5)
        XCTAssertEqual(try duration(#""PT0S""#), 0)
        XCTAssertEqual(try duration(#""PT1H""#), 3600)
        XCTAssertEqual(try duration(#""PT1M30S""#), 90)
        XCTAssertEqual(try duration(#""P2D""#), 172_800)
        XCTAssertEqual(try duration(#""PT0.0000001S""#), 0.000_000_1)
        XCTAssertEqual(try duration(#""-P1DT1S""#), -86_401)
        XCTAssertEqual(try duration(#""P1W""#), 604_800)
    }

    func testTimeSpansFromClockFormsAndSeconds() throws {
        XCTAssertEqual(try duration(#""01:02:03""#), 3723)
        XCTAssertEqual(try duration(#""1.02:03:04""#), 93_784)
        XCTAssertEqual(try duration(#""00:00:01.5""#), 1.5)
        XCTAssertEqual(try duration(#""-01:00:00""#), -3600)
        XCTAssertEqual(try duration(#""10:30""#), 37_800, "hh:mm")
        XCTAssertEqual(try duration(#""90""#), 90, "a number in a string is seconds")
        XCTAssertEqual(try duration(#""1.25""#), 1.25)
        XCTAssertEqual(try duration("90"), 90, "a number is seconds")
        XCTAssertEqual(try duration("-0.5"), -0.5)
    }

    func testExtremeTimeSpansAndDatesAreClampedNotTrapped() {
        XCTAssertTrue(TimeSpan.xsdDuration(1e300).hasPrefix("P10675199D"), TimeSpan.xsdDuration(1e300))
        XCTAssertTrue(TimeSpan.xsdDuration(-1e300).hasPrefix("-P10675199D"), TimeSpan.xsdDuration(-1e300))
        XCTAssertEqual(TimeSpan.xsdDuration(.nan), "PT0S")
        XCTAssertEqual(TimeSpan(.infinity).toJson(), #""Infinity""#)
        // Outside .NET's DateTime range (years 1...9999) dates are clamped to it.
        let farFuture = Date(timeIntervalSince1970: 1e15)
        let farPast = Date(timeIntervalSince1970: -1e15)
        XCTAssertEqual(farFuture.toJson(), #""\/Date(253402300799999)\/""#)
        XCTAssertEqual(farPast.toJson(), #""\/Date(-62135596800000)\/""#)
        XCTAssertEqual(Date.distantPast.toJson(), #""\/Date(-62135596800000)\/""#)
        let iso = JsonEncodingOptions(dateFormat: .iso8601)
        XCTAssertEqual(farFuture.toJson(options: iso), #""9999-12-31T23:59:59.9999999Z""#)
        XCTAssertEqual(farPast.toJson(options: iso), #""0001-01-01T00:00:00.0000000Z""#)
        XCTAssertEqual(Date(timeIntervalSinceReferenceDate: .infinity).toJson(), #""\/Date(253402300799999)\/""#)
        XCTAssertEqual(Date(timeIntervalSinceReferenceDate: -.infinity).toJson(), #""\/Date(-62135596800000)\/""#)
        XCTAssertEqual(
            Date(timeIntervalSinceReferenceDate: .nan).toJson(options: iso), #""2001-01-01T00:00:00.0000000Z""#)
        XCTAssertEqual(Date(timeIntervalSinceReferenceDate: .nan).toJson(), #""\/Date(978307200000)\/""#)
    }

    func testTimeSpansAreWrittenAsXsd() throws {
        func written(_ seconds: TimeInterval) -> String { TimeSpan(seconds).toJson() }
        XCTAssertEqual(written(93_784.5), #""P1DT2H3M4.5S""#)
        XCTAssertEqual(written(-0.5), #""-PT0.5S""#)
        XCTAssertEqual(written(0), #""PT0S""#)
        XCTAssertEqual(written(3600), #""PT1H""#)
        XCTAssertEqual(written(86_400), #""P1D""#)
        XCTAssertEqual(written(90), #""PT1M30S""#)
        XCTAssertEqual(written(0.000_000_1), #""PT0.0000001S""#)
        XCTAssertEqual(written(-86_401), #""-P1DT1S""#)
        XCTAssertEqual(TimeSpan.xsdDuration(1.1), "PT1.1S")
        XCTAssertEqual(TimeSpan.parse("P1DT2H3M4.5S"), 93_784.5)
        XCTAssertNil(TimeSpan.parse("soon"))
    }

    func testTimeSpanBuildersOfEveryShape() throws {
        let json = """
            {"duration":"PT1H","optDuration":"-PT1M","durations":["PT1S","00:00:02",3],
             "optDurations":[],"durationByName":{"a":"P1D"},"optDurationByName":{"b":"PT0.25S"}}
            """
        let value = try Formats.fromJson(json)
        XCTAssertEqual(value.duration, 3600)
        XCTAssertEqual(value.optDuration, -60)
        XCTAssertEqual(value.durations, [1, 2, 3])
        XCTAssertEqual(value.optDurations, [])
        XCTAssertEqual(value.durationByName, ["a": 86_400])
        XCTAssertEqual(value.optDurationByName, ["b": 0.25])
        let text = value.toJson()
        XCTAssertTrue(
            text.contains(
                #""duration":"PT1H","optDuration":"-PT1M","durations":["PT1S","PT2S","PT3S"],"optDurations":[],"durationByName":{"a":"P1D"},"optDurationByName":{"b":"PT0.25S"}"#
            ), text)
        XCTAssertFalse(Formats().toJson().contains("optDuration"))
        try assertStableRoundTrip(Formats.self, json)
    }

    func testInvalidTimeSpansAreErrors() {
        for text in [
            #""P1H""#, #""PT1D""#, #""1 hour""#, #""PT1.5M""#, #""25:61""#, #""PT.S""#, #""PTT1S""#,
            #""P1S""#, #""1:2:3:4:5""#, #""1.2:3:4:5""#, #""1:60""#, #""1.24:00""#, #""""#, "true", "{}",
        ] {
            assertDecodingFails(Formats.self, #"{"duration":"# + text + "}", path: "$.duration", offset: 12)
        }
    }

    // MARK: GUIDs

    func testGuidsInEveryDotNetFormAreReadAndWrittenAsN() throws {
        let expected = try XCTUnwrap(UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E"))
        for text in [
            "0f8fad5bd9cb469fa16570867728950e", "0F8FAD5B-D9CB-469F-A165-70867728950E",
            "0f8fad5b-d9cb-469f-a165-70867728950e", "{0f8fad5b-d9cb-469f-a165-70867728950e}",
        ] {
            XCTAssertEqual(try Formats.fromJson(#"{"guid":""# + text + #""}"#).guid, expected, text)
        }
        XCTAssertEqual(expected.toJson(), #""0f8fad5bd9cb469fa16570867728950e""#)
        for text in ["0f8fad5bd9cb469fa16570867728950", "not-a-guid", "0f8fad5bd9cb469fa16570867728950g"] {
            assertDecodingFails(
                Formats.self, #"{"guid":""# + text + #""}"#, path: "$.guid", offset: 8, expected: "a GUID")
        }
    }

    // MARK: Bytes

    func testBytesAndDataAreBase64() throws {
        let value = try Formats.fromJson(#"{"bytes":"AAEC/w==","optBytes":"aGVsbG8","data":"3q2+7w=="}"#)
        XCTAssertEqual(value.bytes, [0, 1, 2, 255])
        XCTAssertEqual(value.optBytes, Array("hello".utf8), "padding is optional")
        XCTAssertEqual(value.data, Data([0xDE, 0xAD, 0xBE, 0xEF]))

        let out = Formats()
        out.bytes = [0, 1, 2, 255]
        out.optBytes = []
        out.data = Data("hi!".utf8)
        let text = out.toJson()
        XCTAssertTrue(text.contains(#""bytes":"AAEC/w==","optBytes":"","data":"aGkh""#), text)

        // Every length mod 3 round trips.
        for length in 0..<10 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + 200) }
            XCTAssertEqual(try Base64Bytes.fromJson(Base64Bytes(bytes).toJson()).bytes, bytes)
            XCTAssertEqual(Base64.encode(bytes), Data(bytes).base64EncodedString())
            XCTAssertEqual(try Data.fromJson(Data(bytes).toJson()), Data(bytes))
        }
        // Leniently, an array of numbers.
        XCTAssertEqual(try Formats.fromJson(#"{"bytes":[1,2,3]}"#).bytes, [1, 2, 3])
    }

    func testInvalidBase64IsAnError() {
        assertDecodingFails(Formats.self, #"{"bytes":"%%%%"}"#, path: "$.bytes", offset: 9, expected: "Base64")
        assertDecodingFails(Formats.self, #"{"optBytes":"A"}"#, path: "$.optBytes", offset: 12, expected: "Base64")
        assertDecodingFails(Formats.self, #"{"data":"AAAA==="}"#, path: "$.data", offset: 8, expected: "Base64")
        assertDecodingFails(Formats.self, #"{"bytes":[1,256]}"#, path: "$.bytes[1]", offset: 12, expected: "fits UInt8")
    }

    // MARK: Numbers in strings

    func testNumbersAndBooleansArrivingAsStrings() throws {
        let value = try Scalars.fromJson(
            """
            {"count":"42","ratio":"2.5","optCount":"-7","uint64":"18446744073709551615","int8":"-128",
             "flag":"true","optFlag":"False","float":"0.5","amount":"1.25"}
            """)
        XCTAssertEqual(value.count, 42)
        XCTAssertEqual(value.ratio, 2.5)
        XCTAssertEqual(value.optCount, -7)
        XCTAssertEqual(value.uint64, UInt64.max)
        XCTAssertEqual(value.int8, -128)
        XCTAssertEqual(value.flag, true)
        XCTAssertEqual(value.optFlag, false)
        XCTAssertEqual(value.float, 0.5)
        XCTAssertEqual(value.amount, Decimal(125) / 100)

        assertDecodingFails(Scalars.self, #"{"count":"4 2"}"#, path: "$.count", offset: 9, found: #"the string "4 2""#)
        assertDecodingFails(Scalars.self, #"{"count":""}"#, path: "$.count", offset: 9)
        assertDecodingFails(Scalars.self, #"{"count":"0x10"}"#, path: "$.count", offset: 9)
        assertDecodingFails(Scalars.self, #"{"int8":"300"}"#, path: "$.int8", offset: 8, expected: "fits Int8")
        assertDecodingFails(Scalars.self, #"{"flag":"yes"}"#, path: "$.flag", offset: 8, expected: "a boolean")
    }

    // MARK: Boundaries

    func testIntegerBoundaries() throws {
        XCTAssertEqual(try Int64.fromJson("9223372036854775807"), .max)
        XCTAssertEqual(try Int64.fromJson("-9223372036854775808"), .min)
        XCTAssertEqual(try UInt64.fromJson("18446744073709551615"), .max)
        XCTAssertEqual(try Int.fromJson("-0"), 0)
        XCTAssertEqual(try Int.fromJson("1.0"), 1, "a whole number written with a fraction")
        XCTAssertEqual(try Int.fromJson("1e3"), 1000)
        XCTAssertEqual(try UInt8.fromJson("0"), 0)
        XCTAssertEqual(Int64.max.toJson(), "9223372036854775807")
        XCTAssertEqual(Int64.min.toJson(), "-9223372036854775808")
        XCTAssertEqual(UInt64.max.toJson(), "18446744073709551615")
        XCTAssertEqual(Int8.min.toJson(), "-128")
        XCTAssertEqual(UInt.max.toJson(), "18446744073709551615")
    }

    func testNumbersThatDoNotFitAreErrorsNotTraps() {
        assertDecodingFails(
            Scalars.self, #"{"int8":300}"#, path: "$.int8", offset: 8,
            expected: "a whole number that fits Int8 (-128...127)", found: "the number 300")
        assertDecodingFails(
            Scalars.self, #"{"uint":-1}"#, path: "$.uint", offset: 8,
            expected: "fits UInt (0...18446744073709551615)", found: "the number -1")
        assertDecodingFails(
            Scalars.self, #"{"count":1e30}"#, path: "$.count", offset: 9,
            expected: "fits Int", found: "the number 1e30")
        assertDecodingFails(
            Scalars.self, #"{"count":1.5}"#, path: "$.count", offset: 9,
            expected: "a whole number", found: "the number 1.5")
        assertDecodingFails(
            Scalars.self, #"{"optCount":-0.5}"#, path: "$.optCount", offset: 12, found: "the number -0.5")
        assertDecodingFails(
            Scalars.self, #"{"uint64":18446744073709551616}"#, path: "$.uint64", offset: 10,
            found: "the number 18446744073709551616")
        assertDecodingFails(Scalars.self, #"{"int64":-9223372036854775809}"#, path: "$.int64", offset: 9)
        assertDecodingFails(Scalars.self, #"{"int64":9223372036854775808}"#, path: "$.int64", offset: 9)
        assertDecodingFails(Scalars.self, #"{"uint8":256}"#, path: "$.uint8", offset: 9, expected: "fits UInt8")
        assertDecodingFails(Scalars.self, #"{"int16":-32769}"#, path: "$.int16", offset: 9)
        assertDecodingFails(Scalars.self, #"{"uint32":4294967296}"#, path: "$.uint32", offset: 10)
        assertDecodingFails(Scalars.self, #"{"count":12345678901234567890123}"#, path: "$.count", offset: 9)
        assertDecodingFails(Scalars.self, #"{"count":1e-5}"#, path: "$.count", offset: 9)
        assertDecodingFails([Int8].self, "[1, 2, -129]", path: "$[2]", offset: 7, found: "the number -129")
    }

    /// 1e-320, a subnormal (written via its bits: the literal would warn about lost precision).
    let subnormal = Double(bitPattern: 0x0000_0000_0000_07E8)

    func testDoublesRoundTripExactly() throws {
        XCTAssertEqual(subnormal.description, "1e-320")
        let values: [Double] = [
            0.1, 0.2, 0.30000000000000004, 1.0 / 3, .pi, -1.5e-7, subnormal, .leastNonzeroMagnitude,
            .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, 123_456_789.123_456_79, 1e15, 1e16, 1e21, 1e22, 1e23, 9_007_199_254_740_992,
            0.5, 100, -0.0, 0, 4.35, 1.005, 0.1 + 0.7, 1e-7, 123e-20,
        ]
        for value in values {
            let text = value.toJson()
            let back = try Double.fromJson(text)
            XCTAssertEqual(back.bitPattern, value.bitPattern, "\(value) written as \(text) read back as \(back)")
            XCTAssertEqual(try Double.fromJson(value.description).bitPattern, value.bitPattern, value.description)
        }
        XCTAssertEqual((-0.0).toJson(), "-0.0")
        XCTAssertEqual(0.1.toJson(), "0.1")
        XCTAssertEqual(2.0.toJson(), "2")
        XCTAssertEqual(try Double.fromJson("-0").sign, .minus)
        XCTAssertEqual(try Double.fromJson("-0.0e5").sign, .minus)
        XCTAssertEqual(try Double.fromJson("1e-320"), subnormal)
        XCTAssertEqual(try Double.fromJson("5e-324"), .leastNonzeroMagnitude)
        XCTAssertEqual(try Double.fromJson("2.2250738585072014e-308"), .leastNormalMagnitude)
        XCTAssertEqual(try Double.fromJson("1.7976931348623157e308"), .greatestFiniteMagnitude)
        XCTAssertEqual(try Double.fromJson("0.1000000000000000055511151231257827021181583404541015625"), 0.1)
        XCTAssertEqual(try Double.fromJson("123456789012345678901234567890"), 1.2345678901234568e29)
        XCTAssertEqual(try Double.fromJson("9007199254740993"), 9_007_199_254_740_992)
        XCTAssertEqual(try Double.fromJson("1e400"), .infinity)
        XCTAssertEqual(try Double.fromJson("1e-400"), 0)
        XCTAssertEqual(try Double.fromJson("1E+2"), 100)
        XCTAssertEqual(try Double.fromJson("0.00000000000000000000000000001e29"), 1)
    }

    func testDoublesAgreeWithTheStandardLibraryParser() throws {
        // Many random-looking decimal texts (a fixed seed, so a failure reproduces): every fast
        // and slow path must round like the standard library's parser.
        var generator = SplitMix64(seed: 0x5EED_D70C_17)
        for _ in 0..<20_000 {
            let digits = String(UInt64.random(in: 1...UInt64.max, using: &generator))
            let cut = Int.random(in: 1...digits.count, using: &generator)
            let exponent = Int.random(in: -330...310, using: &generator)
            let text = String(digits.prefix(cut)) + "." + String(digits.dropFirst(cut)) + "0e" + String(exponent)
            let expected = try XCTUnwrap(Double(text))
            XCTAssertEqual(try Double.fromJson(text).bitPattern, expected.bitPattern, text)
            XCTAssertEqual(try Double.fromJson(expected.toJson()).bitPattern, expected.bitPattern, expected.toJson())
        }
    }

    func testNonFiniteDoublesAreWrittenAsStrings() throws {
        XCTAssertEqual(Double.nan.toJson(), #""NaN""#)
        XCTAssertEqual(Double.infinity.toJson(), #""Infinity""#)
        XCTAssertEqual((-Double.infinity).toJson(), #""-Infinity""#)
        XCTAssertTrue(try Double.fromJson(#""NaN""#).isNaN)
        XCTAssertEqual(try Double.fromJson(#""-Infinity""#), -.infinity)
        XCTAssertEqual(try Float.fromJson(#""Infinity""#), .infinity)
    }

    func testFloats() throws {
        XCTAssertEqual(try Float.fromJson("0.1"), Float(0.1))
        XCTAssertEqual(try Float.fromJson("3.4028235e38"), .greatestFiniteMagnitude)
        XCTAssertEqual(try Float.fromJson("\"1.5\""), 1.5)
        XCTAssertEqual(Float(0.1).toJson(), "0.1")
        for value: Float in [0.1, 1.0 / 3, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -2.5, 16_777_216] {
            XCTAssertEqual(try Float.fromJson(value.toJson()).bitPattern, value.bitPattern, value.toJson())
        }
    }

    func testDecimals() throws {
        let text = "79228162514264337593543950335"
        XCTAssertEqual(try Decimal.fromJson(text), Decimal(string: text))
        XCTAssertEqual(try Decimal.fromJson("0.1"), Decimal(1) / 10)
        XCTAssertEqual((Decimal(1) / 10).toJson(), "0.1")
        XCTAssertEqual(try Decimal.fromJson(Decimal(string: "-12.345")?.toJson() ?? ""), Decimal(string: "-12.345"))
    }
}

/// A small seeded generator (SplitMix64), so that "random" test inputs are the same every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
