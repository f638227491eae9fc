/// Readable dumps of DTOs for debugging, like ServiceStack's `Inspect.printDump`.
public enum Inspect {
    /// The value as indented JSON, headed by its type name:
    /// ```
    /// GetTechnologyResponse {
    ///   "technology": { ... }
    /// }
    /// ```
    public static func dump<T: JsonConvertible>(_ value: T) -> String {
        let body: String
        if let parsed = try? JsonValue.fromJson(value.toJsonData()) {
            body = parsed.prettyPrinted()
        } else {
            body = value.toJson() + "\n"
        }
        return "\(typeName(of: value)) \(body)"
    }

    /// Prints ``dump(_:)`` to standard output.
    public static func printDump<T: JsonConvertible>(_ value: T) {
        print(dump(value), terminator: "")
    }

    static func typeName<T>(of value: T) -> String {
        if let serializable = value as? any JsonSerializable {
            return type(of: serializable).typeName
        }
        if let value = value as? any JsonStruct {
            return type(of: value).typeName
        }
        return String(describing: T.self)
    }
}
