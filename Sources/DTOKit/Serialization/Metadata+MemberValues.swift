/// Reading a DTO's members one at a time, as JSON values, through its own metadata table.
///
/// For the client, which puts request members into URLs (route parameters, query strings, form
/// fields): it reads just the members it needs, without encoding the whole request and parsing it
/// back. Each member is written by the property's own accessor, so values have exactly their JSON
/// form (dates, durations, enums, Base64), and read back as a ``JsonValue``.
extension JsonSerializable {
    /// Every member the object writes, in table order, by JSON name; nil members are left out.
    /// - Throws: ``JsonDecodingError`` when a custom conformance writes invalid JSON.
    package func jsonMembers() throws -> JsonObject {
        var members = JsonObject()
        let metadata = type(of: self).metadata
        let object = metadata.accessors.checked(self)
        for property in metadata.properties {
            if let value = try property.jsonValue(of: object) {
                members[property.name] = value
            }
        }
        return members
    }

    /// The member named `name` (exactly, else ignoring case) and its value; nil when the table has
    /// no such member or the object leaves it out (nil).
    package func jsonMember(named name: String) throws -> (name: String, value: JsonValue)? {
        let metadata = type(of: self).metadata
        let object = metadata.accessors.checked(self)
        let properties = metadata.properties
        let lowercased = name.lowercased()
        guard let property = properties.first(where: { $0.name == name })
                ?? properties.first(where: { $0.name.lowercased() == lowercased }),
              let value = try property.jsonValue(of: object) else { return nil }
        return (property.name, value)
    }
}

extension PropertyMetadata {
    /// The value this property of the object's own table writes for it, or nil when it writes nothing.
    func jsonValue(of object: CheckedObject) throws -> JsonValue? {
        let json = JsonWriter.writeData(capacity: 64) { writer in
            writer.beginObject()
            accessors.encode(object, &writer)
            writer.endObject()
        }
        return try JsonValue(parsing: json).objectValue?.values.first
    }
}
