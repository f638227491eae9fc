import DTOKit
import Foundation
import XCTest

@testable import DTOKitClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Upload and download progress (`onUploadProgress`, `onDownloadProgress`) over HTTP: reported in
/// order, never past the total, ending at the body's length.
final class ClientProgressTests: XCTestCase {
    /// The (done, total) pairs a progress hook reported.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var pairs: [(Int64, Int64?)] = []
        func add(_ done: Int64, _ total: Int64?) { lock.withLock { pairs.append((done, total)) } }
        var all: [(done: Int64, total: Int64?)] { lock.withLock { pairs.map { (done: $0.0, total: $0.1) } } }
    }

    func testAnUploadReportsItsBodyGoingOut() async throws {
        let client = try makeTestClient()
        let uploads = Reports()
        client.onUploadProgress = { sent, total in uploads.add(sent, total) }
        let log = TrafficLog(client)
        let file = Data((0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let request = UploadFiles()
        request.category = "progress"
        let response = try await client.postFilesWithRequestAsync(
            request: request,
            files: [
                UploadFile(fileName: "big.bin", data: file, mimeType: "application/octet-stream", fieldName: "file")
            ])
        XCTAssertEqual(response.files?.first?.contentLength, file.count)
        let reports = uploads.all
        XCTAssertFalse(reports.isEmpty)
        XCTAssertEqual(reports.map(\.done), reports.map(\.done).sorted(), "in order")
        let total = try XCTUnwrap(reports.last?.total)
        XCTAssertGreaterThan(total, Int64(file.count), "the multipart body: the file and its form")
        XCTAssertEqual(reports.last?.done, total, "ends with the whole body sent")
        XCTAssertTrue(reports.allSatisfy { $0.total == total && $0.done <= total })
        XCTAssertEqual(log.requests.count, 1)
    }

    func testALargeResponseReportsItsBodyComingIn() async throws {
        let client = try makeTestClient()
        let downloads = Reports()
        client.onDownloadProgress = { received, total in downloads.add(received, total) }
        let (data, response) = try await client.getDataAsync(url: "/api/GetAllTechnologies")
        XCTAssertGreaterThan(data.count, 500_000)
        let reports = downloads.all
        XCTAssertGreaterThan(reports.count, 1, "the megabyte arrives in pieces")
        XCTAssertEqual(reports.map(\.done), reports.map(\.done).sorted(), "in order")
        XCTAssertEqual(reports.last?.done, Int64(data.count))
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Length"), String(data.count))
        XCTAssertTrue(reports.allSatisfy { $0.total == Int64(data.count) }, "the announced length")

        // A call without a body to send reports no upload; the hooks are the client's, for every call.
        let uploads = Reports()
        client.onUploadProgress = { sent, total in uploads.add(sent, total) }
        _ = try await client.getDataAsync(url: "/binary/3")
        XCTAssertTrue(uploads.all.isEmpty)
    }

    func testTheAnnouncedLengthIsOnlyTheBodysOwn() throws {
        func response(_ headers: [String: String]) throws -> HTTPURLResponse {
            try XCTUnwrap(
                HTTPURLResponse(
                    url: URL(fileURLWithPath: "/"), statusCode: 200, httpVersion: "HTTP/1.1",
                    headerFields: headers))
        }
        XCTAssertEqual(TransferProgress.announcedLength(of: try response(["Content-Length": "1000"])), 1000)
        XCTAssertNil(TransferProgress.announcedLength(of: try response([:])), "chunked")
        XCTAssertNil(
            TransferProgress.announcedLength(of: try response(["Content-Length": "1000", "Content-Encoding": "gzip"])),
            "compressed: the bytes received are not the bytes announced")
        XCTAssertEqual(
            TransferProgress.announcedLength(
                of: try response(["Content-Length": "7", "Content-Encoding": "identity"])), 7)
    }
}
