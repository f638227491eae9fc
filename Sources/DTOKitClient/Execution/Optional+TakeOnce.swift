extension Optional {
    /// The value, leaving nil behind: what is resumed or handed on once only.
    package mutating func takeOnce() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
