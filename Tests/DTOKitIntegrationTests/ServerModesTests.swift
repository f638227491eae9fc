import DTOKit
import DTOKitClient
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the client sends to and accepts from each kind of ServiceStack server, against both of the
/// test server's modes in every run: ServiceStack.Text with ServiceStack's own routing, and
/// ServiceStack 8's endpoint routing with System.Text.Json (`Server/endpointrouting.py`).
final class ServerModesTests: XCTestCase {
    enum Mode: String, CaseIterable {
        case classic
        case endpointRouting
    }

    func client(_ mode: Mode) throws -> JsonServiceClient {
        let server = try TestServer.shared()
        return makeClient(baseUrl: mode == .classic ? server.classicBaseUrl : server.endpointRoutingBaseUrl)
    }

    // MARK: Unset enums

    /// A non-nullable enum nobody set, whose enum has no member 0 (`Priority`: 10, 20, 30): the server
    /// writes `"0"` (ServiceStack.Text) or `0` (System.Text.Json); the response decodes with the
    /// property left as it was, and the rest intact.
    func testAnUnsetEnumDecodesAsEachServerWritesIt() async throws {
        for (mode, written) in [(Mode.classic, #""priority":"0""#), (.endpointRouting, #""priority":0"#)] {
            let client = try client(mode)
            let request = EchoTypes()
            request.id = 7
            request.name = "unset"
            request.colors = [.Blue]
            let raw = try await client.executeAsync(ServiceCall(.post, request))
            XCTAssertTrue(
                String(decoding: raw.data, as: UTF8.self).contains(written),
                "\(mode): \(String(decoding: raw.data, as: UTF8.self))")

            let response = try await client.postAsync(request)
            XCTAssertNil(response.priority, "\(mode): the unset value leaves the property as it was")
            XCTAssertEqual(response.id, 7, "\(mode)")
            XCTAssertEqual(response.name, "unset", "\(mode)")
            XCTAssertEqual(response.colors, [.Blue], "\(mode)")

            // Skipping invalid members reports it too.
            let report = SkippedMembers()
            client.decodingOptions = JsonDecodingOptions(invalidMembers: .skip(reportingTo: report))
            let lenient = try await client.postAsync(request)
            XCTAssertEqual(lenient.name, "unset")
            XCTAssertEqual(report.all.map(\.jsonPath), ["$.priority"], "\(mode)")
        }
    }

    // MARK: Dates

    func testDatesInBodiesAreIso8601WhichEveryServerReads() async throws {
        let created = Date(timeIntervalSince1970: 1_523_942_312.513)
        for mode in Mode.allCases {
            let client = try client(mode)
            let body = Guarded<Data?>(nil)
            client.requestFilter = { request in body.withLock { $0 = request.httpBody } }
            let request = EchoTypes()
            request.created = created
            request.updated = Date(timeIntervalSince1970: -86_400.5)
            let response = try await client.postAsync(request)
            XCTAssertEqual(milliseconds(response.created), milliseconds(created), "\(mode)")
            XCTAssertEqual(milliseconds(response.updated), -86_400_500, "\(mode)")
            let sent = String(decoding: body.current ?? Data(), as: UTF8.self)
            XCTAssertTrue(sent.contains(#""created":"2018-04-17T05:18:32.5130000Z""#), sent)
        }
    }

    /// A .NET `DateOnly` goes out as a day, `2018-04-17`: System.Text.Json reads a `DateOnly` in no
    /// other form (not even a full ISO 8601 date and time), and ServiceStack.Text reads it too.
    func testADateOnlyGoesOutAsADayWhichEveryServerReads() async throws {
        let day = Date(timeIntervalSince1970: 1_523_923_200)  // 2018-04-17T00:00:00Z
        for mode in Mode.allCases {
            let client = try client(mode)
            let body = Guarded<Data?>(nil)
            client.requestFilter = { request in body.withLock { $0 = request.httpBody } }
            let request = EchoTypes()
            request.birthday = day.addingTimeInterval(5 * 3600 + 0.25)  // any time of that day, in UTC
            let response = try await client.postAsync(request)
            XCTAssertEqual(response.birthday, day, "\(mode)")
            let sent = String(decoding: body.current ?? Data(), as: UTF8.self)
            XCTAssertTrue(sent.contains(#""birthday":"2018-04-17""#), sent)
        }
    }

    func testWcfDatesAreASettingThatOnlyServiceStackTextReads() async throws {
        let request = EchoTypes()
        request.created = Date(timeIntervalSince1970: 1_523_942_312.513)
        let classic = try client(.classic)
        classic.encodingOptions = JsonEncodingOptions(dateFormat: .wcf)
        let echoed = try await classic.postAsync(request)
        XCTAssertEqual(milliseconds(echoed.created), 1_523_942_312_513)

        let endpoints = try client(.endpointRouting)
        endpoints.encodingOptions = JsonEncodingOptions(dateFormat: .wcf)
        do {
            _ = try await endpoints.postAsync(request)
            XCTFail("System.Text.Json reads no /Date(ms)/")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 400)
            XCTAssertTrue(error.errorMessage.contains("DateTime"), error.errorMessage)
        }
    }

    func testDatesInTheQueryStringAreIso8601Too() async throws {
        for mode in Mode.allCases {
            let client = try client(mode)
            let log = TrafficLog(client)
            let request = EchoTypes()
            request.created = Date(timeIntervalSince1970: 1_523_942_312.513)
            let response = try await client.getAsync(request)
            XCTAssertEqual(milliseconds(response.created), 1_523_942_312_513, "\(mode)")
            XCTAssertEqual(log.last?.query, "created=2018-04-17T05%3A18%3A32.5130000Z", "\(mode)")
        }
    }

    // MARK: Guids and numbers

    /// DTOKit sends a Guid as the caller gave it, as a string: the dashed form (`D`) every server reads,
    /// the 32 digits (`N`) ServiceStack.Text writes only where ServiceStack.Text reads it.
    func testGuidsAndNumbersAsSystemTextJsonReadsThem() async throws {
        let dashed = "0f8fad5b-d9cb-469f-a165-70867728950e"
        for (mode, written) in [(Mode.classic, "0f8fad5bd9cb469fa16570867728950e"), (.endpointRouting, dashed)] {
            let request = EchoTypes()
            request.guid = dashed
            request.longId = 9_007_199_254_740_993  // a number, never a string
            request.price = 0.1
            let response = try await client(mode).postAsync(request)
            XCTAssertEqual(response.guid, written, "\(mode): as the server writes a Guid")
            XCTAssertEqual(response.longId, 9_007_199_254_740_993, "\(mode)")
        }
        let undashed = EchoTypes()
        undashed.guid = "0f8fad5bd9cb469fa16570867728950e"
        do {
            _ = try await client(.endpointRouting).postAsync(undashed)
            XCTFail("System.Text.Json reads the D form only")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 400)
        }
    }

    // MARK: One-way calls and batches

    func testOneWayCallsGoWhereJsonApiClientSendsThem() async throws {
        for mode in Mode.allCases {
            let client = try client(mode)
            let log = TrafficLog(client)
            try await client.sendOneWayAsync(store("modes-\(mode)", "1"))
            XCTAssertEqual(log.last?.path, "/api/StoreValue", "\(mode)")
            XCTAssertEqual(log.last?.method, "POST", "\(mode)")
            let get = GetValue()
            get.key = "modes-\(mode)"
            let stored = try await client.getAsync(get)
            XCTAssertEqual(stored.value, "1", "\(mode): the service ran")
        }
    }

    /// A one-way call of an operation that is not a POST (`DeleteValue` is a DELETE) goes with its
    /// method: endpoint routing maps `/api/{Name}` for the operation's own method only.
    func testAOneWayCallOfADeleteOperationRunsOnEveryServer() async throws {
        for mode in Mode.allCases {
            let client = try client(mode)
            let log = TrafficLog(client)
            try await client.sendAsync(store("one-way-delete-\(mode)", "x"))
            let delete = DeleteValue()
            delete.key = "one-way-delete-\(mode)"
            try await client.sendOneWayAsync(delete)
            XCTAssertEqual(log.last?.method, "DELETE", "\(mode)")
            XCTAssertEqual(log.last?.path, "/api/DeleteValue", "\(mode)")
            XCTAssertEqual(log.last?.query, "key=one-way-delete-\(mode)", "\(mode): its values in the query string")
            let get = GetValue()
            get.key = "one-way-delete-\(mode)"
            do {
                _ = try await client.getAsync(get)
                XCTFail("\(mode): the value is still there")
            } catch let error as WebServiceException {
                XCTAssertEqual(error.statusCode, 404, "\(mode): the service ran")
            }
        }
    }

    /// Without a base path one-way calls use ServiceStack's own one-way route, which a server before v6
    /// has and endpoint routing does not run (its catch-all handler is given the path as the
    /// operation's name).
    func testWithoutABasePathOneWayCallsUseTheLegacyRoute() async throws {
        let classic = try client(.classic)
        classic.basePath = nil
        let log = TrafficLog(classic)
        try await classic.sendOneWayAsync(store("legacy", "2"))
        XCTAssertEqual(log.last?.path, "/json/oneway/StoreValue")
        try await classic.publishAllAsync([store("legacy-1", "a"), store("legacy-2", "b")])
        XCTAssertEqual(log.last?.path, "/json/oneway/StoreValue%5B%5D")
        XCTAssertEqual(log.responses.last?.statusCode, 204)

        let endpoints = try client(.endpointRouting)
        endpoints.basePath = nil
        do {
            try await endpoints.sendOneWayAsync(store("legacy", "3"))
            XCTFail("endpoint routing runs no /json/oneway/ request")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 405)
            XCTAssertEqual(error.errorCode, "NotImplementedException")
            XCTAssertEqual(error.errorMessage, "The operation does not exist for this service")
        }
    }

    /// A batch goes to `/api/{Name}[]`, which endpoint routing maps only for operations with a body and
    /// a response: a batch of requests that return nothing finds no endpoint there, from DTOKit as
    /// from ServiceStack's own `JsonApiClient`.
    func testBatchesOnEachServer() async throws {
        for mode in Mode.allCases {
            let client = try client(mode)
            let echoes = try await client.sendAllAsync(["a", "b"].map(echo))
            XCTAssertEqual(echoes.map(\.name), ["a", "b"], "\(mode)")
            try await client.publishAllAsync(["c", "d"].map(echo))
        }
        try await client(.classic).publishAllAsync([store("batch-classic", "v")])
        do {
            try await client(.endpointRouting).publishAllAsync([store("batch-endpoints", "v")])
            XCTFail("no batch endpoint for StoreValue")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 404)
        }
    }

    /// Endpoint routing serves `/api/{Name}` for the operation's own method (the snapshot's `method`,
    /// which the generator makes the request's verb marker, so `send` and `api` use it).
    func testEndpointRoutingServesApiRoutesForTheOperationsMethodOnly() async throws {
        let client = try client(.endpointRouting)
        let sent = try await client.sendAsync(Hello())
        XCTAssertEqual(sent.result, "Hello, World!")
        let got = try await client.getAsync(Hello())
        XCTAssertEqual(got.result, "Hello, World!")
        do {
            _ = try await client.postAsync(Hello())
            XCTFail("/api/Hello is a GET endpoint")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 405)
        }
        let posted = try await self.client(.classic).postAsync(Hello())
        XCTAssertEqual(posted.result, "Hello, World!")
    }

    // MARK: Helpers

    func store(_ key: String, _ value: String) -> StoreValue {
        let request = StoreValue()
        request.key = key
        request.value = value
        return request
    }

    func echo(_ name: String) -> EchoTypes {
        let request = EchoTypes()
        request.name = name
        return request
    }
}
