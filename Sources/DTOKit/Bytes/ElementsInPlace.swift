extension Array {
    /// Calls `body` with each element where it stands in the array's storage: iterating an array
    /// copies each element, and a copy of a DTO struct retains (and later releases) every String,
    /// array and object it holds; of a class, the object itself.
    @inline(__always)
    func forEachInPlace(_ body: (borrowing Element) -> Void) {
        unsafe withUnsafeBufferPointer { elements in
            for index in elements.indices { unsafe body(elements[index]) }
        }
    }
}
