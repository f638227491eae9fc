/// A response with nothing but a status.
open class EmptyResponse {
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

extension EmptyResponse: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<EmptyResponse>.optionalObject(
            "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 })
    ])
}

/// The id of a created or changed record (AutoQuery CRUD services).
open class IdResponse {
    /// The id of the created or affected row.
    public var id: String?
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

extension IdResponse: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<IdResponse>.optionalString("id", get: { $0.id }, set: { $0.id = $1 }),
        Property<IdResponse>.optionalObject(
            "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
    ])
}

/// A single boolean result.
open class BoolResponse {
    /// The result value.
    public var result: Bool?
    /// Extra key/value data.
    public var meta: [String: String]?
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

extension BoolResponse: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<BoolResponse>.optionalBool("result", get: { $0.result }, set: { $0.result = $1 }),
        Property<BoolResponse>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        Property<BoolResponse>.optionalObject(
            "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
    ])
}

/// A single string result.
open class StringResponse {
    /// The result value.
    public var result: String?
    /// Extra key/value data.
    public var meta: [String: String]?
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

extension StringResponse: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<StringResponse>.optionalString("result", get: { $0.result }, set: { $0.result = $1 }),
        Property<StringResponse>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        Property<StringResponse>.optionalObject(
            "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
    ])
}

/// A list of strings.
open class StringsResponse {
    /// The result values.
    public var results: [String]?
    /// Extra key/value data.
    public var meta: [String: String]?
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

extension StringsResponse: JsonSerializable {
    public static let metadata = Metadata.create([
        Property<StringsResponse>.optionalArray("results", get: { $0.results }, set: { $0.results = $1 }),
        Property<StringsResponse>.optionalDictionary("meta", get: { $0.meta }, set: { $0.meta = $1 }),
        Property<StringsResponse>.optionalObject(
            "responseStatus", get: { $0.responseStatus }, set: { $0.responseStatus = $1 }),
    ])
}
