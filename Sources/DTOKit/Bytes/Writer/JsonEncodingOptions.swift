/// How values are written.
public struct JsonEncodingOptions: Sendable, Hashable {
    /// How `Date` values are written.
    public enum DateFormat: Sendable, Hashable {
        /// `"\/Date(1523942312513)\/"`: milliseconds since 1970 in UTC, ServiceStack.Text's default.
        case wcf
        /// `"2018-04-17T05:18:32.513Z"`: ISO-8601 in UTC, as ServiceStack writes with `DateHandler.ISO8601`.
        case iso8601
    }

    /// How `Date` values are written. Reading accepts every format either way.
    public var dateFormat: DateFormat

    public init(dateFormat: DateFormat = .wcf) {
        self.dateFormat = dateFormat
    }
}
