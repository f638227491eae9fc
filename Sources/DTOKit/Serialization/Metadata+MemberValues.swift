/// Reading a DTO's members one at a time, as JSON values, through its own metadata table.
///
/// For the client, which puts request members into URLs (route parameters, query strings, form
/// fields): it reads just the members it needs, without encoding the whole request and parsing it
/// back. Each member is written by the property's own accessor, so values have exactly their JSON
/// form (dates, durations, enums, Base64), and read back as a ``JsonValue``.
extension ServiceRequest {
    /// Every member the request writes with `options`, in table order, by JSON name; nil members
    /// are left out.
    /// - Throws: ``JsonDecodingError`` when a custom conformance writes invalid JSON.
    package func jsonMembers(options: JsonEncodingOptions) throws -> JsonObject {
        try MemberValues(of: self, options: options).all()
    }

    /// The member named `name` (exactly, else ignoring case) and its value as written with
    /// `options`; nil when the table has no such member or the request leaves it out (nil).
    package func jsonMember(named name: String, options: JsonEncodingOptions) throws
        -> (name: String, value: JsonValue)?
    {
        try MemberValues(of: self, options: options).member(named: name)
    }

    /// ``jsonMembers(options:)`` with the default options (`/Date(ms)/` dates).
    package func jsonMembers() throws -> JsonObject {
        try jsonMembers(options: JsonEncodingOptions())
    }

    /// ``jsonMember(named:options:)`` with the default options (`/Date(ms)/` dates).
    package func jsonMember(named name: String) throws -> (name: String, value: JsonValue)? {
        try jsonMember(named: name, options: JsonEncodingOptions())
    }
}

/// A DTO's member names and a way to write each member's value, whatever its kind: a class's table,
/// a struct's, or (for a request of your own) its whole JSON, read back.
private struct MemberValues {
    let names: [String]
    let value: (Int) throws -> JsonValue?

    init(of request: some ServiceRequest, options: JsonEncodingOptions) {
        if let object = request as? any JsonSerializable {
            self.init(object: object, options: options)
        } else if let value = request as? any JsonStruct {
            self.init(value: value, options: options)
        } else {
            let members = Result {
                try JsonValue(parsing: request.toJsonData(options: options)).objectValue ?? JsonObject()
            }
            let names = (try? members.get().keys).map(Array.init) ?? []
            self.init(names: names, value: { index in try members.get()[names[index]] })
        }
    }

    private init(names: [String], value: @escaping (Int) throws -> JsonValue?) {
        self.names = names
        self.value = value
    }

    private init<Object: JsonSerializable>(object: Object, options: JsonEncodingOptions) {
        let metadata = Object.metadata
        let checked = metadata.accessors.checked(object)
        self.init(
            names: metadata.propertyNames,
            value: { index in try metadata.properties[index].jsonValue(of: checked, options: options) })
    }

    private init<Value: JsonStruct>(value instance: Value, options: JsonEncodingOptions) {
        let metadata = Value.metadata
        self.init(
            names: metadata.propertyNames,
            value: { index in try metadata.properties[index].jsonValue(of: instance, options: options) })
    }

    func all() throws -> JsonObject {
        var members = JsonObject()
        for (index, name) in names.enumerated() {
            if let value = try value(index) { members[name] = value }
        }
        return members
    }

    func member(named name: String) throws -> (name: String, value: JsonValue)? {
        let lowercased = name.lowercased()
        guard let index = names.firstIndex(of: name) ?? names.firstIndex(where: { $0.lowercased() == lowercased }),
            let value = try value(index)
        else { return nil }
        return (names[index], value)
    }
}

extension PropertyMetadata {
    /// The value this property of the object's own table writes for it, or nil when it writes nothing.
    func jsonValue(of object: CheckedObject, options: JsonEncodingOptions) throws -> JsonValue? {
        try JsonValue.member(options: options) { accessors.encode(object, &$0) }
    }
}

extension StructProperty {
    /// The value this property writes for `value`, or nil when it writes nothing.
    func jsonValue(of value: Owner, options: JsonEncodingOptions) throws -> JsonValue? {
        try JsonValue.member(options: options) { accessors.encode(value, &$0) }
    }
}

extension JsonValue {
    /// The value of the one member `writeMember` writes into an object, or nil when it writes none.
    fileprivate static func member(options: JsonEncodingOptions, _ writeMember: (inout JsonWriter) -> Void) throws
        -> JsonValue?
    {
        let json = JsonWriter.writeData(options: options, capacity: 64) { writer in
            writer.beginObject()
            writeMember(&writer)
            writer.endObject()
        }
        return try JsonValue(parsing: json).objectValue?.values.first
    }
}
