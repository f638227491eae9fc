import DTOKit
import Foundation
import XCTest

@testable import DTOKitClient

/// AutoQuery pages and rows as async sequences, against the test server's `FindTechnologies` (an
/// AutoQuery over the 1,000 TechStacks technologies, ordered by id here): lazily fetched, honouring
/// `skip`/`take`, stopping at the total, cancellable, leaving the caller's request as it was.
final class QueryPagesTests: XCTestCase {
    func query(skip: Int? = nil, take: Int? = nil, include: String? = nil) -> FindTechnologies {
        let query = FindTechnologies()
        (query.skip, query.take, query.include, query.orderBy) = (skip, take, include, "Id")
        return query
    }

    func testPagesComeOneCallEachAndStopAtTheTotal() async throws {
        let client = try makeTestClient()
        let before = try serverCounter("findTechnologies")
        var offsets: [Int] = []
        var rows = 0
        for try await page in client.queryPages(query(take: 100)) {
            offsets.append(page.offset ?? -1)
            rows += page.results?.count ?? 0
            XCTAssertEqual(page.total, 1000)
        }
        XCTAssertEqual(offsets, Array(stride(from: 0, to: 1000, by: 100)))
        XCTAssertEqual(rows, 1000)
        XCTAssertEqual(try serverCounter("findTechnologies") - before, 10, "no extra call for an empty page")
    }

    func testRowsAreFetchedOnlyAsTheyAreUsed() async throws {
        let client = try makeTestClient()
        let before = try serverCounter("findTechnologies")
        var ids: [Int] = []
        for try await technology in client.queryResults(query(take: 50)).prefix(10) {
            ids.append(technology.id ?? -1)
        }
        XCTAssertEqual(ids.count, 10)
        XCTAssertEqual(ids, ids.sorted())
        XCTAssertEqual(try serverCounter("findTechnologies") - before, 1, "prefix(10) of 50-row pages: one call")

        var all = 0
        for try await _ in client.queryResults(query(take: 300)) { all += 1 }
        XCTAssertEqual(all, 1000)
        XCTAssertEqual(try serverCounter("findTechnologies") - before, 1 + 4, "300, 300, 300, 100")
    }

    func testSkipAndTakeOfTheRequestAreHonoured() async throws {
        let client = try makeTestClient()
        let before = try serverCounter("findTechnologies")
        var pages: [(offset: Int?, count: Int)] = []
        for try await page in client.queryPages(query(skip: 990, take: 4)) {
            pages.append((page.offset, page.results?.count ?? 0))
        }
        XCTAssertEqual(pages.map(\.offset), [990, 994, 998])
        XCTAssertEqual(pages.map(\.count), [4, 4, 2])
        XCTAssertEqual(try serverCounter("findTechnologies") - before, 3)

        // Without `take` the server's page size applies (this server: every row).
        var rows = 0
        for try await technology in client.queryResults(query(skip: 400)) { rows += technology.id == nil ? 0 : 1 }
        XCTAssertEqual(rows, 600)
    }

    func testAnEmptyQueryGivesOneEmptyPage() async throws {
        let client = try makeTestClient()
        let none = query(take: 10)
        none.nameContains = "no-such-technology"
        var pages: [QueryResponse<Technology>] = []
        for try await page in client.queryPages(none) { pages.append(page) }
        XCTAssertEqual(pages.count, 1)
        XCTAssertEqual(pages.first?.total, 0)
        XCTAssertEqual(pages.first?.results?.count, 0)
        var rows = 0
        for try await _ in client.queryResults(none) { rows += 1 }
        XCTAssertEqual(rows, 0)
    }

    func testTheCallersRequestIsNotChangedAndItsIncludesAreKept() async throws {
        let client = try makeTestClient()
        let log = TrafficLog(client)
        let request = query(take: 500, include: "Meta")
        for try await _ in client.queryPages(request) {}
        XCTAssertEqual(request.skip, nil)
        XCTAssertEqual(request.take, 500)
        XCTAssertEqual(request.include, "Meta")
        XCTAssertEqual(log.requests.count, 2)
        for entry in log.requests {
            // JSV quotes a comma.
            XCTAssertTrue(entry.query?.contains("include=%22Meta%2CTotal%22") == true, entry.query ?? "")
        }
        XCTAssertTrue(log.requests[1].query?.contains("skip=500") == true, log.requests[1].query ?? "")
    }

    func testCancellingTheIteratingTaskStopsFetching() async throws {
        let client = try makeTestClient()
        let before = try serverCounter("findTechnologies")
        let firstPage = expectation(description: "the first page arrived")
        let pages = client.queryPages(query(take: 10))
        let task = Task {
            var count = 0
            for try await _ in pages {
                count += 1
                if count == 1 { firstPage.fulfill() }
                try await Task.sleep(nanoseconds: 200_000_000)
            }
            return count
        }
        await fulfillment(of: [firstPage], timeout: 10)
        task.cancel()
        do {
            let pages = try await task.value
            XCTFail("not cancelled after \(pages) pages")
        } catch is CancellationError {
        }
        XCTAssertEqual(try serverCounter("findTechnologies") - before, 1, "nothing was fetched after the cancel")
    }

