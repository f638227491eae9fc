import Foundation

/// Another library's operations on a payload's bytes, with its own types: it cannot be checked by
/// writing its result with DTOKit, so it brings its own check against DTOKit's decoded value.
struct Comparison {
    let library: Library
    /// Reads the payload's `json`.
    let decode: () throws -> Any
    /// Writes what `decode` read once (nil: the library only reads).
    let encode: (() throws -> Data)?
    /// Returns a description of the first difference from DTOKit's values, or nil.
    let verify: () throws -> String?
}
