/// A Swift type the generator emits, as a tree, so that builders and Codable code can be chosen by
/// shape instead of by looking at strings.
indirect enum SwiftType: Hashable, Sendable {
    /// What a named type is, for choosing its property builder.
    enum Kind: Hashable, Sendable {
        /// String, numbers, Bool, Date, UUID: JsonConvertible values.
        case scalar
        /// A value read and written through a DTOKit format (`TimeInterval` as an XSD duration,
        /// `[UInt8]` as Base64): the named type is the format's Swift type (``ValueFormat``).
        case formatted(ValueFormat)
        /// A generated or built-in DTO class.
        case dto
        /// A generated enum or flags type.
        case enumeration
        /// Untyped JSON.
        case json
        /// A generic parameter of the enclosing type.
        case genericParameter
        /// A protocol a generated type conforms to (runtime markers, generated interfaces).
        case protocolType
        /// A class named by the user's `BaseClass` option (e.g. `NSObject`), as written there.
        case configuredBaseClass
        /// A type of DTOKit or the standard library that generated code calls rather than stores:
        /// `Metadata`, `Property`, `TimeSpan`, `Decoder` (see ``LibraryTypes``).
        case library
    }

    /// A named type with its generic arguments. `module` qualifies names the snapshot shadows
    /// (`Foundation.Data` when the snapshot declares its own `Data`).
    case named(String, [SwiftType], Kind, module: String?)
    case array(SwiftType)
    case dictionary(SwiftType, SwiftType)
    case optional(SwiftType)

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without one level of optionality.
    var unwrapped: SwiftType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The named type given generic arguments: `Property` → `Property<Owner>`.
    func applied(to arguments: [SwiftType]) -> SwiftType {
        guard case .named(let name, _, let kind, let module) = self else { return self }
        return .named(name, arguments, kind, module: module)
    }

    var kind: Kind? {
        if case .named(_, _, let kind, _) = self { return kind }
        return nil
    }

    var isCollection: Bool {
        switch unwrapped {
        case .array, .dictionary: return true
        case .named(_, _, .formatted(let format), _): return format.isArray
        default: return false
        }
    }
}
