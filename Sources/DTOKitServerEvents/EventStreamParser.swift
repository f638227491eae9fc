import Foundation

/// Reads the `text/event-stream` format incrementally: feed it the body's chunks as they arrive, in
/// any sizes (a line, or a UTF-8 character, may be split across chunks), and it returns each event
/// as soon as its blank line arrives.
///
/// Lines end with LF, CR LF or CR. `data:` lines are joined with newlines, `id:` sets the event's
/// id, `event:` its type; lines starting with `:` (keep-alive comments) and other fields are ignored.
/// An event larger than `maxEventSize` bytes is dropped: the rest of it is skipped up to its blank
/// line, however long it goes on, and reported once, so that memory stays bounded.
struct EventStreamParser {
    /// One event as the stream carried it.
    struct RawEvent: Equatable {
        var id: String?
        var type: String?
        var data: String
    }

    enum Output: Equatable {
        case event(RawEvent)
        /// An event was longer than the limit and skipped.
        case tooLarge(limit: Int)
    }

    let maxEventSize: Int
    /// The bytes of the line being read.
    private var line: [UInt8] = []
    /// Whether the line being read has any bytes, kept or skipped: only a line without any ends an event.
    private var lineHasBytes = false
    /// Whether the last byte was a CR, so that an LF right after it does not end another line.
    private var afterCarriageReturn = false
    /// The fields of the event being read.
    private var id: String?
    private var type: String?
    private var dataLines: [String] = []
    private var eventSize = 0
    /// Set while the rest of an oversized event is skipped.
    private var skipping = false

    init(maxEventSize: Int) {
        self.maxEventSize = max(1, maxEventSize)
    }

    /// The events (and oversize reports) completed by `chunk`.
    mutating func feed<Bytes: Sequence>(_ chunk: Bytes) -> [Output] where Bytes.Element == UInt8 {
        var outputs: [Output] = []
        for byte in chunk {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A, 0x0D:
                afterCarriageReturn = byte == 0x0D
                if let output = endLine() { outputs.append(output) }
            default:
                lineHasBytes = true
                guard !skipping else { continue }
                eventSize += 1
                if eventSize > maxEventSize {
                    skipping = true
                    line.removeAll(keepingCapacity: false)
                    dataLines.removeAll()
                    outputs.append(.tooLarge(limit: maxEventSize))
                } else {
                    line.append(byte)
                }
            }
        }
        return outputs
    }

    /// Handles the line just ended: a blank line ends the event.
    private mutating func endLine() -> Output? {
        defer {
            line.removeAll(keepingCapacity: true)
            lineHasBytes = false
        }
        if !lineHasBytes {
            defer { (id, type, dataLines, eventSize, skipping) = (nil, nil, [], 0, false) }
            guard !skipping, !dataLines.isEmpty else { return nil }
            return .event(RawEvent(id: id, type: type, data: dataLines.joined(separator: "\n")))
        }
        guard !skipping, line.first != UInt8(ascii: ":") else { return nil }
        eventSize += 1  // the line break, joined as "\n"
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let field = String(decoding: line[..<colon], as: UTF8.self)
        var valueStart = colon < line.endIndex ? colon + 1 : colon
        if valueStart < line.endIndex && line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = String(decoding: line[valueStart...], as: UTF8.self)
        switch field {
        case "data": dataLines.append(value)
        case "id": id = value
        case "event": type = value
        default: break
        }
        return nil
    }
}
