// The load benchmark's server: `GET /api/Hello?name=N` answers `{"result":"Hello, N!"}` over
// HTTP/1.1, keeping connections alive; anything else is 404. SwiftNIO, one event loop per core, so
// that the server is not what the client waits for.
//
//   loadserver [--port P]      prints `PORT <n>` once it listens; stops when its stdin closes
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

final class HelloHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var head: HTTPRequestHead?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            respond(to: head, context: context)
            self.head = nil
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let (status, body) = Self.answer(head.uri)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.utf8.count))
        if !head.isKeepAlive { headers.add(name: "Connection", value: "close") }
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
            promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !head.isKeepAlive {
            written.whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
        }
    }

    /// The status and body for `uri`: a greeting for `/api/Hello?name=…`, else a 404.
    static func answer(_ uri: String) -> (HTTPResponseStatus, String) {
        let parts = uri.split(separator: "?", maxSplits: 1)
        guard parts.first == "/api/Hello" else { return (.notFound, #"{"responseStatus":{"errorCode":"NotFound"}}"#) }
        let query = parts.count > 1 ? parts[1] : ""
        let name = query.split(separator: "&").first { $0.hasPrefix("name=") }.map { $0.dropFirst(5) } ?? ""
        let decoded = String(name).removingPercentEncoding ?? String(name)
        let escaped = decoded.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return (.ok, #"{"result":"Hello, "# + escaped + #"!"}"#)
    }
}

let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap { Int(arguments[$0 + 1]) } ?? 0
let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
let bootstrap = ServerBootstrap(group: group)
    .serverChannelOption(.backlog, value: 256)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline()
            try channel.pipeline.syncOperations.addHandler(HelloHandler())
        }
    }
let channel = try bootstrap.bind(host: "127.0.0.1", port: port).wait()
FileHandle.standardOutput.write(Data("PORT \(channel.localAddress?.port ?? 0)\n".utf8))
// Stop when the process that started us goes away (its end of our stdin closes).
while let line = readLine(strippingNewline: false), !line.isEmpty {}
try channel.close().wait()
try group.syncShutdownGracefully()
