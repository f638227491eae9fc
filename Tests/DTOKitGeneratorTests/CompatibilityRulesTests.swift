import DTOKitGenerator
import Foundation
import XCTest

/// What makes generated code compile wherever users put it: NSObject base classes, protocols under
/// every option, old servers' shapes, and snapshots that are odd in ways that must not fail a build.
final class CompatibilityRulesTests: XCTestCase {
    func testEveryDeclarationIsNonisolatedForMainActorTargets() throws {
        let output = try Snippet.generate(
            Snippet.snapshot(
                types: [
                    Snippet.type("Todo", Snippet.property("Title", "String")),
                    #"{"name":"Color","namespace":"My","isEnum":true,"enumNames":["Red"]}"#,
                    #"{"name":"IHasTitle","namespace":"My","isInterface":true,"properties":[]}"#,
                ].joined(separator: ",")), options: "AddCodable: True")
        assertLines(
            output,
            contain: [
                "public nonisolated class Todo {", "public nonisolated enum Color: String, CaseIterable, Sendable {",
                "public nonisolated protocol IHasTitle {", "nonisolated extension Todo: JsonSerializable {",
                "nonisolated extension Color: JsonEnum {", "nonisolated extension Todo: Codable {}",
            ])
        let declarations = output.split(separator: "\n").filter {
            $0.hasPrefix("public class") || $0.hasPrefix("public enum") || $0.hasPrefix("extension ")
        }
        XCTAssertEqual(declarations, [], "every top-level declaration must opt out of default isolation")
    }

    func testNSObjectBaseClassRenamesClashingMembersAndKeepsTheirJsonNames() throws {
        let output = try Snippet.generate(
            Snippet.snapshot(
                types: Snippet.type(
                    "Technology",
                    [
                        Snippet.property("Id", "Int64"), Snippet.property("Description", "String"),
                        Snippet.property("Hash", "String"),
                    ].joined(separator: ","))), options: "BaseClass: NSObject")
        assertLines(
            output,
            contain: [
                "public nonisolated class Technology: NSObject {",
                "public final var Description: String?",
                "public final var Hash: String?",
                "required public override init() { super.init() }",
                "Property<Technology>.optionalString(\"description\", get: { $0.Description }, set: { $0.Description = $1 }),",
                "Property<Technology>.optionalString(\"hash\", get: { $0.Hash }, set: { $0.Hash = $1 }),",
            ])
        let plain = try Snippet.generate(
            Snippet.snapshot(types: Snippet.type("Technology", Snippet.property("Description", "String"))))
        assertLines(plain, contain: ["public final var description: String?"])
    }

