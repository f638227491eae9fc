/// Which library modules (Foundation, DTOKit) the public (or package) declarations of generated
/// types name, so that a generated file imports exactly those with the declarations' access level.
///
/// Under `InternalImportsByDefault` (Swift 6's upcoming default) a plain `import` is internal, and a
/// public DTO that names `Date` or conforms to `JsonSerializable` fails to compile unless the module
/// is imported `public`; a `public import` that no public declaration uses draws a warning in every
/// target. So each file gets `public import` for the modules its declarations use and a plain
/// `import` for the others, and compiles cleanly with or without the feature. With `AccessLevel:
/// package` every import is explicit (`package import` where used, else `internal import`): Swift
/// calls a plain import ambiguous beside a `package import` of the same module in another file, so
/// the user's own files of such a target need an access level on their imports of DTOKit and
/// Foundation too (DocC: the plugin and its options, and Troubleshooting).
struct ImportedModules {
    let options: GeneratorOptions
    let names: ShadowedNames

    /// The imports of a file declaring `types`: the `DefaultImports` (ServiceStack's module is
    /// DTOKit's), DTOKit, and for structs DTOKitStructs, each once, with the access level their use in the declarations' API calls for.
    func imports(forFileDeclaring types: [ResolvedType]) -> [ModuleImport] {
        let used = usedInDeclarations(of: types)
        var imports: [ModuleImport] = []
        for name in options.defaultImports + Self.runtimeModules(options) {
            let module = name == "ServiceStack" ? "DTOKit" : name
            guard !imports.contains(where: { $0.module == module }) else { continue }
            imports.append(ModuleImport(module: module, access: access(usedInDeclarations: used.contains(module))))
        }
        return imports
    }

    /// The DTOKit modules generated code imports: DTOKit, and for structs DTOKitStructs.
    static func runtimeModules(_ options: GeneratorOptions) -> [String] {
        ["DTOKit"] + (options.exportAsStructs ? [ShadowedNames.structsModule] : [])
    }

    /// `public import` for a module the public declarations need, else a plain `import`; with
    /// `AccessLevel: package`, `package import` or `internal import`.
    private func access(usedInDeclarations used: Bool) -> GeneratorOptions.AccessLevel? {
        switch options.accessLevel {
        case .public: return used ? .public : nil
        case .package: return used ? .package : .internal
        case .internal: return nil
        }
    }

    /// The library modules the declarations of `types` (with their extensions) name in their API.
    func usedInDeclarations(of types: [ResolvedType]) -> Set<String> {
        var modules: Set<String> = []
        for type in types {
            switch type {
            case .classType(let type):
                // The root of a hierarchy declares `JsonSerializable` with a public `metadata` (a
                // subclass's own table is internal); generic parameters are `JsonConvertible`.
                var named = type.conformances + (type.base.map { [$0] } ?? []) + (type.returnType.map { [$0] } ?? [])
                if let conformance = type.metadata?.conformance { named.append(conformance) }
                if !type.genericParameters.isEmpty { named += type.genericConstraints }
                for case .property(let property) in type.members { named.append(property.type) }
                named.forEach { collect($0, into: &modules) }
            case .enumType(let type):
                // `JsonEnum`/`JsonFlags` conformances come with the case table. A public conformance
                // needs its module imported publicly, but a package one alone is no use of a `package
                // import` (Swift 6.3 warns): an option set's table (`[(String, Int)]`) names no DTOKit type.
                if let metadata = type.metadata, options.accessLevel != .package || metadata.table != .flagNames {
                    collect(metadata.conformance, into: &modules)
                }
                if let unknownCase = type.unknownCase { collect(unknownCase.valueType, into: &modules) }
            case .protocolType(let type):
                type.properties.forEach { collect($0.type, into: &modules) }
            case .excluded:
                break
            }
        }
        return modules
    }

    private func collect(_ type: SwiftType, into modules: inout Set<String>) {
        switch type {
        case .named(let name, let arguments, let kind, let module):
            if let library = library(of: name, kind: kind, module: module) { modules.insert(library) }
            arguments.forEach { collect($0, into: &modules) }
        case .array(let element), .optional(let element):
            collect(element, into: &modules)
        case .dictionary(let key, let value):
            collect(key, into: &modules)
            collect(value, into: &modules)
        }
    }

    /// The library module a named type comes from, nil for generated types and Swift's own.
    private func library(of name: String, kind: SwiftType.Kind, module: String?) -> String? {
        switch kind {
        case .genericParameter, .enumeration:
            return nil
        case .configuredBaseClass:
            // As the user wrote it: `NSObject` or `Foundation.NSObject`.
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            return parts.count == 2 ? parts[0] : ShadowedNames.modules[name]
        case .scalar, .formatted, .dto, .json, .protocolType, .library:
            if let module { return module == "Swift" ? nil : module }
            // A name the snapshot declares itself is the generated type, not the library's.
            guard !names.shadowed.contains(name), let library = ShadowedNames.modules[name], library != "Swift" else {
                return nil
            }
            return library
        }
    }
}

/// An `import` of a generated file: plain (`access` nil), or `public`, `package` or `internal`.
struct ModuleImport: Sendable {
    var module: String
    var access: GeneratorOptions.AccessLevel?
}
