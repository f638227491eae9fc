import DTOKit
import Foundation
import XCTest

/// A row of the TechStacks AutoQuery response, as the generator would emit it.
public enum TechnologyTier: String, CaseIterable, Sendable {
    case ProgrammingLanguage
    case Client
    case Http
    case Server
    case Data
    case SoftwareInfrastructure
    case OperatingSystem
    case HardwareInfrastructure
    case ThirdPartyServices
}

extension TechnologyTier: JsonEnum {
    public static let jsonCases = JsonEnumCases<TechnologyTier>(allCases)
}

public class Technology {
    public var id: Int?
    public var name: String?
    public var vendorName: String?
    public var productUrl: String?
    public var description: String?
    public var created: Date?
    public var ownerId: String?
    public var slug: String?
    public var logoApproved: Bool?
    public var isLocked: Bool?
    public var tier: TechnologyTier?
    public var organizationId: Int?
    public var viewCount: Int?
    public var favCount: Int?

    required public init() {}
}

extension Technology: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<Technology>.optional("id", get: { $0.id }, set: { $0.id = $1 }),
        Property<Technology>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
        Property<Technology>.optional("vendorName", get: { $0.vendorName }, set: { $0.vendorName = $1 }),
        Property<Technology>.optional("productUrl", get: { $0.productUrl }, set: { $0.productUrl = $1 }),
        Property<Technology>.optional("description", get: { $0.description }, set: { $0.description = $1 }),
        Property<Technology>.optional("created", get: { $0.created }, set: { $0.created = $1 }),
        Property<Technology>.optional("ownerId", get: { $0.ownerId }, set: { $0.ownerId = $1 }),
        Property<Technology>.optional("slug", get: { $0.slug }, set: { $0.slug = $1 }),
        Property<Technology>.optional("logoApproved", get: { $0.logoApproved }, set: { $0.logoApproved = $1 }),
        Property<Technology>.optional("isLocked", get: { $0.isLocked }, set: { $0.isLocked = $1 }),
        Property<Technology>.optional("tier", get: { $0.tier }, set: { $0.tier = $1 }),
        Property<Technology>.optional("organizationId", get: { $0.organizationId }, set: { $0.organizationId = $1 }),
        Property<Technology>.optional("viewCount", get: { $0.viewCount }, set: { $0.viewCount = $1 }),
        Property<Technology>.optional("favCount", get: { $0.favCount }, set: { $0.favCount = $1 }),
    ])
}

/// An AutoQuery request: subclasses the runtime's `QueryDb<T>` and lists the inherited paging
/// properties in its own table, as generated requests do.
public class FindTechnologies: QueryDb<Technology>, IReturn, IGet {
    public typealias Return = QueryResponse<Technology>

    public var name: String?
    public var ids: [Int]?

    required public init() { super.init() }
}

extension FindTechnologies: JsonSerializable {
    public static let metadata = Metadata.create(
        routes: [ServiceRoute("/technology/search", "GET")],
        [
            Property<FindTechnologies>.optional("name", get: { $0.name }, set: { $0.name = $1 }),
            Property<FindTechnologies>.optionalArray("ids", get: { $0.ids }, set: { $0.ids = $1 }),
            Property<FindTechnologies>.optional("skip", get: { $0.skip }, set: { $0.skip = $1 }),
            Property<FindTechnologies>.optional("take", get: { $0.take }, set: { $0.take = $1 }),
            Property<FindTechnologies>.optional("orderBy", get: { $0.orderBy }, set: { $0.orderBy = $1 }),
            Property<FindTechnologies>.optional("orderByDesc", get: { $0.orderByDesc }, set: { $0.orderByDesc = $1 }),
            Property<FindTechnologies>.optional("include", get: { $0.include }, set: { $0.include = $1 }),
            Property<FindTechnologies>.optional("fields", get: { $0.fields }, set: { $0.fields = $1 }),
            Property<FindTechnologies>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        ])
}

