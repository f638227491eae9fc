import DTOKit
import Foundation
import TechStacksDTOs
import XCTest

/// The DTOs the plugin generated from the TechStacks snapshot read and write the TechStacks responses.
/// Names are module-qualified: this test module's own snapshot (testservices) declares some of them too.
final class TechStacksFixtureTests: XCTestCase {
    func testAllTechnologiesDecodeWithDatesEnumsAndNumbers() throws {
        let response = try TechStacksDTOs.GetAllTechnologiesResponse.fromJson(
            try Payload.data("get-all-technologies.1000"))
        let results = try XCTUnwrap(response.results)
        XCTAssertEqual(results.count, 1000)
        let first = results[0]
        XCTAssertEqual(first.id, 271)
        XCTAssertEqual(first.name, "CobaltRPC")
        XCTAssertEqual(first.vendorName, "Cobalt Sp. z o.o.")
        XCTAssertEqual(try XCTUnwrap(first.created).timeIntervalSince1970, 1_451_056_892.040, accuracy: 0.000_5)
        XCTAssertEqual(first.tier, .Server)
        XCTAssertEqual(first.logoApproved, true)
        XCTAssertEqual(first.isLocked, false)
        XCTAssertEqual(first.ownerId, "3")
        XCTAssertEqual(first.viewCount, 451)
        XCTAssertTrue(first.description?.hasPrefix("CobaltRPC is a well-documented") == true)
        XCTAssertEqual(Set(results.compactMap(\.tier)).count, TechStacksDTOs.TechnologyTier.allCases.count)
    }

    /// Apple's OS before 26 make every long string with `String(decoding:as:)` (no `UTF8Span`); Linux
    /// never would: the same response read that way gives the same values.
    func testThePathOfOSVersionsBefore26ReadsTheSame() throws {
        let data = try Payload.data("get-all-technologies.1000")
        var before26 = JsonDecodingOptions()
        before26.revalidatesStrings = true
        let revalidated = try TechStacksDTOs.GetAllTechnologiesResponse.fromJson(data, options: before26)
        let usual = try TechStacksDTOs.GetAllTechnologiesResponse.fromJson(data)
        XCTAssertEqual(revalidated.toJson(), usual.toJson())
        let nonASCII = try XCTUnwrap(revalidated.results?.compactMap(\.description).first { $0.utf8.count != $0.count })
        XCTAssertTrue(usual.results?.contains { $0.description == nonASCII } == true, nonASCII)
    }

    func testReencodingIsStable() throws {
        let response = try TechStacksDTOs.GetAllTechnologiesResponse.fromJson(
            try Payload.data("get-all-technologies.1000"))
        let encoded = response.toJsonData()
        let again = try TechStacksDTOs.GetAllTechnologiesResponse.fromJson(encoded)
        XCTAssertEqual(again.toJsonData(), encoded)
        // JSONSerialization reads DTOKit's output too.
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        XCTAssertEqual((object["results"] as? [Any])?.count, 1000)
    }

    func testStringlyTypedValuesAndNestedResponses() throws {
        // This response carries numbers and booleans as strings ("381", "True"), which ServiceStack accepts.
        let response = try TechStacksDTOs.GetTechnologyResponse.fromJson(
            try Payload.data("get-technology.servicestack"))
        let technology = try XCTUnwrap(response.technology)
        XCTAssertEqual(technology.id, 381)
        XCTAssertEqual(technology.logoApproved, true)
        XCTAssertEqual(technology.viewCount, 26216)
        XCTAssertFalse(response.technologyStacks?.isEmpty ?? true)

        let stack = try TechStacksDTOs.GetTechnologyStackResponse.fromJson(try Payload.data("get-technology-stack"))
        XCTAssertNotNil(stack.result?.name)
        XCTAssertFalse(stack.result?.technologyChoices?.isEmpty ?? true)

        let overview = try TechStacksDTOs.AppOverviewResponse.fromJson(try Payload.data("app-overview"))
        XCTAssertEqual(try XCTUnwrap(overview.created).timeIntervalSince1970, 1_523_942_312.513, accuracy: 0.000_5)
        XCTAssertFalse(overview.topTechnologies?.isEmpty ?? true)
    }

    func testAutoQueryResponseAndRoutes() throws {
        let page = try TechStacksDTOs.FindTechnologies.Return.fromJson(
            try Payload.data("find-technologies.query-response"))
        XCTAssertEqual(page.offset, 20)
        XCTAssertEqual(page.total, 122)
        XCTAssertEqual(page.results?.first?.name, "LevelDB")
        XCTAssertTrue(TechStacksDTOs.GetTechnology.routes.contains(ServiceRoute("/technology/{Slug}")))

        let query = TechStacksDTOs.FindTechnologies()
        query.nameContains = "sql"
        query.take = 5
        XCTAssertEqual(query.toJson(), #"{"nameContains":"sql","take":5}"#)
    }

    func testValidationErrorBody() throws {
        let error = try ErrorResponse.fromJson(try Payload.data("create-technology.validation-error"))
        let status = try XCTUnwrap(error.responseStatus)
        XCTAssertEqual(status.errorCode, "NotEmpty")
        XCTAssertEqual(status.errors?.map(\.fieldName), ["Name", "Slug", "ProductUrl", "Description"])
        XCTAssertEqual(status.errors?.first?.meta?["PropertyName"], "Name")
    }

    func testDecodeErrorsNameThePathInRealShapes() throws {
        let json = #"{"results":[{"id":1},{"id":"x"}]}"#
        XCTAssertThrowsError(try TechStacksDTOs.GetAllTechnologiesResponse.fromJson(json)) { error in
            XCTAssertTrue(String(describing: error).contains("$.results[1].id"), "\(error)")
        }
    }
}
