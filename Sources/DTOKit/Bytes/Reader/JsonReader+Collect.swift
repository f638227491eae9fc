/// Reading arrays and dictionaries without growing them.
///
/// A JSON array does not say how many elements it has. Appending to a Swift array reallocates it
/// each time it fills up (a 1,000-element array is allocated about ten times); instead the items are
/// read into small chunks of stack memory, and the collection is created once, at its final size,
/// when the closing bracket is reached. So decoding allocates only what the result holds.
///
/// Chunks are at most ``maxChunkBytes`` (larger temporary allocations make the standard library
/// check the thread's stack bounds each time), and all open chunks together at most
/// ``stackBudget`` bytes; past that, the items go to one growing heap buffer. Collections nested
/// deeper than ``maxDepth`` levels are read by a plain loop instead, so that the deepest documents
/// ``JsonDecodingOptions/maxDepth`` allows need no more stack than before.
enum ItemCollector {
    /// The largest stack chunk in bytes.
    static var maxChunkBytes: Int { 1024 }
    /// The stack all open chunks of one document may use, in bytes.
    static var stackBudget: Int { 32 * 1024 }
    /// Collections nested deeper than this are read with a plain growing loop: the chunked reader
    /// needs more stack per level, and the deepest documents must fit a secondary thread's stack.
    static var maxDepth: Int { 8 }

    /// The items of a collection: a function that passes every chunk, in order, to a body that must
    /// move all of the chunk's items out. Only the `make…` functions below use it.
    typealias ItemChunks<Item> = ((UnsafeMutablePointer<Item>, Int) -> Void) -> Void

    /// The `count` items of `chunks`, moved into a new array.
    static func makeArray<Item>(count: Int, from chunks: ItemChunks<Item>) -> [Item] {
        unsafe [Item](unsafeUninitializedCapacity: count) { output, initialized in
            guard let start = output.baseAddress else { return }
            var position = 0
            unsafe chunks { items, itemCount in
                unsafe (start + position).moveInitialize(from: items, count: itemCount)
                position += itemCount
            }
            initialized = position
        }
    }

    /// The `count` items of `chunks`, each made an element by `convert`, in a new array.
    static func makeArray<Item, Element>(
        count: Int, from chunks: ItemChunks<Item>,
        converting convert: (Item) -> Element
    ) -> [Element] {
        withoutActuallyEscaping(convert) { convert in
            unsafe [Element](unsafeUninitializedCapacity: count) { output, initialized in
                guard let start = output.baseAddress else { return }
                unsafe chunks { items, itemCount in
                    for index in 0..<itemCount {
                        unsafe (start + initialized).initialize(to: convert((items + index).move()))
                        initialized += 1
                    }
                }
            }
        }
    }

    /// The `count` objects of `chunks`, which `Object.read` made, in a new array of `Object`: the
    /// objects were collected as `AnyObject`s by code compiled once, and are known to be `Object`s
    /// without a check (``objectMadeByRead(_:as:)``).
    static func makeArray<Object: AnyObject>(count: Int, of _: Object.Type, from chunks: ItemChunks<AnyObject>)
        -> [Object]
    {
        unsafe [Object](unsafeUninitializedCapacity: count) { output, initialized in
            guard let start = output.baseAddress else { return }
            unsafe chunks { items, itemCount in
                for index in 0..<itemCount {
                    // Moved, not passed to a converting closure: that would retain and release each.
                    unsafe (start + initialized).initialize(to: unsafeDowncast((items + index).move(), to: Object.self))
                    initialized += 1
                }
            }
        }
    }

    /// An item collected as `AnyObject` that `Object.read(from:)` made: an `Object`, given back
    /// without the dynamic cast a checked `as!` would cost each element of an array of DTOs.
    @inline(__always)
    static func objectMadeByRead<Object: AnyObject>(_ item: AnyObject, as _: Object.Type) -> Object {
        unsafe unsafeDowncast(item, to: Object.self)
    }

