import DTOKit
import Foundation
import XCTest

/// A generic type used nowhere else, so its metadata table is first built under contention.
public class Envelope<T: JsonConvertible> {
    public var payload: T?
    public var items: [T]?

    required public init() {}
}

extension Envelope: JsonSerializable {
    public static var metadata: Metadata {
        Metadata.cached(for: self) {
            Metadata.create([
                Property<Envelope<T>>.optional("payload", get: { $0.payload }, set: { $0.payload = $1 }),
                Property<Envelope<T>>.optionalArray("items", get: { $0.items }, set: { $0.items = $1 }),
            ])
        }
    }
}

/// Decoding from many tasks at once: the shared tables (static and generic caches) must give
/// every task the same results.
final class ConcurrencyTests: XCTestCase {
    static let envelopeJson =
        #"{"payload":{"results":[{"id":1,"name":"a"}],"total":1},"items":[{"offset":2,"results":[]}]}"#
    static let formatsJson = """
        {"when":"\\/Date(1523942312513+0100)\\/","duration":"P1DT2H3M4.5S","bytes":"AAEC/w==","guid":"0f8fad5bd9cb469fa16570867728950e",
         "color":"green","status":"on-hold","permissions":"Read, Write","untyped":{"a":[1,2.5,"x"]},
         "durationByName":{"k":"01:00:00"},"dates":["2018-04-17T05:18:32.513+02:00"]}
        """

