import Foundation

/// Appends JSON text to one growing buffer.
///
/// Like ``JsonReader``, generated code reaches the writer only through property builders; use it
/// directly in a custom ``JsonConvertible`` conformance. It owns its buffer and is non-copyable
/// (a copy would point at memory the original frees when it grows), so it exists only inside the
/// encoding call that created it, as an `inout` parameter.
@safe
public struct JsonWriter: ~Copyable {
    @usableFromInline var _buffer: UnsafeMutablePointer<UInt8>
    @usableFromInline var count: Int = 0
    @usableFromInline var capacity: Int
    /// True right after `{`, so that the next member is written without a leading comma.
    @usableFromInline var isAtFirstMember = false
    /// The options this document is written with.
    public let options: JsonEncodingOptions
    /// ``SmallStringLayout/isVerified``, read once per document rather than once per string.
    let writesSmallStringsFromWords: Bool

    @usableFromInline
    init(capacity: Int, options: JsonEncodingOptions) {
        self.capacity = max(capacity, 64)
        // malloc rather than [UInt8]: the finished buffer is handed to Data without a copy.
        unsafe self._buffer = unsafe JsonWriter.allocate(self.capacity)
        self.options = options
        self.writesSmallStringsFromWords = SmallStringLayout.isVerified
    }

