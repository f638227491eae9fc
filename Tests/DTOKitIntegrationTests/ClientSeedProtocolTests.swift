import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The rest of ServiceStack.Swift's `ServiceClient` protocol, over real HTTP: caller-built
/// `URLRequest`s, `retryIf`, the `url:` and `fileName:data:` upload forms, `sendFile(s)WithRequest`,
/// the core itself, session configuration, redirects, and the `Inspect` helpers.
final class ClientSeedProtocolTests: XCTestCase {
    // MARK: Requests you build

    func testSendIntoResponseWithAUrlRequest() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        var get = URLRequest(url: try XCTUnwrap(URL(string: "hello/Built")))  // relative to the base URL
        get.setValue("kept", forHTTPHeaderField: "X-Caller")
        let hello = try blocking { try client.send(intoResponse: HelloResponse(), request: get) }
        XCTAssertEqual(hello.result, "Hello, Built!")
        XCTAssertEqual(log.last?.headers["X-Caller"], "kept")
        XCTAssertEqual(log.last?.headers["Accept"], "application/json")

        var post = URLRequest(url: try XCTUnwrap(URL(string: client.baseUrl + "hello/FromPath")))
        post.httpMethod = "POST"
        post.httpBody = Data(#"{"name":"Posted"}"#.utf8)
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let posted = try await client.sendAsync(intoResponse: HelloResponse(), request: post)
        XCTAssertEqual(posted.result, "Hello, FromPath!", "the path's value wins over the body's")
        XCTAssertEqual(log.lastServerMethod, "POST")
    }

