/// Visiting elements in sorted order without making a sorted array: they are sorted in temporary
/// storage (on the stack when small), so that writing a dictionary's members in key order
/// allocates nothing.
enum TemporarySort {
    /// Calls `body` with each of the (at most `count`) elements `elements` adds, in the order
    /// `areInIncreasingOrder` gives.
    ///
    /// Always inlined, with the elements added by a closure rather than taken as a sequence: the
    /// callers are generic code compiled once, and this way the sort is specialized for their element
    /// type (`String` for dictionary keys) instead of running generically on a lazy sequence's metadata.
    @inline(__always)
    static func forEach<Element>(
        count: Int, elements: (_ add: (Element) -> Void) -> Void,
        sortedBy areInIncreasingOrder: (Element, Element) -> Bool,
        _ body: (Element) -> Void
    ) {
        unsafe withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { storage in
            guard let base = storage.baseAddress else { return }
            var initialized = 0
            elements { element in
                guard initialized < count else { return }
                unsafe (base + initialized).initialize(to: element)
                initialized += 1
            }
            var sorted = unsafe UnsafeMutableBufferPointer(start: base, count: initialized)
            unsafe sorted.sort(by: areInIncreasingOrder)
            // (swift format 6.3 would join `unsafe` and the loop's variable into one word.)
            // swift-format-ignore
            for unsafe element in unsafe sorted { body(element) }
            unsafe base.deinitialize(count: initialized)
        }
    }
}
