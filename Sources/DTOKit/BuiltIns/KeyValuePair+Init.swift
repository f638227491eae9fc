// KeyValuePair is written by the generator into BuiltInDTOs.swift from its table of built-ins.

extension KeyValuePair {
    /// A pair with this key and value.
    public convenience init(key: K?, value: V?) {
        self.init()
        self.key = key
        self.value = value
    }
}
