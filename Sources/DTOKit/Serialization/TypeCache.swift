/// Values made once per type, on first use: the tables of generic DTO specializations and the
/// collection codecs.
final class TypeCache<Value: Sendable>: Sendable {
    private let values = Locked<[ObjectIdentifier: Value]>([:])

    /// The value for `type`, made by `make` the first time. `make` runs outside the lock (making
    /// one value may need others); when two threads race, the first value stored wins.
    func value(for type: Any.Type, make: () -> Value) -> Value {
        let key = ObjectIdentifier(type)
        if let value = values.withLock({ $0[key] }) { return value }
        let value = make()
        return values.withLock { values in
            if let existing = values[key] { return existing }
            values[key] = value
            return value
        }
    }
}
