import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The typed API of a ServiceStack client: send request DTOs, get response DTOs back.
///
/// ``JsonServiceClient`` implements it over HTTP; depend on the protocol to substitute a mock in
/// tests. Every method comes in a blocking form (`throws`, for background threads and command line
/// tools) and an `…Async` form (`async throws`).
///
/// - `get`, `post`, `put`, `delete`, `patch` send a request DTO with that HTTP method, to its
///   custom route when the request's values fill one, else to the pre-defined `/api/{Name}`.
///   GET and DELETE put the DTO in the query string; the others send it as a JSON body.
/// - `send` picks the method from the DTO's marker protocol (``IGet``, ``IPost``, …; POST without one).
/// - The `relativeUrl` forms call a path of your choosing (`"/technology/servicestack"`) and decode
///   the response type you name.
/// - `post…FileWithRequest`/`put…FilesWithRequest` upload files with a request DTO as
///   `multipart/form-data`.
/// - `getData` returns raw bytes (binary downloads).
///
/// HTTP errors are thrown as ``WebServiceException``, other failures as ``ServiceClientError``.
public protocol ServiceClient: Sendable {
    // MARK: GET

    /// Sends `request` as GET and decodes its response.
    func get<T: IReturn>(_ request: T) throws -> T.Return
    /// Sends `request` as GET, expecting no response body.
    func get<T: IReturnVoid>(_ request: T) throws
    /// Sends `request` as GET with extra query-string parameters (e.g. implicit AutoQuery
    /// conventions such as `["DescriptionContains": "swift"]`).
    func get<T: IReturn>(_ request: T, query: [String: String]) throws -> T.Return
    /// GETs a URL relative to the base URL (or an absolute one) and decodes the response as `Response`.
    func get<Response: JsonConvertible>(_ relativeUrl: String) throws -> Response
    /// Async `get(_:)`.
    func getAsync<T: IReturn>(_ request: T) async throws -> T.Return
    /// Async GET expecting no response body.
    func getAsync<T: IReturnVoid>(_ request: T) async throws
    /// Async GET with extra query-string parameters.
    func getAsync<T: IReturn>(_ request: T, query: [String: String]) async throws -> T.Return
    /// Async GET of a relative or absolute URL.
    func getAsync<Response: JsonConvertible>(_ relativeUrl: String) async throws -> Response

    // MARK: POST

