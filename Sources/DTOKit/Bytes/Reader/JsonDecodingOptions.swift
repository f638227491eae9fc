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

    /// What a DTO member whose value does not fit its property does: fail the whole document
    /// (``InvalidMembers/fail``, the default) or leave the property as it was and go on
    /// (``InvalidMembers/skip(reportingTo:)``).
    public var invalidMembers: InvalidMembers

    /// Makes strings the way Apple's OS before 26 do (validating their bytes again) wherever this
    /// runs, so that the tests on Linux run the path most devices take (see
    /// `JsonReader.makeString(validUTF8:isASCII:)`). Not public: it only makes decoding slower.
    package var revalidatesStrings = false

    /// Creates options. The defaults suit any ServiceStack response.
    public init(
        maxDepth: Int = 256, unpairedSurrogates: UnpairedSurrogates = .replace,
        invalidMembers: InvalidMembers = .fail
    ) {
        self.maxDepth = max(1, maxDepth)
        self.unpairedSurrogates = unpairedSurrogates
        self.invalidMembers = invalidMembers
    }
}

/// What a DTO member does whose value is valid JSON but does not fit its property: a string where a
/// number belongs, an enum name the type does not have, a duration in an unknown format.
///
/// ServiceStack.Text skips such a member (it throws only with `ThrowOnError`); DTOKit fails the whole
/// document by default, naming the member, so that a server change does not go unnoticed. Choose
/// ``skip(reportingTo:)`` where one odd value must not cost the whole response (a screen of an app
/// in the field); the JSON's syntax is checked as strictly either way.
public struct InvalidMembers: Sendable, Hashable {
    /// Where skipped members are reported; nil fails instead.
    public let report: SkippedMembers?

    /// The document fails with a ``JsonDecodingError`` naming the member (the default).
    public static let fail = InvalidMembers(report: nil)

    /// The member is skipped: its property keeps the value it had, the rest of the document is read,
    /// and the member is reported to `report` (its JSON path, what was expected and what was found).
    public static func skip(reportingTo report: SkippedMembers = SkippedMembers()) -> InvalidMembers {
        InvalidMembers(report: report)
    }
}

/// The members a decoding skipped (see ``InvalidMembers/skip(reportingTo:)``): each as the error it
/// would have failed with, its JSON path from the document's root. Safe to share between decodings on
/// several threads; compared by identity.
///
/// Bounded, so that a report kept for a client's lifetime cannot grow without end: it keeps the first
/// 1,000 members (``removeAll()`` makes room again), and of one document it reports the first 32 with
/// their paths; the others are counted in ``omittedCount``.
public final class SkippedMembers: Sendable, Hashable, CustomStringConvertible {
    private let list = Locked<(members: [JsonDecodingError], omitted: Int)>(([], 0))
    /// How many members ``all`` keeps.
    public static let capacity = 1_000
    private let handler: (@Sendable (JsonDecodingError) -> Void)?

    /// A report that keeps the skipped members in ``all`` and, when given, passes each to `handler`
    /// as it is skipped (to log it, say).
    public init(handler: (@Sendable (JsonDecodingError) -> Void)? = nil) {
        self.handler = handler
    }

    /// The members skipped so far, oldest first (at most ``capacity``).
    public var all: [JsonDecodingError] { list.current.members }

    /// Members skipped but not in ``all``: beyond its capacity, or beyond the first 32 of a document.
    public var omittedCount: Int { list.current.omitted }

    /// Forgets the members reported so far.
    public func removeAll() { list.withLock { $0 = ([], 0) } }

    func add(_ error: JsonDecodingError) {
        list.withLock { list in
            if list.members.count < Self.capacity {
                list.members.append(error)
            } else {
                list.omitted += 1
            }
        }
        handler?(error)
    }

    func omit(_ count: Int) {
        guard count > 0 else { return }
        list.withLock { $0.omitted += count }
    }

    public var description: String {
        let (all, omitted) = list.current
        let text = all.isEmpty ? "no skipped members" : all.map(\.description).joined(separator: "\n")
        return omitted > 0 ? text + "\n… and \(omitted) more" : text
    }

    public static func == (lhs: SkippedMembers, rhs: SkippedMembers) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
