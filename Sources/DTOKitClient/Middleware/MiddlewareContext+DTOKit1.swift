// The initializer DTOKit 1.0 had (before `options:`), kept so that code and binaries built against it
// still link; calls written for it compile against the current one, which wins (`@_disfavoredOverload`).

extension MiddlewareContext {
    @available(*, deprecated, renamed: "init(method:requestTypeName:isBatch:streamsResponseBody:options:)")
    @_disfavoredOverload
    public init(
        method: HTTPMethod, requestTypeName: String? = nil, isBatch: Bool = false, streamsResponseBody: Bool = false
    ) {
        self.init(
            method: method, requestTypeName: requestTypeName, isBatch: isBatch,
            streamsResponseBody: streamsResponseBody, options: CallOptions())
    }
}
