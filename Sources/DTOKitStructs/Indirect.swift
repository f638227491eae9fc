import DTOKit

/// The storage of a DTO struct's member that holds a value of its own type (`Category.parent:
/// Category?`), or of a type that holds one in turn: Swift gives every struct a fixed size, so such a
/// member is stored in a box of its own. Generated structs (`ExportAsStructs: True`) keep it private
/// behind a property of the plain type; it keeps value semantics (a change replaces the box).
///
/// ```swift
/// public struct Category: Hashable, Sendable {
///     public var name: String?
///     public var parent: Category? {
///         get { _parent.value }
///         set { _parent.value = newValue }
///     }
///     private var _parent = Indirect<Category?>(nil)
///     public init() {}
/// }
/// ```
/// (Not a property wrapper: Swift 6.3 rejects a wrapped property in a `nonisolated` struct.)
public struct Indirect<Value> {
    private var box: IndirectBox<Value>

    public init(_ value: Value) {
        box = IndirectBox(value)
    }

    /// The value held.
    public var value: Value {
        get { box.value }
        set { box = IndirectBox(newValue) }
    }
}

/// The box of an ``Indirect`` value: never changed after it is made.
private final class IndirectBox<Value> {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

// Immutable: as safe to share as the value it holds.
extension IndirectBox: @unchecked Sendable where Value: Sendable {}

extension Indirect: Sendable where Value: Sendable {}

extension Indirect: Equatable where Value: Equatable {
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool {
        lhs.value == rhs.value
    }
}

extension Indirect: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

extension Indirect: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
        self.init(try Value(from: decoder))
    }
}

extension Indirect: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
