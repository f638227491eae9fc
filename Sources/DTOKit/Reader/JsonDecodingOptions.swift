/// How a document is read.
public struct JsonDecodingOptions: Sendable, Hashable {
    /// What a `\uXXXX` escape of half a UTF-16 surrogate pair, without its other half, reads as.
    public enum UnpairedSurrogates: Sendable, Hashable {
        /// U+FFFD, the replacement character (the default). .NET strings are UTF-16 and may hold a
        /// lone surrogate, which a .NET server escapes as it is; reading it as U+FFFD keeps the rest
        /// of the response, as most JSON parsers do.
        case replace
        /// An error: RFC 8259 leaves such strings to the parser, and strict validation rejects them.
        case reject
    }

    /// The deepest nesting of objects and arrays accepted before decoding stops with an error.
    ///
    /// The limit protects the stack: decoding recurses once per level. The default, 256, is four
    /// times the default of .NET's System.Text.Json and Json.NET (64), far deeper than any real API
    /// response, and the deepest document it allows decodes on a secondary thread's 512 KiB stack
    /// (an iOS app's tasks and threads) even in an unoptimized (Debug) build, where a nesting level
    /// takes up to about 1.5 KiB of stack (0.6 KiB optimized).
    public var maxDepth: Int

    /// What an escaped lone surrogate (`"\ud800"`) reads as; ``UnpairedSurrogates/replace`` by default.
    public var unpairedSurrogates: UnpairedSurrogates

    /// Creates options. The defaults suit any ServiceStack response.
    public init(maxDepth: Int = 256, unpairedSurrogates: UnpairedSurrogates = .replace) {
        self.maxDepth = max(1, maxDepth)
        self.unpairedSurrogates = unpairedSurrogates
    }
}
