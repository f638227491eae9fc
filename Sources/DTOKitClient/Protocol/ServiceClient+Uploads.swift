import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// File uploads: a request DTO and files in one `multipart/form-data` request.
///
/// The DTO's non-nil properties become text parts (JSV values, as ServiceStack binds form data),
/// then each file becomes a part with its field name, file name and content type, its bytes sent
/// as they are. The request goes to its route for the method, or to the relative URL or `URL` you
/// give (without the DTO in the query string).
///
/// ```swift
/// let request = UploadFiles()
/// request.category = "docs"
/// let response = try await client.postFilesWithRequestAsync(request: request, files: [
///     UploadFile(fileName: "a.txt", data: Data("hello".utf8), mimeType: "text/plain", fieldName: "first"),
///     UploadFile(fileName: "b.png", data: pngData),
/// ])
/// let single = try client.postFileWithRequest(request: request, fileName: "c.txt", data: Data("c".utf8))
/// ```
/// The `fileName:data:mimeType:fieldName:` forms name the part `file` unless you say otherwise.
extension ServiceClient {
    // MARK: POST

    /// POSTs `request` and `file` to the request's route, or to a relative or absolute URL.
    @discardableResult
    public func postFileWithRequest<T: IReturn>(_ relativeUrl: String? = nil, request: T, file: UploadFile) throws -> T.Return {
        try fetch(Self.upload(.post, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// POSTs `request` and one file given by its parts.
    @discardableResult
    public func postFileWithRequest<T: IReturn>(_ relativeUrl: String? = nil, request: T, fileName: String, data: Data,
                                                mimeType: String? = nil, fieldName: String? = "file") throws -> T.Return {
        try postFileWithRequest(relativeUrl, request: request, file: UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName))
    }

    /// POSTs `request` and `files` to the request's route, or to a relative or absolute URL.
    @discardableResult
    public func postFilesWithRequest<T: IReturn>(_ relativeUrl: String? = nil, request: T, files: [UploadFile]) throws -> T.Return {
        try fetch(Self.upload(.post, relativeUrl, request, files), as: T.Return.self)
    }

    /// Async ``postFileWithRequest(_:request:file:)``.
    @discardableResult
    public func postFileWithRequestAsync<T: IReturn>(_ relativeUrl: String? = nil, request: T, file: UploadFile) async throws -> sending T.Return {
        try await fetchAsync(Self.upload(.post, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// Async ``postFileWithRequest(_:request:fileName:data:mimeType:fieldName:)``.
    @discardableResult
    public func postFileWithRequestAsync<T: IReturn>(_ relativeUrl: String? = nil, request: T, fileName: String, data: Data,
                                                     mimeType: String? = nil, fieldName: String? = "file") async throws -> sending T.Return {
        try await postFileWithRequestAsync(relativeUrl, request: request, file: UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName))
    }

    /// Async ``postFilesWithRequest(_:request:files:)``.
    @discardableResult
    public func postFilesWithRequestAsync<T: IReturn>(_ relativeUrl: String? = nil, request: T, files: [UploadFile]) async throws -> sending T.Return {
        try await fetchAsync(Self.upload(.post, relativeUrl, request, files), as: T.Return.self)
    }

    // MARK: PUT

    /// PUTs `request` and `file` to the request's route, or to a relative or absolute URL.
    @discardableResult
    public func putFileWithRequest<T: IReturn>(_ relativeUrl: String? = nil, request: T, file: UploadFile) throws -> T.Return {
        try fetch(Self.upload(.put, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// PUTs `request` and one file given by its parts.
    @discardableResult
    public func putFileWithRequest<T: IReturn>(_ relativeUrl: String? = nil, request: T, fileName: String, data: Data,
                                               mimeType: String? = nil, fieldName: String? = "file") throws -> T.Return {
        try putFileWithRequest(relativeUrl, request: request, file: UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName))
    }

    /// PUTs `request` and `files` to the request's route, or to a relative or absolute URL.
    @discardableResult
    public func putFilesWithRequest<T: IReturn>(_ relativeUrl: String? = nil, request: T, files: [UploadFile]) throws -> T.Return {
        try fetch(Self.upload(.put, relativeUrl, request, files), as: T.Return.self)
    }

    /// Async ``putFileWithRequest(_:request:file:)``.
    @discardableResult
    public func putFileWithRequestAsync<T: IReturn>(_ relativeUrl: String? = nil, request: T, file: UploadFile) async throws -> sending T.Return {
        try await fetchAsync(Self.upload(.put, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// Async ``putFileWithRequest(_:request:fileName:data:mimeType:fieldName:)``.
    @discardableResult
    public func putFileWithRequestAsync<T: IReturn>(_ relativeUrl: String? = nil, request: T, fileName: String, data: Data,
                                                    mimeType: String? = nil, fieldName: String? = "file") async throws -> sending T.Return {
        try await putFileWithRequestAsync(relativeUrl, request: request, file: UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName))
    }

    /// Async ``putFilesWithRequest(_:request:files:)``.
    @discardableResult
    public func putFilesWithRequestAsync<T: IReturn>(_ relativeUrl: String? = nil, request: T, files: [UploadFile]) async throws -> sending T.Return {
        try await fetchAsync(Self.upload(.put, relativeUrl, request, files), as: T.Return.self)
    }

    // MARK: URL forms

    /// POSTs `request` and one file given by its parts to `url`.
    @discardableResult
    public func postFileWithRequest<T: IReturn>(url: URL, request: T, fileName: String, data: Data,
                                                mimeType: String? = nil, fieldName: String? = "file") throws -> T.Return {
        try postFileWithRequest(url.absoluteString, request: request, fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
    }

    /// POSTs `request` and `files` to `url`.
    @discardableResult
    public func postFilesWithRequest<T: IReturn>(url: URL, request: T, files: [UploadFile]) throws -> T.Return {
        try postFilesWithRequest(url.absoluteString, request: request, files: files)
    }

    /// Async ``postFileWithRequest(url:request:fileName:data:mimeType:fieldName:)``.
    @discardableResult
    public func postFileWithRequestAsync<T: IReturn>(url: URL, request: T, fileName: String, data: Data,
                                                     mimeType: String? = nil, fieldName: String? = "file") async throws -> sending T.Return {
        try await postFileWithRequestAsync(url.absoluteString, request: request, fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
    }

    /// Async ``postFilesWithRequest(url:request:files:)``.
    @discardableResult
    public func postFilesWithRequestAsync<T: IReturn>(url: URL, request: T, files: [UploadFile]) async throws -> sending T.Return {
        try await postFilesWithRequestAsync(url.absoluteString, request: request, files: files)
    }

    /// PUTs `request` and one file given by its parts to `url`.
    @discardableResult
    public func putFileWithRequest<T: IReturn>(url: URL, request: T, fileName: String, data: Data,
                                               mimeType: String? = nil, fieldName: String? = "file") throws -> T.Return {
        try putFileWithRequest(url.absoluteString, request: request, fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
    }

    /// PUTs `request` and `files` to `url`.
    @discardableResult
    public func putFilesWithRequest<T: IReturn>(url: URL, request: T, files: [UploadFile]) throws -> T.Return {
        try putFilesWithRequest(url.absoluteString, request: request, files: files)
    }

    /// Async ``putFileWithRequest(url:request:fileName:data:mimeType:fieldName:)``.
    @discardableResult
    public func putFileWithRequestAsync<T: IReturn>(url: URL, request: T, fileName: String, data: Data,
                                                    mimeType: String? = nil, fieldName: String? = "file") async throws -> sending T.Return {
        try await putFileWithRequestAsync(url.absoluteString, request: request, fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
    }

    /// Async ``putFilesWithRequest(url:request:files:)``.
    @discardableResult
    public func putFilesWithRequestAsync<T: IReturn>(url: URL, request: T, files: [UploadFile]) async throws -> sending T.Return {
        try await putFilesWithRequestAsync(url.absoluteString, request: request, files: files)
    }

    // MARK: A request you built

    /// Sends `urlRequest` (its URL, method and headers) with `request` and `file` as its
    /// `multipart/form-data` body, which is set on `urlRequest` too, as ServiceStack.Swift does.
    @discardableResult
    public func sendFileWithRequest<T: IReturn>(_ urlRequest: inout URLRequest, request: T, fileName: String, data: Data,
                                                mimeType: String? = nil, fieldName: String? = "file") throws -> T.Return {
        let file = UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
        return try sendFilesWithRequest(&urlRequest, request: request, files: [file])
    }

    /// Sends `urlRequest` with `request` and `files` as its `multipart/form-data` body.
    @discardableResult
    public func sendFilesWithRequest<T: IReturn>(_ urlRequest: inout URLRequest, request: T, files: [UploadFile]) throws -> T.Return {
        try fetch(Self.upload(into: &urlRequest, request, files), as: T.Return.self)
    }

    /// Async ``sendFileWithRequest(_:request:fileName:data:mimeType:fieldName:)``.
    @discardableResult
    public func sendFileWithRequestAsync<T: IReturn>(_ urlRequest: inout URLRequest, request: T, fileName: String, data: Data,
                                                     mimeType: String? = nil, fieldName: String? = "file") async throws -> sending T.Return {
        let file = UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
        return try await sendFilesWithRequestAsync(&urlRequest, request: request, files: [file])
    }

    /// Async ``sendFilesWithRequest(_:request:files:)``.
    @discardableResult
    public func sendFilesWithRequestAsync<T: IReturn>(_ urlRequest: inout URLRequest, request: T, files: [UploadFile]) async throws -> sending T.Return {
        try await fetchAsync(Self.upload(into: &urlRequest, request, files), as: T.Return.self)
    }

    // MARK: Building

    private static func upload(_ method: HttpMethod, _ url: String?, _ request: any ServiceRequest, _ files: [UploadFile]) -> ServiceCall {
        ServiceCall(method: method, destination: url.map { .url($0) } ?? .route, payload: .multipart(request, files: files))
    }

    /// The call for a request you built, its body filled with the form (the request's members as
    /// they are, then the files).
    private static func upload(into urlRequest: inout URLRequest, _ request: any ServiceRequest,
                               _ files: [UploadFile]) throws -> ServiceCall {
        var form = MultipartFormData()
        let fields = try RequestMembers(request, settings: JsonServiceClient.Settings()).queryItems(excluding: [])
        form.add(fields: fields, files: files)
        urlRequest.httpBody = form.finished()
        urlRequest.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        return ServiceCall(method: HttpMethod(rawValue: urlRequest.httpMethod ?? "POST"),
                           destination: .urlRequest(urlRequest), payload: .multipart(request, files: files))
    }
}
