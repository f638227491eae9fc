/// Visiting elements in sorted order without making a sorted array: they are sorted in temporary
/// storage (on the stack when small), so that writing a dictionary's members in key order
/// allocates nothing.
enum TemporarySort {
    /// Calls `body` with each of the first `count` elements of `elements`, in the order
    /// `areInIncreasingOrder` gives.
    static func forEach<Element>(_ elements: some Sequence<Element>, count: Int,
                                 sortedBy areInIncreasingOrder: (Element, Element) -> Bool,
                                 _ body: (Element) -> Void) {
        withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { storage in
            guard let base = storage.baseAddress else { return }
            var initialized = 0
            for element in elements where initialized < count {
                (base + initialized).initialize(to: element)
                initialized += 1
            }
            var sorted = UnsafeMutableBufferPointer(start: base, count: initialized)
            sorted.sort(by: areInIncreasingOrder)
            for element in sorted { body(element) }
            base.deinitialize(count: initialized)
        }
    }
}
