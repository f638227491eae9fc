import DTOKitGenerator
import Foundation
import XCTest

/// The generator never crashes on a snapshot or an options file: real inputs are mutated (members
/// dropped, duplicated and retyped, inheritance cycles, huge names, odd Unicode, wrong value kinds,
/// broken bytes) and each outcome must be a ``GeneratorError`` or generated files. A crash (trap,
/// stack overflow) ends the test process, so it cannot pass unnoticed. Whether the files of such
/// mutants compile is checked by `Tests/CompileMatrix/compile-matrix.py --mutants`.
final class MutationTests: XCTestCase {
    /// Snapshots and how many mutants of each (the large ones take longer to generate).
    private let subjects = [
        ("AdminUiDTOs/admin-ui", 60), ("EdgeCaseDTOs/edgecases", 60), ("OldServerDTOs/oldserver", 40),
        ("TechStacksDTOs/techstacks", 12), ("PvqDTOs/pvq", 8), ("BlazorGalleryDTOs/blazor-gallery", 8),
    ]

    func testMutatedSnapshotsGiveADiagnosticOrCode() throws {
        var random = SplitMix64(seed: 0x5EED_2026)
        var outcomes = (errors: 0, generated: 0, warnings: 0)
        for (path, count) in subjects {
            let url = repositoryRoot.appendingPathComponent("Tests/Fixtures/\(path).metadata.json")
            let original = try Data(contentsOf: url)
            let tree = try JSONSerialization.jsonObject(with: original)
            for index in 0..<count {
                let mutant: Data
                if index % 5 == 4 {
                    mutant = SnapshotMutator.mutateBytes(original, random: &random)
                } else {
                    var mutated = tree
                    for _ in 0..<(1 + Int(random.next() % 3)) {
                        mutated = SnapshotMutator.mutate(mutated, random: &random)
                    }
                    mutant = try JSONSerialization.data(withJSONObject: mutated)
                }
                do {
                    let result = try DTOGenerator(options: GeneratorOptions(), fileCount: 2)
                        .run(snapshot: mutant, snapshotName: "mutant.metadata.json")
                    XCTAssertFalse(result.files.isEmpty)
                    outcomes.generated += 1
                    outcomes.warnings += result.warnings.count
                } catch let error as GeneratorError {
                    XCTAssertEqual(error.file, "mutant.metadata.json")
                    XCTAssertFalse(error.message.isEmpty)
                    outcomes.errors += 1
                } catch {
                    XCTFail("\(path) mutant \(index): not a GeneratorError: \(error)")
                }
            }
        }
        // Both outcomes occur, so the mutations reach past the parser into the resolver.
        XCTAssertGreaterThan(outcomes.generated, 50, "\(outcomes)")
        XCTAssertGreaterThan(outcomes.errors, 10, "\(outcomes)")
        XCTAssertGreaterThan(outcomes.warnings, 10, "\(outcomes)")
    }

