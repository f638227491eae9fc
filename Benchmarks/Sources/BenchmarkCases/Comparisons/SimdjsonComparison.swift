#if SIMDJSON
import DTOKit
import Foundation
import SimdjsonTraversal

/// simdjson's On-Demand API visiting every value of a payload (`Sources/SimdjsonTraversal`): it
/// builds no objects, so it is the practical limit for a decoder that must at least read every
/// string and number. Checked against the counts of DTOKit's untyped `JsonValue` tree.
public enum SimdjsonComparison {
    /// True in builds that have simdjson.
    public static let isAvailable = true

    /// The kernels simdjson uses here, for the report.
    public static var implementation: String { String(cString: simdjson_traversal_implementation()) }

    static func traversal(json: Data) throws -> Comparison? {
        let traversal = try Traversal(json)
        return Comparison(
            library: .simdjson,
            // The error code only: a small value, which `Any` holds without allocating.
            decode: { traversal.run().error },
            encode: nil,
            verify: {
                let counts = traversal.run()
                guard counts.error == 0 else { return "simdjson error \(counts.error)" }
                let expected = Census(try JsonValue(parsing: json))
                let seen = [
                    counts.objects, counts.arrays, counts.keys, counts.strings, counts.stringBytes,
                    counts.numbers, counts.booleans, counts.nulls, counts.numberSum,
                ]
                let wanted = [
                    expected.objects, expected.arrays, expected.keys, expected.strings, expected.stringBytes,
                    expected.numbers, expected.booleans, expected.nulls, expected.numberSum,
                ]
                return seen == wanted
                    ? nil
                    : "saw objects, arrays, keys, strings, string bytes, numbers, booleans, nulls, number sum \(seen), expected \(wanted)"
            })
    }

    /// Owns the padded copy of the bytes and the parser simdjson reuses from call to call.
    final class Traversal: @unchecked Sendable {
        private let handle: OpaquePointer

        init(_ json: Data) throws {
            let handle = json.withUnsafeBytes { bytes in
                simdjson_traversal_create(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
            }
            guard let handle else { throw CocoaError(.fileReadTooLarge) }
            self.handle = handle
        }

        deinit { simdjson_traversal_destroy(handle) }

        func run() -> simdjson_traversal_counts { simdjson_traversal_run(handle) }
    }

    /// The same counts, from a `JsonValue` tree.
    struct Census {
        var objects: Int64 = 0, arrays: Int64 = 0, keys: Int64 = 0, strings: Int64 = 0, stringBytes: Int64 = 0
        var numbers: Int64 = 0, booleans: Int64 = 0, nulls: Int64 = 0, numberSum: Int64 = 0

        init(_ value: JsonValue) { visit(value) }

        private mutating func visit(_ value: JsonValue) {
            switch value {
            case .null: nulls += 1
            case .bool(let flag):
                booleans += 1
                numberSum &+= flag ? 1 : 0
            case .int(let number):
                numbers += 1
                numberSum &+= Int64(number)
            case .double(let number):
                numbers += 1
                numberSum &+= Int64(exactly: number.rounded(.towardZero)) ?? 0
            case .string(let text):
                strings += 1
                stringBytes += Int64(text.utf8.count)
            case .array(let elements):
                arrays += 1
                for element in elements { visit(element) }
            case .object(let object):
                objects += 1
                for (_, member) in object {
                    keys += 1
                    visit(member)
                }
            }
        }
    }
}
#else
import Foundation

/// simdjson is not installed in this build (see Benchmarks/Package.swift).
public enum SimdjsonComparison {
    public static let isAvailable = false
    public static var implementation: String { "not built" }
    static func traversal(json: Data) throws -> Comparison? { nil }
}
#endif
