import DTOKitGenerator
import XCTest

/// Classes, requests, enums, generics, inheritance, names and comments (spec §3.5–3.9).
final class EmissionRulesTests: XCTestCase {
    private let helloOperation = #"""
        {"request":{"name":"Hello","namespace":"My.ServiceModel","implements":[{"name":"IGet","namespace":"ServiceStack"}],
          "description":"Says hello.","properties":[{"name":"Name","type":"String","namespace":"System","description":"Who to greet"}]},
         "response":{"name":"HelloResponse","namespace":"My.ServiceModel","properties":[{"name":"Result","type":"String","namespace":"System"}]},
         "returnType":{"name":"HelloResponse","namespace":"My.ServiceModel"},
         "routes":[{"path":"/hello/{Name}","verbs":"GET,POST"},{"path":"/hello"}]}
        """#

    func testRequestWithReturnMarkerRoutesAndComments() throws {
        let output = try Snippet.generate(Snippet.snapshot(operations: helloOperation))
        assertLines(
            output,
            contain: [
                "/// Says hello.",
                "// @Route(\"/hello/{Name}\", \"GET,POST\")",
                "// @Route(\"/hello\")",
                "public nonisolated class Hello: IReturn, IGet {",
                "public typealias Return = HelloResponse",
                "/// Who to greet",
                "public final var name: String?",
                "required public init() {}",
                "nonisolated extension Hello: JsonSerializable {",
                // The routes live in the table; the type's name is the class's own.
                "public static let metadata = makeMetadata()",
                "@_optimize(none) private static func makeMetadata() -> Metadata {",
                "Metadata.create(routes: [ServiceRoute(\"/hello/{Name}\", \"GET,POST\"), ServiceRoute(\"/hello\")], [",
                "public nonisolated class HelloResponse {",
                "Property<HelloResponse>.optionalString(\"result\", get: { $0.result }, set: { $0.result = $1 }),",
            ])
        // Requests come first, then responses, then types[].
        let hello = try XCTUnwrap(output.range(of: "public nonisolated class Hello:"))
        let response = try XCTUnwrap(output.range(of: "public nonisolated class HelloResponse"))
        XCTAssertLessThan(hello.lowerBound, response.lowerBound)
    }

    func testVoidRequestsAndVerbsFromTheOperation() throws {
        let operations = #"""
            {"request":{"name":"Ping","namespace":"My.ServiceModel","properties":[]},"returnsVoid":true,"method":"DELETE"},
            {"request":{"name":"Store","namespace":"My.ServiceModel","properties":[]},"returnsVoid":false,
             "routes":[{"path":"/store","verbs":"PUT"}]}
            """#
        let output = try Snippet.generate(Snippet.snapshot(operations: operations))
        assertLines(
            output,
            contain: [
                "public nonisolated class Ping: IReturnVoid, IDelete {",
                "public nonisolated class Store: IReturn, IPut {",
                "public typealias Return = JsonValue",
                "Metadata.create(routes: [ServiceRoute(\"/store\", \"PUT\")], [])",
            ])
    }

    func testArrayAndStringResponsesGetIReturn() throws {
        let operations = #"""
            {"request":{"name":"GetNames","namespace":"My.ServiceModel","properties":[]},
             "returnType":{"name":"List`1","namespace":"System.Collections.Generic","genericArgs":["String"]}},
            {"request":{"name":"GetText","namespace":"My.ServiceModel","properties":[]},
             "response":{"name":"String","namespace":"System"},"returnType":{"name":"String","namespace":"System"}}
            """#
        let output = try Snippet.generate(Snippet.snapshot(operations: operations))
        assertLines(output, contain: ["public typealias Return = [String]", "public typealias Return = String"])
        XCTAssertFalse(output.contains("nonisolated class String"), "System types are never generated")
    }

    func testBuiltInsComeFromTheRuntime() throws {
        let types = [
            #"{"name":"ResponseStatus","namespace":"ServiceStack","properties":[{"name":"ErrorCode","type":"String","namespace":"System"}]}"#,
            #"{"name":"QueryResponse`1","namespace":"ServiceStack","genericArgs":["T"],"properties":[]}"#,
            #"{"name":"IReturn`1","namespace":"ServiceStack","genericArgs":["T"],"isInterface":true}"#,
            Snippet.type("Todo", Snippet.property("Id", "Int64")),
        ].joined(separator: ",")
        let operations = #"""
            {"request":{"name":"QueryTodos","namespace":"My.ServiceModel",
              "inherits":{"name":"QueryDb`1","namespace":"ServiceStack","genericArgs":["Todo"]},
              "implements":[{"name":"IReturn`1","namespace":"ServiceStack","genericArgs":["QueryResponse<Todo>"]},
                            {"name":"ICreateDb`1","namespace":"ServiceStack","genericArgs":["Todo"]}],
              "properties":[{"name":"TextContains","type":"String","namespace":"System"}]},
             "response":{"name":"QueryResponse`1","namespace":"ServiceStack","genericArgs":["T"]},
             "returnType":{"name":"QueryResponse`1","namespace":"ServiceStack","genericArgs":["Todo"]},"method":"GET"}
            """#
        let output = try Snippet.generate(Snippet.snapshot(types: types, operations: operations))
        assertLines(
            output,
            contain: [
                "public nonisolated class QueryTodos: QueryDb<Todo>, IReturn, IGet {",
                "public typealias Return = QueryResponse<Todo>",
                "required public init() { super.init() }",
                // Own properties, then QueryBase's.
                "Property<QueryTodos>.optionalString(\"textContains\", get: { $0.textContains }, set: { $0.textContains = $1 }),",
                "Property<QueryTodos>.optionalInt(\"skip\", get: { $0.skip }, set: { $0.skip = $1 }),",
                "Property<QueryTodos>.optionalDictionary(\"meta\", get: { $0.meta }, set: { $0.meta = $1 }),",
            ])
        for builtIn in [
            "nonisolated class ResponseStatus", "nonisolated class QueryResponse", "nonisolated protocol IReturn",
        ] {
            XCTAssertFalse(output.contains(builtIn), "\(builtIn) must come from the runtime")
        }
        XCTAssertFalse(output.contains("ICreateDb"))
    }

    /// Names, explicit values, `[EnumMember]` texts, integers, `[Flags]`.
    private let enumsOfEveryKind = #"""
        {"name":"Color","namespace":"My","isEnum":true,"enumNames":["Red","Green"]},
        {"name":"Level","namespace":"My","isEnum":true,"enumNames":["Low","High"],"enumValues":["10","20"]},
        {"name":"State","namespace":"My","isEnum":true,"enumNames":["OnHold","Done"],"enumMemberValues":["on-hold","Done"]},
        {"name":"Code","namespace":"My","isEnum":true,"isEnumInt":true,"enumNames":["A","B"]},
        {"name":"Access","namespace":"My","isEnum":true,"isEnumInt":true,"attributes":[{"name":"Flags","args":[]}],
         "enumNames":["None","Read","Write"],"enumValues":["0","1","2"],"enumDescriptions":["","Can read",""]}
        """#

    func testEnumsOfEveryKind() throws {
        let output = try Snippet.generate(Snippet.snapshot(types: enumsOfEveryKind))
        assertLines(
            output,
            contain: [
                "public nonisolated enum Color: String, CaseIterable, Sendable {", "case Red", "case Green",
                "public static let jsonCases = JsonEnumCases<Color>(allCases)",
                "public nonisolated enum Level: Int, CaseIterable, Sendable {", "case Low = 10", "case High = 20",
                "(.Low, \"Low\"),", "(.High, \"High\"),",
                "public nonisolated enum State: String, CaseIterable, Sendable {", "case OnHold = \"on-hold\"",
                "case Done",
                "public static let jsonCases = JsonEnumCases<Code>(allCases, encoding: .integer)",
                "public nonisolated struct Access: OptionSet, Hashable, Sendable {",
                "public static let None: Access = []",
                "/// Can read",
                "public static let Read = Access(rawValue: 1)",
                "(\"Write\", 2),",
                "// @Flags()",
            ])
    }

    func testKeepUnknownEnumValuesGivesEnumsAnUnknownCase() throws {
        let types =
            enumsOfEveryKind + #","# + #"{"name":"Odd","namespace":"My","isEnum":true,"enumNames":["known","unknown"]}"#
        let (output, warnings) = try Snippet.run(Snippet.snapshot(types: types), options: "KeepUnknownEnumValues: True")
        assertLines(
            output,
            contain: [
                "public nonisolated enum Color: CaseIterable, Hashable, Sendable {", "case Red", "case Green",
                "/// A value this snapshot does not list (from a newer server); written back as it was read.",
                "case unknown(UnknownEnumValue)",
                "public static let allCases: [Color] = [", ".Red,", ".Green,",
                "public var unknownValue: UnknownEnumValue? {",
                "if case .unknown(let value) = self { return value }",
                "return nil",
                "nonisolated extension Color: JsonOpenEnum {",
                "public static let jsonCases = JsonEnumCases<Color>([", "(.Red, \"Red\", 0),",
                "(.Green, \"Green\", 1),",
                // Explicit values and wire texts move from raw values into the case table.
                "public nonisolated enum Level: CaseIterable, Hashable, Sendable {", "case Low", "(.Low, \"Low\", 10),",
                "public nonisolated enum State: CaseIterable, Hashable, Sendable {", "case OnHold",
                "(.OnHold, \"on-hold\", 0),",
                "public static let jsonCases = JsonEnumCases<Code>([", "], encoding: .integer)",
                // An option set keeps any bits in its raw value already.
                "public nonisolated struct Access: OptionSet, Hashable, Sendable {",
                // A case named `unknown` keeps the enum as it would be without the option.
                "public nonisolated enum Odd: String, CaseIterable, Sendable {",
                "nonisolated extension Odd: JsonEnum {",
                // The enum's API names DTOKit.
                "public import DTOKit",
            ])
        XCTAssertFalse(output.contains("case Low = 10"))
        XCTAssertFalse(output.contains("case OnHold = \"on-hold\""))
        XCTAssertEqual(
            warnings.map(\.message),
            [
                "enum `Odd` lists a case named `unknown`, the name KeepUnknownEnumValues gives the case of unlisted values; "
                    + "it is generated without one (an unlisted value fails to decode)"
            ])
        // Without model extensions the enum keeps its case; Codable reads it through the case table.
        let codableOnly = try Snippet.generate(
            Snippet.snapshot(types: types),
            options: "KeepUnknownEnumValues: True\nAddModelExtensions: False\nAddCodable: True")
        assertLines(
            codableOnly,
            contain: [
                "case unknown(UnknownEnumValue)", "nonisolated extension Color: JsonOpenEnum {",
                "self = try JsonEnumCoding.decode(Color.self, from: decoder)",
            ])
        let plain = try Snippet.generate(
            Snippet.snapshot(types: types),
            options: "KeepUnknownEnumValues: True\nAddModelExtensions: False")
        assertLines(plain, contain: ["case unknown(UnknownEnumValue)", "public import DTOKit"])
        XCTAssertFalse(plain.contains("JsonOpenEnum"))
    }

    func testExportAsStructsDeclaresEveryMemberInSendableStructs() throws {
        let types = [
            Snippet.type(
                "Entity",
                [
                    Snippet.property("Id", "Int32"), Snippet.property("CreatedBy", "String"),
                    Snippet.property("Version", "Nullable`1", genericArgs: ["Int32"]),
                ].joined(separator: ","),
                extra: #""implements":[{"name":"IHasVersion","namespace":"ServiceStack"}]"#),
            Snippet.type(
                "Category",
                [
                    Snippet.property("Name", "String"),
                    Snippet.property("Parent", "Category", namespace: "My.ServiceModel"),
                    Snippet.property(
                        "Children", "List`1", namespace: "System.Collections.Generic", genericArgs: ["Category"]),
                ]
                .joined(separator: ",")),
            Snippet.type(
                "Page`1",
                Snippet.property("Items", "List`1", namespace: "System.Collections.Generic", genericArgs: ["T"]),
                extra: #""genericArgs":["T"]"#),
        ].joined(separator: ",")
        let operations = #"""
            {"request":{"name":"QueryCategories","namespace":"My.ServiceModel","properties":[{"name":"NameContains","type":"String","namespace":"System"}],
              "inherits":{"name":"QueryDb`1","namespace":"ServiceStack","genericArgs":["Category"]}},
             "returnType":{"name":"QueryResponse`1","namespace":"ServiceStack","genericArgs":["Category"]},
             "routes":[{"path":"/categories","verbs":"GET"}]},
            {"request":{"name":"SaveCategory","namespace":"My.ServiceModel","properties":[{"name":"Name","type":"String","namespace":"System"}],
              "inherits":{"name":"Entity","namespace":"My.ServiceModel"}},
             "response":{"name":"SaveCategoryResponse","namespace":"My.ServiceModel","properties":[
               {"name":"ResponseStatus","type":"ResponseStatus","namespace":"ServiceStack"}]},
             "returnType":{"name":"SaveCategoryResponse","namespace":"My.ServiceModel"}}
            """#
        let output = try Snippet.generate(
            Snippet.snapshot(types: types, operations: operations),
            options: "ExportAsStructs: True\nAddCodable: True")
        assertLines(
            output,
            contain: [
                "public nonisolated struct QueryCategories: IReturn, IGet, IQuery, Hashable, Sendable {",
                "public typealias Return = QueryResponseValue<Category>",
                // QueryDb<T>'s members are the struct's own.
                "public var nameContains: String?", "public var skip: Int?", "public var take: Int?",
                "public init() {}",
                // A generated base class's members and interfaces too.
                "public nonisolated struct SaveCategory: IReturn, IHasVersion, Hashable, Sendable, Identifiable {",
                "public var createdBy: String?",
                "public var responseStatus: ResponseStatusValue?",
                "public import DTOKitStructs",
                // A member that leads back to its own struct is stored in a box.
                "public nonisolated struct Category: Hashable, Sendable {",
                "public var parent: Category? {", "get { _parent.value }", "set { _parent.value = newValue }",
                "private var _parent = Indirect<Category?>(nil)",
                "public var children: [Category]?",
                "public nonisolated struct Page<T: JsonConvertible & Codable & Hashable & Sendable>: Hashable, Sendable {",
                // Tables of struct builders; a generic struct's is cached per specialization.
                "nonisolated extension QueryCategories: JsonStruct {",
                "public static let metadata = makeMetadata()",
                "@_optimize(none) private static func makeMetadata() -> StructMetadata<QueryCategories> {",
                "StructMetadata<QueryCategories>.create(routes: [ServiceRoute(\"/categories\", \"GET\")], [",
                "StructProperty<QueryCategories>.optionalInt(\"skip\", get: { $0.skip }, set: { $0.skip = $1 }),",
                "StructProperty<SaveCategoryResponse>.optionalObject(\"responseStatus\", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),",
                "public static var metadata: StructMetadata<Page<T>> {",
                "StructMetadata.cached { makeMetadata() }",
                "@_optimize(none) private static func makeMetadata() -> StructMetadata<Page<T>> {",
                // Codable for a struct: no `required`, no `super`.
                "public init(from decoder: any Decoder) throws {",
                "nonisolated extension Category: Codable {}",
                "public var version: Int?",
            ])
        XCTAssertFalse(output.contains("class "), "no classes")
        XCTAssertFalse(output.contains("required"))
        XCTAssertFalse(output.contains("QueryDb<"))

        let conflict = Snippet.error(
            Snippet.snapshot(types: types), options: "BaseClass: NSObject\nExportAsStructs: True")
        XCTAssertEqual(conflict?.line, 2)
        XCTAssertTrue(
            conflict?.message.contains("`ExportAsStructs: True` makes structs") ?? false,
            "\(String(describing: conflict))")
    }

    func testAFileOfOptionSetsImportsDTOKitForItsAccessLevel() throws {
        let flags = #"""
            {"name":"Access","namespace":"My","isEnum":true,"isEnumInt":true,"attributes":[{"name":"Flags","args":[]}],
             "enumNames":["None","Read"],"enumValues":["0","1"]}
            """#
        // A package conformance alone is no use of a `package import` (Swift warns); a public one needs a public import.
        assertLines(
            try Snippet.generate(Snippet.snapshot(types: flags), options: "AccessLevel: package"),
            contain: ["internal import DTOKit", "nonisolated extension Access: JsonFlags {"])
        assertLines(try Snippet.generate(Snippet.snapshot(types: flags)), contain: ["public import DTOKit"])
    }

    func testGenericTypesUseCachedMetadata() throws {
        let types = Snippet.type(
            "Page",
            [
                Snippet.property("Items", "List`1", genericArgs: ["T"]), Snippet.property("Extra", "T"),
            ].joined(separator: ","), extra: #""genericArgs":["T"]"#)
        let output = try Snippet.generate(Snippet.snapshot(types: types))
        assertLines(
            output,
            contain: [
                "public nonisolated class Page<T: JsonConvertible> {",
                "public final var items: [T]?",
                "public static var metadata: Metadata {",
                "Metadata.cached(for: self) { makeMetadata() }",
                // Its builder calls the generic `optional` (for `T`): specialized where it is called, so optimized.
                "private static func makeMetadata() -> Metadata {",
                "Property<Page<T>>.optionalArray(\"items\", get: { $0.items }, set: { $0.items = $1 }),",
            ])
    }

    func testTableBuildersSkipTheOptimizerUnlessTheySpecializeAGenericBuilder() throws {
        let color = #"{"name":"Color","namespace":"My.ServiceModel","isEnum":true,"enumNames":["Red","Green"]}"#
        let paint = Snippet.type(
            "Paint", Snippet.property("Color", "Color", namespace: "My.ServiceModel", extra: #""isEnum":true"#))
        let brush = Snippet.type("Brush", Snippet.property("Name", "String"))
        for options in ["", "ExportAsStructs: True"] {
            let tableType = options.isEmpty ? "Metadata" : "StructMetadata"
            let both = try Snippet.generate(
                Snippet.snapshot(types: [color, paint, brush].joined(separator: ",")), options: options)
            assertLines(
                both,
                contain: [
                    "@_optimize(none) private static func makeMetadata() -> \(tableType)\(options.isEmpty ? "" : "<Brush>") {",
                    // The enum's member goes through the generic `optional`, specialized where it is called.
                    "private static func makeMetadata() -> \(tableType)\(options.isEmpty ? "" : "<Paint>") {",
                    "// functions that build them (but those that specialize a generic builder): optimizing code that runs",
                ])
            // The header explains the attribute only to a file that has it.
            let optimizedOnly = try Snippet.generate(
                Snippet.snapshot(types: [color, paint].joined(separator: ",")), options: options)
            XCTAssertFalse(optimizedOnly.contains("@_optimize"), options)
            XCTAssertFalse(optimizedOnly.contains("keeps the optimizer off"), options)
        }
    }

    func testConcreteBaseDispatchesToSubclasses() throws {
        let types = [
            Snippet.type("Animal", Snippet.property("Name", "String")),
            Snippet.type(
                "Dog", Snippet.property("Barks", "Boolean"),
                extra: #""inherits":{"name":"Animal","namespace":"My.ServiceModel"}"#),
            Snippet.type(
                "Puppy", Snippet.property("Name", "String"),
                extra: #""inherits":{"name":"Dog","namespace":"My.ServiceModel"}"#),
        ].joined(separator: ",")
        let output = try Snippet.generate(Snippet.snapshot(types: types))
        assertLines(
            output,
            contain: [
                "public nonisolated class Dog: Animal {",
                "required public init() { super.init() }",
                "nonisolated extension Animal: JsonSerializable {",
                "if self == Puppy.self { return Puppy.puppyMetadata }",
                "if self == Dog.self { return Dog.dogMetadata }",
                "return animalMetadata",
                "nonisolated extension Dog {",
                // A subclass's table lists its own properties and takes the rest from its base's table.
                "static let dogMetadata = makeDogMetadata()",
                "@_optimize(none) private static func makeDogMetadata() -> Metadata {",
                "Metadata.create(Dog.self, inheriting: Animal.animalMetadata, [",
                "Property<Dog>.optionalBool(\"barks\", get: { $0.barks }, set: { $0.barks = $1 }),",
                "static let puppyMetadata = makePuppyMetadata()",
                "Metadata.create(Puppy.self, inheriting: Dog.dogMetadata, [])",
                // A C# `new` redeclaration cannot be a Swift stored override.
                "//name:String? is declared by Dog",
            ])
        XCTAssertFalse(output.contains("nonisolated extension Dog: JsonSerializable"))
    }

    func testNamesAreCamelCasedAndKeywordsEscaped() throws {
        let properties = ["ID", "URLValue", "UShort", "Default", "Self", "Description", "Is"]
            .map { Snippet.property($0, "String") }.joined(separator: ",")
        let output = try Snippet.generate(Snippet.snapshot(types: Snippet.type("Names", properties)))
        assertLines(
            output,
            contain: [
                "public final var id: String?", "public final var urlValue: String?",
                "public final var uShort: String?", "public final var `default`: String?",
                "public final var `self`: String?", "public final var description: String?",
                "public final var `is`: String?",
                "Property<Names>.optionalString(\"default\", get: { $0.`default` }, set: { $0.`default` = $1 }),",
            ])
    }

    func testTypesNamedLikeLibraryTypesQualifyTheLibrary() throws {
        let types = [
            Snippet.type("Data", Snippet.property("Value", "Byte[]")),
            Snippet.type("Property", Snippet.property("When", "DateTime")),
            Snippet.type("Type", Snippet.property("Other", "Data", namespace: "My.ServiceModel")),
        ].joined(separator: ",")
        let output = try Snippet.generate(Snippet.snapshot(types: types))
        assertLines(
            output,
            contain: [
                "public nonisolated class Data {", "public nonisolated class Property {",
                "public nonisolated class `Type` {",
                "public final var other: Data?",
                "DTOKit.Property<Data>.optionalFormatted(\"value\", as: Base64Bytes.self, get: { $0.value }, set: { $0.value = $1 }),",
                "nonisolated extension `Type`: JsonSerializable {",
            ])
    }

    func testCodableCodeQualifiesTheRuntimeTypesASnapshotDeclares() throws {
        let types = [
            Snippet.type("Base64Bytes"), Snippet.type("JsonEnumCoding"),
            #"{"name":"Color","namespace":"My.ServiceModel","isEnum":true,"enumNames":["Red","Green"]}"#,
            Snippet.type(
                "Holder",
                [Snippet.property("Blob", "Byte[]"), Snippet.property("Color", "Color", namespace: "My.ServiceModel")]
                    .joined(separator: ",")),
        ].joined(separator: ",")
        let output = try Snippet.generate(Snippet.snapshot(types: types), options: "AddCodable: True")
        assertLines(
            output,
            contain: [
                "public nonisolated class Base64Bytes {",
                "self.blob = try container.decodeIfPresent(DTOKit.Base64Bytes.self, forKey: .blob)?.value",
                "try container.encodeIfPresent(self.blob.map(DTOKit.Base64Bytes.init), forKey: .blob)",
                "self = try DTOKit.JsonEnumCoding.decode(Color.self, from: decoder)",
            ])
    }

    func testExcludedTypesLeaveAOneLineComment() throws {
        let type = #"""
            {"name":"Odd\nName","namespace":"My.ServiceModel","properties":[],
             "inherits":{"name":"Base`1","namespace":"My.ServiceModel","genericArgs":["A\nB"]}}
            """#
        let output = try Snippet.generate(Snippet.snapshot(types: type), options: "ExcludeGenericBaseTypes: True")
        assertLines(output, contain: ["//Excluded Odd Name : Base<A B>"])
    }

    func testSkippedPropertiesLeaveAComment() throws {
        let types = [
            #"{"name":"IShape","namespace":"My.ServiceModel","isInterface":true,"properties":[{"name":"Area","type":"Double","namespace":"System"}]}"#,
            Snippet.type("Holder", Snippet.property("Shape", "IShape", namespace: "My.ServiceModel")),
        ].joined(separator: ",")
        let output = try Snippet.generate(Snippet.snapshot(types: types))
        assertLines(
            output,
            contain: [
                "public nonisolated protocol IShape {", "var area: Double? { get set }",
                "//shape:IShape ignored. Swift doesn't support interface properties",
            ])
    }

    func testAttributesAndDataMembersBecomeComments() throws {
        let property = #"""
            {"name":"Email","type":"String","namespace":"System","dataMember":{"name":"email_address","order":2},
             "attributes":[{"name":"Validate","args":[{"name":"Validator","type":"String","value":"Email"}]}]}
            """#
        let output = try Snippet.generate(
            Snippet.snapshot(types: Snippet.type("Contact", property, extra: #""dataContract":{}"#)))
        assertLines(
            output,
            contain: [
                "// @DataContract()",
                "// @DataMember(Name=\"email_address\", Order=2)",
                "// @Validate(Validator=\"Email\")",
                "public final var email_address: String?",
                "Property<Contact>.optionalString(\"email_address\", get: { $0.email_address }, set: { $0.email_address = $1 }),",
            ])
    }

    func testOutputIsDeterministicAndSplitsPredictably() throws {
        let snapshot = Snippet.snapshot(
            types: (1...12).map { Snippet.type("T\($0)", Snippet.property("A", "String")) }
                .joined(separator: ","), operations: helloOperation)
        let first = try Snippet.generate(snapshot)
        XCTAssertEqual(first, try Snippet.generate(snapshot))
        let files = try DTOGenerator(fileCount: 4).generate(
            snapshot: Data(snapshot.utf8), snapshotName: "x/api.metadata.json")
        XCTAssertEqual(
            files.map(\.name), ["api.dtos.1.swift", "api.dtos.2.swift", "api.dtos.3.swift", "api.dtos.4.swift"])
        XCTAssertEqual(files.map(\.name), DTOGenerator.outputFileNames(forSnapshot: "api.metadata.json", fileCount: 4))
        for file in files {
            XCTAssertTrue(
                file.contents.hasPrefix(
                    "// Generated by DTOKit \(DTOKitVersion.current) from api.metadata.json (part "),
                "the header names the file, not its path")
            XCTAssertTrue(file.contents.contains("import DTOKit"))
        }
        // Each type (with its extensions) appears exactly once across the files.
        let all = files.map(\.contents).joined()
        for index in 1...12 {
            XCTAssertEqual(all.components(separatedBy: "public nonisolated class T\(index) {").count, 2)
        }
    }

    func testOldPropertyShapeAndExplicitFalseFlags() throws {
        let snapshot = #"""
            {"types":[{"name":"Old","namespace":"My","isEnum":false,"isInterface":false,
              "properties":[{"name":"When","type":"DateTime","typeNamespace":"System","isSystemType":true,"isValueType":true,"isRequired":false}]}],
             "operations":[{"request":{"name":"GetOld","namespace":"My","properties":[]},"returnsVoid":false,"requiresAuth":false,
              "returnType":{"name":"Old","namespace":"My"}}]}
            """#
        let output = try Snippet.generate(snapshot)
        assertLines(
            output,
            contain: [
                "public nonisolated class Old {", "public final var when: Date?", "public typealias Return = Old",
            ])
    }

    func testAppJsonShapeReadsTheApiMember() throws {
        let snapshot =
            #"{"app":{"serviceName":"x"},"api":\#(Snippet.snapshot(types: Snippet.type("Inside", Snippet.property("A", "String"))))}"#
        let output = try Snippet.generate(snapshot)
        assertLines(output, contain: ["public nonisolated class Inside {"])
    }
}
