import Foundation
import XCTest

@testable import DTOKit

/// The room's own types (Sources/DTOKit/Bytes) through their safe API, against plain reference
/// implementations: the name tables, the byte scanner, the collector's makers and the temporary sort.
final class BytesRoomTests: XCTestCase {
    /// The index a reader of `"text"` should find: the first name equal to the text, else the first
    /// equal ignoring ASCII case.
    private func expectedIndex(of text: String, in names: [String]) -> Int? {
        func lowered(_ name: String) -> [UInt8] { name.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 } }
        return names.firstIndex(of: text) ?? names.firstIndex { lowered($0) == lowered(text) }
    }

    /// Runs `body` with a reader at the start of `json`.
    private func reading<T>(_ json: String, _ body: (inout JsonReader) throws -> T) throws -> T {
        try JsonReader.read(Data(json.utf8)) { reader in
            let result = try body(&reader)
            while reader.peek() != nil { try reader.skipValue() }
            return result
        }
    }

    func testNameTablesFindEveryNameInPlaceAndByReading() throws {
        // "a" twice: which one matches in place depends on where the search starts.
        let names = [
            "id", "name", "Name", "createdDate", "a", "", "averyveryverylongmembername_over16", "é", "ID", "a",
        ]
        let table = NameTable(names)
        XCTAssertTrue(table.matchesInPlace)
        let probes = names + ["NAME", "Id", "missing", "averyveryverylongmembername_over1", "É", "i"]
        for probe in probes {
            let json = "\"\(probe)\""
            for hint in 0...names.count {
                // In place: only an exact name, the first from `hint` round.
                let inPlace = try reading(json) { table.matchString(&$0, hint: hint) }
                if let inPlace {
                    XCTAssertEqual(names[inPlace], probe, "\(probe) from \(hint)")
                    let rotated = (names.indices.map { ($0 + min(hint, names.count) % names.count) % names.count })
                    XCTAssertEqual(inPlace, rotated.first { names[$0] == probe }, "\(probe) from \(hint)")
                } else {
                    XCTAssertFalse(names.contains(probe), "\(probe) is a name but was not found in place")
                }
            }
            // Read (escapes decoded): exact, else ignoring case.
            XCTAssertEqual(
                try reading(json) { try table.readIndex(ofStringIn: &$0) }, expectedIndex(of: probe, in: names),
                probe)
        }
        // An escaped name is found by reading, not in place.
        XCTAssertNil(try reading(#""n\u0061me""#) { table.matchString(&$0) })
        XCTAssertEqual(try reading(#""n\u0061me""#) { try table.readIndex(ofStringIn: &$0) }, 1)
    }

    func testNamesJsonMustEscapeAreNeverComparedInPlace() throws {
        let table = NameTable(["say \"hi\"", "plain"])
        XCTAssertFalse(table.matchesInPlace)
        XCTAssertNil(try reading(#""plain""#) { table.matchString(&$0) })
        XCTAssertEqual(try reading(#""say \"hi\"""#) { try table.readIndex(ofStringIn: &$0) }, 0)
    }

    func testMemberTableMatchesTheExpectedMemberThenAnyThenSkipsUnknownOnes() throws {
        let names = ["first", "second", "aMemberNameLongerThanSixteenBytes"]
        let members = MemberTable(names)
        let document =
            #"{"second":1, "first" : 2,"aMemberNameLongerThanSixteenBytes":3,"FIRST":4,"other":{"x":[1]},"second":5}"#
        var found: [Int?] = []
        try reading(document) { reader in
            XCTAssertTrue(try reader.beginObject())
            var hint = 0
            repeat {
                let index = try members.match(&reader, hint: hint)
                found.append(index)
                if let index {
                    _ = try reader.readInteger(Int.self)
                    hint = index + 1
                }
            } while try reader.nextMember()
        }
        XCTAssertEqual(found, [1, 0, 2, 0, nil, 1])
    }

    func testTheByteScannerStaysInsideItsBytes() {
        ByteScanner.scanning("  12:5 ") { scanner in
            XCTAssertEqual(scanner.remaining, 7)
            scanner.trimWhitespace()
            XCTAssertEqual(scanner.text, "12:5")
            XCTAssertTrue(scanner.contains(.colon))
            XCTAssertEqual(scanner.digits(2), 12)
            XCTAssertTrue(scanner.consume(.colon))
            XCTAssertNil(scanner.digits(2), "only one digit is left")
            XCTAssertEqual(scanner.next(), UInt8(ascii: "5"))
            XCTAssertNil(scanner.next(), "the trimmed space is out of bounds")
            XCTAssertNil(scanner.peek(), "past the end")
            XCTAssertNil(scanner.peek(-10), "before the start")
            scanner.restart()
            XCTAssertEqual(scanner.text, "  12:5 ")
        }
        XCTAssertEqual(ByteScanner.scanning("NaN") { $0.specialFloat() }?.isNaN, true)
        XCTAssertNil(ByteScanner.scanning("nan") { $0.specialFloat() })
        XCTAssertEqual(ByteScanner.scanning("") { $0.isAtEnd }, true)
    }

    func testCollectedItemsBecomeCollectionsInOrderWhateverTheirCount() throws {
        // Past one stack chunk and past the stack budget (onto the heap), nested inside each other.
        for count in [0, 1, 15, 16, 17, 500, 5000] {
            let numbers = (0..<count).map { $0 * 7 - 3 }
            let json = "[" + numbers.map(String.init).joined(separator: ",") + "]"
            XCTAssertEqual(try [Int].fromJson(json), numbers, "\(count)")
            let nested = "[" + Array(repeating: json, count: 3).joined(separator: ",") + "]"
            XCTAssertEqual(try [[Int]].fromJson(nested), Array(repeating: numbers, count: 3), "\(count)")
            let members =
                "{" + numbers.enumerated().map { "\"k\($0.offset)\":\($0.element)" }.joined(separator: ",") + "}"
            let dictionary = try [String: Int].fromJson(members)
            XCTAssertEqual(dictionary.count, count)
            XCTAssertEqual(dictionary["k\(count - 1)"], numbers.last)
        }
    }

    func testTheTemporarySortVisitsEveryElementOnceInOrder() {
        for count in [0, 1, 2, 100, 3000] {
            let elements = (0..<count).map { "key\(($0 * 7919) % max(count, 1))-\($0)" }
            var visited: [String] = []
            TemporarySort.forEach(count: elements.count, elements: { add in elements.forEach(add) }, sortedBy: <) {
                visited.append($0)
            }
            XCTAssertEqual(visited, elements.sorted(), "\(count)")
        }
        // More elements than the count said: only the first ones, sorted.
        var visited: [Int] = []
        TemporarySort.forEach(count: 2, elements: { add in [3, 1, 2].forEach(add) }, sortedBy: <) { visited.append($0) }
        XCTAssertEqual(visited, [1, 3])
    }
}