    func testGetDataRetriesWhenRetryIfSaysSo() async throws {
        let client = try makeTestClient()
        let key = UUID().uuidString
        let request = URLRequest(url: try XCTUnwrap(URL(string: client.baseUrl + "_test/flaky?failures=1&key=" + key)))
        XCTAssertThrowsError(try client.getData(request: request)) { error in
            XCTAssertEqual((error as? WebServiceException)?.statusCode, 503)
        }
        let asked = Counter()
        let flakyUrl = try XCTUnwrap(URL(string: client.baseUrl + "_test/flaky?failures=1&key=sync-" + key))
        let (data, response) = try blocking {
            try client.getData(request: URLRequest(url: flakyUrl)) { response in
                asked.increment()
                return response.statusCode == 503
            }
        }
        XCTAssertEqual(try JsonValue(parsing: data)["attempts"], .int(2))
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(asked.value, 1)

        let twice = URLRequest(
            url: try XCTUnwrap(URL(string: client.baseUrl + "_test/flaky?failures=2&key=async-" + key)))
        do {
            _ = try await client.getDataAsync(request: twice, retryIf: { _ in true })
            XCTFail("retried only once, so the second 503 is thrown")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 503)
        }
        let (third, _) = try await client.getDataAsync(request: twice, retryIf: { _ in true })
        XCTAssertEqual(try JsonValue(parsing: third)["attempts"], .int(3))
    }

    func testTheCoreDirectly() async throws {
        let client = try makeTestClient()
        let hello = Hello()
        hello.name = "core"
        let response = try blocking { try client.execute(ServiceCall(.get, hello)) }
        XCTAssertEqual(try response.decode(HelloResponse.self).result, "Hello, core!")
        XCTAssertEqual(response.statusCode, 200)
        let call = ServiceCall(method: .post, destination: .url("/echo/types"), payload: .json(EchoValues.make()))
        let echoed = try await client.executeAsync(call).decode(EchoTypes.self)
        EchoValues.assertEqual(echoed, EchoValues.make())
    }

    // MARK: Uploads

    func testUploadFormsWithUrlsAndFileParts() async throws {
        let client = try makeTestClient()
        let request = UploadFiles()
        request.notes = "forms"
        let data = Data("file body".utf8)
        let url = try XCTUnwrap(URL(string: client.baseUrl + "upload/by-url"))

        let byRoute = try blocking { try client.postFileWithRequest(request: request, fileName: "a.txt", data: data) }
        XCTAssertEqual(byRoute.files?.first?.fieldName, "file", "the fileName: form names its part `file`")
        XCTAssertEqual(byRoute.files?.first?.contentType, "text/plain")
        XCTAssertEqual(byRoute.files?.first?.crc32, crc32(data))

        let post = try blocking {
            try client.postFileWithRequest(
                url: url, request: request, fileName: "b.bin", data: data,
                mimeType: "application/x-test", fieldName: "doc")
        }
        XCTAssertEqual(post.category, "by-url")
        XCTAssertEqual(post.files?.first?.fieldName, "doc")
        XCTAssertEqual(post.files?.first?.contentType, "application/x-test")
        let postAsync = try await client.postFileWithRequestAsync(
            url: url, request: request, fileName: "c.txt", data: data)
        XCTAssertEqual(postAsync.method, "POST")
        let files = [UploadFile(fileName: "d.txt", data: data), UploadFile(fileName: "e.txt", data: Data())]
        XCTAssertEqual(try client.postFilesWithRequest(url: url, request: request, files: files).files?.count, 2)
        let postFilesAsync = try await client.postFilesWithRequestAsync(url: url, request: request, files: files)
        XCTAssertEqual(postFilesAsync.files?.map(\.fileName), ["d.txt", "e.txt"])

        let put = try blocking {
            try client.putFileWithRequest(url: url, request: request, fileName: "f.txt", data: data)
        }
        XCTAssertEqual(put.method, "PUT")
        let putAsync = try await client.putFileWithRequestAsync(
            "/upload/relative", request: request, fileName: "g.txt", data: data)
        XCTAssertEqual(putAsync.category, "relative")
        XCTAssertEqual(try client.putFilesWithRequest(url: url, request: request, files: files).method, "PUT")
        let putFilesAsync = try await client.putFilesWithRequestAsync(url: url, request: request, files: files)
        XCTAssertEqual(putFilesAsync.files?.count, 2)
        let putUrlAsync = try await client.putFileWithRequestAsync(
            url: url, request: request, fileName: "h.txt", data: data)
        XCTAssertEqual(putUrlAsync.notes, "forms")
        // The route that allows PUT (endpoint routing serves /api/UploadFiles for POST only).
        request.category = "routed"
        let putByRoute = try blocking {
            try client.putFileWithRequest(request: request, fileName: "i.txt", data: data, fieldName: nil)
        }
        XCTAssertEqual(putByRoute.files?.first?.fieldName, "upload0")
    }

    func testSendFilesWithAUrlRequestYouBuilt() async throws {
        let client = try makeTestClient()
        let request = UploadFiles()
        request.category = "ignored-the-url-wins"
        request.notes = "built"
        var urlRequest = URLRequest(url: try XCTUnwrap(URL(string: client.baseUrl + "upload/built")))
        urlRequest.httpMethod = "PUT"
        let one = try blocking {
            try client.sendFileWithRequest(&urlRequest, request: request, fileName: "one.txt", data: Data("1".utf8))
        }
        XCTAssertEqual(one.method, "PUT")
        XCTAssertEqual(one.category, "built")
        XCTAssertEqual(one.notes, "built")
        XCTAssertEqual(one.files?.first?.fieldName, "file")
        XCTAssertTrue(
            urlRequest.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data; boundary=") ?? false)
        XCTAssertTrue(
            String(decoding: urlRequest.httpBody ?? Data(), as: UTF8.self).contains(#"filename="one.txt""#),
            "the form is set on the request, as ServiceStack.Swift does")

        var asyncRequest = URLRequest(url: try XCTUnwrap(URL(string: client.baseUrl + "upload/built-async")))
        asyncRequest.httpMethod = "POST"
        let many = try await client.sendFilesWithRequestAsync(
            &asyncRequest, request: request,
            files: [
                UploadFile(fileName: "a.txt", data: Data("a".utf8)),
                UploadFile(fileName: "b.txt", data: Data("b".utf8)),
            ])
        XCTAssertEqual(many.files?.map(\.fileName), ["a.txt", "b.txt"])
        XCTAssertEqual(many.category, "built-async")
        let single = try await client.sendFileWithRequestAsync(
            &asyncRequest, request: request, fileName: "c.txt", data: Data())
        XCTAssertEqual(single.files?.first?.contentLength, 0)
        XCTAssertEqual(try client.sendFilesWithRequest(&asyncRequest, request: request, files: []).files?.count, 0)
    }

    // MARK: Session, redirects, cookies

    func testSessionConfigurationIsUsed() throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["X-From-Configuration": "yes"]
        let client = makeClient(baseUrl: try TestServer.shared().baseUrl, configuration: configuration)
        let headers = try client.get("/_test/headers", as: [String: String].self)
        XCTAssertEqual(headers["X-From-Configuration"], "yes")
        XCTAssertNotNil(configuration.httpCookieStorage, "the caller's configuration is not changed")
    }

    func testRedirectsKeepCredentialsOnlyOnTheSameOrigin() throws {
        let server = try TestServer.shared()
        let client = makeClient(baseUrl: server.baseUrl)
        client.bearerToken = "eyJ-redirect-token"
        client.setCookie(name: "ss-tok", value: "cookie-value")
        let sameOrigin = try client.get("/_test/redirect?to=/_test/headers", as: [String: String].self)
        XCTAssertEqual(sameOrigin["Authorization"], "Bearer eyJ-redirect-token")
        XCTAssertEqual(sameOrigin["Cookie"], "ss-tok=cookie-value")

        let otherOrigin = "http://localhost:\(server.port)/_test/headers"  // same server, another host name
        let crossOrigin = try client.get(
            "/_test/redirect?to=" + PercentEncodingForTests.encode(otherOrigin), as: [String: String].self)
        // Header names as each HTTP stack wrote them (AsyncHTTPClient writes `host`): case does not count.
        func header(_ name: String) -> String? { crossOrigin.first { $0.key.lowercased() == name.lowercased() }?.value }
        XCTAssertEqual(header("Host"), "localhost:\(server.port)", "the redirect was followed")
        XCTAssertNil(header("Authorization"))
        XCTAssertNil(header("Cookie"))
    }

    func testCookieHelpersThroughTheProtocol() throws {
        let client = try makeTestClient()
        let auth = credentialsSignIn("test", "test")
        let response = try client.post(auth)
        let generic: any ServiceClient = client
        XCTAssertEqual(generic.getTokenCookie(), response.bearerToken)
        XCTAssertEqual(generic.getRefreshTokenCookie(), response.refreshToken)
        XCTAssertEqual(generic.getCookies()["ss-id"], response.sessionId)
    }

    // MARK: Inspect

    func testInspectHelpersOnAServerResponse() throws {
        let client = try makeTestClient()
        let expected = Array(try TechnologyTable.load().sorted { ($0.id ?? 0) < ($1.id ?? 0) }.prefix(2))
        let query = FindTechnologies()
        query.ids = expected.compactMap(\.id)
        query.orderBy = "Id"
        query.fields = "Id,Name,ViewCount"
        let results = try XCTUnwrap(client.get(query).results)
        let table = Inspect.dumpTable(results).split(separator: "\n").map(String.init)
        XCTAssertEqual(table.count, 6, table.joined(separator: "\n"))
        XCTAssertEqual(table[0], table[2])
        XCTAssertEqual(table[0], table[5])
        let header = table[1].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(header, ["id", "name", "viewCount"])
        for (line, technology) in zip(table[3...4], expected) {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertEqual(cells, ["\(technology.id ?? 0)", technology.name ?? "", "\(technology.viewCount ?? 0)"])
            XCTAssertTrue(line.hasPrefix("| "), line)
        }
        XCTAssertEqual(Inspect.dumpTable(results, columns: ["name"]).split(separator: "\n").count, 6)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        unsafe setenv("INSPECT_VARS", folder.appendingPathComponent("sub/vars.json").path, 1)
        defer { unsafe unsetenv("INSPECT_VARS") }
        Inspect.vars(["first": results[0], "second": results[1]])
        let written = try JsonValue(parsing: Data(contentsOf: folder.appendingPathComponent("sub/vars.json")))
        XCTAssertEqual(written["first"]?["name"]?.stringValue, expected[0].name)
        XCTAssertEqual(written["second"]?["viewCount"]?.intValue, expected[1].viewCount)
    }
}

/// Percent-encoding for building test URLs by hand.
enum PercentEncodingForTests {
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
