import DTOKit
import Foundation

// The initializer DTOKit 1.0 had (before `retryAfter:`), kept so that code and binaries built against
// it still link; calls written for it compile against the current one, which wins (`@_disfavoredOverload`).

extension WebServiceException {
    @available(
        *, deprecated,
        renamed: "init(statusCode:statusDescription:responseStatus:responseBody:contentType:method:url:retryAfter:)"
    )
    @_disfavoredOverload
    public init(
        statusCode: Int, statusDescription: String? = nil, responseStatus: ResponseStatus? = nil,
        responseBody: Data = Data(), contentType: String? = nil, method: String = "GET", url: String = ""
    ) {
        self.init(
            statusCode: statusCode, statusDescription: statusDescription, responseStatus: responseStatus,
            responseBody: responseBody, contentType: contentType, method: method, url: url, retryAfter: nil)
    }
}
