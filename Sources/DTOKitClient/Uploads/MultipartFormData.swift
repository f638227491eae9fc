import Foundation

/// A `multipart/form-data` body (RFC 7578): a text part per request DTO property, then a part
/// per file.
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
    private(set) var body = Data()

    init(boundary: String = "FormBoundary" + UUID().uuidString.replacingOccurrences(of: "-", with: "")) {
        self.boundary = boundary
    }

    /// The request's `Content-Type` header.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// A text part per field, then a part per file (named `upload0`, `upload1`, … by position when
    /// the file has no field name).
    mutating func add(fields: [(name: String, value: String)], files: [UploadFile]) {
        for field in fields {
            addField(name: field.name, value: field.value)
        }
        for (index, file) in files.enumerated() {
            addFile(
                fieldName: file.fieldName ?? "upload\(index)", fileName: file.fileName,
                mimeType: file.resolvedMimeType, data: file.data)
        }
    }

    mutating func addField(name: String, value: String) {
        append("--\(boundary)\r\n")
        append("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n")
        append(value)
        append("\r\n")
    }

    mutating func addFile(fieldName: String, fileName: String, mimeType: String, data: Data) {
        append("--\(boundary)\r\n")
        append(
            "Content-Disposition: form-data; name=\"\(Self.quoted(fieldName))\"; filename=\"\(Self.quoted(fileName))\"\r\n"
        )
        append("Content-Type: \(mimeType.filter { $0 != "\r" && $0 != "\n" })\r\n\r\n")
        body.append(data)
        append("\r\n")
    }

    /// The finished body, with the closing boundary.
    func finished() -> Data {
        var result = body
        result.append(contentsOf: Array("--\(boundary)--\r\n".utf8))
        return result
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
