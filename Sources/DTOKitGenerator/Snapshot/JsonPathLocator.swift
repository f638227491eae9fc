import DTOKit
import Foundation

/// Finds the line and column of the value at a JSON path (`$.api.types[3].name`), so diagnostics
/// about well-formed but wrong snapshots can point into the file. When a member is missing, the
/// position of the object that lacks it is returned.
enum JsonPathLocator {
    private enum Step {
        case member(String)
        case element(Int)
    }

    static func position(of jsonPath: String, in bytes: Data) -> (line: Int, column: Int)? {
        let steps = parse(jsonPath)
        guard let offset = try? bytes.withUnsafeBytes({ buffer in
            // `locate` consumes every value it passes, so the whole document is read.
            try JsonReader.read(buffer) { reader in try locate(steps[...], in: &reader) }
        }) else { return nil }
        return lineAndColumn(of: offset, in: bytes)
    }

    /// Descends along `steps`; returns the byte offset of the value reached.
    private static func locate(_ steps: ArraySlice<Step>, in reader: inout JsonReader) throws -> Int {
        _ = reader.peek()
        let here = reader.offset
        guard let step = steps.first else {
            try reader.skipValue()
            return here
        }
        switch step {
        case .member(let name):
            guard try reader.beginObject() else { return here }
            var found: Int?
            repeat {
                let key = try reader.readMemberName()
                if found == nil, key == name {
                    found = try locate(steps.dropFirst(), in: &reader)
                } else {
                    try reader.skipValue()
                }
            } while try reader.nextMember()
            return found ?? here
        case .element(let index):
            guard try reader.beginArray() else { return here }
            var found: Int?
            var current = 0
            repeat {
                if current == index {
                    found = try locate(steps.dropFirst(), in: &reader)
                } else {
                    try reader.skipValue()
                }
                current += 1
            } while try reader.nextElement()
            return found ?? here
        }
    }

    private static func parse(_ jsonPath: String) -> [Step] {
        var steps: [Step] = []
        var rest = Substring(jsonPath.hasPrefix("$") ? String(jsonPath.dropFirst()) : jsonPath)
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                steps.append(.member(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                let digits = rest.dropFirst().prefix { $0.isNumber }
                steps.append(.element(Int(digits) ?? 0))
                rest = rest.dropFirst(digits.count + 2)
            } else {
                break
            }
        }
        return steps
    }

    static func lineAndColumn(of offset: Int, in bytes: Data) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for (index, byte) in bytes.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