    func testHostileShapesFromTheReview() throws {
        // `Acme.ErrorResponse : ServiceStack.ErrorResponse` with AddResponseStatus once recursed forever.
        let types = #"""
            {"name":"ErrorResponse","namespace":"Acme","inherits":{"name":"ErrorResponse","namespace":"Acme"},"properties":[]},
            {"name":"Deep","namespace":"Acme","properties":[{"name":"X","type":"\#(String(repeating: "List<", count: 5000))Int32\#(String(repeating: ">", count: 5000))","namespace":"System"}]},
            {"name":"\#(String(repeating: "N", count: 100_000))","namespace":"Acme","properties":[]}
            """#
        let (output, warnings) = try Snippet.run(Snippet.snapshot(types: types), options: "AddResponseStatus: True")
        XCTAssertTrue(output.contains("class ErrorResponse"))
        XCTAssertTrue(warnings.contains { $0.message.contains("cannot read the type of `Deep.x`") }, "\(warnings)")
        // JSON nested deeper than the parser's limit is an error, not a stack overflow.
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertNotNil(Snippet.error(#"{"types":\#(nested)}"#))
    }

    func testMutatedOptionsFilesGiveADiagnosticOrOptions() throws {
        var random = SplitMix64(seed: 0x0F7_1025)
        let pieces = OptionsFile.knownKeys + ["Date", "Tip", "Version", "//", "/*", "*/", "Unknown", "", "basEuRL"]
        let values = [
            "True", "False", "true", "", "NSObject", "1", "-1", "99999999999999999999", "A.*,{t1,t2}", "{", "}}",
            "Foundation,ServiceStack", "internal", "open", String(repeating: "x", count: 50_000), "é\u{301}🙂\u{202E}",
            "\u{0}", "A: B: C", "Foundation.NSObject", "My-Module",
        ]
        var errors = 0
        for _ in 0..<500 {
            var lines: [String] = []
            for _ in 0..<Int(random.next() % 6) {
                let key = pieces[Int(random.next() % UInt64(pieces.count))]
                let value = values[Int(random.next() % UInt64(values.count))]
                lines.append(random.next() % 7 == 0 ? key + value : "\(key): \(value)")
            }
            do {
                _ = try OptionsFile.parse(
                    lines.joined(separator: random.next() % 2 == 0 ? "\n" : "\r\n"), fileName: "m.options")
            } catch let error as GeneratorError {
                XCTAssertEqual(error.file, "m.options")
                XCTAssertNotNil(error.line)
                errors += 1
            }
        }
        XCTAssertGreaterThan(errors, 100)
    }
}

/// Random changes to a snapshot, at the JSON level (objects from JSONSerialization) and the byte level.
enum SnapshotMutator {
    private static let typeNames = [
        "", "Nullable`1", "Nullable`1[]", "List`1", "Dictionary`2", "Missing", "T", "Int32[][]", "A<B<C", "A>",
        "<>c__X",
        "List<Dictionary<String,Missing>>", "KeyValuePair`2", "QueryResponse`1", "Object", "Byte[]", "IFoo", "Self",
        "ResponseStatus", "String", "TimeSpan", String(repeating: "Q", count: 10_000), "🙂", "Int32 ", "System.Int32",
    ]
    private static let oddTexts = [
        "", " ", "class", "Self", "1st", "My-Name", "é\u{301}", "\u{202E}evil", "a\u{200D}b", "🙂", "\u{2028}", "\u{0}",
        "*/ import Evil /*", "\"quoted\"", "back\\slash", String(repeating: "Long", count: 5_000), "`tick`", "Type",
    ]

    static func mutate(_ value: Any, random: inout SplitMix64) -> Any {
        var paths: [[PathStep]] = []
        collect(value, path: [], into: &paths)
        guard !paths.isEmpty else { return value }
        let path = paths[Int(random.next() % UInt64(paths.count))]
        return apply(value, path: path[...], random: &random)
    }

    static func mutateBytes(_ data: Data, random: inout SplitMix64) -> Data {
        var bytes = [UInt8](data)
        guard !bytes.isEmpty else { return data }
        switch random.next() % 4 {
        case 0: bytes.removeLast(Int(random.next() % UInt64(bytes.count)))
        case 1:
            for _ in 0..<4 {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
        case 2: bytes.insert(contentsOf: [0xFF, 0xFE, 0x22, 0x5C], at: Int(random.next() % UInt64(bytes.count)))
        default: bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: 300), at: 0)
        }
        return Data(bytes)
    }

    private enum PathStep {
        case key(String)
        case index(Int)
    }

    private static func collect(_ value: Any, path: [PathStep], into paths: inout [[PathStep]]) {
        if let object = value as? [String: Any] {
            paths.append(path)
            for (key, child) in object { collect(child, path: path + [.key(key)], into: &paths) }
        } else if let array = value as? [Any] {
            paths.append(path)
            for (index, child) in array.enumerated() { collect(child, path: path + [.index(index)], into: &paths) }
        } else {
            paths.append(path)
        }
    }

    private static func apply(_ value: Any, path: ArraySlice<PathStep>, random: inout SplitMix64) -> Any {
        guard let step = path.first else { return change(value, random: &random) }
        switch step {
        case .key(let key):
            guard var object = value as? [String: Any], let child = object[key] else { return value }
            object[key] = apply(child, path: path.dropFirst(), random: &random)
            return object
        case .index(let index):
            guard var array = value as? [Any], array.indices.contains(index) else { return value }
            array[index] = apply(array[index], path: path.dropFirst(), random: &random)
            return array
        }
    }

    /// One change at the chosen place.
    private static func change(_ value: Any, random: inout SplitMix64) -> Any {
        if var object = value as? [String: Any] {
            let keys = object.keys.sorted()
            switch random.next() % 6 {
            case 0 where !keys.isEmpty: object.removeValue(forKey: keys[Int(random.next() % UInt64(keys.count))])
            case 1: object["type"] = typeNames[Int(random.next() % UInt64(typeNames.count))]
            case 2: object["name"] = oddTexts[Int(random.next() % UInt64(oddTexts.count))]
            case 3:
                object["inherits"] = [
                    "name": object["name"] ?? "Self", "namespace": object["namespace"] ?? "ServiceStack",
                ]
            case 4: object["genericArgs"] = random.next() % 2 == 0 ? ["T", "Missing"] : "oops"
            default:
                if let key = keys.first { object[key] = [1, "two", NSNull()] }
            }
            return object
        }
        if var array = value as? [Any] {
            switch random.next() % 3 {
            case 0 where !array.isEmpty: array.append(array[Int(random.next() % UInt64(array.count))])
            case 1 where !array.isEmpty: array.remove(at: Int(random.next() % UInt64(array.count)))
            default: array.append(["name": oddTexts[Int(random.next() % UInt64(oddTexts.count))]])
            }
            return array
        }
        switch random.next() % 4 {
        case 0: return typeNames[Int(random.next() % UInt64(typeNames.count))]
        case 1: return oddTexts[Int(random.next() % UInt64(oddTexts.count))]
        case 2: return random.next() % 2 == 0
        default: return NSNull()
        }
    }
}

/// A small deterministic generator, so a failing mutant is the same on every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