    /// Sends `request` as a JSON POST and decodes its response.
    func post<T: IReturn>(_ request: T) throws -> T.Return
    /// Sends `request` as a JSON POST, expecting no response body.
    func post<T: IReturnVoid>(_ request: T) throws
    /// POSTs `request` as JSON to a relative or absolute URL and decodes the response as `Response`.
    func post<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) throws -> Response
    /// Async `post(_:)`.
    func postAsync<T: IReturn>(_ request: T) async throws -> T.Return
    /// Async POST expecting no response body.
    func postAsync<T: IReturnVoid>(_ request: T) async throws
    /// Async POST to a relative or absolute URL.
    func postAsync<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) async throws -> Response

    // MARK: PUT

    /// Sends `request` as a JSON PUT and decodes its response.
    func put<T: IReturn>(_ request: T) throws -> T.Return
    /// Sends `request` as a JSON PUT, expecting no response body.
    func put<T: IReturnVoid>(_ request: T) throws
    /// PUTs `request` as JSON to a relative or absolute URL.
    func put<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) throws -> Response
    /// Async PUT.
    func putAsync<T: IReturn>(_ request: T) async throws -> T.Return
    /// Async PUT expecting no response body.
    func putAsync<T: IReturnVoid>(_ request: T) async throws
    /// Async PUT to a relative or absolute URL.
    func putAsync<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) async throws -> Response

    // MARK: DELETE

    /// Sends `request` as DELETE (DTO in the query string) and decodes its response.
    func delete<T: IReturn>(_ request: T) throws -> T.Return
    /// Sends `request` as DELETE, expecting no response body.
    func delete<T: IReturnVoid>(_ request: T) throws
    /// Sends `request` as DELETE with extra query-string parameters.
    func delete<T: IReturn>(_ request: T, query: [String: String]) throws -> T.Return
    /// DELETEs a relative or absolute URL.
    func delete<Response: JsonConvertible>(_ relativeUrl: String) throws -> Response
    /// Async DELETE.
    func deleteAsync<T: IReturn>(_ request: T) async throws -> T.Return
    /// Async DELETE expecting no response body.
    func deleteAsync<T: IReturnVoid>(_ request: T) async throws
    /// Async DELETE with extra query-string parameters.
    func deleteAsync<T: IReturn>(_ request: T, query: [String: String]) async throws -> T.Return
    /// Async DELETE of a relative or absolute URL.
    func deleteAsync<Response: JsonConvertible>(_ relativeUrl: String) async throws -> Response

    // MARK: PATCH

    /// Sends `request` as a JSON PATCH and decodes its response.
    func patch<T: IReturn>(_ request: T) throws -> T.Return
    /// Sends `request` as a JSON PATCH, expecting no response body.
    func patch<T: IReturnVoid>(_ request: T) throws
    /// PATCHes `request` as JSON to a relative or absolute URL.
    func patch<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) throws -> Response
    /// Async PATCH.
    func patchAsync<T: IReturn>(_ request: T) async throws -> T.Return
    /// Async PATCH expecting no response body.
    func patchAsync<T: IReturnVoid>(_ request: T) async throws
    /// Async PATCH to a relative or absolute URL.
    func patchAsync<Response: JsonConvertible, Request: JsonConvertible>(_ relativeUrl: String, request: Request?) async throws -> Response

    // MARK: send

    /// Sends `request` with the method of its marker protocol (``IGet`` → GET, …; POST without one).
    func send<T: IReturn>(_ request: T) throws -> T.Return
    /// Sends `request` with the method of its marker protocol, expecting no response body.
    func send<T: IReturnVoid>(_ request: T) throws
    /// Async `send(_:)`.
    func sendAsync<T: IReturn>(_ request: T) async throws -> T.Return
    /// Async send expecting no response body.
    func sendAsync<T: IReturnVoid>(_ request: T) async throws

    // MARK: File uploads

    /// POSTs `request` and one file as `multipart/form-data`.
    func postFileWithRequest<T: IReturn>(request: T, file: UploadFile) throws -> T.Return
    /// POSTs `request` and files as `multipart/form-data`.
    func postFilesWithRequest<T: IReturn>(request: T, files: [UploadFile]) throws -> T.Return
    /// POSTs `request` and one file as `multipart/form-data` to a relative or absolute URL.
    func postFileWithRequest<T: IReturn>(_ relativeUrl: String, request: T, file: UploadFile) throws -> T.Return
    /// POSTs `request` and files as `multipart/form-data` to a relative or absolute URL.
    func postFilesWithRequest<T: IReturn>(_ relativeUrl: String, request: T, files: [UploadFile]) throws -> T.Return
    /// PUTs `request` and one file as `multipart/form-data`.
    func putFileWithRequest<T: IReturn>(request: T, file: UploadFile) throws -> T.Return
    /// PUTs `request` and files as `multipart/form-data`.
    func putFilesWithRequest<T: IReturn>(request: T, files: [UploadFile]) throws -> T.Return
    /// PUTs `request` and one file as `multipart/form-data` to a relative or absolute URL.
    func putFileWithRequest<T: IReturn>(_ relativeUrl: String, request: T, file: UploadFile) throws -> T.Return
    /// PUTs `request` and files as `multipart/form-data` to a relative or absolute URL.
    func putFilesWithRequest<T: IReturn>(_ relativeUrl: String, request: T, files: [UploadFile]) throws -> T.Return
    /// Async ``postFileWithRequest(request:file:)``.
    func postFileWithRequestAsync<T: IReturn>(request: T, file: UploadFile) async throws -> T.Return
    /// Async ``postFilesWithRequest(request:files:)``.
    func postFilesWithRequestAsync<T: IReturn>(request: T, files: [UploadFile]) async throws -> T.Return
    /// Async upload of one file to a relative or absolute URL.
    func postFileWithRequestAsync<T: IReturn>(_ relativeUrl: String, request: T, file: UploadFile) async throws -> T.Return
    /// Async upload of files to a relative or absolute URL.
    func postFilesWithRequestAsync<T: IReturn>(_ relativeUrl: String, request: T, files: [UploadFile]) async throws -> T.Return
    /// Async ``putFileWithRequest(request:file:)``.
    func putFileWithRequestAsync<T: IReturn>(request: T, file: UploadFile) async throws -> T.Return
    /// Async ``putFilesWithRequest(request:files:)``.
    func putFilesWithRequestAsync<T: IReturn>(request: T, files: [UploadFile]) async throws -> T.Return
    /// Async PUT upload of one file to a relative or absolute URL.
    func putFileWithRequestAsync<T: IReturn>(_ relativeUrl: String, request: T, file: UploadFile) async throws -> T.Return
    /// Async PUT upload of files to a relative or absolute URL.
    func putFilesWithRequestAsync<T: IReturn>(_ relativeUrl: String, request: T, files: [UploadFile]) async throws -> T.Return

    // MARK: Raw data

    /// GETs a relative or absolute URL and returns the raw body and the response.
    func getData(url: String) throws -> (Data, HTTPURLResponse)
    /// Sends `request` as GET to its route and returns the raw response body (binary downloads).
    func getData<T: ServiceRequest>(_ request: T) throws -> Data
    /// Async ``getData(url:)``.
    func getDataAsync(url: String) async throws -> (Data, HTTPURLResponse)
    /// Async ``getData(_:)``.
    func getDataAsync<T: ServiceRequest>(_ request: T) async throws -> Data

    // MARK: Cookies

    /// The cookies the client would send to its base URL, by name.
    func getCookies() -> [String: String]
    /// The JWT the server set as the `ss-tok` cookie, if any.
    func getTokenCookie() -> String?
    /// The refresh token the server set as the `ss-reftok` cookie, if any.
    func getRefreshTokenCookie() -> String?
}
