extension GeneratorOptions.AccessLevel {
    /// The modifier with its trailing space (`"public "`), or nothing for internal.
    var prefix: String { self == .internal ? "" : rawValue + " " }
}
