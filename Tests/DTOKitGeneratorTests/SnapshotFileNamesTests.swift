import XCTest

@testable import DTOKitGenerator

/// The naming rule the plugins, the generator and the command line share (Plugins/Shared/SnapshotFileNames.swift):
/// the plugins cannot be tested on their own, so their one source of names is tested here.
final class SnapshotFileNamesTests: XCTestCase {
    func testSnapshotNamesAndTheirBase() {
        XCTAssertTrue(SnapshotFileNames.isSnapshot("techstacks.metadata.json"))
        XCTAssertFalse(SnapshotFileNames.isSnapshot(".metadata.json"), "a suffix alone names no snapshot")
        XCTAssertFalse(SnapshotFileNames.isSnapshot("techstacks.json"))
        XCTAssertFalse(SnapshotFileNames.isSnapshot("techstacks.Metadata.json"), "the suffix is matched exactly")

        XCTAssertEqual(SnapshotFileNames.baseName(ofSnapshot: "techstacks.metadata.json"), "techstacks")
        XCTAssertEqual(SnapshotFileNames.baseName(ofSnapshot: "Sources/DTOs/api.metadata.json"), "api")
        XCTAssertEqual(SnapshotFileNames.baseName(ofSnapshot: "/tmp/x/api.metadata.json/"), "api", "a trailing slash")
        XCTAssertEqual(SnapshotFileNames.baseName(ofSnapshot: "dump.json"), "dump")
        XCTAssertEqual(SnapshotFileNames.baseName(ofSnapshot: "a.b.metadata.json"), "a.b")
        XCTAssertEqual(SnapshotFileNames.baseName(ofSnapshot: "snapshot"), "snapshot")
        XCTAssertEqual(SnapshotFileNames.baseName(ofSnapshot: ".json"), ".json", "nothing left to name")
    }

    func testTheFilesBesideASnapshot() {
        XCTAssertEqual(SnapshotFileNames.snapshotFileName(forBase: "api"), "api.metadata.json")
        XCTAssertEqual(SnapshotFileNames.optionsFileName(forBase: "api"), "api.options")
        XCTAssertEqual(SnapshotFileNames.outputFileNames(forBase: "api", fileCount: 1), ["api.dtos.swift"])
        XCTAssertEqual(
            SnapshotFileNames.outputFileNames(forBase: "api", fileCount: 3),
            ["api.dtos.1.swift", "api.dtos.2.swift", "api.dtos.3.swift"])
        // What the build plugin declares is what `generate --output-dir --file-count` writes.
        XCTAssertEqual(
            DTOGenerator.outputFileNames(
                forSnapshot: "x/api.metadata.json",
                fileCount: SnapshotFileNames.buildPluginFileCount),
            SnapshotFileNames.outputFileNames(forBase: "api", fileCount: SnapshotFileNames.buildPluginFileCount))
    }
}
