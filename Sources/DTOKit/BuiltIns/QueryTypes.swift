import Foundation

/// The paging and ordering every AutoQuery request has. Generated AutoQuery requests subclass
/// ``QueryDb`` or ``QueryData`` and list these properties in their own metadata.
open class QueryBase {
    /// Rows to skip (paging).
    public var skip: Int?
    /// Rows to return (page size).
    public var take: Int?
    /// Comma-separated fields to order by (`"Name,-Created"`).
    public var orderBy: String?
    /// Comma-separated fields to order by descending.
    public var orderByDesc: String?
    /// Extra results to include, e.g. `"Total"`.
    public var include: String?
    /// Comma-separated fields to return.
    public var fields: String?
    /// Extra key/value data.
    public var meta: [String: String]?

    /// An empty instance; set the members you need.
    public required init() {}
}

/// An AutoQuery request over table `T` (`QueryDb<T>` in C#).
open class QueryDb<T: JsonConvertible>: QueryBase {
    /// An empty instance; set the members you need.
    public required init() { super.init() }
}

/// An AutoQuery request over table `From` returning rows shaped as `Into`.
open class QueryDb2<From: JsonConvertible, Into: JsonConvertible>: QueryBase {
    /// An empty instance; set the members you need.
    public required init() { super.init() }
}

/// An AutoQuery Data request over data source rows `T`.
open class QueryData<T: JsonConvertible>: QueryBase {
    /// An empty instance; set the members you need.
    public required init() { super.init() }
}

/// An AutoQuery Data request over `From` returning `Into`.
open class QueryData2<From: JsonConvertible, Into: JsonConvertible>: QueryBase {
    /// An empty instance; set the members you need.
    public required init() { super.init() }
}

/// The response of every AutoQuery request: a page of results.
open class QueryResponse<T: JsonConvertible> {
    /// Rows skipped before this page.
    public var offset: Int?
    /// Rows matching the query in all pages (when requested with `include: "Total"`).
    public var total: Int?
    /// The result values.
    public var results: [T]?
    /// Extra key/value data.
    public var meta: [String: String]?
    /// The error details, when the call failed.
    public var responseStatus: ResponseStatus?

    /// An empty instance; set the members you need.
    public required init() {}

    private enum CodingKeys: String, CodingKey {
        case offset, total, results, meta, responseStatus
    }

    /// Codable support for `AddCodable: True` types; `T` must be `Decodable` at run time.
    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        offset = try container.decodeIfPresent(Int.self, forKey: .offset)
        total = try container.decodeIfPresent(Int.self, forKey: .total)
        results = try CodableSupport.decodeIfPresent([T].self, from: container, forKey: .results)
        meta = try container.decodeIfPresent([String: String].self, forKey: .meta)
        responseStatus = try container.decodeIfPresent(ResponseStatus.self, forKey: .responseStatus)
    }

    /// Codable support for `AddCodable: True` types; `T` must be `Encodable` at run time.
    open func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(offset, forKey: .offset)
        try container.encodeIfPresent(total, forKey: .total)
        try CodableSupport.encodeIfPresent(results, to: &container, forKey: .results)
        try container.encodeIfPresent(meta, forKey: .meta)
        try container.encodeIfPresent(responseStatus, forKey: .responseStatus)
    }
}

extension QueryResponse: Codable {}

extension QueryResponse: JsonSerializable {
    public static var metadata: Metadata {
        Metadata.cached(for: self) {
            Metadata.create([
                Property<QueryResponse<T>>.optionalInt("offset", get: { $0.offset }, set: { $0.offset = $1 }),
                Property<QueryResponse<T>>.optionalInt("total", get: { $0.total }, set: { $0.total = $1 }),
                Property<QueryResponse<T>>.optionalArray("results", get: { $0.results }, set: { $0.results = $1 }),
                Property<QueryResponse<T>>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
                Property<QueryResponse<T>>.optionalObject(
                    "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
            ])
        }
    }
}

/// The audit columns of AutoQuery CRUD tables. Generated subclasses list these properties in
/// their own metadata.
open class AuditBase {
    /// When the row was created.
    public var createdDate: Date?
    /// Who created the row.
    public var createdBy: String?
    /// When the row was last modified.
    public var modifiedDate: Date?
    /// Who last modified the row.
    public var modifiedBy: String?
    /// When the row was soft-deleted.
    public var deletedDate: Date?
    /// Who soft-deleted the row.
    public var deletedBy: String?

    /// An empty instance; set the members you need.
    public required init() {}
}

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

extension QueryBase: IQuery {}

extension QueryResponse: IQueryResponse {
    public typealias Row = T
}
