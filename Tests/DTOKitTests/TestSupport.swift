import DTOKit
import Foundation
import XCTest

/// Decodes `json` as `T`, expecting a ``JsonDecodingError``, and checks where it says the problem
/// is and what it says about it. Returns the error for further checks.
@discardableResult
func assertDecodingFails<T: JsonConvertible>(
    _ type: T.Type,
    _ json: String,
    path: String,
    offset: Int? = nil,
    line: Int? = nil,
    column: Int? = nil,
    expected: String? = nil,
    found: String? = nil,
    options: JsonDecodingOptions = JsonDecodingOptions(),
    file: StaticString = #filePath,
    line testLine: UInt = #line
) -> JsonDecodingError? {
    do {
        _ = try T.fromJson(json, options: options)
        XCTFail("decoding \(T.self) from \(json.prefix(80)) should have failed", file: file, line: testLine)
        return nil
    } catch let error as JsonDecodingError {
        let text = error.description
        XCTAssertEqual(error.jsonPath, path, "path in: \(text)", file: file, line: testLine)
        XCTAssertTrue(text.contains("at \(path) ("), "description names the path: \(text)", file: file, line: testLine)
        if let offset {
            XCTAssertEqual(error.offset, offset, "offset in: \(text)", file: file, line: testLine)
            XCTAssertTrue(
                text.contains("byte \(offset))"), "description names the byte: \(text)", file: file, line: testLine)
        }
        if let line {
            XCTAssertEqual(error.line, line, "line in: \(text)", file: file, line: testLine)
        }
        if let column {
            XCTAssertEqual(error.column, column, "column in: \(text)", file: file, line: testLine)
        }
        XCTAssertTrue(
            text.contains("(line \(error.line), column \(error.column), byte \(error.offset))"),
            "description names line, column and byte: \(text)", file: file, line: testLine)
        if let expected {
            XCTAssertTrue(
                error.expected.contains(expected), "expected '\(expected)' in: \(text)", file: file, line: testLine)
            XCTAssertTrue(text.contains("expected \(error.expected)"), file: file, line: testLine)
        }
        if let found {
            XCTAssertTrue(error.found.contains(found), "found '\(found)' in: \(text)", file: file, line: testLine)
            XCTAssertTrue(text.hasSuffix("found \(error.found)"), file: file, line: testLine)
        }
        return error
    } catch {
        XCTFail("expected a JsonDecodingError, got \(error)", file: file, line: testLine)
        return nil
    }
}

/// Decode → encode → decode → encode gives the same text both times; returns that text.
@discardableResult
func assertStableRoundTrip<T: JsonConvertible>(
    _ type: T.Type,
    _ json: String,
    options: JsonEncodingOptions = JsonEncodingOptions(),
    file: StaticString = #filePath,
    line: UInt = #line
) throws -> String {
    let first = try T.fromJson(json).toJson(options: options)
    let second = try T.fromJson(first).toJson(options: options)
    XCTAssertEqual(first, second, "re-encoding changed the text", file: file, line: line)
    // Whatever the writer produced must be valid JSON that reads back as the same tree.
    XCTAssertEqual(try JsonValue(parsing: first), try JsonValue(parsing: second), file: file, line: line)
    return first
}

/// Milliseconds since 1970 of a date, rounded (for comparing dates made through different arithmetic).
func milliseconds(_ date: Date?) -> Int64? {
    date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
}

/// A UTC date from its parts, computed independently of DTOKit with Foundation's calendar.
func utcDate(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
    nanosecond: Int = 0
) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let components = DateComponents(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second,
        nanosecond: nanosecond)
    guard let date = calendar.date(from: components) else {
        XCTFail("invalid date components \(components)")
        return Date(timeIntervalSince1970: 0)
    }
    return date
}

/// The environment for a child process of the test runner: this one's plus `extra`, without the
/// Swift runtime's crash backtracer (a child is expected to stop; under AddressSanitizer the
/// backtracer can outlive it and keep its output pipe open).
func childEnvironment(_ extra: [String: String]) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(extra) { $1 }.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
}

/// Runs one test of this bundle (`"Module.Class/testName"`) in a child process of the test runner,
/// with `environment` added, and returns how it ended and what it printed (stdout and stderr).
func runTestInChildProcess(_ test: String, environment: [String: String]) throws
    -> (status: Int32, reason: Process.TerminationReason, output: String)
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [test]
    process.environment = childEnvironment(environment)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason, output)
}

/// Whether the tests run under AddressSanitizer or ThreadSanitizer (`swift test --sanitize=…`).
let isRunningUnderSanitizer: Bool = {
    #if os(Linux)
    guard let process = unsafe dlopen(nil, RTLD_NOW) else { return false }
    defer { unsafe dlclose(process) }
    return unsafe dlsym(process, "__asan_init") != nil || dlsym(process, "__tsan_init") != nil
    #else
    return false
    #endif
}()

/// `text` as a JSON string, built independently of DTOKit: `"`, `\` and control characters escaped
/// (the named ones by letter, the rest as `\u00XX`), everything else as it is; `/` as `\/` too
/// when `escapingSlash`, as ServiceStack writes it.
func jsonQuoted(_ text: String, escapingSlash: Bool = false) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "/" where escapingSlash: out += "\\/"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{8}": out += "\\b"
        case "\u{C}": out += "\\f"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
