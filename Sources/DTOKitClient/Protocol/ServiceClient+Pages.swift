import DTOKit
import Foundation

/// AutoQuery results page by page, or row by row, fetched only as they are iterated (C#'s `GetLazy`).
///
/// ```swift
/// let query = FindTechnologies()
/// query.take = 50                                     // the page size (nil: the server's)
/// for try await technology in client.queryResults(query).prefix(10) { … }   // one call
/// for try await page in client.queryPages(query) { print(page.offset ?? 0, page.total ?? 0) }
/// ```
///
/// The first page starts at the request's `skip` (0 when nil) and has its `take` rows; each next page
/// starts after the rows received so far. The request asks for the total (`include=Total`, added to
/// what it includes), so the last page is known without another call; a page with fewer rows than
/// `take`, or none, is the last too. The request you pass is not changed: each page is requested with
/// a copy. Cancelling the iterating task cancels the page under way; nothing is fetched ahead.
extension ServiceClient {
    /// The pages of an AutoQuery request (`QueryDb<T>`, `QueryData<T>`…), fetched as they are iterated.
    public func queryPages<Request: QueryBase & IReturn, Item>(_ request: Request) -> QueryPages<Request, Item>
        where Request.Return == QueryResponse<Item> {
        QueryPages(client: self, request: request)
    }

    /// The rows of an AutoQuery request one by one; a page is fetched when the rows before it are used up.
    public func queryResults<Request: QueryBase & IReturn, Item>(_ request: Request) -> QueryResults<Request, Item>
        where Request.Return == QueryResponse<Item> {
        QueryResults(pages: queryPages(request))
    }
}

/// The pages of an AutoQuery request; see ``ServiceClient/queryPages(_:)``.
public struct QueryPages<Request: QueryBase & IReturn, Item: JsonConvertible>: AsyncSequence, Sendable
    where Request.Return == QueryResponse<Item> {
    public typealias Element = QueryResponse<Item>

    let client: any ServiceClient
    /// The request as JSON: each page's request is read from it, so the caller's object is not changed.
    let template: Data
    let firstRow: Int
    let pageSize: Int?

    init(client: any ServiceClient, request: Request) {
        self.client = client
        template = request.toJsonData()
        firstRow = Swift.max(0, request.skip ?? 0)
        pageSize = request.take.map { Swift.max(1, $0) }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: self, nextRow: firstRow)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let pages: QueryPages
        var nextRow: Int
        var isFirstPage = true
        var isFinished = false

        /// The next page, or nil after the last. An empty first page is returned (its `total` is 0);
        /// an empty later page ends the sequence.
        public mutating func next() async throws -> sending QueryResponse<Item>? {
            guard !isFinished else { return nil }
            try Task.checkCancellation()
            let request = try pages.pageRequest(startingAt: nextRow)
            let page = try await pages.client.sendAsync(request)
            let count = page.results?.count ?? 0
            defer { isFirstPage = false }
            if count == 0 {
                isFinished = true
                return isFirstPage ? page : nil
            }
            nextRow += count
            let total = page.total
            isFinished = (pages.pageSize.map { count < $0 } ?? false) || (total.map { nextRow >= $0 } ?? false)
            return page
        }
    }

    /// A copy of the request for the page starting at row `skip`, asking for the total.
    func pageRequest(startingAt skip: Int) throws -> Request {
        let request = try Request.fromJson(template)
        request.skip = skip
        request.take = pageSize
        let included = (request.include ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if !included.contains(where: { $0.caseInsensitiveCompare("Total") == .orderedSame }) {
            request.include = (included.filter { !$0.isEmpty } + ["Total"]).joined(separator: ",")
        }
        return request
    }
}

/// The rows of an AutoQuery request; see ``ServiceClient/queryResults(_:)``.
public struct QueryResults<Request: QueryBase & IReturn, Item: JsonConvertible>: AsyncSequence, Sendable
    where Request.Return == QueryResponse<Item> {
    public typealias Element = Item

    let pages: QueryPages<Request, Item>

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: QueryPages<Request, Item>.AsyncIterator
        var rows: IndexingIterator<[Item]> = [Item]().makeIterator()

        public mutating func next() async throws -> Item? {
            while true {
                if let row = rows.next() { return row }
                guard let page = try await pages.next() else { return nil }
                rows = (page.results ?? []).makeIterator()
            }
        }
    }
}
