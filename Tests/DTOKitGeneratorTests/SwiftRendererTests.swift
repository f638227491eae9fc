import XCTest

@testable import DTOKitGenerator

/// The structured Swift layer and its renderer, where the reference outputs cannot reach: text from
/// a snapshot in every place it can land, layouts no fixture produces today, and the library names
/// the generated code calls.
final class SwiftRendererTests: XCTestCase {
    func testSnapshotTextCannotBreakOutOfItsPlace() {
        let lines = SwiftRenderer.lines(of: [
            .comment(.documentation("first\nsecond */ \u{1}third\n\n")),
            .comment(.note([.text("Excluded Odd\nName : Base<A\rB>")])),
            .comment(
                .attribute(
                    name: "Api\nMember",
                    arguments: [
                        AttributeArgument(label: "Description", value: .string("say \"hi\"\n")),
                        AttributeArgument(label: nil, value: .typeOf("Foo\u{2028}")),
                        AttributeArgument(label: "Order\n", value: .verbatim("1\n2")),
                    ])),
            .comment(.block(title: "Options:", lines: ["BaseUrl: x */ y", "Tip: a\nb"])),
            .variable(
                Variable(
                    modifiers: Modifiers(), binding: .let, name: "class", type: nil,
                    value: .initial(.string("a\"b\\c\t\u{7F}")))),
        ])
        XCTAssertEqual(
            lines,
            [
                "/// first", "/// second */  third",
                "//Excluded Odd Name : Base<A B>",
                #"// @Api Member(Description="say \"hi\"\n", typeof(Foo), Order=1 2)"#,
                "/* Options:", "BaseUrl: x * / y", "Tip: a b", "*/",
                #"let `class` = "a\"b\\c\t\u{7f}""#,
            ])
    }

    func testLayoutsModifiersAndKeywords() {
        let metadata = SwiftType.named("Metadata", [], .library, module: "DTOKit")
        let create = Expression.call(
            .member(.type(metadata), "create"),
            [
                Argument(nil, .array([.tuple([.implicitMember("default"), .string("x")])], .lines))
            ])
        let cached = Expression.call(
            .member(.type(metadata), "cached"), [Argument("for", .selfValue)],
            trailingClosure: Closure(body: [create], layout: .lines))
        let lines = SwiftRenderer.lines(of: [
            .type(
                TypeDeclaration(
                    modifiers: Modifiers(isNonisolated: true), kind: .extension, name: "Type",
                    members: [
                        .variable(
                            Variable(
                                modifiers: Modifiers(access: .public, isStatic: true), binding: .var, name: "metadata",
                                type: .type(metadata), value: .computed([cached]))),
                        .function(
                            Function(
                                modifiers: Modifiers(access: .package, isRequired: true, isOverride: true),
                                name: .initializer,
                                parameters: [], isThrowing: false,
                                body: [
                                    .call(.initializer(.superValue), []),
                                    .assignment(.member(.selfValue, "in"), .name("in")),
                                ],
                                layout: .oneLine)),
                    ])),
            .type(
                TypeDeclaration(
                    modifiers: Modifiers(isPrivate: true), kind: .enum, name: "Keys", members: [], layout: .oneLine)),
            .type(
                TypeDeclaration(modifiers: Modifiers(access: .internal), kind: .protocol, name: "Marker", members: [])),
        ])
        XCTAssertEqual(
            lines,
            [
                "nonisolated extension `Type` {",
                "    public static var metadata: DTOKit.Metadata {",
                "        DTOKit.Metadata.cached(for: self) {",
                "            DTOKit.Metadata.create([",
                "                (.`default`, \"x\"),",
                "            ])",
                "        }",
                "    }",
                "    required package override init() { super.init(); self.`in` = `in` }",
                "}",
                "private enum Keys {}",
                "protocol Marker {",
                "}",
            ])
    }

    /// Every library type generated code names is qualified with its module when the snapshot
    /// declares a type of that name; otherwise the generated code would call the snapshot's type.
    func testEveryLibraryTypeIsQualifiedWhenShadowed() {
        let library = LibraryTypes(
            names: ShadowedNames(generatedNames: Set(ShadowedNames.modules.keys)), structs: false)
        let children = Mirror(reflecting: library).children
        XCTAssertGreaterThan(children.count, 20)
        let types = children.flatMap { child -> [(label: String?, value: Any)] in
            // The format types, by format.
            guard let formats = child.value as? [ValueFormat: SwiftType] else { return [child] }
            return formats.map { (child.label, $0.value as Any) }
        }
        for child in types {
            guard case .named(let name, _, _, let module)? = child.value as? SwiftType else {
                XCTFail("\(child.label ?? "?") is not a named type")
                continue
            }
            XCTAssertNotNil(module, "\(name) is missing from ShadowedNames.modules")
        }
    }
}
