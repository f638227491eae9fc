import DTOKit
import Foundation
import XCTest

/// Read what .NET writes, write what .NET writes: the differences a comparison with
/// ServiceStack.Text and an independent client found, each pinned down.
final class DotNetWireFormatTests: XCTestCase {
    // MARK: Lone surrogates

    /// .NET strings are UTF-16 and may hold half a surrogate pair; a .NET server escapes it as it is.
    /// By default it reads as U+FFFD and the rest of the response survives.
    func testLoneSurrogateEscapesReadAsTheReplacementCharacter() throws {
        let table: [(json: String, text: String)] = [
            (#""\ud800""#, "\u{FFFD}"),
            (#""\uDFAA""#, "\u{FFFD}"),
            (#""a\udc00b""#, "a\u{FFFD}b"),
            (#""\ud800abc""#, "\u{FFFD}abc"),
            (#""\uD800\u0041""#, "\u{FFFD}A"),
            (#""\uD800\n""#, "\u{FFFD}\n"),
            (#""\uD800\uD800\n""#, "\u{FFFD}\u{FFFD}\n"),
            (#""\uDd1e\uD834""#, "\u{FFFD}\u{FFFD}"),
            (#""\ud800\ud800\udc00""#, "\u{FFFD}\u{10000}"),
            (#""\ud800\udc00\udc00""#, "\u{10000}\u{FFFD}"),
            (#""\ud800é""#, "\u{FFFD}é"),
            // Real pairs are still one character.
            (#""\uD834\uDd1e""#, "\u{1D11E}"),
            (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
            (#""\ud83d\ude39\ud83d\udc8d""#, "😹💍"),
        ]
        for (json, text) in table {
            XCTAssertEqual(try String.fromJson(json), text, json)
            XCTAssertEqual(try JsonValue(parsing: "[\(json)]"), [.string(text)], json)
            // Everywhere a string is read: member values, dictionary keys, enum texts, skipped members.
            XCTAssertEqual(try Child.fromJson(#"{"name":"# + json + "}").name, text, json)
            XCTAssertEqual(try [String: Int].fromJson("{\(json):1}"), [text: 1], json)
            XCTAssertEqual(try Child.fromJson(#"{"unknown":"# + json + #","id":3}"#).id, 3, json)
            assertDecodingFails(
                Formats.self, #"{"color":"# + json + "}", path: "$.color", offset: 9, expected: "one of")
            // Written back as UTF-8, which .NET reads.
            XCTAssertEqual(text.toJson(), "\"\(text)\"".replacingOccurrences(of: "\n", with: "\\n"))
        }
        // A member name with a lone surrogate matches no property, and does not disturb the others.
        XCTAssertEqual(try Child.fromJson(#"{"i\ud800d":1,"id":2}"#).id, 2)
    }

    func testStrictModeRejectsLoneSurrogatesAndRequiredRejectionsStay() throws {
        let strict = JsonDecodingOptions(unpairedSurrogates: .reject)
        for json in [#"["\ud800"]"#, #"["\uDFAA"]"#, #"["\uD888\u1234"]"#, #"["\uDd1e\uD834"]"#, #"["\uD800\n"]"#] {
            assertDecodingFails(JsonValue.self, json, path: "$[0]", offset: 2, expected: "surrogate", options: strict)
        }
        XCTAssertEqual(try JsonValue(parsing: #"["\uD834\uDd1e"]"#, options: strict), ["\u{1D11E}"])
        // JSONTestSuite's n_ (must reject) escape cases, in both modes.
        let mustReject = [
            #"["\uD800\"]"#, #"["\uD800\u"]"#, #"["\uD800\u1"]"#, #"["\uD800\u1x"]"#, #"["\uD834\uDd"]"#,
            #"["\uD800\uD800\x"]"#, #"["\uqqqq"]"#, #"["\u00A"]"#, #"["\ud800\"#, #"["\ud800"#,
        ]
        for json in mustReject {
            for options in [JsonDecodingOptions(), strict] {
                XCTAssertThrowsError(try JsonValue(parsing: json, options: options), json) { error in
                    XCTAssertTrue(error is JsonDecodingError, "\(error)")
                }
            }
        }
    }

    // MARK: Durations .NET reads

    func testEveryDurationTextDotNetReads() throws {
        let table: [(String, TimeInterval)] = [
            // ServiceStack reads a bare P (or PT) as zero.
            ("P", 0), ("PT", 0), ("-P", 0), ("-PT", 0), ("P1DT", 86_400),
            // Seconds as .NET's decimal parser reads them.
            ("PT.5S", 0.5), ("PT5.S", 5), ("PT1.50S", 1.5), ("PT0.1234567S", 0.123_456_7),
            // Beyond seven digits the fraction is cut off (toward zero), as .NET's tick conversion does.
            ("PT1.12345678S", 1.123_456_7), ("-PT1.99999999S", -1.999_999_9),
            // XmlConvert's years and months (365 and 30 days), weeks.
            ("P1Y", 365 * 86_400), ("P1M", 30 * 86_400), ("P1W", 7 * 86_400), ("P1Y2M3DT4H5M6.7S", 36_993_906.7),
            // TimeSpan.Parse forms.
            ("1:2", 3720), ("01:02:03", 3723), ("1:02:03:04", 93_784), ("1.02:03", 93_780),
            ("-1.02:03:04.5", -93_784.5),
            ("0:00:00.0000001", 0.000_000_1), ("23:59:59.9999999", 86_399.999_999_9),
            // Seconds, as double.Parse reads them.
            ("90", 90), ("+5", 5), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("-2.5E-1", -0.25),
            // With white space around them, as TimeSpan.Parse and double.Parse allow.
            (" 01:02:03 ", 3723), (" -1:00", -3600), (" 90 ", 90),
        ]
        for (text, seconds) in table {
            XCTAssertEqual(try Formats.fromJson(#"{"duration":""# + text + #""}"#).duration, seconds, text)
            XCTAssertEqual(TimeSpan.parse(text), seconds, text)
        }
        XCTAssertEqual(TimeSpan.parse("\t-1:00\r\n"), -3600)
        XCTAssertEqual(try Formats.fromJson(#"{"duration":"\t90\n"}"#).duration, 90)
        XCTAssertNil(TimeSpan.parse(" PT1H"), "XSD durations start with P (or -P)")
    }

    // MARK: Writing

    func testDurationsAreWrittenFromExactTicks() throws {
        let table: [(TimeInterval, String)] = [
            (325_044_264.177102, "P3762DT2H4M24.177102S"), (0.1, "PT0.1S"), (1.1, "PT1.1S"),
            (86_399.999_999_9, "PT23H59M59.9999999S"), (0.000_000_1, "PT0.0000001S"), (1e-9, "PT0S"),
            (-93_784.5, "-P1DT2H3M4.5S"), (123_456_789.123_456_7, "P1428DT21H33M9.1234567S"),
        ]
        for (seconds, text) in table {
            XCTAssertEqual(TimeSpan(seconds).toJson(), "\"\(text)\"", "\(seconds)")
        }
        // Text .NET wrote comes back unchanged.
        for text in [
            "P3762DT2H4M24.177102S", "PT0.0000001S", "P10675199DT2H48M5.4775807S", "-P10675199DT2H48M5.4775808S",
            "P1DT0.0000001S", "PT59M59.9999999S", "P29DT23H59M59.9999999S",
        ] {
            let value = try Formats.fromJson(#"{"duration":""# + text + #""}"#)
            XCTAssertTrue(value.toJson().contains(#""duration":""# + text + #"""#), "\(text): \(value.toJson())")
        }
    }

    func testWcfMillisecondsAreTruncatedTowardZeroLikeDotNet() throws {
        let table: [(String, String)] = [
            ("2018-04-17T05:18:48.0005Z", "1523942328000"), ("2018-04-17T05:18:48.0009Z", "1523942328000"),
            ("2018-04-17T05:18:48.9995Z", "1523942328999"), ("1970-01-01T00:00:00.0009Z", "0"),
            ("1969-12-31T23:59:59.9995Z", "0"), ("1969-12-31T23:59:59.9985Z", "-1"),
            ("0001-01-01T00:00:00.0005Z", "-62135596799999"), ("9999-12-31T23:59:59.9995Z", "253402300799999"),
            // Before 1970 with a part of a millisecond: toward zero, not down.
            ("1960-06-15T12:34:56.7894Z", "-301231503210"), ("1969-12-31T23:59:59.9999Z", "0"),
            ("1900-01-01T00:00:00.0001Z", "-2208988799999"),
        ]
        for (iso, milliseconds) in table {
            let date = try Date.fromJson("\"\(iso)\"")
            XCTAssertEqual(date.toJson(), #""\/Date("# + milliseconds + #")\/""#, iso)
            XCTAssertEqual(DateFormats.wcf(date), "/Date(\(milliseconds))/", iso)
        }
    }

    func testTruncationNeverLosesAMillisecondOfDatesMadeFromMilliseconds() {
        // Dates made the usual ways (Date(timeIntervalSince1970:), JSONDecoder's
        // millisecondsSince1970) are a last bit or two away from the exact millisecond, on either
        // side: truncating must not turn .513 into .512.
        let iso = JsonEncodingOptions(dateFormat: .iso8601)
        for base: Int64 in [1_300_000_000_000, 1_523_942_312_000, 1_000_000_000, -2_208_988_800_000, 4_102_444_800_000]
        {
            for ms in 0..<1000 {
                let total = base + Int64(ms)
                let date = Date(timeIntervalSince1970: Double(total) / 1000)
                XCTAssertEqual(date.toJson(), #""\/Date("# + String(total) + #")\/""#)
                XCTAssertTrue(
                    date.toJson(options: iso).hasSuffix("." + String(String(ms + 1000).dropFirst()) + "0000Z\""),
                    date.toJson(options: iso))
            }
        }
    }

    func testIsoDatesAreWrittenAsDotNetsRoundTripFormat() throws {
        let iso = JsonEncodingOptions(dateFormat: .iso8601)
        let table: [(String, String)] = [
            (#""\/Date(1523942312513)\/""#, "2018-04-17T05:18:32.5130000Z"),
            (#""\/Date(1523942312000)\/""#, "2018-04-17T05:18:32.0000000Z"),
            (#""2018-04-17T07:18:32.1234567+02:00""#, "2018-04-17T05:18:32.1234567Z"),
            (#""2018-04-17""#, "2018-04-17T00:00:00.0000000Z"),
            (#""\/Date(-1)\/""#, "1969-12-31T23:59:59.9990000Z"),
        ]
        for (json, text) in table {
            let date = try Date.fromJson(json)
            XCTAssertEqual(date.toJson(options: iso), "\"\(text)\"", json)
            XCTAssertEqual(DateFormats.iso8601(date), text)
            // The text has .NET's "o" shape: seven fraction digits and Z, 28 characters.
            XCTAssertEqual(text.count, 28)
            XCTAssertEqual(try Date.fromJson("\"\(text)\""), date)
        }
        let encoded = String(
            decoding: try JSONEncoder.serviceStack(dateFormat: .iso8601)
                .encode([Date(timeIntervalSince1970: 1_523_942_312.513)]), as: UTF8.self)
        XCTAssertEqual(encoded, #"["2018-04-17T05:18:32.5130000Z"]"#)
    }
}
