import Foundation
import TechStacksBenchDTOs
import Testing

@testable import BenchmarkCases

/// The comparison rows measure what they claim only if they read the same values as DTOKit.
@Suite struct ComparisonTests {
    @Test func everyLibraryReadsAndWritesTheSameValuesOnEveryPayload() throws {
        for payload in try Payloads.all() {
            #expect(payload.verify() == nil, "\(payload.id)")
        }
        let first = try Payloads.techStacksAll()
        #expect(first.decode[.protobuf] != nil && first.encode[.protobuf] != nil)
        #expect(first.decode[.codableStringDates] != nil && first.encode[.codableStringDates] != nil)
        #expect(try Payloads.techStacksSmall().decode[.protobuf] != nil)
        #expect(first.decode[.resultOnly] != nil && first.encode[.resultOnly] == nil)
    }

    @Test func resultBuiltWithoutJsonHasStorageOfItsOwn() throws {
        let payload = try Payloads.techStacksAll()
        let decoded = try GetAllTechnologiesResponse.fromJson(payload.json)
        let built = ResultOnlyComparison.Source(decoded).build()
        #expect(built.toJson() == decoded.toJson())
        let (source, copy) = (decoded.results?[0].description ?? "", built.results?[0].description ?? "")
        #expect(source.utf8.count > 15)
        let sourceStorage = source.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        let copyStorage = copy.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        #expect(sourceStorage != nil && sourceStorage != copyStorage)
        #expect(try ResultOnlyComparison.allTechnologies(expected: decoded).verify() == nil)
    }

    @Test func protobufCheckNamesTheMemberThatDiffers() throws {
        let payload = try Payloads.techStacksAll()
        let changed = try GetAllTechnologiesResponse.fromJson(payload.json)
        changed.results?[3].vendorName = "Someone Else"
        let comparison = try ProtobufComparison.allTechnologies(json: payload.json, expected: changed)
        #expect(try comparison.verify() == "results[3].vendorName")

        let later = try GetAllTechnologiesResponse.fromJson(payload.json)
        later.results?[7].created = later.results?[7].created?.addingTimeInterval(0.001)
        #expect(
            try ProtobufComparison.allTechnologies(json: payload.json, expected: later).verify() == "results[7].created"
        )
    }

    @Test func codableStringDatesCheckFindsADifference() throws {
        let payload = try Payloads.techStacksAll()
        let changed = try GetAllTechnologiesResponse.fromJson(payload.json)
        changed.results?[10].viewCount = (changed.results?[10].viewCount ?? 0) + 1
        let comparison = try CodableStringDatesComparison.allTechnologies(json: payload.json, expected: changed)
        #expect(try comparison.verify() == "results[10] differs from DTOKit's")
    }

    @Test func serviceStackDateTextToMilliseconds() {
        #expect(ProtobufComparison.milliseconds("/Date(1451056892040-0000)/") == 1_451_056_892_040)
        #expect(ProtobufComparison.milliseconds("/Date(-62135596800000-0000)/") == -62_135_596_800_000)
        #expect(ProtobufComparison.milliseconds("/Date(1451056892040)/") == 1_451_056_892_040)
        #expect(ProtobufComparison.milliseconds("") == nil)
        #expect(ProtobufComparison.milliseconds("2016-01-01") == nil)
    }
}
