import DTOKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// File uploads: a request DTO and files in one `multipart/form-data` request.
///
/// The DTO's non-nil properties become text parts (JSV values, as ServiceStack binds form data),
/// then each file becomes a part with its field name, file name and content type, its bytes sent
/// as they are. The URL is the request's route for the method (or the relative URL you give).
///
/// ```swift
/// let request = UploadFiles()
/// request.category = "docs"
/// let response = try await client.postFilesWithRequestAsync(request: request, files: [
///     UploadFile(fileName: "a.txt", data: Data("hello".utf8), mimeType: "text/plain", fieldName: "first"),
///     UploadFile(fileName: "b.png", data: pngData),
/// ])
/// ```
extension JsonServiceClient {
    // MARK: POST

    /// POSTs `request` and `file` as `multipart/form-data` to the request's route.
    @discardableResult
    public func postFileWithRequest<T: IReturn>(request: T, file: UploadFile) throws -> T.Return {
        try upload(request, files: [file], method: .post, relativeUrl: nil)
    }

    /// POSTs `request` and `files` as `multipart/form-data` to the request's route.
    @discardableResult
    public func postFilesWithRequest<T: IReturn>(request: T, files: [UploadFile]) throws -> T.Return {
        try upload(request, files: files, method: .post, relativeUrl: nil)
    }

    /// POSTs `request` and `file` as `multipart/form-data` to a relative or absolute URL.
    @discardableResult
    public func postFileWithRequest<T: IReturn>(_ relativeUrl: String, request: T, file: UploadFile) throws -> T.Return {
        try upload(request, files: [file], method: .post, relativeUrl: relativeUrl)
    }

    /// POSTs `request` and `files` as `multipart/form-data` to a relative or absolute URL.
    @discardableResult
    public func postFilesWithRequest<T: IReturn>(_ relativeUrl: String, request: T, files: [UploadFile]) throws -> T.Return {
        try upload(request, files: files, method: .post, relativeUrl: relativeUrl)
    }

    /// Async ``postFileWithRequest(request:file:)``.
    @discardableResult
    public func postFileWithRequestAsync<T: IReturn>(request: T, file: UploadFile) async throws -> T.Return {
        try await uploadAsync(request, files: [file], method: .post, relativeUrl: nil)
    }

    /// Async ``postFilesWithRequest(request:files:)``.
    @discardableResult
    public func postFilesWithRequestAsync<T: IReturn>(request: T, files: [UploadFile]) async throws -> T.Return {
        try await uploadAsync(request, files: files, method: .post, relativeUrl: nil)
    }

    /// Async ``postFileWithRequest(_:request:file:)``.
    @discardableResult
    public func postFileWithRequestAsync<T: IReturn>(_ relativeUrl: String, request: T, file: UploadFile) async throws -> T.Return {
        try await uploadAsync(request, files: [file], method: .post, relativeUrl: relativeUrl)
    }

    /// Async ``postFilesWithRequest(_:request:files:)``.
    @discardableResult
    public func postFilesWithRequestAsync<T: IReturn>(_ relativeUrl: String, request: T, files: [UploadFile]) async throws -> T.Return {
        try await uploadAsync(request, files: files, method: .post, relativeUrl: relativeUrl)
    }

    // MARK: PUT

    /// PUTs `request` and `file` as `multipart/form-data` to the request's route.
    @discardableResult
    public func putFileWithRequest<T: IReturn>(request: T, file: UploadFile) throws -> T.Return {
        try upload(request, files: [file], method: .put, relativeUrl: nil)
    }

    /// PUTs `request` and `files` as `multipart/form-data` to the request's route.
    @discardableResult
    public func putFilesWithRequest<T: IReturn>(request: T, files: [UploadFile]) throws -> T.Return {
        try upload(request, files: files, method: .put, relativeUrl: nil)
    }

    /// PUTs `request` and `file` as `multipart/form-data` to a relative or absolute URL.
    @discardableResult
    public func putFileWithRequest<T: IReturn>(_ relativeUrl: String, request: T, file: UploadFile) throws -> T.Return {
        try upload(request, files: [file], method: .put, relativeUrl: relativeUrl)
    }

    /// PUTs `request` and `files` as `multipart/form-data` to a relative or absolute URL.
    @discardableResult
    public func putFilesWithRequest<T: IReturn>(_ relativeUrl: String, request: T, files: [UploadFile]) throws -> T.Return {
        try upload(request, files: files, method: .put, relativeUrl: relativeUrl)
    }

    /// Async ``putFileWithRequest(request:file:)``.
    @discardableResult
    public func putFileWithRequestAsync<T: IReturn>(request: T, file: UploadFile) async throws -> T.Return {
        try await uploadAsync(request, files: [file], method: .put, relativeUrl: nil)
    }

    /// Async ``putFilesWithRequest(request:files:)``.
    @discardableResult
    public func putFilesWithRequestAsync<T: IReturn>(request: T, files: [UploadFile]) async throws -> T.Return {
        try await uploadAsync(request, files: files, method: .put, relativeUrl: nil)
    }

    /// Async ``putFileWithRequest(_:request:file:)``.
    @discardableResult
    public func putFileWithRequestAsync<T: IReturn>(_ relativeUrl: String, request: T, file: UploadFile) async throws -> T.Return {
        try await uploadAsync(request, files: [file], method: .put, relativeUrl: relativeUrl)
    }

    /// Async ``putFilesWithRequest(_:request:files:)``.
    @discardableResult
    public func putFilesWithRequestAsync<T: IReturn>(_ relativeUrl: String, request: T, files: [UploadFile]) async throws -> T.Return {
        try await uploadAsync(request, files: files, method: .put, relativeUrl: relativeUrl)
    }

    // MARK: Building

    func upload<T: IReturn>(_ request: T, files: [UploadFile], method: HttpMethod, relativeUrl: String?) throws -> T.Return {
        try run({ try prepareUpload(request, files: files, method: method, relativeUrl: relativeUrl) },
                decode: Self.decoder(T.Return.self))
    }

    func uploadAsync<T: IReturn>(_ request: T, files: [UploadFile], method: HttpMethod, relativeUrl: String?) async throws -> T.Return {
        try await runAsync({ try prepareUpload(request, files: files, method: method, relativeUrl: relativeUrl) },
                           decode: Self.decoder(T.Return.self))
    }

    /// The multipart call: the route (or relative URL) without a query string, the DTO's
    /// properties as text parts, then the files.
    func prepareUpload<T: ServiceRequest>(_ request: T, files: [UploadFile], method: HttpMethod,
                                          relativeUrl: String?) throws -> PreparedCall {
        let settings = self.settings.current
        let (members, _) = try encodeMembers(of: request, settings: settings)
        let url: URL
        if let relativeUrl {
            url = try resolveUrl(relativeUrl)
        } else {
            let route = RouteResolver(basePath: settings.basePath, useCustomRoutes: settings.useCustomRoutes)
                .resolve(typeName: T.typeName, routes: T.routes, method: method, members: members)
            url = try makeUrl(path: route.path, query: [])
        }
        var form = MultipartFormData()
        for item in Self.queryItems(members) {
            form.addField(name: item.name, value: item.value)
        }
        for (index, file) in files.enumerated() {
            form.addFile(fieldName: file.fieldName ?? "upload\(index)", fileName: file.fileName,
                         mimeType: file.resolvedMimeType, data: file.data)
        }
        return PreparedCall(method: method, url: url, body: form.finished(), contentType: form.contentType)
    }
}
