// What the client's paging needs of AutoQuery types. The built-in ones (`QueryBase`, `QueryResponse`
// and its struct form), which the generator writes from its table, conform where they are declared.

/// An AutoQuery request's paging and ordering (C#'s `IQuery`): every ``QueryBase`` subclass, and every
/// AutoQuery request generated as a struct (`ExportAsStructs`), which declares these members itself.
/// The client's `queryPages` and `queryResults` page through any `IQuery & IReturn` request whose
/// response is an ``IQueryResponse``.
public protocol IQuery {
    /// Rows to skip (paging).
    var skip: Int? { get set }
    /// Rows to return (page size).
    var take: Int? { get set }
    /// Comma-separated fields to order by (`"Name,-Created"`).
    var orderBy: String? { get set }
    /// Comma-separated fields to order by descending.
    var orderByDesc: String? { get set }
    /// Extra results to include, e.g. `"Total"`.
    var include: String? { get set }
    /// Comma-separated fields to return.
    var fields: String? { get set }
}

/// A page of AutoQuery results (C#'s `QueryResponse<T>`): ``QueryResponse`` and, for DTOs generated
/// as structs, `QueryResponseValue` (DTOKitStructs).
public protocol IQueryResponse {
    /// The type of the rows.
    associatedtype Row
    /// Rows skipped before this page.
    var offset: Int? { get }
    /// Rows matching the query in all pages, when the server counted them (`include: "Total"`).
    var total: Int? { get }
    /// The page's rows.
    var results: [Row]? { get }
}
