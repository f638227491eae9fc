// Module-qualified: the fixture modules declare some of the same names (Post, FlagType, Contact…).
import AdminUiDTOs
import BlazorGalleryDTOs
import DTOKit
import Foundation
import OldServerDTOs
import PvqDTOs
import XCTest

/// The DTOs generated from the other real snapshots compile and round-trip real-shaped JSON.
final class OtherFixtureTests: XCTestCase {
    func testBlazorGalleryBookingWithAuditBaseAndEnum() throws {
        let json = #"""
            {"id":7,"name":"Ada","roomType":"Suite","roomNumber":101,"bookingStartDate":"2024-05-01T00:00:00Z",
             "cost":249.99,"couponId":"SUMMER","cancelled":false,"createdDate":"\/Date(1714521600000)\/","createdBy":"admin",
             "unknownField":{"ignored":[1,2,3]}}
            """#
        let booking = try BlazorGalleryDTOs.Booking.fromJson(json)
        XCTAssertEqual(booking.roomType, .Suite)
        XCTAssertEqual(booking.cost, 249.99)
        XCTAssertEqual(booking.createdBy, "admin")
        XCTAssertEqual(booking.bookingStartDate, Date(timeIntervalSince1970: 1_714_521_600))
        XCTAssertEqual(booking.createdDate, booking.bookingStartDate)
        let again = try BlazorGalleryDTOs.Booking.fromJson(booking.toJson())
        XCTAssertEqual(again.toJson(), booking.toJson())
        XCTAssertTrue(booking.toJson().contains(#""createdBy":"admin""#), "inherited AuditBase members are written")
    }

    func testBlazorGalleryIntBackedEnumReadsNamesAndNumbers() throws {
        let names = try [PlayerRegion].fromJson(#"["Africa", 2, "europe"]"#)
        XCTAssertEqual(names.count, 3)
        XCTAssertEqual(names[0].toJson(), #""Africa""#)
    }

    func testPvqPostAndFlagsEnum() throws {
        let post = try PvqDTOs.Post.fromJson(
            #"{"id":1,"title":"Why?","tags":["swift","json"],"creationDate":"2024-01-02T03:04:05.1234567Z"}"#)
        XCTAssertEqual(post.tags, ["swift", "json"])
        XCTAssertEqual(
            try XCTUnwrap(post.creationDate).timeIntervalSince1970, 1_704_164_645.1234567, accuracy: 0.000_001)
        let lists = try MailingList.fromJson("3")
        XCTAssertTrue(lists.contains(MailingList(rawValue: 1)))
        XCTAssertEqual(lists.toJson(), "3")
    }

    func testPvqConcreteBaseAndSubclassUseTheirOwnTables() throws {
        XCTAssertEqual(ArchiveMessage.typeName, "ArchiveMessage")
        XCTAssertEqual(MailMessage.typeName, "MailMessage")
        XCTAssertEqual(
            ArchiveMessage.metadata.propertyNames, MailMessage.metadata.propertyNames,
            "ArchiveMessage adds no members; its table lists the inherited ones")
        let archived = try ArchiveMessage.fromJson(#"{"id":5,"email":"a@b.c"}"#)
        XCTAssertEqual(archived.id, 5)
        XCTAssertTrue(type(of: archived) == ArchiveMessage.self)
        let messages = try [MailMessage].fromJson(#"[{"id":1,"draft":true}]"#)
        XCTAssertEqual(messages.first?.draft, true)
    }

    func testAdminUiTypesShadowingLibraryNames() throws {
        // The admin snapshot defines `Property`, which the generated code keeps apart from DTOKit.Property.
        let job = try AdminUiDTOs.BackgroundJob.fromJson(#"{"id":3,"state":"Completed","durationMs":12}"#)
        XCTAssertEqual(job.id, 3)
        XCTAssertEqual(job.state, .Completed)
    }

    /// A v5/v6 server's shapes: `Nullable`1[]` without its argument reads as JSON values, the old
    /// request-level routes and return markers drive the client's route and return type.
    func testOldServerShapesReadAndWrite() throws {
        let json = #"""
            {"id":9007199254740993,"taken":"\/Date(1514764800000-0000)\/","raw":[1,null,255],"samples":[1.5,null],
             "tags":["north"],"unit":"Fahrenheit","duration":"PT1M30S"}
            """#
        let reading = try Reading.fromJson(json)
        XCTAssertEqual(reading.id, 9_007_199_254_740_993)
        XCTAssertEqual(reading.raw, [.int(1), .null, .int(255)])
        XCTAssertEqual(reading.samples, [1.5, nil])
        XCTAssertEqual(reading.unit, .Fahrenheit)
        XCTAssertEqual(reading.duration, 90)
        XCTAssertEqual(reading.taken, Date(timeIntervalSince1970: 1_514_764_800))
        XCTAssertTrue(reading.toJson().contains(#""raw":[1,null,255]"#), reading.toJson())
        XCTAssertEqual(GetReadings.routes.map(\.path), ["/readings/{Since}"])
        XCTAssertTrue(GetReadings.Return.self == GetReadingsResponse.self)
        XCTAssertTrue(Echo.Return.self == String.self)
        let channels = try Channels.fromJson(#""Left,Right""#)
        XCTAssertEqual(channels, [.Left, .Right])
    }
}
