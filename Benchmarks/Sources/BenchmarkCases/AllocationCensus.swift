import Foundation

/// Counts the heap allocations a decoded value holds: one per class instance, per non-empty array,
/// dictionary or set, and per string too long for Swift's inline small-string form (more than
/// 15 UTF-8 bytes on 64-bit platforms). A decoder that allocates exactly this many times allocates
/// nothing beyond its result.
public enum AllocationCensus {
    public static func allocations(heldBy value: Any) -> Int {
        var seen = Set<ObjectIdentifier>()
        return count(value, &seen)
    }

    private static func count(_ value: Any, _ seen: inout Set<ObjectIdentifier>) -> Int {
        if let text = value as? String {
            return text.utf8.count > 15 ? 1 : 0
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { count($0.value, &seen) } ?? 0
        case .class:
            let object = value as AnyObject
            guard seen.insert(ObjectIdentifier(object)).inserted else { return 0 }
            var total = 1
            var level: Mirror? = mirror
            while let current = level {
                for child in current.children { total += count(child.value, &seen) }
                level = current.superclassMirror
            }
            return total
        case .collection, .set:
            let elements = mirror.children.map(\.value)
            return elements.isEmpty ? 0 : 1 + elements.reduce(0) { $0 + count($1, &seen) }
        case .dictionary:
            // Children are (key, value) tuples.
            let pairs = mirror.children.map(\.value)
            guard !pairs.isEmpty else { return 0 }
            return 1
                + pairs.reduce(0) { total, pair in
                    total + Mirror(reflecting: pair).children.reduce(0) { $0 + count($1.value, &seen) }
                }
        case .struct, .tuple:
            return mirror.children.reduce(0) { $0 + count($1.value, &seen) }
        default:
            return 0
        }
    }
}
