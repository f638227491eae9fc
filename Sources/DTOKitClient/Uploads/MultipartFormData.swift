import Foundation

/// A `multipart/form-data` body (RFC 7578): a text part per request DTO property, then a part
/// per file. A file on disk (``UploadFile/fileURL``) stays there: the body is the bytes around it
/// and the file, read as it is sent (``OutgoingBody/joined(_:)``).
///
/// ```
/// --FormBoundary<uuid>\r\n
/// Content-Disposition: form-data; name="category"\r\n
/// \r\n
/// docs\r\n
/// --FormBoundary<uuid>\r\n
/// Content-Disposition: form-data; name="upload0"; filename="a.txt"\r\n
/// Content-Type: text/plain\r\n
/// \r\n
/// <bytes>\r\n
/// --FormBoundary<uuid>--\r\n
/// ```
struct MultipartFormData {
    let boundary: String
    /// The bytes since the last file on disk.
    private var body = Data()
    /// What came before `body`: bytes, and files on disk.
    private var parts: [OutgoingBody] = []

    init(boundary: String = "FormBoundary" + UUID().uuidString.replacingOccurrences(of: "-", with: "")) {
        self.boundary = boundary
    }

    /// The request's `Content-Type` header.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// A text part per field, then a part per file (named `upload0`, `upload1`, … by position when
    /// the file has no field name).
    /// - Throws: ``ServiceClientError/invalidRequest(url:reason:)`` when a file on disk cannot be read.
    mutating func add(fields: [(name: String, value: String)], files: [UploadFile]) throws {
        for field in fields {
            addField(name: field.name, value: field.value)
        }
        for (index, file) in files.enumerated() {
            addFile(
                fieldName: file.fieldName ?? "upload\(index)", fileName: file.fileName,
                mimeType: file.resolvedMimeType, content: try file.content())
        }
    }

    mutating func addField(name: String, value: String) {
        append("--\(boundary)\r\n")
        append("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n")
        append(value)
        append("\r\n")
    }

    mutating func addFile(fieldName: String, fileName: String, mimeType: String, content: OutgoingBody) {
        append("--\(boundary)\r\n")
        append(
            "Content-Disposition: form-data; name=\"\(Self.quoted(fieldName))\"; filename=\"\(Self.quoted(fileName))\"\r\n"
        )
        append("Content-Type: \(mimeType.filter { $0 != "\r" && $0 != "\n" })\r\n\r\n")
        if let data = content.data {
            body.append(data)
        } else {
            parts += [.bytes(body), content]
            body = Data()
        }
        append("\r\n")
    }

    /// The finished body, with the closing boundary: bytes, or bytes and files on disk.
    func finished() -> OutgoingBody {
        var last = body
        last.append(contentsOf: Array("--\(boundary)--\r\n".utf8))
        return parts.isEmpty ? .bytes(last) : .joined(parts + [.bytes(last)])
    }

    private mutating func append(_ text: String) {
        body.append(contentsOf: Array(text.utf8))
    }

    /// A name or file name inside `"…"`: quotes and line breaks percent-encoded as browsers do.
    static func quoted(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
