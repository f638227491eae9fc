import Foundation

/// A static file server on a free loopback port (Python's `http.server`), serving a temporary folder:
/// real HTTP for the commands that download snapshots.
///
/// Start it in `setUpWithError`, not in an async test: blocking on the pipe inside an async test can stall.
final class LoopbackFileServer {
    /// The folder served at `baseUrl`.
    let root: URL
    let baseUrl: String
    private let process: Process

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("dtokit-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("types"), withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Prints the port first, then serves.
        let script = """
            import functools, http.server, sys
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print("port", server.server_address[1], flush=True)
            server.serve_forever()
            """
        process.arguments = ["python3", "-c", script, root.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let port = text.components(separatedBy: "port ").dropFirst().first?.prefix(while: { $0.isNumber }),
            !port.isEmpty
        else {
            process.terminate()
            throw ServerError(description: "the loopback file server did not start (is python3 installed?): \(text)")
        }
        baseUrl = "http://127.0.0.1:\(port)"
    }

    /// Serves `text` as `<baseUrl>/types/metadata`.
    func serveSnapshot(_ text: String) throws {
        try text.write(to: root.appendingPathComponent("types/metadata"), atomically: true, encoding: .utf8)
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: root)
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
}
