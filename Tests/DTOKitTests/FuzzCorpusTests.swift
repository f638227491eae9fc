import DTOKit
import Foundation
import XCTest

/// The fuzzer's checked-in corpus (`Fuzz/corpus`), replayed by `swift test`: every seed and every
/// input that once crashed DTOKit (`regression-*`) goes through the reader and the writer with the
/// invariants of `Fuzz/Sources/FuzzTarget.swift`, on the hand-written DTOs of this target.
final class FuzzCorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    func testEveryCorpusInputDecodesOrFailsCleanlyAndRoundTrips() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertGreaterThan(files.count, 10, "the corpus is missing: \(Self.corpus.path)")
        for file in files {
            let data = try Data(contentsOf: file)
            let name = file.lastPathComponent
            try roundTrip(JsonValue.self, data, name)
            try roundTrip(Formats.self, data, name)
            try roundTrip([Scalars].self, data, name)
            try roundTrip(Collections.self, data, name)
            try roundTrip([String: [Formats]].self, data, name)
            try roundTrip(Kennel.self, data, name)
        }
    }

    /// Decodes `data` as `T` (an error must be a `JsonDecodingError`); what is written for a
    /// decoded value reads back and writes the same text again.
    private func roundTrip<T: JsonConvertible>(_: T.Type, _ data: Data, _ name: String) throws {
        let value: T
        do {
            value = try T.fromJson(data)
        } catch let error as JsonDecodingError {
            XCTAssertFalse(error.description.isEmpty)
            return
        }
        for options in [JsonEncodingOptions(dateFormat: .wcf), JsonEncodingOptions(dateFormat: .iso8601)] {
            let text = value.toJson(options: options)
            XCTAssertEqual(try T.fromJson(text).toJson(options: options), text, "\(name) as \(T.self)")
        }
    }

    // MARK: Inputs that crashed DTOKit

    /// `regression-timespan-minvalue.json`: .NET's `TimeSpan.MinValue` overflowed the tick sum.
    func testTimeSpanMinValue() throws {
        let value = try Formats.fromJson(#"{"duration":"-P10675199DT2H48M5.4775808S"}"#)
        XCTAssertEqual(value.toJson(), try Formats.fromJson(value.toJson()).toJson())
        XCTAssertTrue(value.toJson().contains(#""duration":"-P10675199DT2H48M5.4775808S""#))
    }

    /// `regression-timespan-overflow-fraction.json`: adding the fraction overflowed.
    func testTimeSpanWholeSecondsPlusFractionBeyondTheRange() {
        assertDecodingFails(
            Formats.self, #"{"duration":"PT922337203685.9999999S"}"#, path: "$.duration", offset: 12,
            expected: "TimeSpan range")
    }
}
