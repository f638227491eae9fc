/// How a document is read.
public struct JsonDecodingOptions: Sendable, Hashable {
    /// The deepest nesting of objects and arrays accepted before decoding stops with an error.
    ///
    /// The limit protects the stack: decoding recurses once per level. The default, 512, is far
    /// deeper than any real API response and safe on a secondary thread's 512 KiB stack.
    public var maxDepth: Int

    /// Creates options. The defaults suit any ServiceStack response.
    public init(maxDepth: Int = 512) {
        self.maxDepth = max(1, maxDepth)
    }
}
