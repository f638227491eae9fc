import DTOKit
import DTOKitClient
import Foundation
import TechStacksDTOs
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Client code from ServiceStack.Swift's documentation ("Swift Add ServiceStack Reference"),
/// ported to DTOKit the way the DocC article "Migrating from ServiceStack.Swift" says: each snippet
/// keeps its shape; only the spellings in its table change. The comments quote
/// the original lines. TechStacks names are module-qualified because this test module's own
/// snapshot declares some of them too.
final class MigrationPortTests: XCTestCase {
    // MARK: "Simple Usage Example", "Async API Usage"

    func testUsageExamples() async throws {
        let client = JsonServiceClient(baseUrl: try TestServer.shared().baseUrl)  // "https://techstacks.io"

        // let response = try await client.getAsync(AppOverview())
        // print(response.topTechnologies.count) //= 100
        let response = try await client.getAsync(TechStacksDTOs.AppOverview())
        XCTAssertEqual(response.topTechnologies?.count, 100)  // members are optional (MakePropertiesOptional)

        // let response:AppOverviewResponse = try await client.getAsync(AppOverview())
        // Inspect.printDump(response)
        let typed: TechStacksDTOs.AppOverviewResponse = try await client.getAsync(TechStacksDTOs.AppOverview())
        XCTAssertTrue(Inspect.dump(typed).hasPrefix("AppOverviewResponse {"))

        // let response = client.get(AppOverview())   (sync; it throws in ServiceStack.Swift 6 too)
        let sync = try blocking { try client.get(TechStacksDTOs.AppOverview()) }
        XCTAssertEqual(sync.allTiers?.count, 10)

        // var response:GetTechnologyResponse? = client.get("/technology/servicestack")
        let technology: TechStacksDTOs.GetTechnologyResponse? = try blocking {
            try client.get("/technology/servicestack")
        }
        XCTAssertEqual(technology?.technology?.name, "ServiceStack")
    }

    // MARK: "Typed Error Handling"

    func testErrorHandling() async throws {
        let client = try makeTestClient()  // "https://test.servicestack.net"

        // var request = ThrowType(); request.type = "NotFound"; request.message = "custom message"
        // do { let response = client.post(request) } catch var error as NSError {
        //     error.code //= 404
        //     var status:ResponseStatus = error.convertUserInfo()
        //     status.message //= not here
        let request = ThrowType()
        request.type = "NotFound"
        request.message = "custom message"
        do {
            _ = try blocking { try client.post(request) }
            XCTFail("did not throw")
        } catch let error as WebServiceException {
            XCTAssertEqual(error.statusCode, 404)
            let status: ResponseStatus? = error.responseStatus
            XCTAssertEqual(status?.message, "custom message")
        }

        // let request = ThrowValidation(); request.email = "invalidemail"
        // do { _ = try await client.postAsync(request) } catch let responseError as NSError {
        //     let status:ResponseStatus = responseError.convertUserInfo()!
        //     status.errors.count //= 3
        //     let field1 = status.errors[0]
        //     field1.errorCode! //= InclusiveBetween
        //     field1.fieldName! //= Age
        //     field1.message!   //= 'Age' must be between 1 and 120. You entered 0.
        let validation = ThrowValidation()
        validation.email = "invalidemail"
        do {
            _ = try await client.postAsync(validation)
            XCTFail("did not throw")
        } catch let responseError as WebServiceException {
            let status = try XCTUnwrap(responseError.responseStatus)
            XCTAssertEqual(status.errors?.count, 3)
            let field1 = try XCTUnwrap(status.errors?[0])
            XCTAssertEqual(field1.errorCode, "InclusiveBetween")
            XCTAssertEqual(field1.fieldName, "Age")
            XCTAssertEqual(field1.message, "'Age' must be between 1 and 120. You entered 0.")
        }
    }

    // MARK: "JsonServiceClient Error Handlers", "JsonServiceClient Options", "Swift HTTP Marker Interfaces"

    func testOptionsHandlersAndMarkers() throws {
        let client = try makeTestClient()
        let seen = Counter()
        // client.onError = {(e:NSError) in ... }
        client.onError = { _ in seen.increment() }
        // JsonServiceClient.Global.onError = {(e:NSError) in ... }
        JsonServiceClient.Global.onError = { _ in seen.increment() }
        defer { JsonServiceClient.Global.reset() }
        // client.idleTimeout = ...
        client.idleTimeout = 30
        // client.cachePolicy = NSURLRequestCachePolicy.ReloadIgnoringLocalCacheData
        client.cachePolicy = .reloadIgnoringLocalCacheData
        // client.requestFilter = {(req:URLRequest) in ... }   (the request is `inout`: filters change it)
        client.requestFilter = { req in req.setValue("migrated", forHTTPHeaderField: "X-App") }
        // client.responseFilter = {(res:URLResponse) in ... }
        let statuses = Counter()
        client.responseFilter = { res in if res.statusCode == 200 { statuses.increment() } }

        // let response = try client.send(HelloByGet())  //GET
        let hello = Hello()  // IGet
        hello.name = "marker"
        XCTAssertEqual(try client.send(hello).result, "Hello, marker!")
        XCTAssertEqual(statuses.value, 1)

        let failing = ThrowType()
        failing.type = "Forbidden"
        XCTAssertThrowsError(try client.post(failing))
        XCTAssertEqual(seen.value, 2, "the client's and the global handler")
    }

