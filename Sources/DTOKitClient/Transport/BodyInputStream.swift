import Foundation

/// An `InputStream` of a body's bytes for URLSession's `httpBodyStream`, read as they come
/// (``ChunkPump``). A read waits for the next chunk; a failure of the body, or its cancellation, is a
/// read error, which ends the request's upload: the server sees a broken request, never a shorter
/// one. FoundationNetworking reads it synchronously on the session's queue (each request with a body
/// has a session of its own there); Apple's URLSession schedules a body stream on a run loop, which a
/// stream of one's own cannot do, so it gets a file instead (``URLSessionTransport/BodyDelivery``).
final class BodyInputStream: InputStream {
    // URLSession reads a body stream from one queue at a time (InputStream is not Sendable).
    private let pump: ChunkPump
    private var status = Stream.Status.notOpen
    private var error: (any Error)?

    init(_ pump: ChunkPump) {
        self.pump = pump
        super.init(data: Data())
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { error }
    override var hasBytesAvailable: Bool { status == .open || status == .notOpen }
    override func open() { if status == .notOpen { status = .open } }
    override func close() { status = .closed }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard status == .open, length > 0 else { return status == .atEnd ? 0 : -1 }
        switch pump.take(upTo: length) {
        case .bytes(let data):
            unsafe data.copyBytes(to: buffer, count: data.count)
            return data.count
        case .end:
            status = .atEnd
            return 0
        case .failure(let failure):
            error = failure
            status = .error
            return -1
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool { false }
}
