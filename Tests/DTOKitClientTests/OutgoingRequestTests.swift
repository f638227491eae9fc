import DTOKit
import Foundation
import XCTest

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request value middleware and transports get: its headers and `URLRequest` form, and bodies
/// of every kind read from their start as often as a request is sent, chunk by chunk.
final class OutgoingRequestTests: XCTestCase {
    private let url = URL(string: "https://api.example.org/api/Upload?x=1")!

    private func temporaryFile(_ data: Data) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dtokit-test-" + UUID().uuidString)
        try data.write(to: file)
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        return file
    }

    private func read(_ body: OutgoingBody, chunkSize: Int = 64 * 1024) async throws -> (Data, [Int]) {
        var data = Data()
        var sizes: [Int] = []
        for try await chunk in body.chunks(chunkSize: chunkSize) {
            data.append(chunk)
            sizes.append(chunk.count)
        }
        return (data, sizes)
    }

    func testHeadersReadAsAURLRequestsDo() throws {
        var request = OutgoingRequest(url: url, method: .post, headers: ["Accept": "application/json"])
        request.setValue("a", forHTTPHeaderField: "X-Trail")
        request.addValue("b", forHTTPHeaderField: "x-trail")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-TRAIL"), "a,b", "names without regard to case")
        request.setValue("c", forHTTPHeaderField: "x-trail")
        XCTAssertEqual(
            request.allHTTPHeaderFields, ["Accept": "application/json", "X-Trail": "c"], "first spelling kept")
        request.setValue(nil, forHTTPHeaderField: "ACCEPT")
        XCTAssertNil(request.value(forHTTPHeaderField: "Accept"))
        request.httpMethod = "patch"
        XCTAssertEqual(request.method, .patch)

        request.httpBody = Data("{}".utf8)
        let urlRequest = request.urlRequest
        XCTAssertEqual(urlRequest.httpMethod, "PATCH")
        XCTAssertEqual(urlRequest.url, url)
        XCTAssertEqual(urlRequest.value(forHTTPHeaderField: "X-Trail"), "c")
        XCTAssertEqual(urlRequest.httpBody, Data("{}".utf8))
        let back = try OutgoingRequest(urlRequest)
        XCTAssertEqual(back.allHTTPHeaderFields, request.allHTTPHeaderFields)
        XCTAssertEqual(back.httpBody, Data("{}".utf8))
        XCTAssertEqual(back.method, .patch)
    }

    func testAURLRequestThatCannotBeOneIsRefusedWithWhy() {
        var noUrl = URLRequest(url: url)
        noUrl.url = nil
        XCTAssertThrowsError(try OutgoingRequest(noUrl)) { error in
            guard case ServiceClientError.invalidUrl = error else { return XCTFail("\(error)") }
        }
        var streamed = URLRequest(url: url)
        streamed.httpBodyStream = InputStream(data: Data("x".utf8))
        XCTAssertThrowsError(try OutgoingRequest(streamed), "not sent without its body") { error in
            guard case ServiceClientError.invalidRequest(_, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("OutgoingBody.file"), reason)
        }
    }

    func testEveryKindOfBodyIsReadWholeFromItsStartEachTime() async throws {
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let file = try OutgoingBody.file(try temporaryFile(bytes))
        XCTAssertEqual(file.length, 200_000)
        XCTAssertNil(file.data, "a file is not read until it is sent")
        let stream = OutgoingBody.stream(length: 200_000) {
            // Each sending starts again; the chunks are made as they are asked for.
            let offset = Locked(0)
            return AsyncThrowingStream {
                offset.withLock { offset in
                    guard offset < bytes.count else { return nil }
                    defer { offset += 50_000 }
                    return bytes.subdata(in: offset..<Swift.min(offset + 50_000, bytes.count))
                }
            }
        }
        let joined = OutgoingBody.joined([.bytes(bytes.prefix(10)), file, .bytes(Data()), stream])
        XCTAssertEqual(joined.length, 400_010)
        for (body, expected) in [(OutgoingBody.bytes(bytes), bytes), (file, bytes), (stream, bytes)] {
            for _ in 0..<2 {
                let (read, sizes) = try await read(body, chunkSize: 64 * 1024)
                XCTAssertEqual(read, expected)
                XCTAssertTrue(sizes.allSatisfy { $0 > 0 && $0 <= 64 * 1024 }, "\(sizes)")
            }
        }
        let (read, _) = try await read(joined, chunkSize: 1000)
        XCTAssertEqual(read, bytes.prefix(10) + bytes + bytes)
        let collected = try await joined.collected()
        XCTAssertEqual(collected.count, 400_010)
        do {
            _ = try await joined.collected(limit: 1000)
            XCTFail("longer than the limit")
        } catch ServiceClientError.invalidRequest(_, let reason) {
            XCTAssertTrue(reason.contains("1000"), reason)
        }
        XCTAssertNil(OutgoingBody.joined([stream, .stream(length: nil) { AsyncThrowingStream { nil } }]).length)
    }

    /// Joined bodies with nothing in them, last or nested however deep, read as the bytes around them.
    func testEmptyAndNestedJoinedBodiesReadAsTheirParts() async throws {
        let empty = OutgoingBody.joined([])
        XCTAssertEqual(empty.length, 0)
        let nothing = try await empty.collected()
        XCTAssertEqual(nothing, Data())
        let a = OutgoingBody.bytes(Data("a".utf8))
        let b = OutgoingBody.bytes(Data("b".utf8))
        var deep = OutgoingBody.joined([b, .joined([])])
        for _ in 0..<10_000 { deep = .joined([deep]) }
        let body = OutgoingBody.joined([.joined([]), a, .joined([.joined([]), deep]), .joined([])])
        XCTAssertEqual(body.length, 2)
        let first = try await body.collected()
        let again = try await body.collected()
        XCTAssertEqual(first, Data("ab".utf8))
        XCTAssertEqual(again, Data("ab".utf8), "read again from its start")
    }

    func testAFileThatCannotBeReadIsAClearError() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dtokit-missing-" + UUID().uuidString)
        XCTAssertThrowsError(try OutgoingBody.file(missing)) { error in
            guard case ServiceClientError.invalidRequest(let path, let reason) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(path, missing.path)
            XCTAssertTrue(reason.contains("cannot be read"), reason)
        }
        XCTAssertThrowsError(try OutgoingBody.file(FileManager.default.temporaryDirectory)) { error in
            guard case ServiceClientError.invalidRequest(_, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("not a regular file"), reason)
        }
    }

    /// A form whose file is on disk is the same bytes as the form with the file in memory: the
    /// bytes around the file, then the file read as it is sent.
    func testAFormWithAFileOnDiskIsTheFormWithTheFilesBytes() async throws {
        let content = Data("name,count\nwidgets,3\n".utf8)
        let fields = [(name: "category", value: "docs")]
        var inMemory = MultipartFormData(boundary: "B")
        try inMemory.add(fields: fields, files: [UploadFile(fileName: "a.csv", data: content, fieldName: "file")])
        var onDisk = MultipartFormData(boundary: "B")
        let file = try temporaryFile(content)
        try onDisk.add(fields: fields, files: [UploadFile(fileURL: file, fileName: "a.csv", fieldName: "file")])
        let memoryBody = inMemory.finished()
        let diskBody = onDisk.finished()
        XCTAssertNotNil(memoryBody.data)
        XCTAssertNil(diskBody.data, "the file stays on disk until it is sent")
        XCTAssertEqual(diskBody.length, memoryBody.length)
        let diskBytes = try await diskBody.collected()
        XCTAssertEqual(diskBytes, memoryBody.data)
        XCTAssertEqual(UploadFile(fileURL: file).fileName, file.lastPathComponent)
        var missing = MultipartFormData(boundary: "B")
        XCTAssertThrowsError(
            try missing.add(fields: [], files: [UploadFile(fileURL: file.appendingPathExtension("gone"))]))
    }
}
