extension SwiftType {
    /// How generated code writes the type: `[String: Int]`, `Technology?`, `Foundation.Data`.
    var spelled: String {
        switch self {
        case .named(let name, let arguments, let kind, let module):
            if kind == .bytes { return "[\(module.map { "\($0)." } ?? "")UInt8]" }
            // A configured base class is written as the user wrote it (`Foundation.NSObject`).
            let base = module.map { "\($0).\(name)" } ?? (kind == .configuredBaseClass ? name : SwiftSyntax.escaped(name))
            return arguments.isEmpty ? base : base + "<" + arguments.map(\.spelled).joined(separator: ", ") + ">"
        case .array(let element): return "[\(element.spelled)]"
        case .dictionary(let key, let value): return "[\(key.spelled): \(value.spelled)]"
        case .optional(let wrapped): return wrapped.spelled + "?"
        }
    }
}

extension InitialValue {
    /// The initializer expression for a property of `type`.
    func spelled(for type: SwiftType) -> String {
        switch self {
        case .emptyArray: return "[]"
        case .emptyDictionary: return "[:]"
        case .emptyString: return "\"\""
        case .false: return "false"
        case .zero: return "0"
        case .integer(let value): return String(value)
        case .epoch: return "\(type.spelled)(timeIntervalSince1970: 0)"
        case .jsonNull: return ".null"
        case .newInstance: return "\(type.spelled)()"
        }
    }
}

extension ShadowedNames {
    /// The spelling of library type `name` in generated code: `Foundation.Data` when shadowed.
    func library(_ name: String) -> String {
        module(for: name).map { "\($0).\(name)" } ?? name
    }
}
