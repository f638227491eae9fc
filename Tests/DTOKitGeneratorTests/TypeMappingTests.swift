import DTOKitGenerator
import XCTest

/// Every row of the type-mapping table: CLR type → Swift declaration and metadata builder.
final class TypeMappingTests: XCTestCase {
    private struct Row {
        let type: String
        var genericArgs: [String] = []
        var namespace = "System"
        var extra = ""
        let swift: String
        let builder: String
        /// The format type a `formatted…` builder is given.
        var format: String?
    }

    private let rows: [Row] = [
        Row(type: "Boolean", swift: "Bool?", builder: "optionalBool"),
        Row(type: "Byte", swift: "UInt8?", builder: "optional"),
        Row(type: "SByte", swift: "Int8?", builder: "optional"),
        Row(type: "Int16", swift: "Int16?", builder: "optional"),
        Row(type: "UInt16", swift: "UInt16?", builder: "optional"),
        Row(type: "Int32", swift: "Int?", builder: "optionalInt"),
        Row(type: "UInt32", swift: "UInt32?", builder: "optional"),
        Row(type: "Int64", swift: "Int?", builder: "optionalInt"),
        Row(type: "UInt64", swift: "UInt64?", builder: "optional"),
        Row(type: "IntPtr", swift: "Int64?", builder: "optional"),
        Row(type: "Single", swift: "Float?", builder: "optional"),
        Row(type: "Double", swift: "Double?", builder: "optionalDouble"),
        Row(type: "Decimal", swift: "Double?", builder: "optionalDouble"),
        Row(type: "String", swift: "String?", builder: "optionalString"),
        Row(type: "Char", swift: "String?", builder: "optionalString"),
        Row(type: "Guid", swift: "String?", builder: "optionalString"),
        Row(type: "DateTime", swift: "Date?", builder: "optionalDate"),
        Row(type: "DateTimeOffset", swift: "Date?", builder: "optionalDate"),
        Row(type: "DateOnly", swift: "Date?", builder: "optionalFormatted", format: "DateOnly"),
        Row(type: "TimeSpan", swift: "TimeInterval?", builder: "optionalFormatted", format: "TimeSpan"),
        Row(type: "TimeOnly", swift: "TimeInterval?", builder: "optionalFormatted", format: "TimeSpan"),
        Row(type: "Type", swift: "String?", builder: "optionalString"),
        Row(type: "Stream", namespace: "System.IO", swift: "Data?", builder: "optional"),
        Row(type: "Object", swift: "JsonValue?", builder: "optionalJson"),
        Row(type: "Byte[]", swift: "[UInt8]?", builder: "optionalFormatted", format: "Base64Bytes"),
        Row(type: "Byte[][]", swift: "[[UInt8]]?", builder: "optionalFormattedArray", format: "Base64Bytes"),
        Row(
            type: "List`1", genericArgs: ["Byte[]"], swift: "[[UInt8]]?", builder: "optionalFormattedArray",
            format: "Base64Bytes"),
        Row(
            type: "Dictionary`2", genericArgs: ["String", "Byte[]"], swift: "[String: [UInt8]]?",
            builder: "optionalFormattedDictionary",
            format: "Base64Bytes"),
        Row(type: "Int32[]", swift: "[Int]?", builder: "optionalArray"),
        Row(type: "Nullable`1", genericArgs: ["Int32"], swift: "Int?", builder: "optionalInt"),
        Row(type: "Nullable`1[]", genericArgs: ["Int32"], swift: "[Int?]?", builder: "optionalArray"),
        Row(type: "List`1", genericArgs: ["String"], swift: "[String]?", builder: "optionalArray"),
        Row(type: "IEnumerable`1", genericArgs: ["Int64"], swift: "[Int]?", builder: "optionalArray"),
        Row(type: "HashSet`1", genericArgs: ["String"], swift: "[String]?", builder: "optionalArray"),
        Row(
            type: "List`1", genericArgs: ["TimeSpan"], swift: "[TimeInterval]?", builder: "optionalFormattedArray",
            format: "TimeSpan"),
        Row(type: "List`1", genericArgs: ["Poco"], swift: "[Poco]?", builder: "optionalArray"),
        Row(type: "List`1", genericArgs: ["List<Poco>"], swift: "[[Poco]]?", builder: "optionalArray"),
        Row(
            type: "Dictionary`2", genericArgs: ["String", "String"], swift: "[String: String]?",
            builder: "optionalDictionary"),
        Row(
            type: "Dictionary`2", genericArgs: ["Int32", "Poco"], swift: "[Int: Poco]?", builder: "optionalDictionary"),
        Row(
            type: "Dictionary`2", genericArgs: ["String", "List<Poco>"], swift: "[String: [Poco]]?",
            builder: "optionalDictionary"),
        Row(
            type: "Dictionary`2", genericArgs: ["String", "Dictionary<String,Poco>"],
            swift: "[String: [String: Poco]]?", builder: "optionalDictionary"),
        Row(
            type: "Dictionary`2", genericArgs: ["String", "TimeSpan"], swift: "[String: TimeInterval]?",
            builder: "optionalFormattedDictionary",
            format: "TimeSpan"),
        Row(
            type: "Dictionary`2", genericArgs: ["Guid", "Int32"], swift: "[String: Int]?", builder: "optionalDictionary"
        ),
        Row(
            type: "List`1", genericArgs: ["Dictionary<String,Poco>"], swift: "[[String: Poco]]?",
            builder: "optionalArray"),
        Row(
            type: "StringDictionary", namespace: "System.Collections.Specialized", swift: "[String: String]?",
            builder: "optionalDictionary"),
        Row(
            type: "KeyValuePair`2", genericArgs: ["String", "Int32"], swift: "KeyValuePair<String, Int>?",
            builder: "optionalObject"),
        Row(type: "Poco", namespace: "My.ServiceModel", swift: "Poco?", builder: "optionalObject"),
        Row(type: "Poco[]", namespace: "My.ServiceModel", swift: "[Poco]?", builder: "optionalArray"),
        Row(
            type: "Color", namespace: "My.ServiceModel", extra: #""isValueType":true,"isEnum":true"#, swift: "Color?",
            builder: "optional"),
        Row(type: "ResponseStatus", namespace: "ServiceStack", swift: "ResponseStatus?", builder: "optionalObject"),
        Row(
            type: "QueryResponse`1", genericArgs: ["Poco"], namespace: "ServiceStack", swift: "QueryResponse<Poco>?",
            builder: "optionalObject"),
        Row(
            type: "Point", namespace: "My.ServiceModel", extra: #""isValueType":true"#, swift: "String?",
            builder: "optionalString"),
    ]

