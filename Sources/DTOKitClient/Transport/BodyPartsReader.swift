import Foundation

/// Reads a body of bytes and files synchronously, never waiting for anything but the disk: what
/// ``BodyInputStream`` gives FoundationNetworking, which reads a body stream on the one queue all of
/// the process's URLSession work runs on, so that a read that waited (for a stream's next chunk)
/// would hold up every other request. A body with a stream part is written to a file first
/// (``URLSessionTransport/UploadBody``).
///
/// Like ``OutgoingBody/Chunks``, a part never ends short or long of its stated length.
struct BodyPartsReader {
    /// What is left to read, the part being read first.
    private var parts: [OutgoingBody]
    private var offset = 0
    /// The bytes of the part being read given so far.
    private var partBytes: Int64 = 0
    private var file: FileHandle?

    /// A reader of `body` from its start; nil when a part of it is a stream.
    init?(_ body: OutgoingBody) {
        guard !body.hasStreamPart else { return nil }
        parts = [body]
    }

    /// Up to `count` bytes of the body (fewer only at a part's end); empty at the body's end.
    /// - Throws: ``ServiceClientError/invalidRequest(url:reason:)`` when a file cannot be read or a
    ///   part gives another number of bytes than its length.
    mutating func read(upTo count: Int) throws -> Data {
        while let part = parts.first {
            if case .joined(let inner) = part.source {
                parts.replaceSubrange(0..<1, with: inner)
                continue
            }
            let chunk = try nextChunk(of: part, upTo: max(1, count))
            if !chunk.isEmpty {
                partBytes += Int64(chunk.count)
                if let length = part.length {
                    // As OutgoingBody.Chunks: the chunk that completes a part goes on only once it has no more.
                    if partBytes > length { throw OutgoingBody.wrongLength(part, "more bytes") }
                    if partBytes == length, case .file(let url) = part.source, try hasMoreBytes(url) {
                        throw OutgoingBody.wrongLength(part, "more bytes")
                    }
                }
                return chunk
            }
            if let length = part.length, partBytes != length {
                throw OutgoingBody.wrongLength(part, "\(partBytes) bytes")
            }
            if let file { try? file.close() }
            (file, offset, partBytes) = (nil, 0, 0)
            parts.removeFirst()
        }
        return Data()
    }

    /// Whether the open file of `url` has a byte past what was read.
    private func hasMoreBytes(_ url: URL) throws -> Bool {
        do {
            return try file?.read(upToCount: 1)?.isEmpty == false
        } catch {
            throw OutgoingBody.unreadable(url, error)
        }
    }

    /// Stops reading: the open file, if any, is closed.
    mutating func close() {
        if let file { try? file.close() }
        file = nil
        parts = []
    }

    private mutating func nextChunk(of part: OutgoingBody, upTo count: Int) throws -> Data {
        switch part.source {
        case .bytes(let data):
            let end = offset + min(count, data.count - offset)
            defer { offset = end }
            return data.subdata(in: (data.startIndex + offset)..<(data.startIndex + end))
        case .file(let url):
            do {
                if file == nil { file = try FileHandle(forReadingFrom: url) }
                return try file?.read(upToCount: count) ?? Data()
            } catch {
                throw OutgoingBody.unreadable(url, error)
            }
        case .stream, .joined:
            return Data()  // a stream never reaches a reader; a join is unfolded by read(upTo:)
        }
    }
}

extension OutgoingBody {
    /// Whether a part of the body, however deeply joined, is a stream.
    var hasStreamPart: Bool {
        var left = [self]
        while let part = left.popLast() {
            switch part.source {
            case .stream: return true
            case .joined(let inner): left.append(contentsOf: inner)
            case .bytes, .file: continue
            }
        }
        return false
    }
}
