/// `AddCodable: True`: Codable conformances next to the accessor extensions, for interop with
/// Codable code and for benchmarking against JSONDecoder/JSONEncoder on the same types.
///
/// Each class decodes and encodes all the properties its metadata lists (own and inherited from
/// ServiceStack bases), with the same JSON names; durations go through `TimeSpan` (XSD text), bytes
/// through `Base64Bytes`, enums through `JsonEnumCoding`. Dates use the coder's date strategy:
/// `JSONDecoder.serviceStack()` / `JSONEncoder.serviceStack()` handle ServiceStack's formats.
struct CodableEmitter {
    let options: GeneratorOptions
    let names: ShadowedNames

    private var access: String { options.accessLevel.prefix }

    /// CodingKeys, `init(from:)` and `encode(to:)`, inside the class body (Swift requires a non-final
    /// class's `init(from:)` there).
    func emitClassMembers(_ type: ResolvedClass, into writer: inout SourceWriter) {
        let properties = type.metadataProperties
        writer.line()
        if properties.isEmpty {
            writer.line("private enum CodingKeys: \(names.library("CodingKey")) {}")
        } else {
            writer.block("private enum CodingKeys: \(names.library("String")), \(names.library("CodingKey"))") { body in
                for property in properties {
                    let name = SwiftSyntax.escaped(property.name)
                    body.line(property.name == property.jsonName
                              ? "case \(name)" : "case \(name) = \(SwiftSyntax.stringLiteral(property.jsonName))")
                }
            }
        }
        writer.line()
        let required = options.accessLevel.requiredInitializer
        writer.block("\(required) init(from decoder: any \(names.library("Decoder"))) throws") { body in
            if type.baseKind != .none { body.line("super.init()") }
            if !properties.isEmpty {
                body.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
            }
            for property in properties {
                body.line("self.\(SwiftSyntax.escaped(property.name)) = \(decodeExpression(property))")
            }
        }
        writer.line()
        let override = type.baseKind == .generated ? "override " : ""
        writer.block("\(access)\(override)func encode(to encoder: any \(names.library("Encoder"))) throws") { body in
            if properties.isEmpty {
                body.line("_ = encoder.container(keyedBy: CodingKeys.self)")
                return
            }
            body.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            for property in properties {
                body.line(encodeStatement(property))
            }
        }
    }

    /// `extension X: Codable {}` for conformance roots; enums get their `JsonEnumCoding` bridge.
    func emitExtensions(_ type: ResolvedType, into writer: inout SourceWriter) {
        let codable = names.library("Codable")
        switch type {
        case .classType(let type) where type.baseKind != .generated:
            writer.line()
            writer.line("nonisolated extension \(SwiftSyntax.escaped(type.name)): \(codable) {}")
        case .enumType(let type):
            writer.line()
            let name = SwiftSyntax.escaped(type.name)
            if type.style == .flags {
                writer.line("nonisolated extension \(name): \(codable) {}")
                return
            }
            writer.block("nonisolated extension \(name): \(codable)") { body in
                body.block("\(access)init(from decoder: any \(names.library("Decoder"))) throws") { initializer in
                    initializer.line("self = try \(names.library("JsonEnumCoding")).decode(\(name).self, from: decoder)")
                }
                body.block("\(access)func encode(to encoder: any \(names.library("Encoder"))) throws") { encode in
                    encode.line("try \(names.library("JsonEnumCoding")).encode(self, to: encoder)")
                }
            }
        default:
            break
        }
    }

    // MARK: Expressions

    /// How a stored value of this Swift type travels through Codable: as is, or wrapped.
    private enum Wrapping {
        case none
        case timeSpan, timeSpanArray, timeSpanDictionary
        case bytes
    }

    private func wrapping(of type: SwiftType) -> Wrapping {
        switch type.unwrapped {
        case .named(_, _, .timeSpan, _): return .timeSpan
        case .named(_, _, .bytes, _): return .bytes
        case .array(.named(_, _, .timeSpan, _)): return .timeSpanArray
        case .dictionary(_, .named(_, _, .timeSpan, _)): return .timeSpanDictionary
        default: return .none
        }
    }

    private func codedType(_ type: SwiftType) -> String {
        let timeSpan = names.library("TimeSpan")
        switch (wrapping(of: type), type.unwrapped) {
        case (.timeSpan, _): return timeSpan
        case (.bytes, _): return names.library("Base64Bytes")
        case (.timeSpanArray, _): return "[\(timeSpan)]"
        case (.timeSpanDictionary, .dictionary(let key, _)): return "[\(key.spelled): \(timeSpan)]"
        default: return type.unwrapped.spelled
        }
    }

    private func decodeExpression(_ property: ResolvedProperty) -> String {
        let name = SwiftSyntax.escaped(property.name)
        var expression = "try container.decodeIfPresent(\(codedType(property.type)).self, forKey: .\(name))"
        switch wrapping(of: property.type) {
        case .none: break
        case .timeSpan: expression += "?.seconds"
        case .bytes: expression += "?.bytes"
        case .timeSpanArray: expression += "?.map(\\.seconds)"
        case .timeSpanDictionary: expression += "?.mapValues(\\.seconds)"
        }
        if !property.type.isOptional {
            expression += " ?? " + (property.initialValue?.spelled(for: property.type) ?? "self.\(name)")
        }
        return expression
    }

    private func encodeStatement(_ property: ResolvedProperty) -> String {
        let key = SwiftSyntax.escaped(property.name)
        let name = "self.\(key)"
        let optional = property.type.isOptional
        let chain = optional ? "?." : "."
        let value: String
        switch wrapping(of: property.type) {
        case .none: value = name
        case .timeSpan: value = optional ? "\(name).map(\(names.library("TimeSpan")).init)" : "\(names.library("TimeSpan"))(\(name))"
        case .bytes: value = optional ? "\(name).map(\(names.library("Base64Bytes")).init)" : "\(names.library("Base64Bytes"))(\(name))"
        case .timeSpanArray: value = "\(name)\(chain)map(\(names.library("TimeSpan")).init)"
        case .timeSpanDictionary: value = "\(name)\(chain)mapValues(\(names.library("TimeSpan")).init)"
        }
        let method = optional ? "encodeIfPresent" : "encode"
        return "try container.\(method)(\(value), forKey: .\(key))"
    }
}
