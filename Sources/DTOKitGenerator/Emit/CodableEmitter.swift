/// `AddCodable: True`: Codable conformances alongside the accessor extensions (for interop and the
/// benchmarks). Filled in below.
struct CodableEmitter {
    let options: GeneratorOptions
    let names: ShadowedNames

    func emitClassMembers(_ type: ResolvedClass, into writer: inout SourceWriter) {}
}

extension CodableEmitter {
    func emitExtensions(_ type: ResolvedType, into writer: inout SourceWriter) {}
}
