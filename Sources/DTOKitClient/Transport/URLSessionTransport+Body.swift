import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// How a body that is not bytes in memory (a file, a stream, several of these joined) goes up.
    enum BodyDelivery: Sendable {
        /// Read as it goes out, synchronously, through a stream of the client's own
        /// (``BodyInputStream``); a body with a stream part is written to a file first, as
        /// FoundationNetworking reads a body stream on the queue all its sessions share, where a read
        /// must never wait for a stream's next chunk.
        case streamed
        /// From a file: the body's own, else a temporary one its bytes are written to first. Apple's
        /// URLSession reads a body stream on a run loop, which a stream of one's own cannot be
        /// scheduled on. (The tests here force it, to run this path too.)
        case spooled

        /// What this platform does.
        static var platform: BodyDelivery {
            #if canImport(FoundationNetworking)
            .streamed
            #else
            .spooled
            #endif
        }
    }

    /// A request's body as URLSession sends it, `httpBodyStream`: a stream made afresh each time the
    /// platform asks for one, with the body's length when known; what stops its reading; what is left
    /// to remove when the exchange ends (a temporary file).
    final class UploadBody: Sendable {
        private enum Source {
            /// Read by the client's own stream (bytes and files).
            case parts(OutgoingBody)
            /// Read by Foundation's stream of a file.
            case file(URL)
        }

        /// Whether the body's readers may go on, and why one stopped; shared by every stream made.
        final class Reading: Sendable {
            private let state = Locked<(ended: Bool, failure: (any Error)?)>((false, nil))

            /// - Throws: `CancellationError` once the exchange ended.
            func check() throws {
                if state.withLock({ $0.ended }) { throw CancellationError() }
            }

            /// Keeps the first failure of a read.
            func failed(_ error: any Error) {
                state.withLock { state in
                    if state.failure == nil { state.failure = error }
                }
            }

            var failure: (any Error)? { state.withLock { $0.failure } }
            var ended: Bool { state.withLock { $0.ended } }
            func end() { state.withLock { $0.ended = true } }
        }

        let length: Int64?
        private let source: Source
        private let spool: SpoolFolder.File?
        private let reading = Reading()

        private init(source: Source, length: Int64?, spool: SpoolFolder.File? = nil) {
            self.source = source
            self.length = length
            self.spool = spool
        }

        /// The upload of `body`; nil for no body or bytes (sent as `httpBody`).
        /// - Throws: ``ServiceClientError/cancelled(url:)`` when the task is cancelled while a body is
        ///   written to a temporary file, ``ServiceClientError/invalidRequest(url:reason:)`` when it cannot
        ///   be read or is not its stated length.
        /// `onActivity` is called as a body is written to its temporary file (each chunk read is progress).
        static func make(
            for body: OutgoingBody?, delivery: BodyDelivery, spoolFolder: SpoolFolder, url label: String,
            onActivity: (@Sendable () -> Void)?
        ) async throws -> UploadBody? {
            guard let body, body.data == nil else { return nil }
            switch delivery {
            case .streamed:
                if !body.hasStreamPart { return UploadBody(source: .parts(body), length: body.length) }
                let spool = try await spoolFolder.write(body, url: label, onActivity: onActivity)
                let file = OutgoingBody(source: .file(spool.url), length: spool.length)
                return UploadBody(source: .parts(file), length: spool.length, spool: spool)
            case .spooled:
                if let file = body.fileURL {
                    // Foundation's stream of the file checks nothing: a file that changed since the body was
                    // made is refused here, before anything is sent.
                    try Self.checkUnchanged(file, length: body.length, url: label)
                    return UploadBody(source: .file(file), length: body.length)
                }
                let spool = try await spoolFolder.write(body, url: label, onActivity: onActivity)
                return UploadBody(source: .file(spool.url), length: spool.length, spool: spool)
            }
        }

        private static func checkUnchanged(_ file: URL, length: Int64?, url label: String) throws {
            let size: Int64
            do {
                let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
                size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
            } catch {
                throw URLSessionTransport.bodyFailure(OutgoingBody.unreadable(file, error), url: label)
            }
            if let length, size != length {
                throw URLSessionTransport.bodyFailure(
                    OutgoingBody.wrongLength(.init(source: .file(file), length: length), "\(size) bytes"), url: label)
            }
        }

        /// A new stream of the body from its start; nil once the exchange ended.
        func makeStream() -> InputStream? {
            guard !reading.ended else { return nil }
            switch source {
            case .file(let url): return InputStream(url: url)
            case .parts(let body): return BodyPartsReader(body).map { BodyInputStream($0, reading: reading) }
            }
        }

        /// Why the body could not be read to its end, if it could not.
        var failure: (any Error)? { reading.failure }

        /// The exchange ended, or is cancelled: every read stops, a temporary file is removed.
        func end() {
            reading.end()
            spool?.remove()
        }
    }

    /// A folder of the transport's own for bodies written to files first (``BodyDelivery/spooled``):
    /// `tmp/DTOKit-uploads/<process>-<unique>`, readable by the user only (0700, files 0600), removed
    /// with the transport. A folder a process left behind when it ended (a crash) is removed by the
    /// next one that makes its own, an hour later.
    final class SpoolFolder: Sendable {
        /// The parent of every transport's folder.
        static let parent = FileManager.default.temporaryDirectory.appendingPathComponent("DTOKit-uploads")
        private let folder = Locked<URL?>(nil)

        deinit {
            if let folder = folder.current { try? FileManager.default.removeItem(at: folder) }
        }

        /// The folder, once a body was written to it.
        var url: URL? { folder.current }

        /// One temporary file.
        struct File: Sendable {
            let url: URL
            let length: Int64
            func remove() { try? FileManager.default.removeItem(at: url) }
        }

        /// `body`'s bytes in a new file of this folder; `onActivity` is called after each chunk written.
        func write(
            _ body: OutgoingBody, url label: String, onActivity: (@Sendable () -> Void)? = nil
        ) async throws -> File {
            let file = try folderURL(url: label).appendingPathComponent(UUID().uuidString)
            guard
                FileManager.default.createFile(
                    atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else {
                throw ServiceClientError.invalidRequest(
                    url: label, reason: "the body could not be written to a temporary file at \(file.path)")
            }
            do {
                let handle = try FileHandle(forWritingTo: file)
                defer { try? handle.close() }
                var written: Int64 = 0
                for try await chunk in body.chunks() {
                    if Task.isCancelled { throw CancellationError() }
                    try handle.write(contentsOf: chunk)
                    written += Int64(chunk.count)
                    onActivity?()
                }
                if Task.isCancelled { throw CancellationError() }
                return File(url: file, length: written)
            } catch {
                try? FileManager.default.removeItem(at: file)
                throw URLSessionTransport.bodyFailure(error, url: label)
            }
        }

        private func folderURL(url label: String) throws -> URL {
            try folder.withLock { folder in
                // (Made again when something removed it meanwhile.)
                if let folder, FileManager.default.fileExists(atPath: folder.path) { return folder }
                let manager = FileManager.default
                let pid = ProcessInfo.processInfo.processIdentifier
                Self.removeFoldersOfEndedProcesses()
                let made = Self.parent.appendingPathComponent("\(pid)-\(UUID().uuidString)")
                do {
                    try manager.createDirectory(
                        at: made, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                } catch {
                    throw ServiceClientError.invalidRequest(
                        url: label, reason: "no folder for the body's temporary file at \(made.path): \(error)")
                }
                folder = made
                return made
            }
        }

        /// Removes the folders of processes that no longer run (named `<process id>-…`), untouched for an
        /// hour: a process of another container sharing the temporary folder has a process id this one
        /// cannot see, and a folder in use is touched by every body written to it.
        private static func removeFoldersOfEndedProcesses() {
            let manager = FileManager.default
            let hourAgo = Date().addingTimeInterval(-3_600)
            for name in (try? manager.contentsOfDirectory(atPath: parent.path)) ?? [] {
                guard let number = Int(String(name.prefix { $0 != "-" })), let pid = Int32(exactly: number), pid > 0,
                    !processRuns(pid)
                else { continue }
                let folder = parent.appendingPathComponent(name)
                let modified = (try? manager.attributesOfItem(atPath: folder.path))?[.modificationDate] as? Date
                guard let modified, modified < hourAgo else { continue }
                try? manager.removeItem(at: folder)
            }
        }

        /// Whether a process with this id runs (a signal 0 reaches it, or would but for permission).
        private static func processRuns(_ pid: Int32) -> Bool {
            kill(pid, 0) == 0 || errno == EPERM
        }
    }

    /// A failure reading a body as the client's error.
    static func bodyFailure(_ error: any Error, url label: String) -> ServiceClientError {
        switch error {
        case is CancellationError: return .cancelled(url: label)
        case .invalidRequest(_, let reason) as ServiceClientError: return .invalidRequest(url: label, reason: reason)
        case let error as ServiceClientError: return error
        default: return .invalidRequest(url: label, reason: "the body could not be read: \(error)")
        }
    }
}
