import Foundation

/// The body of an ``OutgoingRequest``: bytes in memory, a file, a stream, or several of these one
/// after the other. Whatever it is, it can be read from its start as many times as the request is
/// sent (a redirect that keeps the body, a retry), and it is read as it goes out: a file or a stream
/// is never held in memory whole.
///
/// ```swift
/// let body = try OutgoingBody.file(videoURL)                  // read as it is sent
/// let live = OutgoingBody.stream(length: nil) { makeChunks() } // a fresh stream per sending
/// ```
public struct OutgoingBody: Sendable {
    enum Source: Sendable {
        case bytes(Data)
        case file(URL)
        case stream(@Sendable () -> AsyncThrowingStream<Data, any Error>)
        case joined([OutgoingBody])
    }

    let source: Source
    /// The body's length in bytes, when it is known before it is read (`Content-Length`).
    public let length: Int64?

    /// A body of these bytes.
    public static func bytes(_ data: Data) -> OutgoingBody {
        OutgoingBody(source: .bytes(data), length: Int64(data.count))
    }

    /// A body of `text` in UTF-8 (give its content type with it: `text/plain; charset=utf-8`, `text/csv`…).
    public static func text(_ text: String) -> OutgoingBody {
        .bytes(Data(Array(text.utf8)))
    }

    /// A body read from the file at `url` as it is sent.
    /// - Throws: ``ServiceClientError/invalidRequest(url:reason:)`` when `url` is not a file that can be read.
    public static func file(_ url: URL) throws -> OutgoingBody {
        let size: Int64
        do {
            let values = try url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            guard values.isRegularFile == true, let fileSize = values.fileSize else {
                throw ServiceClientError.invalidRequest(url: url.path, reason: "the body's file is not a regular file")
            }
            size = Int64(fileSize)
        } catch let error as ServiceClientError {
            throw error
        } catch {
            throw unreadable(url, error)
        }
        return OutgoingBody(source: .file(url), length: size)
    }

    /// The error for a part that gave another number of bytes than its length says; `read` is what it
    /// gave ("more bytes", "10 bytes").
    static func wrongLength(_ part: OutgoingBody, _ read: String) -> ServiceClientError {
        let what = part.fileURL.map { "the body's file \($0.path) (changed since the body was made)" }
        return .invalidRequest(
            url: "?",
            reason: "\(what ?? "the body's stream") gave \(read) where its length says "
                + "\(part.length ?? 0) bytes: the request is not sent")
    }

    /// The error for a body's file that cannot be read (when the body is made, or as it is sent).
    static func unreadable(_ url: URL, _ error: any Error) -> ServiceClientError {
        .invalidRequest(url: url.path, reason: "the body's file cannot be read: \(error.localizedDescription)")
    }

    /// A body from a stream of chunks. `makeChunks` is called each time the request is sent, and must
    /// start the same bytes again; make them as they are asked for (for example with
    /// `AsyncThrowingStream(unfolding:)`), so that they are not held in memory.
    /// - Parameters:
    ///   - length: the bytes the stream gives in all, when known (sent as `Content-Length`; a stream
    ///     that gives another number of bytes fails the request).
    ///   - makeChunks: a new stream of the body's chunks, from its start.
    public static func stream(
        length: Int64?, _ makeChunks: @escaping @Sendable () -> AsyncThrowingStream<Data, any Error>
    ) -> OutgoingBody {
        OutgoingBody(source: .stream(makeChunks), length: length)
    }

    /// The bodies one after the other (a multipart form of bytes and files); its length is known when
    /// each part's is.
    public static func joined(_ parts: [OutgoingBody]) -> OutgoingBody {
        var total: Int64? = 0
        for part in parts {
            if let sum = total, let length = part.length {
                let (added, overflow) = sum.addingReportingOverflow(length)
                total = overflow ? nil : added
            } else {
                total = nil
            }
        }
        return OutgoingBody(source: .joined(parts), length: total)
    }

    /// The bytes, when the body is held in memory.
    public var data: Data? {
        if case .bytes(let data) = source { return data }
        return nil
    }

    /// The file, when the body is one file.
    public var fileURL: URL? {
        if case .file(let url) = source { return url }
        return nil
    }

    /// The body's bytes from its start, in chunks of at most `chunkSize` bytes read as they are asked for.
    public func chunks(chunkSize: Int = 64 * 1024) -> Chunks {
        Chunks(body: self, chunkSize: max(1, chunkSize))
    }

