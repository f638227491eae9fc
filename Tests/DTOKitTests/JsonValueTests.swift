import DTOKit
import Foundation
import XCTest

/// Untyped JSON: parsing any document, writing it back, looking inside, pretty printing, and
/// the `Inspect` dump of DTOs.
final class JsonValueTests: XCTestCase {
    func testRealDocumentWritesBackByteForByte() throws {
        let value = try JsonValue(parsing: Data(validationErrorBody.utf8))
        XCTAssertEqual(value.toJson(), validationErrorBody, "members in document order, same escapes")
        XCTAssertEqual(try JsonValue(parsing: value.toJson()), value)
        XCTAssertEqual(String(decoding: value.toJsonData(), as: UTF8.self), validationErrorBody)

        // `\/` is an escape the writer has no need for: `/` is written as it is.
        let query = try JsonValue(parsing: queryResponseBody)
        XCTAssertEqual(query.toJson(), queryResponseBody.replacingOccurrences(of: #"\/"#, with: "/"))
    }

    func testParseWriteParseGivesTheSameValue() throws {
        let documents = [
            #"{"a":[1,2.5,-3e-7,true,false,null,"s"],"b":{"c":{},"d":[]},"e":""}"#,
            "[1.0, 2.50, 1e2, -0.0, 0, -0, 1E-2, 123456789012345678901234567890, 18446744073709551615]",
            #"["\u0000\u001f\"\\\/\b\f\n\r\t", "\uD83D\uDE00", "é", "\u00e9"]"#,
            "  null  ", "true", "-12", "3.25", #""text""#,
            #"{"dup":1,"dup":2}"#,
        ]
        for document in documents {
            let value = try JsonValue(parsing: document)
            let written = value.toJson()
            XCTAssertEqual(try JsonValue(parsing: written), value, "\(document) → \(written)")
            XCTAssertEqual(try JsonValue(parsing: written).toJson(), written)
        }
    }

    func testNumbersKeepTheirKind() throws {
        XCTAssertEqual(try JsonValue(parsing: "1"), .int(1))
        XCTAssertEqual(try JsonValue(parsing: "1.0"), .double(1))
        XCTAssertEqual(try JsonValue(parsing: "1e2"), .double(100))
        XCTAssertEqual(try JsonValue(parsing: "-9223372036854775808"), .int(Int.min))
        XCTAssertEqual(try JsonValue(parsing: "9223372036854775808"), .double(9_223_372_036_854_775_808))
        // A double that happens to be whole stays a double through a round trip.
        for number: Double in [1, -2, 0, 1e20, 123_456] {
            let text = JsonValue.double(number).toJson()
            XCTAssertEqual(try JsonValue(parsing: text), .double(number), text)
        }
        XCTAssertEqual(JsonValue.double(1.5).toJson(), "1.5")
        XCTAssertEqual(JsonValue.int(-7).toJson(), "-7")
        XCTAssertEqual(JsonValue.double(.nan).toJson(), #""NaN""#)
    }

    func testSubscriptsAndAccessors() throws {
        let value = try JsonValue(parsing: validationErrorBody)
        let errors = value["responseStatus"]?["errors"]
        XCTAssertEqual(errors?.arrayValue?.count, 4)
        XCTAssertEqual(errors?[1]?["fieldName"]?.stringValue, "Slug")
        XCTAssertEqual(errors?[1]?["meta"]?["MaxLength"]?.stringValue, "50")
        XCTAssertEqual(
            errors?[1]?["meta"]?.objectValue?.keys,
            ["PropertyName", "PropertyValue", "MinLength", "MaxLength", "TotalLength", "Severity"])
        XCTAssertNil(errors?[4])
        XCTAssertNil(errors?[-1])
        XCTAssertNil(value["missing"])
        XCTAssertNil(value[0], "not an array")
        XCTAssertNil(errors?["fieldName"], "not an object")

        let scalars = try JsonValue(parsing: #"{"i":3,"d":2.0,"f":2.5,"b":true,"n":null,"s":"x"}"#)
        XCTAssertEqual(scalars["i"]?.intValue, 3)
        XCTAssertEqual(scalars["i"]?.doubleValue, 3)
        XCTAssertEqual(scalars["d"]?.intValue, 2)
        XCTAssertNil(scalars["f"]?.intValue)
        XCTAssertEqual(scalars["f"]?.doubleValue, 2.5)
        XCTAssertEqual(scalars["b"]?.boolValue, true)
        XCTAssertEqual(scalars["n"]?.isNull, true)
        XCTAssertEqual(scalars["s"]?.isNull, false)
        XCTAssertNil(scalars["s"]?.intValue)
        XCTAssertNil(scalars["b"]?.stringValue)
        XCTAssertEqual(scalars.objectValue?.count, 6)
    }

    func testObjectsKeepOrderAndCompareWithoutIt() throws {
        let value = try JsonValue(parsing: #"{"b":1,"a":2,"c":{"y":1,"x":2}}"#)
        XCTAssertEqual(value.objectValue?.keys, ["b", "a", "c"])
        XCTAssertEqual(value.toJson(), #"{"b":1,"a":2,"c":{"y":1,"x":2}}"#)
        let reordered = try JsonValue(parsing: #"{"c":{"x":2,"y":1},"a":2,"b":1}"#)
        XCTAssertEqual(value, reordered)
        XCTAssertEqual(value.hashValue, reordered.hashValue)
        XCTAssertNotEqual(value, try JsonValue(parsing: #"{"b":1,"a":2,"c":{"y":1,"x":3}}"#))
        XCTAssertNotEqual(value, try JsonValue(parsing: #"{"b":1,"a":2}"#))
        XCTAssertNotEqual(try JsonValue(parsing: "[1,2]"), try JsonValue(parsing: "[2,1]"))

        // A repeated member keeps its first position and its last value.
        let duplicated = try JsonValue(parsing: #"{"a":1,"b":2,"a":3}"#)
        XCTAssertEqual(duplicated.objectValue?.keys, ["a", "b"])
        XCTAssertEqual(duplicated["a"], 3)

        var object: JsonObject = ["x": 1, "y": "two"]
        object["z"] = [true]
        object["x"] = nil
        object["y"] = .null
        XCTAssertEqual(object.keys, ["y", "z"])
        XCTAssertEqual(JsonValue.object(object).toJson(), #"{"y":null,"z":[true]}"#)
        XCTAssertEqual(Array(object.map(\.0)), ["y", "z"])
    }

    func testLiteralsBuildValues() {
        let value: JsonValue = ["name": "x", "tags": ["a", 1, 2.5, true, nil], "nested": ["k": [:]]]
        XCTAssertEqual(value.toJson(), #"{"name":"x","tags":["a",1,2.5,true,null],"nested":{"k":{}}}"#)
        XCTAssertEqual(value.description, value.toJson())
    }

    func testStringsAreEscapedWhenWritten() {
        let value = JsonValue.string("q\"b\\s/\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F}é😀")
        XCTAssertEqual(value.toJson(), "\"q\\\"b\\\\s/\\n\\r\\t\\b\\f\\u0001\\u001f\u{7F}é😀\"")
        XCTAssertEqual(try JsonValue(parsing: value.toJson()), value)
        // Long strings whose escapes fall beyond the 8-byte fast path.
        let long = String(repeating: "0123456789", count: 20) + "\"" + String(repeating: "x", count: 17) + "\u{0}"
        XCTAssertEqual(try String.fromJson(long.toJson()), long)
    }

    func testPrettyPrint() throws {
        let value = try JsonValue(parsing: #"{"a":1,"b":[true,null,{"c":"d"}],"e":{},"f":[],"g":{"h":-2.5}}"#)
        XCTAssertEqual(
            value.prettyPrinted(),
            """
            {
              "a": 1,
              "b": [
                true,
                null,
                {
                  "c": "d"
                }
              ],
              "e": {},
              "f": [],
              "g": {
                "h": -2.5
              }
            }

            """)
        XCTAssertEqual(JsonValue.int(1).prettyPrinted(), "1\n")
        XCTAssertEqual(try JsonValue(parsing: value.prettyPrinted()), value)
    }

    func testJsonValueMembersOfDTOs() throws {
        let value = try Formats.fromJson(#"{"untyped":{"x":[1,"a",null],"y":{"z":false}},"untypedAlways":[1]}"#)
        XCTAssertEqual(value.untyped, ["x": [1, "a", nil], "y": ["z": false]])
        XCTAssertEqual(value.untypedAlways, [1])
        XCTAssertTrue(value.toJson().contains(#""untyped":{"x":[1,"a",null],"y":{"z":false}},"untypedAlways":[1]"#))

        XCTAssertNil(try Formats.fromJson(#"{"untyped":null}"#).untyped, "null is an absent optional")
        let untouched = try Formats.fromJson(#"{"untypedAlways":null}"#)
        XCTAssertEqual(untouched.untypedAlways, .null)
        XCTAssertTrue(untouched.toJson().contains(#""untypedAlways":null"#))
        XCTAssertEqual(try Formats.fromJson(#"{"untyped":"s"}"#).untyped, "s")
        XCTAssertEqual(try Formats.fromJson(#"{"untyped":12.5}"#).untyped, 12.5)
    }

    func testInspectDumpsDTOs() throws {
        let child = Child(id: 1, name: "a\"b", child: Child(id: 2, name: nil))
        XCTAssertEqual(
            Inspect.dump(child),
            """
            Child {
              "id": 1,
              "name": "a\\"b",
              "child": {
                "id": 2
              }
            }

            """)
        let dog = Dog()
        dog.breed = "Lab"
        XCTAssertEqual(Inspect.dump(dog as Animal), "Dog {\n  \"breed\": \"Lab\"\n}\n")
        XCTAssertEqual(Inspect.dump([1, 2]), "Array<Int> [\n  1,\n  2\n]\n")
        XCTAssertEqual(Inspect.dump(Page<Int>()), "Page {}\n")
    }
}