    /// Everything one task decodes in one iteration, re-encoded as text.
    @Sendable static func decodeAll() throws -> [String] {
        [
            try Catalog.fromJson(RoundTripAndCodableTests.documents[0]).toJson(),
            try Envelope<Page<Child>>.fromJson(envelopeJson).toJson(),
            try Envelope<Int>.fromJson(#"{"payload":5,"items":[1,2,3]}"#).toJson(),
            try Formats.fromJson(formatsJson).toJson(options: JsonEncodingOptions(dateFormat: .iso8601)),
            try Kennel.fromJson(#"{"star":{"id":1},"animals":[{"name":"x"}]}"#).toJson(),
            try QueryResponse<Technology>.fromJson(queryResponseBody).toJson(),
            try ErrorResponse.fromJson(validationErrorBody).toJson(),
            try JsonValue(parsing: validationErrorBody).toJson(),
            String(describing: (try? Page<Int>.fromJson(#"{"results":[1,"x"]}"#)).map { $0.toJson() }),
        ]
    }

    func testEightTasksDecodingTwoHundredTimesAgree() async throws {
        let taskCount = 8
        let iterations = 200
        let results = try await withThrowingTaskGroup(of: [[String]].self) { group in
            for _ in 0..<taskCount {
                group.addTask {
                    var outputs: [[String]] = []
                    for _ in 0..<iterations {
                        outputs.append(try ConcurrencyTests.decodeAll())
                    }
                    return outputs
                }
            }
            var all: [[String]] = []
            for try await outputs in group {
                all.append(contentsOf: outputs)
            }
            return all
        }
        XCTAssertEqual(results.count, taskCount * iterations)
        let reference = try ConcurrencyTests.decodeAll()
        for result in results where result != reference {
            XCTFail("a task decoded differently:\n\(result)\nvs\n\(reference)")
            break
        }
        // The reference itself is right, not merely consistent.
        XCTAssertEqual(
            reference[1],
            #"{"payload":{"total":1,"results":[{"id":1,"name":"a"}]},"items":[{"offset":2,"results":[]}]}"#)
        XCTAssertEqual(reference[2], #"{"payload":5,"items":[1,2,3]}"#)
        XCTAssertTrue(reference[3].hasPrefix(#"{"when":"2018-04-17T05:18:32.5130000Z","#), reference[3])
        XCTAssertTrue(reference[3].contains(#""duration":"P1DT2H3M4.5S""#), reference[3])
        XCTAssertTrue(reference[3].contains(#""dates":["2018-04-17T03:18:32.5130000Z"]"#), reference[3])
        XCTAssertEqual(reference[8], "nil")
        XCTAssertTrue(Envelope<Int>.metadata === Envelope<Int>.metadata)
    }

    func testConcurrentDecodingErrorsAreIdentical() async throws {
        let messages = await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let json = #"{"results":[{"id":1},{"id":"x"}]}"#
                    do {
                        _ = try Page<Child>.fromJson(json)
                        return "no error"
                    } catch {
                        return String(describing: error)
                    }
                }
            }
            var all: [String] = []
            for await message in group { all.append(message) }
            return all
        }
        XCTAssertEqual(
            Set(messages),
            [
                #"JSON decoding failed at $.results[1].id (line 1, column 28, byte 27): expected a number, found the string "x""#
            ])
    }
}

// MARK: - Stack use at the nesting limit

/// One way of reading or writing a document nested as deep as the default limit allows.
enum StackProbe: String, CaseIterable {
    case parseArrays, decodeNestedDTOs, skipUnknownMember, writeJsonValue

    /// Runs the probe; true when the document was handled as expected.
    func run() -> Bool {
        let depth = JsonDecodingOptions().maxDepth
        switch self {
        case .parseArrays:
            let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            return (try? JsonValue(parsing: json)) != nil
        case .decodeNestedDTOs:
            let json =
                String(repeating: #"{"child":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
            return (try? Child.fromJson(json)) != nil
        case .skipUnknownMember:
            let json =
                #"{"x":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
                + #","id":1}"#
            return (try? Child.fromJson(json))?.id == 1
        case .writeJsonValue:
            var value = JsonValue.array([])
            for _ in 1..<depth { value = .array([value]) }
            return value.toJson() == String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
    }

    /// Runs the probe on a new thread with a stack of `bytes`; a stack overflow crashes the process.
    func runOnThread(stackSize bytes: Int) -> Bool {
        final class Box: @unchecked Sendable { var passed = false }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.passed = self.run()
            done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        done.wait()
        return box.passed
    }

    /// A secondary thread's stack on Apple platforms (and Swift concurrency's threads there) is
    /// 512 KiB, in Debug and Release builds alike.
    static var smallStack: Int { 512 * 1024 }
}

extension ConcurrencyTests {
    /// Not a test of its own: in a child process started by
    /// ``testDeepestAllowedNestingFitsASmallThreadStack()`` it runs one probe on a small stack (a
    /// stack overflow there cannot take the whole test run down). Run directly, it checks every
    /// probe on an ample stack.
    func testStackProbeInChildProcess() {
        if let name = ProcessInfo.processInfo.environment["DTOKIT_STACK_PROBE"], let probe = StackProbe(rawValue: name)
        {
            XCTAssertTrue(probe.runOnThread(stackSize: StackProbe.smallStack))
            print("STACK PROBE PASSED \(name)")
            return
        }
        for probe in StackProbe.allCases {
            XCTAssertTrue(probe.runOnThread(stackSize: 16 * 1024 * 1024), probe.rawValue)
        }
    }

    /// The default nesting limit is chosen so that the deepest document it allows still fits the
    /// stack of a secondary thread (as in an async client call on iOS): decoding must neither
    /// overflow nor need the main thread's 8 MiB.
    func testDeepestAllowedNestingFitsASmallThreadStack() throws {
        #if os(Linux)
        let executable = CommandLine.arguments[0]
        guard executable.hasSuffix(".xctest"), ProcessInfo.processInfo.environment["DTOKIT_STACK_PROBE"] == nil else {
            throw XCTSkip("needs the swift-corelibs-xctest runner to start a child process")
        }
        if isRunningUnderSanitizer {
            throw XCTSkip("AddressSanitizer and ThreadSanitizer make stack frames several times larger")
        }
        for probe in StackProbe.allCases {
            let (_, reason, output) = try runTestInChildProcess(
                "DTOKitTests.ConcurrencyTests/testStackProbeInChildProcess",
                environment: ["DTOKIT_STACK_PROBE": probe.rawValue])
            XCTAssertEqual(
                reason, .exit,
                "\(probe.rawValue): \(JsonDecodingOptions().maxDepth) levels overflowed a \(StackProbe.smallStack / 1024) KiB stack"
            )
            XCTAssertTrue(
                output.contains("STACK PROBE PASSED \(probe.rawValue)"), "\(probe.rawValue): \(output.suffix(2000))")
        }
        #else
        throw XCTSkip("the child-process check runs on Linux")
        #endif
    }
}