/// The ServiceStack types that ship with the runtime.
final class BuiltInTests: XCTestCase {
    func testValidationErrorBodyDecodesWithFieldErrors() throws {
        let response = try ErrorResponse.fromJson(validationErrorBody)
        let status = try XCTUnwrap(response.responseStatus)
        XCTAssertEqual(status.errorCode, "NotEmpty")
        XCTAssertEqual(status.message, "'Name' must not be empty.")
        XCTAssertNil(status.stackTrace)
        XCTAssertNil(status.meta)
        let errors = try XCTUnwrap(status.errors)
        XCTAssertEqual(errors.map(\.errorCode), ["NotEmpty", "Length", "Predicate", "Length"])
        XCTAssertEqual(errors.map(\.fieldName), ["Name", "Slug", "ProductUrl", "Description"])
        XCTAssertEqual(errors[0].message, "'Name' must not be empty.")
        XCTAssertEqual(errors[0].meta, ["PropertyName": "Name", "Severity": "Error"])
        XCTAssertEqual(errors[1].meta?["TotalLength"], "69")
        XCTAssertEqual(
            errors[1].meta?["PropertyValue"], "redis-cluster-with-sentinel-and-automatic-failover-for-production-use")
        XCTAssertEqual(errors[2].meta?["PropertyName"], "Product Url")

        let description = try XCTUnwrap(errors[3].meta?["PropertyValue"])
        XCTAssertEqual(description.unicodeScalars.count, 993, "the server counted 993 characters")
        XCTAssertTrue(description.contains(#"default setup as "batteries included" — mostly fair."#))
        XCTAssertTrue(description.contains("overkill for session storage.\n\nHighlights:\n- streaming replication"))
        XCTAssertTrue(
            description.contains(#"under C:\ProgramData\redis-cluster\. Match IDs with the pattern ^\d{4}-[a-z]+$ ."#))
        XCTAssertTrue(description.contains("Key settings:\tport, timeout"))
        XCTAssertTrue(description.contains("Łódź and elsewhere 🐳"))
        XCTAssertTrue(description.contains("日本語のドキュメント"))
        XCTAssertTrue(description.contains("«cluster-aware»"))

        // Written back, the same document (meta members are written in key order, so compare trees).
        XCTAssertEqual(try JsonValue(parsing: response.toJson()), try JsonValue(parsing: validationErrorBody))
    }

    func testErrorBodiesWithPascalCaseAndExtraMembers() throws {
        let body =
            #"{"ResponseStatus":{"ErrorCode":"Forbidden","Message":"Access denied","StackTrace":"at X","Errors":[],"Meta":{"k":"v"}},"Result":null}"#
        let status = try XCTUnwrap(EmptyResponse.fromJson(body).responseStatus)
        XCTAssertEqual(status.errorCode, "Forbidden")
        XCTAssertEqual(status.message, "Access denied")
        XCTAssertEqual(status.stackTrace, "at X")
        XCTAssertEqual(status.errors?.count, 0)
        XCTAssertEqual(status.meta, ["k": "v"])
        XCTAssertEqual(try ResponseStatus.fromJson(#"{"errorCode":"E"}"#).toJson(), #"{"errorCode":"E"}"#)
    }

    func testQueryResponseOfGeneratedRows() throws {
        let response = try QueryResponse<Technology>.fromJson(queryResponseBody)
        XCTAssertEqual(response.offset, 20)
        XCTAssertEqual(response.total, 122)
        XCTAssertEqual(response.meta, ["Environment": "Production"])
        XCTAssertNil(response.responseStatus)
        let rows = try XCTUnwrap(response.results)
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[0].id, 597)
        XCTAssertEqual(rows[0].name, "LevelDB")
        XCTAssertEqual(rows[0].tier, .Data)
        XCTAssertEqual(rows[0].logoApproved, true)
        XCTAssertEqual(rows[0].ownerId, "9")
        XCTAssertEqual(milliseconds(rows[0].created), 1_476_040_042_971)
        XCTAssertEqual(
            rows[0].description,
            "LevelDB is a modular search engine.\n\nHighlights:\n- built-in metrics\n\nMeet-ups run in Malmö 🐳")
        XCTAssertEqual(rows[1].tier, .Server)
        XCTAssertEqual(rows[1].viewCount, 0)
        XCTAssertNil(rows[1].productUrl)

        let text = try assertStableRoundTrip(QueryResponse<Technology>.self, queryResponseBody)
        XCTAssertTrue(text.hasPrefix(#"{"offset":20,"total":122,"results":[{"id":597,"name":"LevelDB","#), text)
        XCTAssertTrue(text.contains(#""created":"\/Date(1476040042971)\/""#), text)
        XCTAssertTrue(QueryResponse<Technology>.metadata === QueryResponse<Technology>.metadata)
        XCTAssertEqual(QueryResponse<Technology>.typeName, "QueryResponse")
    }

    func testAutoQueryRequestWritesOwnAndInheritedMembers() throws {
        let request = FindTechnologies()
        request.name = "Redis"
        request.take = 10
        request.orderBy = "-ViewCount"
        request.ids = [1, 2]
        XCTAssertEqual(request.toJson(), #"{"name":"Redis","ids":[1,2],"take":10,"orderBy":"-ViewCount"}"#)
        let back = try FindTechnologies.fromJson(#"{"Skip":5,"include":"Total","meta":{"a":"b"}}"#)
        XCTAssertEqual(back.skip, 5)
        XCTAssertEqual(back.include, "Total")
        XCTAssertEqual(back.meta, ["a": "b"])
        XCTAssertEqual(FindTechnologies.routes, [ServiceRoute("/technology/search", "GET")])
        XCTAssertTrue(FindTechnologies.Return.self == QueryResponse<Technology>.self)
    }

    func testSmallResponses() throws {
        XCTAssertEqual(EmptyResponse().toJson(), "{}")
        XCTAssertNil(try EmptyResponse.fromJson("{}").responseStatus)
        XCTAssertEqual(try IdResponse.fromJson(#"{"id":"42"}"#).id, "42")
        XCTAssertEqual(try BoolResponse.fromJson(#"{"result":true}"#).result, true)
        XCTAssertEqual(try StringResponse.fromJson(#"{"result":"ok","meta":{"x":"y"}}"#).result, "ok")
        XCTAssertEqual(try StringsResponse.fromJson(#"{"results":["a","b"]}"#).results, ["a", "b"])

        let pair = try KeyValuePair<String, Int>.fromJson(#"{"key":"answer","value":42}"#)
        XCTAssertEqual(pair.key, "answer")
        XCTAssertEqual(pair.value, 42)
        XCTAssertEqual(KeyValuePair<String, Int>(key: "k", value: nil).toJson(), #"{"key":"k"}"#)
        XCTAssertEqual(
            try [KeyValuePair<String, Child>].fromJson(#"[{"key":"c","value":{"id":3}}]"#).first?.value?.id, 3)
    }

    func testAuthenticationTypes() throws {
        let request = Authenticate()
        request.provider = "credentials"
        request.userName = "admin"
        request.password = "p@ss\"word"
        request.rememberMe = true
        XCTAssertEqual(
            request.toJson(),
            #"{"provider":"credentials","userName":"admin","password":"p@ss\"word","rememberMe":true}"#)
        XCTAssertEqual(Authenticate.typeName, "Authenticate")
        XCTAssertEqual(Authenticate.routes.map(\.path), ["/auth", "/auth/{provider}"])

        let response = try AuthenticateResponse.fromJson(
            """
            {"userId":"1","sessionId":"s","userName":"admin","bearerToken":"eyJ.x.y","refreshToken":"r",
             "refreshTokenExpiry":"\\/Date(1700000000000)\\/","roles":["Admin"],"permissions":[],"responseStatus":{}}
            """)
        XCTAssertEqual(response.userId, "1")
        XCTAssertEqual(response.bearerToken, "eyJ.x.y")
        XCTAssertEqual(response.refreshToken, "r")
        XCTAssertEqual(milliseconds(response.refreshTokenExpiry), 1_700_000_000_000)
        XCTAssertEqual(response.roles, ["Admin"])
        XCTAssertEqual(response.permissions, [])
        XCTAssertNotNil(response.responseStatus)

        let refresh = GetAccessToken()
        refresh.refreshToken = "r"
        XCTAssertEqual(refresh.toJson(), #"{"refreshToken":"r"}"#)
        XCTAssertEqual(try GetAccessTokenResponse.fromJson(#"{"accessToken":"a"}"#).accessToken, "a")
    }

    func testServiceRoutes() {
        let route = ServiceRoute("/technology/{Slug}", "get, Post")
        XCTAssertEqual(route.verbs, ["GET", "POST"])
        XCTAssertTrue(route.allows("post"))
        XCTAssertFalse(route.allows("DELETE"))
        XCTAssertTrue(ServiceRoute("/any").allows("PATCH"))
        XCTAssertEqual(route.description, "/technology/{Slug} (GET,POST)")
    }
}
