import DTOKit
import Foundation
import XCTest

/// Misuse of the public API cannot corrupt memory: a table applied to an object of another class,
/// or a reader moved out of its decoding call, stops the program with a message instead. (Copying
/// a reader or writer does not compile: both are non-copyable.) Each misuse runs in a child process.
final class MemorySafetyTests: XCTestCase {
    enum Misuse: String, CaseIterable {
        case decodeWithAnotherClassTable, encodeWithAnotherClassTable, swapReadersBetweenDocuments

        var expectedMessage: String {
            switch self {
            case .decodeWithAnotherClassTable, .encodeWithAnotherClassTable:
                return "a metadata table with properties of Child was used for an instance of Impostor"
            case .swapReadersBetweenDocuments:
                return "a JsonReader was swapped out of the decoding call that created it"
            }
        }

        func commit() throws {
            switch self {
            case .decodeWithAnotherClassTable:
                _ = try Impostor.fromJson(#"{"id":1,"name":"x"}"#)
            case .encodeWithAnotherClassTable:
                _ = Impostor().toJson()
            case .swapReadersBetweenDocuments:
                let outer = Data("[1]".utf8)
                _ = unsafe try outer.withUnsafeBytes { outerBytes in
                    unsafe try JsonReader.read(outerBytes) { outerReader in
                        // A temporary document: its bytes are gone once `fromJson`-like calls return.
                        unsafe try Data("[2]".utf8).withUnsafeBytes { innerBytes in
                            unsafe try JsonReader.read(innerBytes) { innerReader in
                                swap(&outerReader, &innerReader)
                                _ = try [Int].read(from: &innerReader)
                            }
                        }
                        return try [Int].read(from: &outerReader)
                    }
                }
            }
        }
    }

    func testMisuseInChildProcess() throws {
        guard let name = ProcessInfo.processInfo.environment["DTOKIT_MISUSE"], let misuse = Misuse(rawValue: name)
        else {
            return
        }
        try misuse.commit()
        print("MISUSE WENT UNNOTICED \(name)")
    }

    func testMisuseStopsTheProgramInsteadOfCorruptingMemory() throws {
        #if os(Linux)
        let executable = CommandLine.arguments[0]
        guard executable.hasSuffix(".xctest"), ProcessInfo.processInfo.environment["DTOKIT_MISUSE"] == nil else {
            throw XCTSkip("needs the swift-corelibs-xctest runner to start a child process")
        }
        for misuse in Misuse.allCases {
            let (status, _, output) = try runTestInChildProcess(
                "DTOKitTests.MemorySafetyTests/testMisuseInChildProcess",
                environment: ["DTOKIT_MISUSE": misuse.rawValue])
            XCTAssertNotEqual(status, 0, "\(misuse): \(output)")
            XCTAssertTrue(output.contains(misuse.expectedMessage), "\(misuse): \(output.suffix(2000))")
            XCTAssertFalse(output.contains("MISUSE WENT UNNOTICED"), "\(misuse)")
        }
        #else
        throw XCTSkip("child processes of the test runner are started on Linux only")
        #endif
    }
}

/// A conformance whose table belongs to another class: its accessors would treat an `Impostor`
/// as a `Child`.
final class Impostor: JsonSerializable {
    var padding = 0
    init() {}
    static var metadata: Metadata { Child.metadata }
}