    static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let raw = unsafe malloc(capacity) else {
            fatalError("DTOKit: out of memory allocating \(capacity) bytes")
        }
        return unsafe raw.assumingMemoryBound(to: UInt8.self)
    }

    /// Runs `body` with a fresh writer and returns what it wrote as `Data` (no copy is made).
    @inlinable
    public static func writeData(
        options: JsonEncodingOptions = JsonEncodingOptions(),
        capacity: Int = 1024, _ body: (inout JsonWriter) -> Void
    ) -> Data {
        var writer = JsonWriter(capacity: capacity, options: options)
        body(&writer)
        return writer.finishData()
    }

    /// Runs `body` with a fresh writer and returns what it wrote as a String.
    @inlinable
    public static func writeString(
        options: JsonEncodingOptions = JsonEncodingOptions(),
        capacity: Int = 1024, _ body: (inout JsonWriter) -> Void
    ) -> String {
        var writer = JsonWriter(capacity: capacity, options: options)
        body(&writer)
        return writer.finishString()
    }

    deinit {
        unsafe free(_buffer)
    }

    /// The text written, handed to `Data` without a copy (it frees the buffer).
    @usableFromInline
    consuming func finishData() -> Data {
        let data = unsafe Data(bytesNoCopy: _buffer, count: count, deallocator: .free)
        discard self
        return data
    }

    /// The text written, as a String (the buffer is freed when the writer goes away).
    @usableFromInline
    consuming func finishString() -> String {
        unsafe String(unsafeUninitializedCapacity: count) { output in
            unsafe output.baseAddress?.update(from: _buffer, count: count)
            return count
        }
    }

    /// The text written, as bytes.
    consuming func finishBytes() -> [UInt8] {
        unsafe Array(UnsafeBufferPointer(start: _buffer, count: count))
    }

    /// The number of bytes written so far.
    public var byteCount: Int { count }

    // MARK: Raw output

    @inlinable @inline(__always)
    mutating func reserve(_ additional: Int) {
        if count + additional > capacity { grow(toFit: additional) }
    }

    @usableFromInline
    mutating func grow(toFit additional: Int) {
        let newCapacity = max(capacity * 2, count + additional)
        guard let raw = unsafe realloc(_buffer, newCapacity) else {
            fatalError("DTOKit: out of memory growing the JSON buffer to \(newCapacity) bytes")
        }
        unsafe _buffer = unsafe raw.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    /// Appends one byte of JSON text as is.
    @inlinable @inline(__always)
    public mutating func writeRaw(_ byte: UInt8) {
        reserve(1)
        unsafe _buffer[count] = byte
        count += 1
    }

    /// Appends bytes of JSON text as they are (the caller guarantees they are valid JSON): a `[UInt8]`,
    /// a `String`'s `utf8`, `Data`…
    public mutating func writeRaw<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { contiguous in
            if let base = contiguous.baseAddress { unsafe copyRaw(from: base, count: contiguous.count) }
        }
        if copied == nil {
            unsafe Array(bytes).withUnsafeBufferPointer { contiguous in
                if let base = contiguous.baseAddress { unsafe copyRaw(from: base, count: contiguous.count) }
            }
        }
    }

    /// Appends `length` bytes from `source` as they are, copying short runs (member names, most
    /// values) with a few vector or word moves instead of a call to `memmove`.
    @usableFromInline @inline(__always)
    mutating func copyRaw(from source: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        unsafe JsonWriter.copyBytes(
            from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(_buffer + count), count: length)
        count += length
    }

    /// Copies `length` bytes between buffers that do not overlap. Every load and store stays
    /// inside the `length` bytes: the last 16-, 8-, 4- or 2-byte move overlaps the one before.
    @usableFromInline @inline(__always)
    static func copyBytes(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count length: Int) {
        switch length {
        case 16...64:
            var offset = 0
            while offset < length &- 16 {
                unsafe destination.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self),
                    toByteOffset: offset, as: SIMD16<UInt8>.self)
                offset &+= 16
            }
            unsafe destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: length &- 16, as: SIMD16<UInt8>.self),
                toByteOffset: length &- 16, as: SIMD16<UInt8>.self)
        case 8..<16:
            unsafe destination.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            unsafe destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self),
                toByteOffset: length &- 8, as: UInt64.self)
        case 4..<8:
            unsafe destination.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            unsafe destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self),
                toByteOffset: length &- 4, as: UInt32.self)
        case 2..<4:
            unsafe destination.storeBytes(of: source.loadUnaligned(as: UInt16.self), as: UInt16.self)
            unsafe destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: length &- 2, as: UInt16.self),
                toByteOffset: length &- 2, as: UInt16.self)
        case 1:
            unsafe destination.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        case 0:
            break
        default:
            unsafe destination.copyMemory(from: source, byteCount: length)
        }
    }

    /// Appends a static ASCII literal such as `null`.
    @inlinable
    public mutating func writeRaw(_ literal: StaticString) {
        unsafe copyRaw(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    // MARK: Structure

    /// Writes `{`. Follow with ``writeKey(_:)-(JsonKey)``/value pairs and ``endObject()``.
    @inlinable
    public mutating func beginObject() {
        writeRaw(.openBrace)
        isAtFirstMember = true
    }

    @inlinable
    public mutating func endObject() {
        writeRaw(.closeBrace)
        isAtFirstMember = false
    }

    /// Writes a member name and the `:` after it, with the separating comma when needed.
    @inlinable
    public mutating func writeKey(_ key: JsonKey) {
        unsafe key.storage.withUnsafeBufferPointer { bytes in
            // The stored bytes are `,"name":`; the first member skips the comma.
            guard let base = bytes.baseAddress else { return }
            let skip = isAtFirstMember ? 1 : 0
            unsafe copyRaw(from: base + skip, count: bytes.count &- skip)
        }
        isAtFirstMember = false
    }

    /// Writes a member name given as a String (for dictionaries).
    public mutating func writeKey(_ name: String) {
        if !isAtFirstMember { writeRaw(.comma) }
        isAtFirstMember = false
        writeString(name)
        writeRaw(.colon)
    }

    /// Writes `[`. Separate elements with ``writeComma()``; finish with ``endArray()``.
    @inlinable
    public mutating func beginArray() {
        writeRaw(.openBracket)
    }

    @inlinable
    public mutating func endArray() {
        writeRaw(.closeBracket)
        isAtFirstMember = false
    }

    @inlinable
    public mutating func writeComma() {
        writeRaw(.comma)
    }

    // MARK: Literals

    @inlinable
    public mutating func writeNull() { writeRaw("null") }

    @inlinable
    public mutating func writeBool(_ value: Bool) {
        if value { writeRaw("true") } else { writeRaw("false") }
    }

    /// Appends the name at `index` of `table` as it is (the table holds JSON text, see
    /// ``NameTable/init(utf8:)``).
    mutating func writeRaw(nameAt index: Int, of table: borrowing NameTable) {
        let bytes = unsafe table.name(at: index)
        if let base = bytes.baseAddress { unsafe copyRaw(from: base, count: bytes.count) }
    }
}

/// A member name prepared once for writing: the bytes `,"name":` (escaped as needed).
public struct JsonKey: Sendable {
    @usableFromInline let storage: [UInt8]
    /// The name as it appears in JSON.
    public let name: String

    public init(_ name: String) {
        self.name = name
        var bytes: [UInt8] = [.comma]
        bytes.append(contentsOf: JsonKey.quoted(name))
        bytes.append(.colon)
        self.storage = bytes
    }

    static func quoted(_ name: String) -> [UInt8] {
        var writer = JsonWriter(capacity: name.utf8.count + 8, options: JsonEncodingOptions())
        writer.writeString(name)
        return writer.finishBytes()
    }
}
