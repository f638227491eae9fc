/// Maps CLR types to Swift types (spec §3.4 with the DTOKit decisions): scalars to Swift value types,
/// collections to arrays and dictionaries, `Nullable` to optionals, snapshot types to the generated
/// classes and enums, ServiceStack built-ins to the runtime's.
struct TypeMapper {
    enum GeneratedKind { case dto, enumeration, interface }

    /// What a generated type is, by Swift name.
    let generated: [String: GeneratedKind]
    /// How many generic parameters each generated class has (absent: none).
    var generatedArity: [String: Int] = [:]
    /// Names left out deliberately (ExcludeTypes/IncludeTypes): kept as written, for the user to provide.
    let userProvided: Set<String>
    let treatAsString: Set<String>
    let names: ShadowedNames
    /// Generated types conform to `JsonConvertible` (AddModelExtensions): without that, the runtime's
    /// generic classes (`QueryResponse<T: JsonConvertible>`…) cannot take them as arguments.
    var generatedTypesAreConvertible = true
    /// DTOs are generated as structs (ExportAsStructs): the runtime's built-ins are named in their
    /// struct forms.
    var builtInsAsValues = false

    /// The type is a generated interface: a property of it is skipped with a comment.
    struct InterfaceTypeError: Error {}

    /// What the mapper could not know and replaced by `JsonValue`, for the caller's warning.
    struct Fallbacks {
        enum Reason: Equatable {
            /// A name the snapshot does not define.
            case undefined(String)
            /// `Nullable`1` without its argument (older servers write `Nullable`1[]` for `byte?[]`).
            case nullableWithoutArgument
            /// A runtime generic class of generated types, which are not `JsonConvertible` without model extensions.
            case runtimeGenericOfGeneratedTypes(String)
            /// A generic class named with fewer (or more) type arguments than it has parameters.
            case typeArgumentCount(String, expected: Int, found: Int)
        }

        /// In the order met.
        var reasons: [Reason] = []
        var isEmpty: Bool { reasons.isEmpty }
    }

    /// CLR scalar → Swift name, as `Clr=Swift` words; `Object` is the one whose kind is not
    /// `.scalar`. (The types with a format of their own, `TimeSpan`…, are ``ValueFormat``'s.)
    private static let scalars: [String: (String, SwiftType.Kind)] = TextTable.pairs(
        """
        Boolean=Bool Byte=UInt8 SByte=Int8 Int16=Int16 UInt16=UInt16 Int32=Int UInt32=UInt32 Int64=Int
        UInt64=UInt64 IntPtr=Int64 Single=Float Double=Double Decimal=Double String=String Char=String Guid=String
        Uri=String Type=String DateTime=Date DateTimeOffset=Date
        Object=JsonValue Stream=Data Int128=String UInt128=String BigInteger=String Half=Float
        """
    ).mapValues { swift in (swift, swift == "JsonValue" ? .json : .scalar) }

    private static let listNames = Set(
        TextTable.words(
            """
            List IList IEnumerable ICollection HashSet ISet SortedSet Queue Stack IReadOnlyList IReadOnlyCollection
            ReadOnlyCollection Collection ObservableCollection LinkedList ConcurrentBag ConcurrentQueue ConcurrentStack
            BlockingCollection ArrayList IAsyncEnumerable ImmutableArray ImmutableList ImmutableHashSet FrozenSet
            """))

    private static let dictionaryNames = Set(
        TextTable.words(
            """
            Dictionary IDictionary IReadOnlyDictionary SortedDictionary SortedList ConcurrentDictionary
            OrderedDictionary IOrderedDictionary ImmutableDictionary FrozenDictionary ReadOnlyDictionary
            """))

    private static let untypedDictionaryNames = Set(
        TextTable.words(
            """
            StringDictionary NameValueCollection Hashtable IDictionary IOrderedDictionary OrderedDictionary
            """))

    /// Whether a CLR name (without arity) is a collection or dictionary type.
    static func isCollectionName(_ name: String) -> Bool {
        listNames.contains(name) || dictionaryNames.contains(name) || untypedDictionaryNames.contains(name)
    }

    /// Maps a parsed CLR type. `genericParameters` are the enclosing type's own parameters (`T`).
    /// A name the snapshot does not define becomes `JsonValue` (any JSON reads into it), noted in
    /// `fallbacks`, so one odd member never fails a build.
    /// - Throws: ``InterfaceTypeError`` for a generated interface, which a property cannot have.
    func map(_ clr: ClrTypeName, genericParameters: [String], fallbacks: inout Fallbacks) throws -> SwiftType {
        var mapped = try mapIgnoringArrays(
            ClrTypeName(name: clr.name, arguments: clr.arguments, arrayRank: 0),
            genericParameters: genericParameters, fallbacks: &fallbacks)
        for rank in 0..<clr.arrayRank {
            // `Byte[]` is Base64 bytes; `Byte[][]` is an array of them.
            if rank == 0, clr.arguments.isEmpty, let format = ValueFormat.byClrName[clr.name + "[]"] {
                mapped = formatted(format)
            } else {
                mapped = .array(mapped)
            }
        }
        return mapped
    }

