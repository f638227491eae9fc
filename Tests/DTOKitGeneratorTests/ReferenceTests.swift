import DTOKitGenerator
import Foundation
import XCTest

/// Generates from every real snapshot in Tests/Fixtures and compares with the expected output in
/// Tests/DTOKitGeneratorTests/References. After an intended change to the generator, re-record with
///
///     DTOKIT_RECORD_REFERENCES=1 swift test --filter ReferenceTests
///
/// and review the diff of References/ like any other change.
final class ReferenceTests: XCTestCase {
    private let snapshots = [
        "BlazorGalleryDTOs/blazor-gallery", "PvqDTOs/pvq", "AdminUiDTOs/admin-ui", "TechStacksDTOs/techstacks",
        "EdgeCaseDTOs/edgecases",
    ]

    func testGeneratedCodeMatchesReferences() throws {
        let record = ProcessInfo.processInfo.environment["DTOKIT_RECORD_REFERENCES"] == "1"
        let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures")
        let references = repositoryRoot.appendingPathComponent("Tests/DTOKitGeneratorTests/References")
        for path in snapshots {
            let snapshot = fixtures.appendingPathComponent(path + ".metadata.json")
            let optionsURL = fixtures.appendingPathComponent(path + ".options")
            var options = GeneratorOptions()
            if let text = try? String(contentsOf: optionsURL, encoding: .utf8) {
                options = try OptionsFile.parse(text, fileName: optionsURL.lastPathComponent)
            }
            let name = snapshot.lastPathComponent
            let generated = try DTOGenerator(options: options)
                .generate(snapshot: try Data(contentsOf: snapshot), snapshotName: name)
                .map(\.contents).joined()
            let reference = references.appendingPathComponent(DTOGenerator.baseName(ofSnapshot: name) + ".dtos.swift")
            if record {
                try generated.write(to: reference, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: reference, encoding: .utf8)
            if generated != expected {
                let generatedLines = generated.split(separator: "\n", omittingEmptySubsequences: false)
                let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
                let firstDifference = zip(generatedLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
                XCTFail("""
                    \(name) differs from References/\(reference.lastPathComponent) at line \((firstDifference?.offset ?? min(generatedLines.count, expectedLines.count)) + 1):
                      expected: \(firstDifference?.element.1 ?? "")
                      actual:   \(firstDifference?.element.0 ?? "")
                    Re-record with DTOKIT_RECORD_REFERENCES=1 swift test --filter ReferenceTests if the change is intended.
                    """)
            }
        }
    }
}
