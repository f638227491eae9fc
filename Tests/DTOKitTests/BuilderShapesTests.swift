import DTOKit
import Foundation
import XCTest

/// Every property builder, read and written through hand-written DTOs in the generated style.
final class BuilderShapesTests: XCTestCase {
    // MARK: Scalars

    func testScalarsAndOptionalsDecode() throws {
        let json = """
            {"name":"Widget","count":42,"flag":true,"ratio":2.5,"optName":"opt","optCount":-7,"optFlag":false,
             "optRatio":0.1,"float":1.5,"int8":-128,"int16":32767,"int32":-2147483648,"int64":9223372036854775807,
             "uint":18446744073709551615,"uint8":255,"uint16":65535,"uint32":4294967295,"uint64":18446744073709551615,
             "amount":12345678901234567890.123456789}
            """
        let value = try Scalars.fromJson(json)
        XCTAssertEqual(value.name, "Widget")
        XCTAssertEqual(value.count, 42)
        XCTAssertEqual(value.flag, true)
        XCTAssertEqual(value.ratio, 2.5)
        XCTAssertEqual(value.optName, "opt")
        XCTAssertEqual(value.optCount, -7)
        XCTAssertEqual(value.optFlag, false)
        XCTAssertEqual(value.optRatio, 0.1)
        XCTAssertEqual(value.float, 1.5)
        XCTAssertEqual(value.int8, Int8.min)
        XCTAssertEqual(value.int16, Int16.max)
        XCTAssertEqual(value.int32, Int32.min)
        XCTAssertEqual(value.int64, Int64.max)
        XCTAssertEqual(value.uint, UInt.max)
        XCTAssertEqual(value.uint8, UInt8.max)
        XCTAssertEqual(value.uint16, UInt16.max)
        XCTAssertEqual(value.uint32, UInt32.max)
        XCTAssertEqual(value.uint64, UInt64.max)
        XCTAssertEqual(
            value.amount, Decimal(string: "12345678901234567890.123456789", locale: Locale(identifier: "en_US_POSIX")))
    }