    /// The whole body in memory (a middleware that must see it: mind its size).
    /// - Throws: ``ServiceClientError/invalidRequest(url:reason:)`` when it is longer than `limit`, or
    ///   what reading it threw.
    public func collected(limit: Int = .max) async throws -> Data {
        if let data { return data }
        var collected = Data()
        for try await chunk in chunks() {
            guard chunk.count <= limit - collected.count else {
                throw ServiceClientError.invalidRequest(
                    url: "?", reason: "the request's body is longer than the \(limit) bytes it may be here")
            }
            collected.append(chunk)
        }
        return collected
    }
}

extension OutgoingBody {
    /// The bytes of a body, chunk by chunk, read only as they are asked for (a file is read by its
    /// handle; a stream is iterated): nothing is read ahead of the consumer.
    public struct Chunks: AsyncSequence, Sendable {
        public typealias Element = Data
        let body: OutgoingBody
        let chunkSize: Int

        public func makeAsyncIterator() -> Iterator {
            Iterator(parts: [body], chunkSize: chunkSize)
        }

        /// Reads the parts one after the other. A part never ends short or long of its stated length
        /// (a file that changed since the body was made, a stream that gave other bytes than it said),
        /// and a stream that ends because the reading task was cancelled is no end: each throws, so that
        /// no transport sends a body other than the one the request states — never a shorter one a
        /// server would take for whole.
        public struct Iterator: AsyncIteratorProtocol {
            /// What is left to read, the part being read first.
            private var parts: [OutgoingBody]
            private let chunkSize: Int
            private var offset = 0
            /// The bytes of the part being read given so far.
            private var partBytes: Int64 = 0
            private var file: FileHandle?
            private var stream: AsyncThrowingStream<Data, any Error>.AsyncIterator?

            init(parts: [OutgoingBody], chunkSize: Int) {
                self.parts = parts
                self.chunkSize = chunkSize
            }

            /// - Throws: `CancellationError` when a stream ended because the task was cancelled,
            ///   ``ServiceClientError/invalidRequest(url:reason:)`` when a part gives more or fewer bytes
            ///   than its length, and what reading a part threw.
            public mutating func next() async throws -> Data? {
                while let part = parts.first {
                    // A joined body is read as its parts, in its place (however deeply they nest).
                    if case .joined(let inner) = part.source {
                        parts.replaceSubrange(0..<1, with: inner)
                        continue
                    }
                    if let chunk = try await nextChunk(of: part) {
                        partBytes += Int64(chunk.count)
                        if let length = part.length {
                            // The chunk that completes a part goes on only once the part has no more: a
                            // transport that frames the body by its length would have sent a request the
                            // server takes for whole before the excess showed.
                            if partBytes > length { throw OutgoingBody.wrongLength(part, "more bytes") }
                            if partBytes == length, try await hasMore(part) {
                                throw OutgoingBody.wrongLength(part, "more bytes")
                            }
                        }
                        return chunk
                    }
                    if case .stream = part.source, Task.isCancelled { throw CancellationError() }
                    if let length = part.length, partBytes != length {
                        throw OutgoingBody.wrongLength(part, "\(partBytes) bytes")
                    }
                    if let file { try? file.close() }
                    (file, stream, offset, partBytes) = (nil, nil, 0, 0)
                    parts.removeFirst()
                }
                return nil
            }

            /// Whether `part`, read to its stated length, gives more (a stream's next chunk, a file's next byte).
            private mutating func hasMore(_ part: OutgoingBody) async throws -> Bool {
                switch part.source {
                case .stream:
                    while let chunk = try await stream?.next() {
                        if !chunk.isEmpty { return true }
                    }
                    return false
                case .file(let url):
                    do {
                        return try file?.read(upToCount: 1)?.isEmpty == false
                    } catch {
                        throw OutgoingBody.unreadable(url, error)
                    }
                case .bytes, .joined:
                    return false
                }
            }

            /// The next chunk of `part`, or nil when it has no more.
            private mutating func nextChunk(of part: OutgoingBody) async throws -> Data? {
                switch part.source {
                case .bytes(let data):
                    guard offset < data.count else { return nil }
                    let end = offset + Swift.min(chunkSize, data.count - offset)
                    defer { offset = end }
                    return data.subdata(in: (data.startIndex + offset)..<(data.startIndex + end))
                case .file(let url):
                    if file == nil {
                        do {
                            file = try FileHandle(forReadingFrom: url)
                        } catch {
                            throw OutgoingBody.unreadable(url, error)
                        }
                    }
                    let chunk = try file?.read(upToCount: chunkSize) ?? Data()
                    return chunk.isEmpty ? nil : chunk
                case .stream(let makeChunks):
                    if stream == nil { stream = makeChunks().makeAsyncIterator() }
                    while true {
                        guard let chunk = try await stream?.next() else { return nil }
                        if !chunk.isEmpty { return chunk }
                    }
                case .joined:
                    return nil  // unfolded by next() before it is read
                }
            }
        }
    }
}
