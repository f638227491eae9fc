import DTOKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// File uploads: a request DTO and files in one `multipart/form-data` request.
///
/// The DTO's non-nil properties become text parts (JSV values, as ServiceStack binds form data),
/// then each file becomes a part with its field name, file name and content type, its bytes sent
/// as they are. The request goes to `url` when you give one, else to `relativeUrl` (relative to the
/// base URL, or absolute), else to the request's route for the method; the DTO is not repeated in
/// the query string. A file is an ``UploadFile`` or its parts (`fileName:data:mimeType:fieldName:`,
/// the part named `file` unless you say otherwise):
///
/// ```swift
/// let response = try await client.postFilesWithRequestAsync(request: upload, files: [
///     UploadFile(fileName: "a.txt", data: Data("hello".utf8), mimeType: "text/plain", fieldName: "first"),
///     UploadFile(fileName: "b.png", data: pngData),
/// ])
/// let single = try client.putFileWithRequest(url: uploadUrl, request: upload, fileName: "c.txt", data: text)
/// ```
extension ServiceClient {
    // MARK: POST

    /// POSTs `request` and `file`.
    @available(
        *, noasync, renamed: "postFileWithRequestAsync(_:url:request:file:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func postFileWithRequest<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, file: UploadFile
    ) throws -> T.Return {
        try fetch(Self.upload(.post, url, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// POSTs `request` and one file given by its parts.
    @available(
        *, noasync, renamed: "postFileWithRequestAsync(_:url:request:fileName:data:mimeType:fieldName:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func postFileWithRequest<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, fileName: String,
        data: Data, mimeType: String? = nil, fieldName: String? = "file"
    ) throws -> T.Return {
        let file = UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
        return try fetch(Self.upload(.post, url, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// POSTs `request` and `files`.
    @available(
        *, noasync, renamed: "postFilesWithRequestAsync(_:url:request:files:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func postFilesWithRequest<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, files: [UploadFile]
    ) throws -> T.Return {
        try fetch(Self.upload(.post, url, relativeUrl, request, files), as: T.Return.self)
    }

    /// Async ``postFileWithRequest(_:url:request:file:)``.
    @discardableResult
    public func postFileWithRequestAsync<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, file: UploadFile
    ) async throws -> sending T.Return {
        try await fetchAsync(Self.upload(.post, url, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// Async ``postFileWithRequest(_:url:request:fileName:data:mimeType:fieldName:)``.
    @discardableResult
    public func postFileWithRequestAsync<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, fileName: String,
        data: Data, mimeType: String? = nil,
        fieldName: String? = "file"
    ) async throws -> sending T.Return {
        let file = UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
        return try await fetchAsync(Self.upload(.post, url, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// Async ``postFilesWithRequest(_:url:request:files:)``.
    @discardableResult
    public func postFilesWithRequestAsync<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, files: [UploadFile]
    ) async throws -> sending T.Return {
        try await fetchAsync(Self.upload(.post, url, relativeUrl, request, files), as: T.Return.self)
    }

    // MARK: PUT

    /// PUTs `request` and `file`.
    @available(
        *, noasync, renamed: "putFileWithRequestAsync(_:url:request:file:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func putFileWithRequest<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, file: UploadFile
    ) throws -> T.Return {
        try fetch(Self.upload(.put, url, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// PUTs `request` and one file given by its parts.
    @available(
        *, noasync, renamed: "putFileWithRequestAsync(_:url:request:fileName:data:mimeType:fieldName:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func putFileWithRequest<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, fileName: String,
        data: Data, mimeType: String? = nil, fieldName: String? = "file"
    ) throws -> T.Return {
        let file = UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
        return try fetch(Self.upload(.put, url, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// PUTs `request` and `files`.
    @available(
        *, noasync, renamed: "putFilesWithRequestAsync(_:url:request:files:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func putFilesWithRequest<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, files: [UploadFile]
    ) throws -> T.Return {
        try fetch(Self.upload(.put, url, relativeUrl, request, files), as: T.Return.self)
    }

    /// Async ``putFileWithRequest(_:url:request:file:)``.
    @discardableResult
    public func putFileWithRequestAsync<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, file: UploadFile
    ) async throws -> sending T.Return {
        try await fetchAsync(Self.upload(.put, url, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// Async ``putFileWithRequest(_:url:request:fileName:data:mimeType:fieldName:)``.
    @discardableResult
    public func putFileWithRequestAsync<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, fileName: String,
        data: Data, mimeType: String? = nil,
        fieldName: String? = "file"
    ) async throws -> sending T.Return {
        let file = UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
        return try await fetchAsync(Self.upload(.put, url, relativeUrl, request, [file]), as: T.Return.self)
    }

    /// Async ``putFilesWithRequest(_:url:request:files:)``.
    @discardableResult
    public func putFilesWithRequestAsync<T: IReturn>(
        _ relativeUrl: String? = nil, url: URL? = nil, request: T, files: [UploadFile]
    ) async throws -> sending T.Return {
        try await fetchAsync(Self.upload(.put, url, relativeUrl, request, files), as: T.Return.self)
    }

    // MARK: A request you built

    /// Sends `urlRequest` (its URL, method and headers) with `request` and `file` as its
    /// `multipart/form-data` body, which is set on `urlRequest` too, as ServiceStack.Swift does (unless
    /// a file is one on disk, ``UploadFile/fileURL``: that is read only as it is sent).
    @available(
        *, noasync, renamed: "sendFileWithRequestAsync(_:request:fileName:data:mimeType:fieldName:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func sendFileWithRequest<T: IReturn>(
        _ urlRequest: inout URLRequest, request: T, fileName: String, data: Data,
        mimeType: String? = nil, fieldName: String? = "file"
    ) throws -> T.Return {
        let file = UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
        return try sendFilesWithRequest(&urlRequest, request: request, files: [file])
    }

    /// Sends `urlRequest` with `request` and `files` as its `multipart/form-data` body.
    @available(
        *, noasync, renamed: "sendFilesWithRequestAsync(_:request:files:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    @discardableResult
    public func sendFilesWithRequest<T: IReturn>(_ urlRequest: inout URLRequest, request: T, files: [UploadFile]) throws
        -> T.Return
    {
        try fetch(Self.upload(into: &urlRequest, request, files), as: T.Return.self)
    }

    /// Async ``sendFileWithRequest(_:request:fileName:data:mimeType:fieldName:)``.
    @discardableResult
    public func sendFileWithRequestAsync<T: IReturn>(
        _ urlRequest: inout URLRequest, request: T, fileName: String, data: Data,
        mimeType: String? = nil, fieldName: String? = "file"
    ) async throws -> sending T.Return {
        let file = UploadFile(fileName: fileName, data: data, mimeType: mimeType, fieldName: fieldName)
        return try await sendFilesWithRequestAsync(&urlRequest, request: request, files: [file])
    }

    /// Async ``sendFilesWithRequest(_:request:files:)``.
    @discardableResult
    public func sendFilesWithRequestAsync<T: IReturn>(_ urlRequest: inout URLRequest, request: T, files: [UploadFile])
        async throws -> sending T.Return
    {
        try await fetchAsync(Self.upload(into: &urlRequest, request, files), as: T.Return.self)
    }

    // MARK: Building

    private static func upload(
        _ method: HTTPMethod, _ url: URL?, _ relativeUrl: String?, _ request: any ServiceRequest,
        _ files: [UploadFile]
    ) -> ServiceCall {
        let destination = (url?.absoluteString ?? relativeUrl).map { ServiceCall.Destination.url($0) } ?? .route
        return ServiceCall(method: method, destination: destination, payload: .multipart(request, files: files))
    }

    /// The call for a request you built, its body filled with the form (the request's members as
    /// they are, then the files).
    private static func upload(
        into urlRequest: inout URLRequest, _ request: any ServiceRequest,
        _ files: [UploadFile]
    ) throws -> ServiceCall {
        var form = MultipartFormData()
        let fields: [(name: String, value: String)]
        do {
            fields = try RequestMembers(request, settings: JsonServiceClient.Settings()).queryItems(excluding: [])
        } catch {
            throw ServiceClientError.requestEncodingFailed(typeName: type(of: request).typeName, reason: "\(error)")
        }
        try form.add(fields: fields, files: files)
        // A form with files on disk is not read into `urlRequest`: the call builds it (and its boundary)
        // again, read as it is sent.
        if let body = form.finished().data {
            urlRequest.httpBody = body
            urlRequest.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        }
        return ServiceCall(
            method: HTTPMethod(rawValue: urlRequest.httpMethod ?? "POST"),
            destination: .urlRequest(urlRequest), payload: .multipart(request, files: files))
    }
}
