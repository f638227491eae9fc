// The edge-case DTOs again, generated as structs whose enums keep values they do not list
// (`ExportAsStructs`, `KeepUnknownEnumValues`: Fuzz/run.sh), through the same invariants as the
// classes, and one more: once written, a struct read back is equal to the one it was read from (the
// first write may change a value: dates outside .NET's range are clamped), unless it holds a NaN.
import DTOKit
import DTOKitStructs
import EdgeCaseStructDTOs

enum StructChecks {
    static func run(_ bytes: UnsafeRawBufferPointer) {
        check(AllShapes.self, bytes)
        check([AllShapes].self, bytes)
        check(EchoShapes.self, bytes)
        check(QueryShapes.self, bytes)
        check(Ring.self, bytes)
        check(EdgeCaseStructDTOs.Result<Shape>.self, bytes)
        check(QueryResponseValue<Shape>.self, bytes)
        check([String: [Color]].self, bytes)
    }

    static func check<T: JsonConvertible & Equatable>(_ type: T.Type, _ bytes: UnsafeRawBufferPointer) {
        TypedChecks.check(type, bytes)
        guard let value = try? T.fromJson(bytes: bytes), let written = try? T.fromJson(value.toJson()) else { return }
        let text = written.toJson()
        guard let again = try? T.fromJson(text) else { violated("\(T.self) wrote JSON it cannot read", text) }
        // A value holding NaN (a Double or duration written and read as "NaN") is not equal even to
        // another read of the same text, by Double's `==` (not `written != written`: arrays that
        // share storage compare equal without looking at their elements); for such a value the text
        // round trip, which TypedChecks.check verified, is the invariant.
        guard again == written || (try? T.fromJson(text)) != again else {
            violated("\(T.self) is not equal to itself read back", text)
        }
    }
}