    /// The `count` members of `chunks`, each a name and an item made a value by `convert`, in a
    /// new dictionary.
    static func makeDictionary<Key: Hashable, Item, Value>(
        count: Int, from chunks: ItemChunks<(Key, Item)>,
        converting convert: (Item) -> Value
    ) -> [Key: Value] {
        withoutActuallyEscaping(convert) { convert in
            var result = [Key: Value](minimumCapacity: count)
            unsafe chunks { members, memberCount in
                for index in 0..<memberCount {
                    let (key, item) = unsafe (members + index).move()
                    result[key] = convert(item)
                }
            }
            return result
        }
    }

    /// Items read so far into one chunk; chunks link back to the previous (older) one.
    @safe
    struct Chunk<Item> {
        let base: UnsafeMutablePointer<Item>
        let count: Int
        let previous: UnsafePointer<Chunk<Item>>?

        init(base: UnsafeMutablePointer<Item>, count: Int, previous: UnsafePointer<Chunk<Item>>?) {
            unsafe self.base = unsafe base
            self.count = count
            unsafe self.previous = unsafe previous
        }
    }

    /// Reads items until `hasMore` returns false, then hands them to `finish`.
    ///
    /// - Parameters:
    ///   - readItem: reads one item; its second argument is the item's index.
    ///   - hasMore: consumes the separator after an item and says whether another follows.
    ///   - finish: builds the result from the items, with one of their `make…` functions.
    static func collect<Item, Result>(
        _ reader: inout JsonReader,
        readItem: (inout JsonReader, Int) throws -> Item,
        hasMore: (inout JsonReader) throws -> Bool,
        finish: (consuming CollectedItems<Item>) -> Result
    ) throws -> Result {
        let stride = max(1, MemoryLayout<Item>.stride)
        return unsafe try fill(
            &reader, capacity: min(16, maxChunkBytes / stride), previous: nil, countBefore: 0,
            readItem: readItem, hasMore: hasMore, finish: finish)
    }

    static func fill<Item, Result>(
        _ reader: inout JsonReader,
        capacity: Int,
        previous: UnsafePointer<Chunk<Item>>?,
        countBefore: Int,
        readItem: (inout JsonReader, Int) throws -> Item,
        hasMore: (inout JsonReader) throws -> Bool,
        finish: (consuming CollectedItems<Item>) -> Result
    ) throws -> Result {
        let stride = max(1, MemoryLayout<Item>.stride)
        let bytes = capacity * stride
        guard capacity > 0, bytes <= reader.collectBudget else {
            return unsafe try fillOnHeap(
                &reader, previous: previous, countBefore: countBefore,
                readItem: readItem, hasMore: hasMore, finish: finish)
        }
        reader.collectBudget -= bytes
        defer { reader.collectBudget += bytes }
        return unsafe try withUnsafeTemporaryAllocation(of: Item.self, capacity: capacity) { buffer in
            guard let base = buffer.baseAddress else {
                return unsafe try fillOnHeap(
                    &reader, previous: previous, countBefore: countBefore,
                    readItem: readItem, hasMore: hasMore, finish: finish)
            }
            var count = 0
            do {
                repeat {
                    if count == capacity {
                        // Full: continue in a new, larger chunk; that call finishes the collection.
                        let chunk = unsafe Chunk(base: base, count: count, previous: previous)
                        let nextCapacity = min(capacity * 2, max(capacity, maxChunkBytes / stride))
                        return unsafe try withUnsafePointer(to: chunk) { link in
                            unsafe try fill(
                                &reader, capacity: nextCapacity, previous: link, countBefore: countBefore + count,
                                readItem: readItem, hasMore: hasMore, finish: finish)
                        }
                    }
                    unsafe (base + count).initialize(to: try readItem(&reader, countBefore + count))
                    count += 1
                } while try hasMore(&reader)
            } catch {
                // Items are moved out only on success; on failure each chunk destroys its own.
                unsafe base.deinitialize(count: count)
                throw error
            }
            let chunk = unsafe Chunk(base: base, count: count, previous: previous)
            return unsafe withUnsafePointer(to: chunk) { last in
                unsafe finish(CollectedItems(count: countBefore + count, last: last))
            }
        }
    }

