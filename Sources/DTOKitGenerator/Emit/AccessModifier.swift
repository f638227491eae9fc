extension GeneratorOptions.AccessLevel {
    /// The modifier with its trailing space (`"public "`), or nothing for internal.
    var prefix: String { self == .internal ? "" : rawValue + " " }

    /// The modifiers of a required initializer: `required public`, or `required` for internal.
    var requiredInitializer: String { self == .internal ? "required" : "required \(rawValue)" }
}