    /// Public DTOs import what their public declarations name `public`, so that they compile under
    /// InternalImportsByDefault; a module they do not name stays a plain import (an unused `public
    /// import` is a warning). Package DTOs make every import explicit; internal ones keep plain imports.
    func testImportsHaveTheAccessTheDeclarationsNeed() throws {
        let dated = Snippet.snapshot(types: Snippet.type("Event", Snippet.property("At", "DateTime")))
        let plain = Snippet.snapshot(types: Snippet.type("Note", Snippet.property("Text", "String")))
        assertLines(try Snippet.generate(dated), contain: ["public import Foundation", "public import DTOKit"])
        assertLines(try Snippet.generate(plain), contain: ["import Foundation", "public import DTOKit"])
        assertLines(
            try Snippet.generate(plain, options: "AddModelExtensions: False"),
            contain: ["import Foundation", "import DTOKit"])
        assertLines(
            try Snippet.generate(plain, options: "BaseClass: NSObject\nAddModelExtensions: False"),
            contain: ["public import Foundation", "import DTOKit"])
        assertLines(
            try Snippet.generate(dated, options: "AccessLevel: package"),
            contain: ["package import Foundation", "package import DTOKit"])
        assertLines(
            try Snippet.generate(plain, options: "AccessLevel: package"),
            contain: ["internal import Foundation", "package import DTOKit"])
        assertLines(
            try Snippet.generate(dated, options: "AccessLevel: internal"),
            contain: ["import Foundation", "import DTOKit"])
        // In a file of its own, a subclass names nothing of DTOKit's publicly (its table is internal).
        let hierarchy = Snippet.snapshot(
            types: [
                Snippet.type("Shape", Snippet.property("Name", "String")),
                Snippet.type(
                    "Circle", Snippet.property("Radius", "Double"),
                    extra: #""inherits":{"name":"Shape","namespace":"My"}"#),
            ].joined(separator: ","))
        let files = try DTOGenerator(options: GeneratorOptions(), fileCount: 2)
            .generate(snapshot: Data(hierarchy.utf8), snapshotName: "test.metadata.json")
        XCTAssertEqual(files.count, 2)
        XCTAssertTrue(files[0].contents.contains("\npublic import DTOKit\n"), files[0].contents)
        XCTAssertTrue(files[1].contents.contains("class Circle: Shape"), files[1].contents)
        XCTAssertTrue(files[1].contents.contains("\nimport DTOKit\n"), files[1].contents)
    }

    /// UIKit adds accessibility members to every NSObject in an app target (not visible on Linux).
    func testNSObjectBaseClassAvoidsUIKitsAccessibilityMembers() throws {
        let output = try Snippet.generate(
            Snippet.snapshot(
                types: Snippet.type(
                    "Control",
                    [
                        Snippet.property("AccessibilityLabel", "String"),
                        Snippet.property("IsAccessibilityElement", "Boolean"),
                        Snippet.property("AccessibilityTraits", "Int64"), Snippet.property("Label", "String"),
                    ].joined(separator: ","))), options: "BaseClass: NSObject")
        assertLines(
            output,
            contain: [
                "public final var AccessibilityLabel: String?",
                "public final var IsAccessibilityElement: Bool?",
                "public final var AccessibilityTraits: Int?",
                "public final var label: String?",
                "Property<Control>.optionalString(\"accessibilityLabel\", get: { $0.AccessibilityLabel }, set: { $0.AccessibilityLabel = $1 }),",
            ])
    }

    func testProtocolPropertiesFollowTheClassesThatImplementThem() throws {
        let types = #"""
            {"name":"IFile","namespace":"My","isInterface":true,"properties":[
              {"name":"Name","type":"String","namespace":"System"},
              {"name":"Tags","type":"List`1","namespace":"System.Collections.Generic","genericArgs":["String"]}]},
            {"name":"FileSystemFile","namespace":"My","implements":[{"name":"IFile","namespace":"My"}],"properties":[
              {"name":"Name","type":"String","namespace":"System"},
              {"name":"Tags","type":"List`1","namespace":"System.Collections.Generic","genericArgs":["String"]}]}
            """#
        let output = try Snippet.run(
            Snippet.snapshot(types: types),
            options: "InitializeCollections: True\nMakePropertiesOptional: False")
        XCTAssertEqual(output.warnings, [])
        assertLines(
            output.output,
            contain: [
                "var name: String { get set }", "var tags: [String] { get set }",
                "public nonisolated class FileSystemFile: IFile {", "public final var name: String = \"\"",
                "public final var tags: [String] = []",
            ])
    }

    func testAClassThatCannotMatchItsProtocolLosesTheConformanceWithAWarning() throws {
        let types = #"""
            {"name":"IHasCount","namespace":"My","isInterface":true,"properties":[{"name":"Count","type":"Int32","namespace":"System"}]},
            {"name":"A","namespace":"My","implements":[{"name":"IHasCount","namespace":"My"}],"properties":[
              {"name":"Count","type":"Int32","namespace":"System"}]},
            {"name":"B","namespace":"My","implements":[{"name":"IHasCount","namespace":"My"}],"properties":[
              {"name":"Count","type":"String","namespace":"System"}]},
            {"name":"C","namespace":"My","implements":[{"name":"IHasCount","namespace":"My"}],"properties":[]}
            """#
        let (output, warnings) = try Snippet.run(Snippet.snapshot(types: types))
        assertLines(
            output,
            contain: [
                "public nonisolated class A: IHasCount {", "public nonisolated class B {",
                "public nonisolated class C {", "var count: Int? { get set }",
            ])
        XCTAssertEqual(warnings.map(\.jsonPath), ["$.types[2]", "$.types[3]"])
        XCTAssertTrue(
            warnings[0].message.contains("`B` does not match `IHasCount.count` (it declares it with another type)"),
            warnings[0].message)
        XCTAssertTrue(warnings[1].message.contains("(it does not declare it)"), warnings[1].message)
    }

    func testNullableArrayWithoutItsArgumentFromAVersion6Server() throws {
        let properties = [
            #"{"name":"Bytes","type":"Nullable`1[]","namespace":"System"}"#,
            #"{"name":"Numbers","type":"Nullable`1[]","namespace":"System","genericArgs":["Int32"]}"#,
        ].joined(separator: ",")
        let (output, warnings) = try Snippet.run(Snippet.snapshot(types: Snippet.type("Legacy", properties)))
        assertLines(output, contain: ["public final var bytes: [JsonValue]?", "public final var numbers: [Int?]?"])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertEqual(warnings.first?.jsonPath, "$.types[0].properties[0].type")
        XCTAssertEqual(
            warnings.first?.message,
            "`Legacy.bytes`, typed `Nullable`1[]`: `Nullable`1` comes without its type argument (genericArgs), "
                + "as older servers write `byte?[]`; `JsonValue` (which reads any JSON) stands in for it")
    }

    func testWithoutModelExtensionsNothingNeedsJsonConvertible() throws {
        let types = #"""
            {"name":"Page","namespace":"My","genericArgs":["T"],"properties":[
              {"name":"Items","type":"List`1","namespace":"System.Collections.Generic","genericArgs":["T"]}]},
            {"name":"Todo","namespace":"My","properties":[]},
            {"name":"Holder","namespace":"My","properties":[
              {"name":"Pair","type":"KeyValuePair`2","namespace":"System.Collections.Generic","genericArgs":["String","Todo"]}]}
            """#
        let operations = #"""
            {"request":{"name":"QueryTodos","namespace":"My","inherits":{"name":"QueryDb`1","namespace":"ServiceStack","genericArgs":["Todo"]},
              "properties":[]}}
            """#
        let (output, warnings) = try Snippet.run(
            Snippet.snapshot(types: types, operations: operations),
            options: "AddModelExtensions: False")
        assertLines(
            output,
            contain: [
                "public nonisolated class Page<T> {", "public nonisolated class QueryTodos {",
                "public final var skip: Int?",
                "public final var pair: JsonValue?",
            ])
        XCTAssertFalse(output.contains("JsonSerializable"))
        XCTAssertEqual(warnings.map(\.jsonPath), ["$.types[2].properties[0].type"])
    }

    func testSubclassOfASerializableRuntimeTypeDeclaresItsMembers() throws {
        let types = #"""
            {"name":"ErrorResponse","namespace":"Acme","inherits":{"name":"ErrorResponse","namespace":"ServiceStack"},"properties":[
              {"name":"Code","type":"String","namespace":"System"}]},
            {"name":"TodoPage","namespace":"Acme","inherits":{"name":"QueryResponse`1","namespace":"ServiceStack","genericArgs":["Todo"]}},
            {"name":"Todo","namespace":"Acme","properties":[]}
            """#
        let (output, warnings) = try Snippet.run(Snippet.snapshot(types: types), options: "AddResponseStatus: True")
        XCTAssertEqual(warnings, [])
        assertLines(
            output,
            contain: [
                "public nonisolated class ErrorResponse {", "public final var code: String?",
                "public final var responseStatus: ResponseStatus?",
                "public nonisolated class TodoPage {", "public final var results: [Todo]?",
                "public final var total: Int?",
            ])
        XCTAssertEqual(output.components(separatedBy: "final var responseStatus").count, 3, "one each, not added twice")
    }

    func testInheritanceCyclesAreCutWithAWarning() throws {
        let types = #"""
            {"name":"A","namespace":"My","inherits":{"name":"B","namespace":"My"},"properties":[{"name":"X","type":"String","namespace":"System"}]},
            {"name":"B","namespace":"My","inherits":{"name":"A","namespace":"My"},"properties":[{"name":"Y","type":"String","namespace":"System"}]},
            {"name":"Self","namespace":"My","inherits":{"name":"Self","namespace":"My"},"properties":[]}
            """#
        let (output, warnings) = try Snippet.run(Snippet.snapshot(types: types), options: "AddResponseStatus: True")
        assertLines(
            output,
            contain: [
                "public nonisolated class A: B {", "public nonisolated class B {", "public nonisolated class `Self` {",
            ])
        XCTAssertEqual(warnings.count, 2, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.message.contains("inheritance cycle A : B : A") }, "\(warnings)")
        XCTAssertTrue(warnings.contains { $0.message.contains("`Self` inherits `Self`") }, "\(warnings)")
    }

    func testOddNamesAreMadeValidIdentifiers() throws {
        let types = #"""
            {"name":"Odd","namespace":"My","properties":[{"name":"My-Prop","type":"String","namespace":"System"},
              {"name":"1st","type":"String","namespace":"System"}]},
            {"name":"Mode","namespace":"My","isEnum":true,"enumNames":["On","Off","On","Half-Way"]}
            """#
        let (output, warnings) = try Snippet.run(Snippet.snapshot(types: types))
        assertLines(
            output,
            contain: [
                "public final var my_Prop: String?", "public final var _1st: String?",
                "Property<Odd>.optionalString(\"my-Prop\", get: { $0.my_Prop }, set: { $0.my_Prop = $1 }),",
                "case Half_Way = \"Half-Way\"",
            ])
        XCTAssertEqual(warnings.count, 4, "\(warnings)")
    }

    // MARK: Found by the mutation tests (Tests/CompileMatrix/compile-matrix.py --mutants)

    func testARepeatedPropertyKeepsTheFirst() throws {
        let properties = [
            Snippet.property("Id", "Int32"), Snippet.property("Id", "String"), Snippet.property("ID", "Int64"),
        ]
        let (output, warnings) = try Snippet.run(
            Snippet.snapshot(types: Snippet.type("Twice", properties.joined(separator: ","))))
        assertLines(
            output,
            contain: [
                "public final var id: Int?", "//id:String? is declared twice; the first declaration is kept",
                "//id:Int? is declared twice; the first declaration is kept",
            ])
        XCTAssertEqual(warnings.map(\.jsonPath), ["$.types[0].properties[1].name", "$.types[0].properties[2].name"])
    }

    func testARequestSubclassingARequestInheritsMarkersRoutesAndVersion() throws {
        let operations = #"""
            {"request":{"name":"Base","namespace":"My","properties":[{"name":"Id","type":"Int32","namespace":"System"}]},
             "returnType":{"name":"String","namespace":"System"},"method":"GET","routes":[{"path":"/base/{Id}","verbs":"GET"}]},
            {"request":{"name":"Derived","namespace":"My","inherits":{"name":"Base","namespace":"My"},"properties":[]},
             "returnType":{"name":"String","namespace":"System"},"method":"GET","routes":[{"path":"/derived/{Id}"}]},
            {"request":{"name":"Plain","namespace":"My","inherits":{"name":"Base","namespace":"My"},"properties":[]},
             "returnType":{"name":"String","namespace":"System"}}
            """#
        let (output, warnings) = try Snippet.run(
            Snippet.snapshot(operations: operations), options: "AddImplicitVersion: 2")
        XCTAssertEqual(warnings, [])
        assertLines(
            output,
            contain: [
                "public nonisolated class Derived: Base {", "public nonisolated class Plain: Base {",
                // Each class's table holds its own routes; a subclass's table extends its base's.
                "static let baseMetadata = makeBaseMetadata()",
                "Metadata.create(routes: [ServiceRoute(\"/base/{Id}\", \"GET\")], [",
                "static let derivedMetadata = makeDerivedMetadata()",
                "Metadata.create(Derived.self, inheriting: Base.baseMetadata, routes: [ServiceRoute(\"/derived/{Id}\")], [])",
                "static let plainMetadata = makePlainMetadata()",
                "Metadata.create(Plain.self, inheriting: Base.baseMetadata, [])",
            ])
        XCTAssertEqual(
            output.components(separatedBy: "public final var version: Int = 2").count, 2, "only the base declares it")
    }

    func testGenericClassesNamedWithTheWrongNumberOfArguments() throws {
        let types = #"""
            {"name":"Page","namespace":"My","genericArgs":["T"],"properties":[{"name":"Items","type":"List`1","namespace":"System.Collections.Generic","genericArgs":["T"]}]},
            {"name":"Holder","namespace":"My","properties":[{"name":"Page","type":"Page`1","namespace":"My"}]},
            {"name":"Jobs","namespace":"My","inherits":{"name":"QueryDb`1","namespace":"ServiceStack"},"properties":[]},
            {"name":"Results","namespace":"My","inherits":{"name":"QueryResponse`1","namespace":"ServiceStack"},"properties":[]}
            """#
        let (output, warnings) = try Snippet.run(Snippet.snapshot(types: types))
        assertLines(
            output,
            contain: [
                "public final var page: Page<JsonValue>?", "public nonisolated class Jobs: QueryDb<JsonValue> {",
                "public final var results: [JsonValue]?",
            ])
        XCTAssertEqual(warnings.count, 2, "\(warnings)")
        XCTAssertTrue(
            warnings.allSatisfy { $0.message.contains("takes 1 type argument(s), the snapshot gives 0") }, "\(warnings)"
        )
    }

    func testRuntimeMarkersNeedTheirProperty() throws {
        let types = #"""
            {"name":"Secure","namespace":"My","implements":[{"name":"IHasBearerToken","namespace":"ServiceStack"},
              {"name":"IHasVersion","namespace":"ServiceStack"}],"properties":[{"name":"Version","type":"String","namespace":"System"}]}
            """#
        let (output, warnings) = try Snippet.run(Snippet.snapshot(types: types))
        assertLines(output, contain: ["public nonisolated class Secure {"])
        XCTAssertEqual(warnings.count, 2, "\(warnings)")
        XCTAssertTrue(
            warnings[0].message.contains(
                "`Secure` does not match `IHasBearerToken.bearerToken` (it does not declare it)"),
            warnings[0].message)
    }

    func testUnusableNamesBecomeHexCodes() throws {
        let properties = [Snippet.property("🙂", "String"), Snippet.property("-", "String")]
        let (output, _) = try Snippet.run(
            Snippet.snapshot(types: Snippet.type("Faces", properties.joined(separator: ","))))
        assertLines(output, contain: ["public final var _1F642: String?", "public final var _2D: String?"])
    }
}