    func testEveryMappingRow() throws {
        let support =
            Snippet.type("Poco", Snippet.property("Id", "Int32")) + ","
            + #"{"name":"Color","namespace":"My.ServiceModel","isEnum":true,"enumNames":["Red","Green"]}"#
        for row in rows {
            let property = Snippet.property(
                "Value", row.type, namespace: row.namespace, genericArgs: row.genericArgs, extra: row.extra)
            let output = try Snippet.generate(Snippet.snapshot(types: Snippet.type("Holder", property) + "," + support))
            assertLines(
                output,
                contain: [
                    "public final var value: \(row.swift)",
                    "Property<Holder>.\(row.builder)(\"value\", \(row.format.map { "as: \($0).self, " } ?? "")get: { $0.value }, set: { $0.value = $1 }),",
                ])
        }
    }

    func testTreatTypesAsStringsAliasesTheType() throws {
        let output = try Snippet.generate(
            Snippet.snapshot(types: Snippet.type("Holder", Snippet.property("Where", "GeoPoint", namespace: "My.Geo"))),
            options: "TreatTypesAsStrings: GeoPoint")
        assertLines(output, contain: ["public final var `where`: String?"])
    }

    func testInitializeCollectionsMakesCollectionsNonOptional() throws {
        let properties = [
            Snippet.property("Names", "List`1", genericArgs: ["String"]),
            Snippet.property("Counts", "Dictionary`2", genericArgs: ["String", "Int32"]),
            Snippet.property("Bytes", "Byte[]"),
        ].joined(separator: ",")
        let output = try Snippet.generate(
            Snippet.snapshot(types: Snippet.type("Holder", properties)),
            options: "InitializeCollections: True")
        assertLines(
            output,
            contain: [
                "public final var names: [String] = []",
                "public final var counts: [String: Int] = [:]",
                "public final var bytes: [UInt8] = []",
                "Property<Holder>.array(\"names\", get: { $0.names }, set: { $0.names = $1 }),",
                "Property<Holder>.dictionary(\"counts\", get: { $0.counts }, set: { $0.counts = $1 }),",
                "Property<Holder>.formatted(\"bytes\", as: Base64Bytes.self, get: { $0.bytes }, set: { $0.bytes = $1 }),",
            ])
    }

    func testNonOptionalPropertiesGetDefaults() throws {
        let properties = [
            Snippet.property("Name", "String"), Snippet.property("Count", "Int32", extra: #""isValueType":true"#),
            Snippet.property("Active", "Boolean"), Snippet.property("Duration", "TimeSpan"),
            Snippet.property("Maybe", "Nullable`1", genericArgs: ["Int32"]),
        ].joined(separator: ",")
        let output = try Snippet.generate(
            Snippet.snapshot(types: Snippet.type("Holder", properties)),
            options: "MakePropertiesOptional: False")
        assertLines(
            output,
            contain: [
                "public final var name: String = \"\"", "public final var count: Int = 0",
                "public final var active: Bool = false",
                "public final var duration: TimeInterval = 0", "public final var maybe: Int?",
                "Property<Holder>.string(\"name\", get: { $0.name }, set: { $0.name = $1 }),",
                "Property<Holder>.formatted(\"duration\", as: TimeSpan.self, get: { $0.duration }, set: { $0.duration = $1 }),",
            ])
    }
}
