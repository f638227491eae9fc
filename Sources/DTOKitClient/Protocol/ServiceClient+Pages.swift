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
/// Any AutoQuery request pages: a class (a ``/DTOKit/QueryBase`` subclass) or a struct generated with
/// `ExportAsStructs` (``/DTOKit/IQuery``), whose response is a `QueryResponse` or `QueryResponseValue`.
///
/// The first page starts at the request's `skip` (0 when nil) and asks for its `take` rows; each
/// next page starts after the rows received so far. Every page asks for the total (`include=Total`,
/// added to what the request includes), and **the total decides**: pages follow while the rows
/// received fall short of it, whatever size each page has — a server caps a page at its `MaxLimit`
/// (ServiceStack's templates: 1,000), so a page can be shorter than `take` and not be the last.
/// A server that gives no total (or one that does not count the rows already received) is paged
/// until it answers with an empty page: one call more, no row lost. A service that does not page at
/// all — that answers a later page from another row than asked for, or, giving no offset, with none
/// but rows it gave before, in any order — ends the paging with
/// ``ServiceClientError/invalidResponse(url:reason:)``, which says so, where it would go on for ever. The request you pass is not changed: each page is requested with a
/// copy. Cancelling the iterating task cancels the page under way; nothing is fetched ahead.
extension ServiceClient {
    /// The pages of an AutoQuery request (`QueryDb<T>`, `QueryData<T>`…), fetched as they are iterated.
    public func queryPages<Request: IQuery & IReturn>(_ request: Request) -> QueryPages<Request>
    where Request.Return: IQueryResponse {
        QueryPages(client: self, request: request)
    }

    /// The rows of an AutoQuery request one by one; a page is fetched when the rows before it are used up.
    public func queryResults<Request: IQuery & IReturn>(_ request: Request) -> QueryResults<Request>
    where Request.Return: IQueryResponse {
        QueryResults(pages: queryPages(request))
    }
}

/// The pages of an AutoQuery request; see ``ServiceClient/queryPages(_:)``.
public struct QueryPages<Request: IQuery & IReturn>: AsyncSequence, Sendable where Request.Return: IQueryResponse {
    public typealias Element = Request.Return

    let client: any ServiceClient
    /// The request as JSON: each page's request is read from it, so the caller's value is not changed.
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
        /// The hashes of the rows received so far, as JSON, from pages that give no offset: a page whose
        /// every row came before brings nothing new, in whatever order.
        var seenRows = Set<Int>()

        /// The next page, or nil after the last. An empty first page is returned (its `total` is 0);
        /// an empty later page ends the sequence.
        public mutating func next() async throws -> sending Request.Return? {
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
            var unseenRows: Int?
            if page.offset == nil, let rows = (try? JsonValue(parsing: page.toJsonData()))?["results"]?.arrayValue {
                unseenRows = rows.reduce(0) { $0 + (seenRows.insert($1.toJson().hashValue).inserted ? 1 : 0) }
            }
            if !isFirstPage, let problem = Paging.noNewRows(asked: nextRow, offset: page.offset, unseenRows: unseenRows)
            {
                isFinished = true
                throw ServiceClientError.invalidResponse(url: Request.typeName, reason: problem)
            }
            // Past Int.max there is no row to ask for: this page is the last.
            let (after, overflow) = nextRow.addingReportingOverflow(count)
            let noRowsLeft = Paging.noRowsLeft(after: after, total: page.total)
            nextRow = after
            isFinished = overflow || noRowsLeft
            return page
        }
    }

    /// A copy of the request for the page starting at row `skip`, asking for the total.
    func pageRequest(startingAt skip: Int) throws -> Request {
        var request = try Request.fromJson(template)
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
public struct QueryResults<Request: IQuery & IReturn>: AsyncSequence, Sendable where Request.Return: IQueryResponse {
    public typealias Element = Request.Return.Row

    let pages: QueryPages<Request>

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: QueryPages<Request>.AsyncIterator
        var rows: IndexingIterator<[Request.Return.Row]> = [Request.Return.Row]().makeIterator()

        public mutating func next() async throws -> Request.Return.Row? {
            while true {
                if let row = rows.next() { return row }
                guard let page = try await pages.next() else { return nil }
                rows = (page.results ?? []).makeIterator()
            }
        }
    }
}

/// When AutoQuery pages end.
enum Paging {
    /// Why a page after the first brings no new rows, if it does not: it starts at another row than
    /// `asked` (its `offset`), or, without an offset, none of its rows is new (`unseenRows` is 0: a
    /// service that ignores `skip`, whatever order it gives the rows in); nil when it may be new.
    static func noNewRows(asked: Int, offset: Int?, unseenRows: Int?) -> String? {
        if let offset, offset != asked {
            return "the page asked from row \(asked) came back from row \(offset): the service ignores `skip`, "
                + "and paging it would never end"
        }
        if unseenRows == 0 {
            return "the page from row \(asked) brought only rows of earlier pages: the service ignores `skip`, "
                + "and paging it would never end"
        }
        return nil
    }

    /// Whether no row is left after the first `received` (counted from the first row of all): the
    /// total says so, when the server gave one that counts at least the rows received. Without one,
    /// only an empty page tells (a page shorter than asked for may be the server's cap).
    static func noRowsLeft(after received: Int, total: Int?) -> Bool {
        guard let total, total >= received else { return false }
        return received >= total
    }
}
