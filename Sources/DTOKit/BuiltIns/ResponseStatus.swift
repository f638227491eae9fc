/// The error details ServiceStack returns in every failed response's `responseStatus`.
open class ResponseStatus {
    /// The error's code: the exception type name or a validation rule (`NotEmpty`).
    public var errorCode: String?
    /// A human-readable message.
    public var message: String?
    /// The server's stack trace (only in DebugMode).
    public var stackTrace: String?
    /// One entry per invalid field for validation errors.
    public var errors: [ResponseError]?
    /// Extra key/value data.
    public var meta: [String: String]?

    /// An empty instance; set the members you need.
    public required init() {}

    /// Decodes through the metadata table (Codable support for `AddCodable: True` types).
    public required init(from decoder: any Decoder) throws {
        try CodableSupport.decodeThroughMetadata(self, from: decoder)
    }

    /// Encodes through the metadata table (Codable support for `AddCodable: True` types).
    open func encode(to encoder: any Encoder) throws {
        try CodableSupport.encodeThroughMetadata(self, to: encoder)
    }
}

extension ResponseStatus: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<ResponseStatus>.optionalString("errorCode", get: { $0.errorCode }, set: { $0.errorCode = $1 }),
        Property<ResponseStatus>.optionalString("message", get: { $0.message }, set: { $0.message = $1 }),
        Property<ResponseStatus>.optionalString("stackTrace", get: { $0.stackTrace }, set: { $0.stackTrace = $1 }),
        Property<ResponseStatus>.optionalArray("errors", get: { $0.errors }, set: { $0.errors = $1 }),
        Property<ResponseStatus>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
    ])
}

/// One field's validation error.
open class ResponseError {
    /// The error code: the exception type or validation rule (`NotEmpty`, `ArgumentException`).
    public var errorCode: String?
    /// The request property at fault, as the server names it (`Name`).
    public var fieldName: String?
    /// The human-readable message.
    public var message: String?
    /// Extra key/value data.
    public var meta: [String: String]?

    /// An empty instance; set the members you need.
    public required init() {}

    /// Decodes through the metadata table (Codable support for `AddCodable: True` types).
    public required init(from decoder: any Decoder) throws {
        try CodableSupport.decodeThroughMetadata(self, from: decoder)
    }

    /// Encodes through the metadata table (Codable support for `AddCodable: True` types).
    open func encode(to encoder: any Encoder) throws {
        try CodableSupport.encodeThroughMetadata(self, to: encoder)
    }
}

extension ResponseError: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<ResponseError>.optionalString("errorCode", get: { $0.errorCode }, set: { $0.errorCode = $1 }),
        Property<ResponseError>.optionalString("fieldName", get: { $0.fieldName }, set: { $0.fieldName = $1 }),
        Property<ResponseError>.optionalString("message", get: { $0.message }, set: { $0.message = $1 }),
        Property<ResponseError>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
    ])
}

/// The body of an error from a service whose response type has no `responseStatus`.
open class ErrorResponse {
    /// The error details, when the call failed.
    public var responseStatus: ResponseStatus?

    /// An empty instance; set the members you need.
    public required init() {}

    /// Decodes through the metadata table (Codable support for `AddCodable: True` types).
    public required init(from decoder: any Decoder) throws {
        try CodableSupport.decodeThroughMetadata(self, from: decoder)
    }

    /// Encodes through the metadata table (Codable support for `AddCodable: True` types).
    open func encode(to encoder: any Encoder) throws {
        try CodableSupport.encodeThroughMetadata(self, to: encoder)
    }
}

extension ErrorResponse: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<ErrorResponse>.optionalObject(
            "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 })
    ])
}
