import Foundation

// The room's own types (Sources/DTOKit/Bytes) on fuzzed input, against plain reference code: the
// name tables, the byte scanner, the writer's strings and the temporary sort. (`@testable`: they are
// internal; Fuzz/run.sh compiles DTOKit with -enable-testing.)
@testable import DTOKit

enum BytesChecks {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        checkNameTables(
            names: Array(text.split(separator: "\n", omittingEmptySubsequences: false).prefix(8).map(String.init)))
        checkScanner(text)
        checkWriterStrings(text)
        checkTemporarySort(Array(bytes))
    }

    /// Each name, and variants of it, read as a JSON string: found in place only when it is exactly a
    /// name, and by reading as the first name equal to it, else the first equal ignoring ASCII case.
    static func checkNameTables(names: [String]) {
        let table = NameTable(names)
        func lowered(_ name: String) -> [UInt8] { name.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 } }
        for name in names {
            for probe in [name, name.uppercased(), String(name.dropLast()), name + "x"] {
                let json = JsonWriter.writeString { $0.writeString(probe) }
                let expected = names.firstIndex(of: probe) ?? names.firstIndex { lowered($0) == lowered(probe) }
                do {
                    let found = try JsonReader.read(Data(json.utf8)) { reader -> (Int?, Int?) in
                        let inPlace = table.matchString(&reader, hint: names.count / 2)
                        if inPlace != nil { return (inPlace, nil) }
                        return (nil, try table.readIndex(ofStringIn: &reader))
                    }
                    if let inPlace = found.0, names[inPlace] != probe {
                        violated("a name matched in place that is not the text", "\(names) \(probe) -> \(inPlace)")
                    }
                    if found.0 == nil, found.1 != expected {
                        violated(
                            "a name table read the wrong index", "\(names) \(probe) -> \(String(describing: found.1))")
                    }
                } catch {
                    violated("a written string did not read back", "\(json) \(error)")
                }
            }
        }
    }

    /// Trimming and reading back: the scanner's text is the input without surrounding white space,
    /// and reading digits never goes past its end.
    static func checkScanner(_ text: String) {
        ByteScanner.scanning(text) { scanner in
            scanner.trimWhitespace()
            let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
            var trimmed = Array(text.utf8)[...]
            while let first = trimmed.first, whitespace.contains(first) { trimmed = trimmed.dropFirst() }
            while let last = trimmed.last, whitespace.contains(last) { trimmed = trimmed.dropLast() }
            guard scanner.text == String(decoding: trimmed, as: UTF8.self) else {
                violated("the byte scanner trimmed differently", text)
            }
            var steps = 0
            while !scanner.isAtEnd {
                if scanner.skipDigits() == 0, scanner.next() == nil {
                    violated("the byte scanner stopped inside its bytes", text)
                }
                steps += 1
                if steps > trimmed.count + 1 { violated("the byte scanner did not advance", text) }
            }
            guard scanner.peek() == nil, scanner.next() == nil else {
                violated("the byte scanner read past its end", text)
            }
        }
    }

    /// Any text written as a JSON string from its UTF-8 bytes reads back as the same text.
    static func checkWriterStrings(_ text: String) {
        let json = JsonWriter.writeString { $0.writeString(utf8: Array(text.utf8)) }
        guard (try? String.fromJson(json)) == text else {
            violated("a string written from its bytes does not read back", json)
        }
    }

    static func checkTemporarySort(_ bytes: [UInt8]) {
        var visited: [UInt8] = []
        TemporarySort.forEach(count: bytes.count, elements: { add in bytes.forEach(add) }, sortedBy: <) {
            visited.append($0)
        }
        guard visited == bytes.sorted() else { violated("the temporary sort lost or misordered elements", "\(bytes)") }
    }
}
