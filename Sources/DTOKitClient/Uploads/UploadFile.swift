import Foundation

/// A file to upload with a request DTO in a `multipart/form-data` request.
///
/// ```swift
/// let file = UploadFile(fileName: "report.pdf", data: pdfData, mimeType: "application/pdf", fieldName: "report")
/// let response = try client.postFileWithRequest(request: UploadFiles(), file: file)
/// ```
public struct UploadFile: Sendable, Equatable {
    /// The file name sent to the server (`filename="…"`).
    public var fileName: String
    /// The file's bytes, sent exactly as they are (empty for a file read from disk: ``fileURL``).
    public var data: Data
    /// A file on disk whose bytes are sent, read as they go out (never held in memory), in place of
    /// ``data``.
    public var fileURL: URL?
    /// The part's `Content-Type`; nil guesses it from the file name's extension
    /// (`application/octet-stream` when unknown).
    public var mimeType: String?
    /// The form field name of the part; nil names the parts `upload0`, `upload1`, … by position.
    public var fieldName: String?

    /// - Parameters:
    ///   - fileName: the name sent to the server.
    ///   - data: the bytes.
    ///   - mimeType: the content type; nil to guess it from `fileName`.
    ///   - fieldName: the form field name; nil for `upload0`, `upload1`, … by position.
    public init(fileName: String, data: Data, mimeType: String? = nil, fieldName: String? = nil) {
        self.fileName = fileName
        self.data = data
        self.mimeType = mimeType
        self.fieldName = fieldName
    }

    /// A file on disk, read as it is sent: a large upload is never held in memory.
    /// - Parameters:
    ///   - fileURL: the file.
    ///   - fileName: the name sent to the server; nil for the file's own.
    ///   - mimeType: the content type; nil to guess it from the file name.
    ///   - fieldName: the form field name; nil for `upload0`, `upload1`, … by position.
    public init(fileURL: URL, fileName: String? = nil, mimeType: String? = nil, fieldName: String? = nil) {
        self.init(
            fileName: fileName ?? fileURL.lastPathComponent, data: Data(), mimeType: mimeType, fieldName: fieldName)
        self.fileURL = fileURL
    }

    /// The part's bytes: ``data``, or the file read as it is sent.
    /// - Throws: ``ServiceClientError/invalidRequest(url:reason:)`` when the file cannot be read.
    func content() throws -> OutgoingBody {
        try fileURL.map(OutgoingBody.file) ?? .bytes(data)
    }

    /// ``mimeType``, or the type guessed from the file name.
    public var resolvedMimeType: String {
        if let mimeType, !mimeType.isEmpty { return mimeType }
        // What follows the last dot (the whole name when it has none).
        let ext = fileName.lastIndex(of: ".").map { fileName[fileName.index(after: $0)...] } ?? fileName[...]
        return Self.mimeTypes[ext.lowercased()] ?? "application/octet-stream"
    }

    static let mimeTypes: [String: String] = [
        "txt": "text/plain", "csv": "text/csv", "html": "text/html", "htm": "text/html", "css": "text/css",
        "js": "text/javascript", "json": "application/json", "xml": "application/xml", "md": "text/markdown",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "ico": "image/x-icon", "pdf": "application/pdf", "zip": "application/zip",
        "gz": "application/gzip", "mp3": "audio/mpeg", "wav": "audio/wav", "mp4": "video/mp4",
        "mov": "video/quicktime", "webm": "video/webm",
    ]
}
