extension GeneratorOptions.AccessLevel {
    /// The modifier with its trailing space (`"public "`), or nothing for internal.
    var prefix: String { self == .internal ? "" : rawValue + " " }

    /// The modifiers of a type declaration: the access level and `nonisolated`, so that DTOs stay
    /// free of any actor in targets with MainActor default isolation (Xcode's app templates): they
    /// are decoded on background tasks and shown on the main actor.
    var typeDeclaration: String { prefix + "nonisolated " }

    /// The modifiers of a required initializer: `required public`, or `required` for internal.
    var requiredInitializer: String { self == .internal ? "required" : "required \(rawValue)" }
}