    func testMissingAndNullMembersKeepDefaults() throws {
        let value = try Scalars.fromJson(#"{"name":null,"count":null,"optName":null,"optCount":null}"#)
        XCTAssertEqual(value.name, "")
        XCTAssertEqual(value.count, 0)
        XCTAssertNil(value.optName)
        XCTAssertNil(value.optCount)

        // null explicitly clears an optional that init() had set.
        let parent = try Parent.fromJson(#"{"first":null,"second":null}"#)
        XCTAssertNil(parent.second)
        XCTAssertNil(parent.first.id)
    }

    func testScalarsEncodeExactlyAndLeaveOutNil() throws {
        let value = Scalars()
        value.name = "a\"b"
        value.count = -3
        value.ratio = 0.5
        value.optCount = 0
        value.uint64 = UInt64.max
        value.int64 = Int64.min
        value.float = 0.25
        XCTAssertEqual(
            value.toJson(),
            #"{"name":"a\"b","count":-3,"flag":false,"ratio":0.5,"optCount":0,"float":0.25,"int64":-9223372036854775808,"uint64":18446744073709551615}"#
        )
        XCTAssertEqual(String(decoding: value.toJsonData(), as: UTF8.self), value.toJson())
    }

    // MARK: Nested DTOs

    func testNestedObjectsAndOptionalObjects() throws {
        let parent = try Parent.fromJson(
            #"{"title":"t","first":{"id":1,"name":"one","child":{"id":11}},"second":{"id":2}}"#)
        XCTAssertEqual(parent.title, "t")
        XCTAssertEqual(parent.first.id, 1)
        XCTAssertEqual(parent.first.name, "one")
        XCTAssertEqual(parent.first.child?.id, 11)
        XCTAssertNil(parent.first.child?.child)
        XCTAssertEqual(parent.second?.id, 2)
        XCTAssertNil(parent.second?.name)
        XCTAssertEqual(
            parent.toJson(), #"{"title":"t","first":{"id":1,"name":"one","child":{"id":11}},"second":{"id":2}}"#)

        let empty = Parent()
        XCTAssertEqual(empty.toJson(), #"{"first":{}}"#)
    }

    // MARK: Arrays

    func testArraysOfScalarsDTOsAndOptionals() throws {
        let json = """
            {"ints":[1,2,3],"optStrings":["a","b"],"children":[{"id":1},{"id":2,"name":"two"}],
             "optChildren":[],"maybeInts":[1,null,3],"optMaybeChildren":[null,{"id":5}],
             "colors":["Red","Blue"],"grid":[[1,2],[],[3]]}
            """
        let value = try Collections.fromJson(json)
        XCTAssertEqual(value.ints, [1, 2, 3])
        XCTAssertEqual(value.optStrings, ["a", "b"])
        XCTAssertEqual(value.children.map(\.id), [1, 2])
        XCTAssertEqual(value.children.map(\.name), [nil, "two"])
        XCTAssertEqual(value.optChildren?.count, 0, "an empty array is assigned, not skipped")
        XCTAssertEqual(value.maybeInts, [1, nil, 3])
        XCTAssertEqual(value.optMaybeChildren?.count, 2)
        XCTAssertNil(try XCTUnwrap(value.optMaybeChildren)[0])
        XCTAssertEqual(try XCTUnwrap(value.optMaybeChildren)[1]?.id, 5)
        XCTAssertEqual(value.colors, [.Red, .Blue])
        XCTAssertEqual(value.grid, [[1, 2], [], [3]])

        let text = try assertStableRoundTrip(Collections.self, json)
        XCTAssertTrue(
            text.hasPrefix(
                #"{"ints":[1,2,3],"optStrings":["a","b"],"children":[{"id":1},{"id":2,"name":"two"}],"optChildren":[],"maybeInts":[1,null,3],"optMaybeChildren":[null,{"id":5}],"colors":["Red","Blue"],"grid":[[1,2],[],[3]],"lookup":{}"#
            ), text)
    }

    func testTopLevelArraysAndScalars() throws {
        XCTAssertEqual(try [Int].fromJson("[1, 2, 3]"), [1, 2, 3])
        XCTAssertEqual(try [String].fromJson("[]"), [])
        XCTAssertEqual(try [Child].fromJson(#"[{"id":1},{"id":2}]"#).map(\.id), [1, 2])
        XCTAssertEqual([Child(id: 1, name: nil), Child(id: 2, name: "b")].toJson(), #"[{"id":1},{"id":2,"name":"b"}]"#)
        XCTAssertEqual(try String.fromJson(#""hi""#), "hi")
        XCTAssertEqual(try Int?.fromJson("null"), nil)
        XCTAssertEqual(try Set<Int>.fromJson("[3,1,3]"), [1, 3])
        XCTAssertEqual(Optional<Int>.none.toJson(), "null")
        XCTAssertEqual(try [String: [Int]].fromJson(#"{"a":[1],"b":[]}"#), ["a": [1], "b": []])
    }

    // MARK: Dictionaries

    func testDictionariesOfEveryShape() throws {
        let json = """
            {"lookup":{"a":1,"b":2},"optLookup":{},
             "childById":{"1":{"id":1},"20":{"id":20,"name":"twenty"}},"optChildById":{"-3":{"id":-3}},
             "tagsByName":{"x":["p","q"],"y":[]},"optTagsByName":{"z":["r"]},
             "childrenByGroup":{"g":[{"id":7},{"id":8}]},"optChildrenByGroup":{"h":[]},
             "matrix":{"row":{"1":1.5,"2":-2}},"optMatrix":{"r":{"0":0}},
             "childGrid":{"a":{"b":{"id":9,"child":{"id":10}}}},"optChildGrid":{"c":{}},
             "enabledByFlag":{"true":"yes","false":"no"},"wide":{"18446744073709551615":-1}}
            """
        let value = try Collections.fromJson(json)
        XCTAssertEqual(value.lookup, ["a": 1, "b": 2])
        XCTAssertEqual(value.optLookup, [:])
        XCTAssertEqual(value.childById.keys.sorted(), [1, 20])
        XCTAssertEqual(value.childById[20]?.name, "twenty")
        XCTAssertEqual(value.optChildById?[-3]?.id, -3)
        XCTAssertEqual(value.tagsByName, ["x": ["p", "q"], "y": []])
        XCTAssertEqual(value.optTagsByName, ["z": ["r"]])
        XCTAssertEqual(value.childrenByGroup["g"]?.map(\.id), [7, 8])
        XCTAssertEqual(value.optChildrenByGroup?["h"]?.count, 0)
        XCTAssertEqual(value.matrix, ["row": [1: 1.5, 2: -2]])
        XCTAssertEqual(value.optMatrix, ["r": [0: 0]])
        XCTAssertEqual(value.childGrid["a"]?["b"]?.child?.id, 10)
        XCTAssertEqual(value.optChildGrid?["c"]?.count, 0)
        XCTAssertEqual(value.enabledByFlag, [true: "yes", false: "no"])
        XCTAssertEqual(value.wide, [UInt64.max: -1])

        // Keys are written as strings, sorted, so the output is deterministic.
        let text = value.toJson()
        XCTAssertTrue(text.contains(#""childById":{"1":{"id":1},"20":{"id":20,"name":"twenty"}}"#), text)
        XCTAssertTrue(text.contains(#""matrix":{"row":{"1":1.5,"2":-2}}"#), text)
        XCTAssertTrue(text.contains(#""enabledByFlag":{"false":"no","true":"yes"}"#), text)
        XCTAssertTrue(text.contains(#""wide":{"18446744073709551615":-1}"#), text)
        try assertStableRoundTrip(Collections.self, json)
    }

    func testOptionalCollectionsAreLeftOutWhenNilAndWrittenWhenEmpty() throws {
        let value = Collections()
        XCTAssertEqual(
            value.toJson(),
            #"{"ints":[],"children":[],"maybeInts":[],"colors":[],"lookup":{},"childById":{},"tagsByName":{},"childrenByGroup":{},"matrix":{},"childGrid":{}}"#
        )
        value.optLookup = [:]
        value.optStrings = []
        value.optChildGrid = ["k": [:]]
        XCTAssertTrue(value.toJson().contains(#""optStrings":[]"#))
        XCTAssertTrue(value.toJson().contains(#""optLookup":{}"#))
        XCTAssertTrue(value.toJson().contains(#""optChildGrid":{"k":{}}"#))
    }

    func testDictionaryKeyThatIsNotAValidKeyIsAnError() {
        assertDecodingFails(
            Collections.self, #"{"childById":{"1":{},"one":{}}}"#,
            path: #"$.childById.one"#, offset: 21, expected: "valid Int key", found: #""one""#)
        assertDecodingFails(
            Collections.self, #"{"wide":{"-1":1}}"#,
            path: #"$.wide["-1"]"#, offset: 9, expected: "valid UInt64 key")
        assertDecodingFails(
            Collections.self, #"{"wide":{"1":128}}"#,
            path: #"$.wide["1"]"#, offset: 13, expected: "fits Int8", found: "the number 128")
    }

    // MARK: Enums and flags

    func testEnumsReadNamesEnumMembersAndNumbers() throws {
        let value = try Formats.fromJson(
            """
            {"color":"Blue","priority":"High","optPriority":20,"level":"Error","status":"on-hold",
             "statuses":["active","Done","ON-HOLD","2"]}
            """)
        XCTAssertEqual(value.color, .Blue)
        XCTAssertEqual(value.priority, .High)
        XCTAssertEqual(value.optPriority, .Medium, "a number reads as the case with that value")
        XCTAssertEqual(value.level, .Error)
        XCTAssertEqual(value.status, .OnHold, "the EnumMember text, not the case name")
        XCTAssertEqual(value.statuses, [.Active, .Done, .OnHold, .Done], "case-insensitive names and numeric strings")

        // Written by their wire text; integer-encoded enums by number.
        let out = Formats()
        out.color = .Green
        out.priority = .Medium
        out.level = .Info
        out.status = .OnHold
        out.statuses = [.Active, .Done]
        let text = out.toJson()
        XCTAssertTrue(text.contains(#""color":"Green""#), text)
        XCTAssertTrue(text.contains(#""priority":"Medium""#), text)
        XCTAssertTrue(text.contains(#""level":2"#), text)
        XCTAssertTrue(text.contains(#""status":"on-hold""#), text)
        XCTAssertTrue(text.contains(#""statuses":["active","Done"]"#), text)

        XCTAssertEqual(try Level.fromJson("4"), .Error)
        XCTAssertEqual(try Color.fromJson("1"), .Green, "string-named enums number their cases from 0")
        XCTAssertEqual(Priority.jsonCases.name(of: .High), "High")
        XCTAssertEqual(Status.jsonCases.name(of: .OnHold), "on-hold")
    }

    func testUnknownEnumValuesAreErrorsWithPath() {
        assertDecodingFails(
            Formats.self, #"{"color":"Purple"}"#, path: "$.color", offset: 9,
            expected: "one of Red, Green, Blue", found: #""Purple""#)
        assertDecodingFails(
            Formats.self, #"{"priority":11}"#, path: "$.priority", offset: 12,
            expected: "one of Low, Medium, High", found: "the number 11")
        assertDecodingFails(
            Formats.self, #"{"statuses":["active","OnHold"]}"#, path: "$.statuses[1]", offset: 22,
            found: #""OnHold""#)
        assertDecodingFails(Formats.self, #"{"color":true}"#, path: "$.color", offset: 9)
    }

    func testFlagsReadNumbersAndNamesAndWriteNumbers() throws {
        XCTAssertEqual(try Formats.fromJson(#"{"permissions":5}"#).permissions, [.Read, .Delete])
        XCTAssertEqual(try Formats.fromJson(#"{"permissions":"3"}"#).permissions, [.Read, .Write])
        XCTAssertEqual(try Formats.fromJson(#"{"permissions":"Read, Delete"}"#).permissions, [.Read, .Delete])
        XCTAssertEqual(try Formats.fromJson(#"{"permissions":"write,read"}"#).permissions, [.Read, .Write])
        XCTAssertEqual(try Formats.fromJson(#"{"permissions":0}"#).permissions, Permissions.None)

        let value = Formats()
        value.permissions = [.Read, .Write, .Delete]
        XCTAssertTrue(value.toJson().contains(#""permissions":7"#), value.toJson())
        value.permissions = []
        XCTAssertTrue(value.toJson().contains(#""permissions":0"#), value.toJson())

        assertDecodingFails(
            Formats.self, #"{"permissions":"Read, Execute"}"#, path: "$.permissions", offset: 15,
            expected: "names from None, Read, Write, Delete", found: #""Execute""#)
        assertDecodingFails(
            Formats.self, #"{"permissions":1.5}"#, path: "$.permissions", offset: 15,
            expected: "fits Int")
    }

    // MARK: Generic DTOs

    func testGenericDTOHasATablePerSpecialization() throws {
        let children = try Page<Child>.fromJson(
            #"{"offset":10,"total":12,"results":[{"id":1},{"id":2}],"first":{"id":1},"byKey":{"k":{"id":3}}}"#)
        XCTAssertEqual(children.offset, 10)
        XCTAssertEqual(children.total, 12)
        XCTAssertEqual(children.results?.map(\.id), [1, 2])
        XCTAssertEqual(children.first?.id, 1)
        XCTAssertEqual(children.byKey?["k"]?.id, 3)

        let ints = try Page<Int>.fromJson(#"{"results":[4,5],"first":4,"byKey":{"a":1}}"#)
        XCTAssertEqual(ints.results, [4, 5])
        XCTAssertEqual(ints.first, 4)
        XCTAssertEqual(ints.toJson(), #"{"results":[4,5],"first":4,"byKey":{"a":1}}"#)

        let strings = try Page<String>.fromJson(#"{"results":["x"]}"#)
        XCTAssertEqual(strings.results, ["x"])

        // One cached table per specialization, the same instance every time.
        XCTAssertTrue(Page<Int>.metadata === Page<Int>.metadata)
        XCTAssertFalse(Page<Int>.metadata === Page<String>.metadata)
        XCTAssertEqual(
            Page<Child>.metadata.propertyNames, ["offset", "total", "results", "first", "byKey", "responseStatus"])

        // The element type is checked: a string is not an Int.
        assertDecodingFails(
            Page<Int>.self, #"{"results":[1,"x"]}"#, path: "$.results[1]", offset: 14, found: #"the string "x""#)
    }

    // MARK: Inheritance

    func testSubclassTablesIncludeInheritedProperties() throws {
        let dog = try Dog.fromJson(#"{"id":1,"name":"Rex","breed":"Collie","tricks":["sit"]}"#)
        XCTAssertTrue(type(of: dog) == Dog.self)
        XCTAssertEqual(dog.id, 1)
        XCTAssertEqual(dog.name, "Rex")
        XCTAssertEqual(dog.breed, "Collie")
        XCTAssertEqual(dog.tricks, ["sit"])
        XCTAssertEqual(dog.toJson(), #"{"breed":"Collie","tricks":["sit"],"id":1,"name":"Rex"}"#)
        XCTAssertEqual(Dog.typeName, "Dog")
        XCTAssertEqual(Dog.metadata.propertyNames, ["breed", "tricks", "id", "name"])

        let puppy = try Puppy.fromJson(#"{"name":"Bit","ageInWeeks":9,"breed":"Pug"}"#)
        XCTAssertTrue(type(of: puppy) == Puppy.self)
        XCTAssertEqual(puppy.ageInWeeks, 9)
        XCTAssertEqual(puppy.breed, "Pug")
        XCTAssertEqual(puppy.name, "Bit")
        XCTAssertEqual(Puppy.typeName, "Puppy")

        let animal = try Animal.fromJson(#"{"id":3,"name":"Generic","breed":"ignored"}"#)
        XCTAssertTrue(type(of: animal) == Animal.self)
        XCTAssertEqual(animal.toJson(), #"{"id":3,"name":"Generic"}"#)
        XCTAssertEqual(Animal.typeName, "Animal")
    }

    func testBaseClassReferencesWriteTheSubclassMembers() throws {
        let kennel = Kennel()
        let puppy = Puppy()
        puppy.id = 5
        puppy.ageInWeeks = 8
        let dog = Dog()
        dog.breed = "Lab"
        let animal = Animal()
        animal.name = "Cat"
        kennel.star = puppy
        kennel.animals = [dog, animal]
        XCTAssertEqual(
            kennel.toJson(),
            #"{"star":{"ageInWeeks":8,"id":5},"animals":[{"breed":"Lab"},{"name":"Cat"}]}"#)
        XCTAssertEqual([dog as Animal].toJson(), #"[{"breed":"Lab"}]"#)
    }

    // MARK: Key matching

    func testExactKeyMatchWinsThenCaseInsensitive() throws {
        let exact = try CaseTwins.fromJson(#"{"NAME":"upper","name":"lower"}"#)
        XCTAssertEqual(exact.name, "lower")
        XCTAssertEqual(exact.upperName, "upper")

        let caseless = try CaseTwins.fromJson(#"{"Name":"mixed","URL":"http://x"}"#)
        XCTAssertEqual(caseless.name, "mixed", "the first property matching without case")
        XCTAssertNil(caseless.upperName)
        XCTAssertEqual(caseless.url, "http://x")

        // PascalCase, as a .NET server configured without camelCase writes.
        let pascal = try Child.fromJson(#"{"Id":4,"NAME":"n","Child":{"ID":5}}"#)
        XCTAssertEqual(pascal.id, 4)
        XCTAssertEqual(pascal.name, "n")
        XCTAssertEqual(pascal.child?.id, 5)

        // Escaped member names are unescaped before matching.
        let escaped = try Child.fromJson(#"{"n\u0061me":"esc","\u0049d":6}"#)
        XCTAssertEqual(escaped.name, "esc")
        XCTAssertEqual(escaped.id, 6)

        // Members in any order.
        let reordered = try Child.fromJson(#"{"child":{"name":"c"},"name":"b","id":1}"#)
        XCTAssertEqual(reordered.id, 1)
        XCTAssertEqual(reordered.child?.name, "c")
    }

    func testUnknownMembersAreSkippedIncludingNestedOnes() throws {
        let json = """
            {"extra":{"deep":[1,{"x":[[],{}]}],"s":"\\"}"},"id":7,"more":[1,"two",null,true,false,-1.5e3],
             "nothing":null,"name":"kept","idx":{"id":99},"objects":[{"id":1}]}
            """
        let value = try Child.fromJson(json)
        XCTAssertEqual(value.id, 7)
        XCTAssertEqual(value.name, "kept")
        XCTAssertNil(value.child)

        // Skipped values are still validated.
        assertDecodingFails(Child.self, #"{"extra":[1,{"a":tru}],"id":1}"#, path: "$.extra[1].a", offset: 17)
        assertDecodingFails(
            Child.self, #"{"extra":[1,],"id":1}"#, path: "$.extra[1]", offset: 12, expected: "a value", found: "']'")
    }

    func testDuplicateMembersLastOneWins() throws {
        let value = try Child.fromJson(#"{"id":1,"id":2,"name":"a","Name":"b"}"#)
        XCTAssertEqual(value.id, 2)
        XCTAssertEqual(value.name, "b")
    }

    // MARK: Metadata

    func testMetadataListsPropertiesInOrderAndCustomPropertiesWork() throws {
        XCTAssertEqual(Child.metadata.propertyNames, ["id", "name", "child"])
        XCTAssertEqual(Child.metadata.properties.count, 3)

        // A hand-made property from typed accessors: reads a number, writes it doubled.
        let value = try Doubler.fromJson(#"{"VALUE":21}"#)
        XCTAssertEqual(value.value, 21)
        XCTAssertEqual(value.toJson(), #"{"value":42}"#)
    }
}

/// A DTO with a hand-written property: the public, typed `PropertyMetadata` initializer.
final class Doubler: JsonSerializable {
    var value = 0
    init() {}
    static let metadata = Metadata.create([
        PropertyMetadata(
            name: "value", of: Doubler.self,
            decode: { reader, object in object.value = try reader.readInteger(Int.self) },
            encode: { object, writer in
                writer.writeKey(JsonKey("value"))
                writer.writeInteger(object.value * 2)
            })
    ])
}
