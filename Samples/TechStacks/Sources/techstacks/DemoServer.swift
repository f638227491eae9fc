import Foundation

/// The bundled demo server: DTOKit's ServiceStack-protocol test server (Python standard library only),
/// serving the TechStacks data checked into the repository, on a free loopback port.
final class DemoServer {
    let baseUrl: String
    private let process: Process

    /// Starts the server and waits until it is listening.
    init() throws {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let script = repository.appendingPathComponent("Tests/DTOKitIntegrationTests/Server/testserver.py")
        let data = repository.appendingPathComponent("Tests/DTOKitIntegrationTests/Payloads")
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw SampleError(
                "the demo server is missing at \(script.path); run the sample from a DTOKit checkout, or pass --base-url"
            )
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script.path, "--port", "0", "--techstacks-data", data.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw SampleError(
                "cannot start python3 for the demo server (\(error.localizedDescription)); install Python 3, or pass --base-url"
            )
        }
        // The server's first line is `PORT <n>`.
        var firstLine = ""
        while !firstLine.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine += String(decoding: chunk, as: UTF8.self)
        }
        guard let port = firstLine.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({ Int($0) }) else {
            process.terminate()
            throw SampleError(
                "the demo server did not report its port (it said: \(firstLine.trimmingCharacters(in: .whitespacesAndNewlines)))"
            )
        }
        baseUrl = "http://127.0.0.1:\(port)"
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// A failure of the sample itself, printed as is.
struct SampleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
