import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// A request body URLSession uploads from a file (an upload task reads it as it sends): the body's
    /// own file, or a temporary file its chunks were written to first. (A stream body could go up
    /// through a bound stream pair, but FoundationNetworking has none; spooling keeps memory bounded
    /// on every platform, at the cost of the disk space of one body.)
    struct BodyFile: Sendable {
        let file: URL
        /// Removes the temporary file; nil for the body's own file.
        let removal: (@Sendable () -> Void)?

        /// The file to upload `body` from; nil for no body or one of bytes (the request's `httpBody`).
        /// - Throws: ``ServiceClientError/cancelled(url:)`` when the task is cancelled while a stream is
        ///   written out, ``ServiceClientError/invalidRequest(url:reason:)`` when the body cannot be read
        ///   or a stream's bytes are not its stated length.
        static func file(for body: OutgoingBody?, url label: String) async throws -> BodyFile? {
            guard let body, body.data == nil else { return nil }
            if let file = body.fileURL { return BodyFile(file: file, removal: nil) }
            let spool = FileManager.default.temporaryDirectory.appendingPathComponent(
                "DTOKit-upload-" + UUID().uuidString)
            let removal: @Sendable () -> Void = { try? FileManager.default.removeItem(at: spool) }
            do {
                guard FileManager.default.createFile(atPath: spool.path, contents: nil) else {
                    throw ServiceClientError.invalidRequest(
                        url: label, reason: "the body could not be written to a temporary file at \(spool.path)")
                }
                let handle = try FileHandle(forWritingTo: spool)
                defer { try? handle.close() }
                var written: Int64 = 0
                for try await chunk in body.chunks() {
                    if Task.isCancelled { throw ServiceClientError.cancelled(url: label) }
                    try handle.write(contentsOf: chunk)
                    written += Int64(chunk.count)
                }
                if let length = body.length, length != written {
                    throw ServiceClientError.invalidRequest(
                        url: label, reason: "the body's stream gave \(written) bytes where its length says \(length)")
                }
            } catch let error as ServiceClientError {
                removal()
                throw error
            } catch {
                removal()
                throw ServiceClientError.invalidRequest(url: label, reason: "the body could not be read: \(error)")
            }
            return BodyFile(file: spool, removal: removal)
        }
    }
}
