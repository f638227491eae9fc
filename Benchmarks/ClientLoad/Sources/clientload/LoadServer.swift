import Foundation

/// `loadserver`, started from the folder this program is in, or one given by `--server`.
final class LoadServer {
    let baseUrl: String
    private let process: Process?
    private let input: Pipe?

    init(baseUrl: String) {
        self.baseUrl = baseUrl
        process = nil
        input = nil
    }

    private init(baseUrl: String, process: Process, input: Pipe) {
        self.baseUrl = baseUrl
        self.process = process
        self.input = input
    }

    struct NoPort: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `loadserver` on a free port and waits for its `PORT <n>` line.
    static func start() throws -> LoadServer {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let process = Process()
        process.executableURL = folder.appendingPathComponent("loadserver")
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5).prefix { $0.isNumber }) else {
            process.terminate()
            throw NoPort(description: "loadserver printed \(text.isEmpty ? "nothing" : text), not PORT <n>")
        }
        return LoadServer(baseUrl: "http://127.0.0.1:\(port)", process: process, input: input)
    }

    /// Closes the server's stdin, which stops it.
    func stop() {
        try? input?.fileHandleForWriting.close()
        process?.waitUntilExit()
    }
}