    // MARK: Servers that cap pages (AutoQueryFeature.MaxLimit) or give no total

    override func tearDown() async throws {
        try await Self.pageLimits(maxLimit: nil, total: "always")
    }

    /// How the test server pages (see AUTOQUERY_DEFAULTS in testserver.py).
    /// A service that does not page (every page from the first row, no offset; with a total or none; its
    /// rows in the same order each time or not) ends the paging with an error that says so, where it
    /// would go on for ever.
    func testAServiceThatIgnoresSkipEndsThePagingWithAnError() async throws {
        for (total, order) in [("absent", "1"), ("always", "1"), ("absent", "alternating"), ("always", "alternating")] {
            try await Self.pageLimits(maxLimit: nil, total: total, ignoreSkip: order)
            let request = FindTechnologies()
            request.take = 5
            var rows = 0
            do {
                for try await _ in try makeTestClient().queryResults(request) {
                    rows += 1
                    if rows > 1_000 { return XCTFail("\(total), \(order): paging never ends") }
                }
                XCTFail("\(total), \(order): no error")
            } catch ServiceClientError.invalidResponse(let what, let reason) {
                XCTAssertEqual(what, "FindTechnologies")
                XCTAssertTrue(reason.contains("ignores `skip`"), reason)
            }
            XCTAssertEqual(rows, 5, "\(total), \(order): the first page's rows, once")
        }
    }

    /// `ignoreSkip`: "0", "1" or "alternating" (see AUTOQUERY_DEFAULTS in testserver.py).
    static func pageLimits(maxLimit: Int?, total: String, ignoreSkip: String = "0") async throws {
        let query = "maxLimit=\(maxLimit.map(String.init) ?? "")&total=\(total)&ignoreSkip=\(ignoreSkip)"
        _ = try await makeTestClient().executeAsync(
            ServiceCall(method: .post, destination: .url("/_test/autoquery?" + query)))
    }

    /// Every row, its ids in order and each once, and the calls it took.
    func everyRow(_ request: FindTechnologies) async throws -> (ids: [Int], calls: Int) {
        let client = try makeTestClient()
        let before = try serverCounter("findTechnologies")
        var ids: [Int] = []
        for try await technology in client.queryResults(request) { ids.append(technology.id ?? -1) }
        return (ids, try serverCounter("findTechnologies") - before)
    }

    func testAPageTheServerCappedIsNotTheLastWhenTheTotalSaysMore() async throws {
        let all = try await everyRow(query()).ids
        XCTAssertEqual(all.count, 1000)
        for (maxLimit, take, skip, calls) in [
            (100, 150, nil, 10), (100, 30, nil, 34), (100, nil, nil, 10),
            (1000, 1500, nil, 1), (1000, 1500, 950, 1), (100, 150, 420, 6),
        ] as [(Int, Int?, Int?, Int)] {
            try await Self.pageLimits(maxLimit: maxLimit, total: "always")
            let (ids, made) = try await everyRow(query(skip: skip, take: take))
            let label =
                "MaxLimit \(maxLimit), take \(take.map(String.init) ?? "nil"), skip \(skip.map(String.init) ?? "nil")"
            XCTAssertEqual(ids, Array(all.dropFirst(skip ?? 0)), label)
            XCTAssertEqual(made, calls, label)
        }
    }

    func testAServerThatCountsOnlyWhenAskedGivesEveryRow() async throws {
        // ServiceStack without IncludeTotal: the total comes only with `include=Total`, which the pages ask for.
        try await Self.pageLimits(maxLimit: 100, total: "asked")
        let (ids, calls) = try await everyRow(query(take: 250))
        XCTAssertEqual(ids.count, 1000)
        XCTAssertEqual(calls, 10)
    }

    func testWithoutATotalPagesGoOnUntilAnEmptyOne() async throws {
        // No total, or a C# `int Total` left at 0: a short page may be the server's cap, so only an
        // empty page ends the rows, one call more.
        for total in ["absent", "zero"] {
            try await Self.pageLimits(maxLimit: 100, total: total)
            let (ids, calls) = try await everyRow(query(take: 150))
            XCTAssertEqual(ids.count, 1000, total)
            XCTAssertEqual(Set(ids).count, 1000, total)
            XCTAssertEqual(calls, 11, total)
            let (tail, tailCalls) = try await everyRow(query(skip: 990, take: 4))
            XCTAssertEqual(tail.count, 10, total)
            XCTAssertEqual(tailCalls, 4, "\(total): 4, 4, 2, then empty")
        }
    }

    /// A view model on the main actor iterates the rows and keeps them.
    @MainActor
    func testAMainActorModelKeepsTheRows() async throws {
        let model = TechnologyList(client: try makeTestClient())
        try await model.load(first: 25)
        XCTAssertEqual(model.names.count, 25)
    }
}

@MainActor
final class TechnologyList {
    let client: any ServiceClient
    private(set) var names: [String] = []

    init(client: any ServiceClient) { self.client = client }

    func load(first count: Int) async throws {
        let query = FindTechnologies()
        query.take = 20
        query.orderBy = "Id"
        for try await technology in client.queryResults(query).prefix(count) {
            names.append(technology.name ?? "")
        }
    }
}
