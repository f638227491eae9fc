import DTOKitGenerator
import Foundation
import XCTest

/// The options file and each option's effect (spec §3.2 and DTOKit's own).
final class OptionsTests: XCTestCase {
    private let operations = #"""
        {"request":{"name":"GetTodo","namespace":"Todos","tags":["todos"],"properties":[{"name":"Id","type":"Int64","namespace":"System"}]},
         "response":{"name":"GetTodoResponse","namespace":"Todos","properties":[{"name":"Result","type":"Todo","namespace":"Todos"}]},
         "returnType":{"name":"GetTodoResponse","namespace":"Todos"},"tags":["todos"]},
        {"request":{"name":"Ping","namespace":"Admin","properties":[]},"returnsVoid":true,"tags":["admin"]}
        """#
    private let types = #"""
        {"name":"Todo","namespace":"Todos","properties":[{"name":"Owner","type":"User","namespace":"Todos"}],
         "description":"A thing to do."},
        {"name":"User","namespace":"Todos","properties":[{"name":"Name","type":"String","namespace":"System"}]},
        {"name":"Unrelated","namespace":"Other","properties":[]},
        {"name":"Generic`1","namespace":"Other","genericArgs":["T"],"properties":[]},
        {"name":"Child","namespace":"Other","inherits":{"name":"Generic`1","namespace":"Other","genericArgs":["User"]},"properties":[]}
        """#

    private func classes(_ options: String) throws -> Set<String> {
        let output = try Snippet.generate(Snippet.snapshot(types: types, operations: operations), options: options)
        return Set(
            output.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("public nonisolated class ") else { return nil }
                return String(line.dropFirst("public nonisolated class ".count).prefix { $0.isLetter || $0.isNumber })
            })
    }

    func testPastedServiceStackHeaderParses() throws {
        let header = """
            /* Options:
            Date: 2024-11-25 10:00:00
            SwiftVersion: 6.0
            Version: 8.50
            Tip: To override a DTO option, remove "//" prefix before updating
            BaseUrl: https://techstacks.io

            //BaseClass: 
            //AddModelExtensions: True
            //AddServiceStackTypes: True
            //MakePropertiesOptional: True
            //IncludeTypes: 
            ExcludeTypes: QueryResponse`1,DummyTypes
            //ExcludeGenericBaseTypes: False
            //AddResponseStatus: False
            //AddImplicitVersion: 
            //AddDescriptionAsComments: True
            //InitializeCollections: False
            //TreatTypesAsStrings: 
            //DefaultImports: Foundation,ServiceStack
            */
            """
        let options = try OptionsFile.parse(header, fileName: "x.options")
        XCTAssertEqual(options.baseUrl, "https://techstacks.io")
        XCTAssertEqual(options.excludeTypes, ["QueryResponse`1", "DummyTypes"])
        XCTAssertEqual(options.defaultImports, ["Foundation"])
        XCTAssertTrue(options.makePropertiesOptional)
    }

    func testUnknownKeysAndBadValuesNameTheLineAndChoices() {
        XCTAssertThrowsError(
            try OptionsFile.parse("AddCodable: True\nMakePropertiesOptinal: True", fileName: "a.options")
        ) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.hasPrefix("a.options:2:1: error: unknown option `MakePropertiesOptinal`"), text)
            XCTAssertTrue(text.contains("valid options: BaseUrl, BaseClass"), text)
        }
        XCTAssertThrowsError(try OptionsFile.parse("addcodable: yes", fileName: "a.options")) { error in
            XCTAssertTrue(String(describing: error).contains("(did you mean `AddCodable`?)"))
        }
        XCTAssertThrowsError(try OptionsFile.parse("\nAddCodable: yes", fileName: "a.options")) { error in
            XCTAssertEqual(
                String(describing: error), "a.options:2:1: error: `AddCodable` must be `True` or `False`, found `yes`")
        }
        XCTAssertThrowsError(try OptionsFile.parse("AccessLevel: open", fileName: "a.options")) { error in
            XCTAssertTrue(String(describing: error).contains("must be one of public, package, internal, found `open`"))
        }
        XCTAssertThrowsError(try OptionsFile.parse("AddImplicitVersion: two", fileName: "a.options"))
        XCTAssertThrowsError(try OptionsFile.parse("no colon here", fileName: "a.options"))
        XCTAssertThrowsError(try OptionsFile.parse("AddCodable: True\nAddCodable: False", fileName: "a.options")) {
            error in
            XCTAssertTrue(String(describing: error).contains("set twice (first on line 1)"))
        }
    }

    func testIncludeTypesForms() throws {
        XCTAssertEqual(try classes("IncludeTypes: Todo,User"), ["Todo", "User"])
        XCTAssertEqual(try classes("IncludeTypes: GetTodo.*"), ["GetTodo", "GetTodoResponse", "Todo", "User"])
        XCTAssertEqual(try classes("IncludeTypes: *.Todo"), ["GetTodo", "GetTodoResponse", "Todo", "User"])
        XCTAssertEqual(try classes("IncludeTypes: Other/*"), ["Unrelated", "Generic", "Child"])
        XCTAssertEqual(try classes("IncludeTypes: {admin}"), ["Ping"])
        XCTAssertEqual(
            try classes("IncludeTypes: {todos,admin}"), ["GetTodo", "GetTodoResponse", "Todo", "User", "Ping"])
    }

    func testExcludeTypesAndGroups() throws {
        XCTAssertFalse(try classes("ExcludeTypes: Generic").contains("Generic"), "`Name` also removes `Name`1`")
        XCTAssertEqual(try classes("ExcludeTypes: services"), ["Todo", "User", "Unrelated", "Generic", "Child"])
        XCTAssertEqual(try classes("ExcludeTypes: types"), ["GetTodo", "GetTodoResponse", "Ping"])
        let output = try Snippet.generate(
            Snippet.snapshot(types: types, operations: operations), options: "ExcludeTypes: User")
        assertLines(output, contain: ["public final var owner: User?"])
    }

    func testExcludeGenericBaseTypes() throws {
        let output = try Snippet.generate(
            Snippet.snapshot(types: types, operations: operations), options: "ExcludeGenericBaseTypes: True")
        assertLines(output, contain: ["//Excluded Child : Generic<User>"])
        XCTAssertFalse(output.contains("public nonisolated class Child"))
    }

    func testResponseStatusVersionBaseClassAndComments() throws {
        let output = try Snippet.generate(
            Snippet.snapshot(types: types, operations: operations),
            options: """
                AddResponseStatus: True
                AddImplicitVersion: 3
                BaseClass: NSObject
                AddDescriptionAsComments: False
                """)
        assertLines(
            output,
            contain: [
                "public final var responseStatus: ResponseStatus?",
                "public final var version: Int = 3",
                "public nonisolated class Todo: NSObject {",
                "required public override init() { super.init() }",
            ])
        XCTAssertFalse(output.contains("/// A thing to do."))
    }

    func testAccessLevelImportsAndModelExtensions() throws {
        let snapshot = Snippet.snapshot(types: types, operations: operations)
        let internalOutput = try Snippet.generate(
            snapshot, options: "AccessLevel: internal\nDefaultImports: Foundation,ServiceStack,Combine")
        assertLines(
            internalOutput,
            contain: [
                "nonisolated class Todo {", "required init() {}", "final var owner: User?", "import Combine",
                "import DTOKit",
            ])
        XCTAssertFalse(internalOutput.contains("public "))
        XCTAssertEqual(
            internalOutput.components(separatedBy: "import DTOKit").count, 2, "ServiceStack means DTOKit, imported once"
        )
        let bare = try Snippet.generate(snapshot, options: "AddModelExtensions: False")
        XCTAssertFalse(bare.contains("JsonSerializable"))
        assertLines(bare, contain: ["public nonisolated class GetTodo {"])
        let packageOutput = try Snippet.generate(snapshot, options: "AccessLevel: package")
        assertLines(packageOutput, contain: ["package nonisolated class Todo {", "required package init() {}"])
    }

    func testAddCodableEmitsCodingMembers() throws {
        let output = try Snippet.generate(
            Snippet.snapshot(
                types: #"""
                    {"name":"Timer","namespace":"My","properties":[
                      {"name":"Elapsed","type":"TimeSpan","namespace":"System"},
                      {"name":"Laps","type":"List`1","namespace":"System.Collections.Generic","genericArgs":["TimeSpan"]},
                      {"name":"Blob","type":"Byte[]","namespace":"System"}]},
                    {"name":"Color","namespace":"My","isEnum":true,"enumNames":["Red"]}
                    """#), options: "AddCodable: True")
        assertLines(
            output,
            contain: [
                "nonisolated extension Timer: Codable {}",
                "self.elapsed = try container.decodeIfPresent(TimeSpan.self, forKey: .elapsed)?.value",
                "self.laps = try container.decodeIfPresent([TimeSpan].self, forKey: .laps)?.map(\\.value)",
                "self.blob = try container.decodeIfPresent(Base64Bytes.self, forKey: .blob)?.value",
                "try container.encodeIfPresent(self.elapsed.map(TimeSpan.init), forKey: .elapsed)",
                "self = try JsonEnumCoding.decode(Color.self, from: decoder)",
            ])
    }

    func testHeaderShowsDefaultsCommentedOutAndOverridesNot() throws {
        let output = try Snippet.generate(
            Snippet.snapshot(), options: "BaseUrl: https://x.io\nIncludeTypes: A.*,{t1,t2}")
        assertLines(
            output,
            contain: [
                "/* Options:", "BaseUrl: https://x.io", "IncludeTypes: A.*,{t1,t2}",
                "//MakePropertiesOptional: True", "//BaseClass:", "//AddCodable: False",
                "// The snapshot defines no types to generate.",
            ])
        assertLines(output, lack: ["MakePropertiesOptional: True", "//IncludeTypes:"])
    }

    /// ServiceStack's header can be pasted back as an options file; so can DTOKit's.
    func testPastingTheHeaderIntoAnOptionsFileReproducesTheOutput() throws {
        let snapshot = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/EdgeCaseDTOs/edgecases.metadata.json"),
            encoding: .utf8)
        let optionSets = [
            "",
            "BaseClass: NSObject\nAddCodable: True\nInitializeCollections: True\nMakePropertiesOptional: False",
            "BaseUrl: https://edge.example.org\nAccessLevel: internal\nAddDescriptionAsComments: False\nTreatTypesAsStrings: Guid,DateTime",
            "IncludeTypes: EchoShapes.*,{shapes}\nExcludeTypes: Shape\nDefaultImports: Foundation,ServiceStack",
            "AddResponseStatus: True\nAddImplicitVersion: 3\nExcludeGenericBaseTypes: True\nAddModelExtensions: False",
            "AddServiceStackTypes: False\nAccessLevel: package",
        ]
        for options in optionSets {
            let output = try Snippet.generate(snapshot, options: options)
            let start = try XCTUnwrap(output.range(of: "/* Options:"))
            let end = try XCTUnwrap(output.range(of: "*/", range: start.upperBound..<output.endIndex))
            let header = String(output[start.lowerBound..<end.upperBound])
            XCTAssertEqual(
                try OptionsFile.parse(header, fileName: "pasted.options"),
                try OptionsFile.parse(options, fileName: "original.options"), header)
            XCTAssertEqual(try Snippet.generate(snapshot, options: header), output, "options: \(options)")
        }
    }

    /// The README's and the DocC article's option tables list every key of ``OptionKey``, in its order,
    /// with the default the parser starts from (`—` or `all` for an empty value).
    func testTheDocsDescribeEveryOptionWithItsDefault() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let expected = OptionKey.allCases.map { key -> String in
            let value = GeneratorOptions().text(of: key)
            return "\(key.rawValue)=\(value)"
        }
        for document in ["README.md", "Sources/DTOKit/DTOKit.docc/PluginAndOptions.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let header = lines.firstIndex(where: { $0.hasPrefix("| Option | Default | Effect") }) else {
                XCTFail("\(document) has no options table")
                continue
            }
            let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { row -> String in
                let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                let key = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                let value = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                return "\(key)=\(value == "—" || value == "all" ? "" : value)"
            }
            XCTAssertEqual(rows, expected, document)
        }
    }

    /// Every `/* Options: … */` block the docs show is the one the generator writes for the options it
    /// sets (every key, in order, defaults commented out): a key added to ``OptionKey`` fails here
    /// until the docs show it.
    func testTheDocsOptionsBlocksAreTheGeneratorsOwn() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var blocks = 0
        for document in ["README.md", "Sources/DTOKit/DTOKit.docc/PluginAndOptions.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for start in lines.indices where lines[start] == "/* Options:" {
                guard let end = lines[start...].firstIndex(of: "*/") else {
                    XCTFail("\(document): an options block without its end")
                    continue
                }
                let shown = Array(lines[(start + 1)..<end])
                let options = try OptionsFile.parse(shown.joined(separator: "\n"), fileName: document)
                XCTAssertEqual(shown, OptionsFile.headerLines(options), "\(document), line \(start + 1)")
                blocks += 1
            }
        }
        XCTAssertGreaterThan(blocks, 0, "the docs show an options block")
    }
}