    // MARK: "Uploading Files"

    func testUploadingFiles() async throws {
        let client = try makeTestClient()  // "https://openai.servicestack.net"
        client.bearerToken = "api-key"  // client.bearerToken = apiKey
        let mp3Data = Data([0x49, 0x44, 0x33, 0x04])

        // let response = try await client.postFileWithRequestAsync(request:request,
        //     file:UploadFile(fileName:"audio.mp3", data:mp3Data, fieldName:"audio"))
        let request = UploadFiles()  // SpeechToText()
        request.category = "speech"
        let response = try await client.postFileWithRequestAsync(
            request: request,
            file: UploadFile(fileName: "audio.mp3", data: mp3Data, fieldName: "audio"))
        XCTAssertEqual(response.files?.first?.fieldName, "audio")
        XCTAssertEqual(response.files?.first?.contentType, "audio/mpeg")

        // let response = try client.postFilesWithRequest(request: request, files: [
        //     UploadFile(fileName: "video.mp4", data:videoData, fieldName:"video"),
        //     UploadFile(fileName: "watermark.jpg", data:watermarkData, fieldName:"watermark") ])
        let videoData = Data(repeating: 7, count: 1000)
        let watermarkData = Data([0xFF, 0xD8, 0xFF])
        let both = try blocking {
            try client.postFilesWithRequest(
                request: request,
                files: [
                    UploadFile(fileName: "video.mp4", data: videoData, fieldName: "video"),
                    UploadFile(fileName: "watermark.jpg", data: watermarkData, fieldName: "watermark"),
                ])
        }
        XCTAssertEqual(both.files?.map(\.fieldName), ["video", "watermark"])
        XCTAssertEqual(both.files?.map(\.contentLength), [1000, 3])
    }

    // MARK: The TechStacks app's AppData (KVO properties filled by async calls)

    @MainActor
    func testAppDataLoadsLikeTheTechStacksApp() async throws {
        let appData = AppData(client: JsonServiceClient(baseUrl: try TestServer.shared().baseUrl))
        try await appData.loadOverview()
        XCTAssertEqual(appData.topTechnologies.count, 100)
        XCTAssertEqual(appData.allTiers.count, 10)
        XCTAssertNotNil(appData.overview.created)
        try await appData.loadAllTechnologies()
        XCTAssertEqual(appData.allTechnologies.count, 1000)
    }
}

/// The TechStacks app's `AppData`, ported: `Promise`-returning loaders become `async` functions
/// on the main actor, assigning the responses to the observed state.
@MainActor
final class AppData {
    let client: any ServiceClient
    var overview = TechStacksDTOs.AppOverviewResponse()
    var allTiers: [TechStacksDTOs.Option] = []
    var topTechnologies: [TechStacksDTOs.TechnologyInfo] = []
    var allTechnologies: [TechStacksDTOs.Technology] = []

    init(client: any ServiceClient) {
        self.client = client
    }

    // func loadOverview() -> Promise<AppOverviewResponse> {
    //     return client.getAsync(AppOverview())
    //         .done { r in self.overview = r; self.allTiers = r.allTiers; self.topTechnologies = r.topTechnologies; return r }
    // }
    @discardableResult
    func loadOverview() async throws -> TechStacksDTOs.AppOverviewResponse {
        let r = try await client.getAsync(TechStacksDTOs.AppOverview())
        overview = r
        allTiers = r.allTiers ?? []
        topTechnologies = r.topTechnologies ?? []
        return r
    }

    // func loadAllTechnologies() -> Promise<GetAllTechnologiesResponse> {
    //     return client.getAsync(GetAllTechnologies()).done { r in self.allTechnologies = r.results; return r }
    // }
    @discardableResult
    func loadAllTechnologies() async throws -> TechStacksDTOs.GetAllTechnologiesResponse {
        let r = try await client.getAsync(TechStacksDTOs.GetAllTechnologies())
        allTechnologies = r.results ?? []
        return r
    }
}