    private func mapIgnoringArrays(_ clr: ClrTypeName, genericParameters: [String], fallbacks: inout Fallbacks) throws
        -> SwiftType
    {
        func map(_ argument: ClrTypeName) throws -> SwiftType {
            try self.map(argument, genericParameters: genericParameters, fallbacks: &fallbacks)
        }
        let name = clr.name
        let arguments = clr.arguments
        if genericParameters.contains(name) { return .named(name, [], .genericParameter, module: nil) }
        if treatAsString.contains(name) { return library("String", .scalar) }
        if name == "Nullable", arguments.count == 1 {
            let wrapped = try map(arguments[0])
            return wrapped.isOptional ? wrapped : .optional(wrapped)
        }
        if Self.listNames.contains(name) {
            guard let element = arguments.first else { return .array(library("JsonValue", .json)) }
            return .array(try map(element))
        }
        if Self.dictionaryNames.contains(name), arguments.count == 2 {
            let key = try map(arguments[0])
            let value = try map(arguments[1])
            return .dictionary(dictionaryKey(key), value)
        }
        if Self.untypedDictionaryNames.contains(name), arguments.isEmpty {
            return .dictionary(library("String", .scalar), library("String", .scalar))
        }
        if let kind = generated[name] {
            switch kind {
            case .dto:
                let mappedArguments = try arguments.map(map)
                return .named(
                    name, fitted(mappedArguments, to: generatedArity[name] ?? 0, of: name, &fallbacks), .dto,
                    module: nil)
            case .enumeration:
                return .named(name, [], .enumeration, module: nil)
            case .interface:
                throw InterfaceTypeError()
            }
        }
        if let builtIn = BuiltInTypes.classes[arguments.isEmpty ? name : "\(name)`\(arguments.count)"] {
            let mappedArguments = fitted(
                try arguments.map(map), to: builtIn.genericParameters.count, of: name, &fallbacks)
            if !generatedTypesAreConvertible, mappedArguments.contains(where: mentionsGeneratedType) {
                fallbacks.reasons.append(.runtimeGenericOfGeneratedTypes(builtIn.swiftName))
                return library("JsonValue", .json)
            }
            let swiftName = builtInsAsValues ? BuiltInTypes.valueName(of: builtIn.swiftName) : builtIn.swiftName
            return .named(swiftName, mappedArguments, .dto, module: names.module(for: swiftName))
        }
        if let format = ValueFormat.byClrName[name], arguments.isEmpty {
            return formatted(format)
        }
        if let (swiftName, kind) = Self.scalars[name], arguments.isEmpty {
            return library(swiftName, kind)
        }
        if userProvided.contains(name) {
            let mappedArguments = try arguments.map(map)
            return .named(name, mappedArguments, .dto, module: nil)
        }
        fallbacks.reasons.append(name == "Nullable" ? .nullableWithoutArgument : .undefined(name))
        return library("JsonValue", .json)
    }

    /// Dictionary keys must be strings, integers or Bool on the wire; anything else (enums, Guid,
    /// dates) is keyed by its text.
    private func dictionaryKey(_ key: SwiftType) -> SwiftType {
        if case .named(let name, [], .scalar, _) = key,
            ["String", "Int", "Int8", "Int16", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Bool"].contains(name)
        {
            return key
        }
        return library("String", .scalar)
    }

    private func formatted(_ format: ValueFormat) -> SwiftType {
        library(format.swiftName, .formatted(format))
    }

    private func library(_ name: String, _ kind: SwiftType.Kind) -> SwiftType {
        .named(name, [], kind, module: names.module(for: name))
    }

    /// `arguments` cut or filled up (with `JsonValue`) to the number a generic class takes, so that
    /// `inherits: QueryDb`1` without genericArgs still names a valid type.
    func fitted(_ arguments: [SwiftType], to count: Int, of name: String, _ fallbacks: inout Fallbacks) -> [SwiftType] {
        guard arguments.count != count else { return arguments }
        fallbacks.reasons.append(.typeArgumentCount(name, expected: count, found: arguments.count))
        return Array(arguments.prefix(count))
            + Array(repeating: library("JsonValue", .json), count: max(0, count - arguments.count))
    }

    /// Whether a generated type or a generic parameter occurs anywhere in `type`.
    private func mentionsGeneratedType(_ type: SwiftType) -> Bool {
        switch type {
        case .named(let name, let arguments, let kind, let module):
            if kind == .genericParameter || (module == nil && generated[name] != nil) { return true }
            return arguments.contains(where: mentionsGeneratedType)
        case .array(let element): return mentionsGeneratedType(element)
        case .dictionary(let key, let value): return mentionsGeneratedType(key) || mentionsGeneratedType(value)
        case .optional(let wrapped): return mentionsGeneratedType(wrapped)
        }
    }
}