    /// The rest of a collection too large for the stack budget: one heap buffer, doubled as needed.
    static func fillOnHeap<Item, Result>(
        _ reader: inout JsonReader,
        previous: UnsafePointer<Chunk<Item>>?,
        countBefore: Int,
        readItem: (inout JsonReader, Int) throws -> Item,
        hasMore: (inout JsonReader) throws -> Bool,
        finish: (consuming CollectedItems<Item>) -> Result
    ) throws -> Result {
        var capacity = max(16, countBefore)
        var base = UnsafeMutablePointer<Item>.allocate(capacity: capacity)
        var count = 0
        do {
            repeat {
                if count == capacity {
                    let larger = UnsafeMutablePointer<Item>.allocate(capacity: capacity * 2)
                    unsafe larger.moveInitialize(from: base, count: count)
                    unsafe base.deallocate()
                    unsafe base = unsafe larger
                    capacity *= 2
                }
                unsafe (base + count).initialize(to: try readItem(&reader, countBefore + count))
                count += 1
            } while try hasMore(&reader)
        } catch {
            unsafe base.deinitialize(count: count)
            unsafe base.deallocate()
            throw error
        }
        defer { unsafe base.deallocate() }
        let chunk = unsafe Chunk(base: base, count: count, previous: previous)
        return unsafe withUnsafePointer(to: chunk) { last in
            unsafe finish(CollectedItems(count: countBefore + count, last: last))
        }
    }

    /// Passes the chunks ending at `chunk` to `body`, oldest first.
    static func consumeInOrder<Item>(
        _ chunk: UnsafePointer<Chunk<Item>>,
        _ body: (UnsafeMutablePointer<Item>, Int) -> Void
    ) {
        if let previous = unsafe chunk.pointee.previous { unsafe consumeInOrder(previous, body) }
        unsafe body(chunk.pointee.base, chunk.pointee.count)
    }
}

/// The items ``ItemCollector`` read, handed to its `finish` until one of the `make…` functions moves
/// them into their collection: the one way code outside this room gets them, so that the chunks of
/// raw memory they are in never leave it. Non-copyable, and taken by a `consuming` function: the
/// items are moved out once, within the `finish` call that got them (the chunks live in its caller's
/// frame).
@safe
struct CollectedItems<Item>: ~Copyable {
    let count: Int
    /// The last chunk; each links back to the one before.
    private let last: UnsafePointer<ItemCollector.Chunk<Item>>

    init(count: Int, last: UnsafePointer<ItemCollector.Chunk<Item>>) {
        self.count = count
        unsafe self.last = unsafe last
    }

    /// The items, in a new array.
    consuming func makeArray() -> [Item] {
        unsafe ItemCollector.makeArray(count: count) { body in unsafe ItemCollector.consumeInOrder(last, body) }
    }

    /// The items, each made an element by `convert`, in a new array.
    consuming func makeArray<Element>(converting convert: (Item) -> Element) -> [Element] {
        unsafe ItemCollector.makeArray(
            count: count, from: { body in unsafe ItemCollector.consumeInOrder(last, body) }, converting: convert)
    }

    /// The members, each a name and an item made a value by `convert`, in a new dictionary.
    consuming func makeDictionary<Key: Hashable, MemberItem, Value>(converting convert: (MemberItem) -> Value) -> [Key:
        Value]
    where Item == (Key, MemberItem) {
        unsafe ItemCollector.makeDictionary(
            count: count, from: { body in unsafe ItemCollector.consumeInOrder(last, body) }, converting: convert)
    }
}

extension CollectedItems where Item == AnyObject {
    /// The objects, which `Object.read` made, in a new array of `Object` (see
    /// ``ItemCollector/makeArray(count:of:from:)``).
    consuming func makeArray<Object: AnyObject>(of _: Object.Type) -> [Object] {
        unsafe ItemCollector.makeArray(count: count, of: Object.self) { body in
            unsafe ItemCollector.consumeInOrder(last, body)
        }
    }
}
