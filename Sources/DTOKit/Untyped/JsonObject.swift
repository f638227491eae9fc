/// The members of a JSON object, in document order, looked up by name.
///
/// Equality ignores member order, as JSON does. A repeated name keeps its first position and
/// its last value.
public struct JsonObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var keys: [String] = []
    public private(set) var values: [JsonValue] = []
    private var positions: [String: Int] = [:]

    public init() {}

    public init(dictionaryLiteral elements: (String, JsonValue)...) {
        for (name, value) in elements { self[name] = value }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The value of member `name`; assigning nil removes the member.
    public subscript(name: String) -> JsonValue? {
        get { positions[name].map { values[$0] } }
        set {
            if let position = positions[name] {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    positions = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
                }
            } else if let newValue {
                positions[name] = keys.count
                keys.append(name)
                values.append(newValue)
            }
        }
    }

    public func makeIterator() -> Zip2Sequence<[String], [JsonValue]>.Iterator {
        zip(keys, values).makeIterator()
    }

    public static func == (lhs: JsonObject, rhs: JsonObject) -> Bool {
        lhs.count == rhs.count && lhs.keys.allSatisfy { lhs[$0] == rhs[$0] }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, to agree with ==.
        var combined = 0
        for (name, value) in self {
            var memberHasher = Hasher()
            memberHasher.combine(name)
            memberHasher.combine(value)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
