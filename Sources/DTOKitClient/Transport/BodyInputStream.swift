import Foundation

/// An `InputStream` of a body's bytes for URLSession's `httpBodyStream`, read synchronously from
/// memory and files as they go out (``BodyPartsReader``). A failure of the body, or the exchange's
/// end (a cancellation), is a read error, which ends the request's upload: the server sees a broken
/// request, never a shorter one. FoundationNetworking reads it on its sessions' shared queue; Apple's
/// URLSession schedules a body stream on a run loop, which a stream of one's own cannot do, so it gets
/// a file instead (``URLSessionTransport/BodyDelivery``).
final class BodyInputStream: InputStream {
    // URLSession reads a body stream from one queue at a time (InputStream is not Sendable).
    private var reader: BodyPartsReader
    private let reading: URLSessionTransport.UploadBody.Reading
    private var status = Stream.Status.notOpen
    private var error: (any Error)?

    init(_ reader: BodyPartsReader, reading: URLSessionTransport.UploadBody.Reading) {
        self.reader = reader
        self.reading = reading
        super.init(data: Data())
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { error }
    override var hasBytesAvailable: Bool { status == .open || status == .notOpen }
    override func open() { if status == .notOpen { status = .open } }
    override func close() {
        reader.close()
        if status != .error { status = .closed }
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard status == .open, length > 0 else { return status == .atEnd ? 0 : -1 }
        do {
            try reading.check()
            let chunk = try reader.read(upTo: length)
            guard !chunk.isEmpty else {
                status = .atEnd
                return 0
            }
            unsafe chunk.copyBytes(to: buffer, count: chunk.count)
            return chunk.count
        } catch {
            reading.failed(error)
            reader.close()
            self.error = error
            status = .error
            return -1
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool { false }
}
