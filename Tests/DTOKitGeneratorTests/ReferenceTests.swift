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
        "EdgeCaseDTOs/edgecases", "OldServerDTOs/oldserver",
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
            let result = try DTOGenerator(options: options).run(
                snapshot: try Data(contentsOf: snapshot), snapshotName: name)
            let generated = result.files.map(\.contents).joined()
            let reference = references.appendingPathComponent(DTOGenerator.baseName(ofSnapshot: name) + ".dtos.swift")
            // The warnings are part of the output: a snapshot without any has no warnings file.
            let warnings = result.warnings.map { "\($0)\n" }.joined()
            let warningsReference = references.appendingPathComponent(
                DTOGenerator.baseName(ofSnapshot: name) + ".warnings.txt")
            if record {
                try generated.write(to: reference, atomically: true, encoding: .utf8)
                if warnings.isEmpty {
                    try? FileManager.default.removeItem(at: warningsReference)
                } else {
                    try warnings.write(to: warningsReference, atomically: true, encoding: .utf8)
                }
                continue
            }
            let expectedWarnings = (try? String(contentsOf: warningsReference, encoding: .utf8)) ?? ""
            XCTAssertEqual(warnings, expectedWarnings, "warnings for \(name)")
            let expected = try String(contentsOf: reference, encoding: .utf8)
            if generated != expected {
                let generatedLines = generated.split(separator: "\n", omittingEmptySubsequences: false)
                let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
                let firstDifference = zip(generatedLines, expectedLines).enumerated().first {
                    $0.element.0 != $0.element.1
                }
                XCTFail(
                    """
                    \(name) differs from References/\(reference.lastPathComponent) at line \((firstDifference?.offset ?? min(generatedLines.count, expectedLines.count)) + 1):
                      expected: \(firstDifference?.element.1 ?? "")
                      actual:   \(firstDifference?.element.0 ?? "")
                    Re-record with DTOKIT_RECORD_REFERENCES=1 swift test --filter ReferenceTests if the change is intended.
                    """)
            }
        }
    }
}
