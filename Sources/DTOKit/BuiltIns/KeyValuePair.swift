/// .NET's `KeyValuePair<K,V>`, as it appears in DTOs: an object with `key` and `value` members.
open class KeyValuePair<K: JsonConvertible, V: JsonConvertible> {
    /// The key.
    public var key: K?
    /// The value.
    public var value: V?

    /// An empty instance; set the members you need.
    public required init() {}

    /// Decodes through the metadata table (Codable support for `AddCodable: True` types).
    public required init(from decoder: any Decoder) throws {
        try CodableSupport.decodeThroughMetadata(self, from: decoder)
    }

    /// Encodes through the metadata table (Codable support for `AddCodable: True` types).
    open func encode(to encoder: any Encoder) throws {
        try CodableSupport.encodeThroughMetadata(self, to: encoder)
    }

    public init(key: K?, value: V?) {
        self.key = key
        self.value = value
    }
}

extension KeyValuePair: JsonSerializable {
    public static var metadata: Metadata {
        Metadata.cached(for: self) {
            Metadata.create([
                Property<KeyValuePair<K, V>>.optional("key", get: { $0.key }, set: { $0.key = $1 }),
                Property<KeyValuePair<K, V>>.optional("value", get: { $0.value }, set: { $0.value = $1 }),
            ])
        }
    }
}
