import Foundation
import XCTest

/// The TechStacks response payloads bundled with the tests.
enum Payload {
    static func data(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Payloads"),
            "missing payload \(name).json", file: file, line: line)
        return try Data(contentsOf: url)
    }
}
