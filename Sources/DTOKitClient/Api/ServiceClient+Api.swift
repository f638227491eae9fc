import DTOKit

/// `api` and `apiAsync`: `send` that returns an ``ApiResult`` instead of throwing.
///
/// Every failure (an HTTP error, no connection, a response that cannot be decoded, a cancelled
/// task) becomes the result's ``ApiResult/error``. The request goes with `method`, or else the
/// method of its marker protocol (POST without one), to its route, as ``ServiceClient/send(_:method:)``.
extension ServiceClient {
    /// Sends `request` and returns its response or its error, blocking the calling thread.
    @available(
        *, noasync, renamed: "apiAsync(_:method:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func api<T: IReturn>(_ request: T, method: HTTPMethod? = nil) -> ApiResult<T.Return> {
        do {
            return ApiResult(response: try send(request, method: method))
        } catch {
            return ApiResult(failure: error)
        }
    }

    /// Sends `request`, which has no response body, and returns an `EmptyResponse` or its error.
    @available(
        *, noasync, renamed: "apiAsync(_:method:)",
        message: "blocks the calling thread until the response arrives; call the …Async form"
    )
    public func api<T: IReturnVoid>(_ request: T, method: HTTPMethod? = nil) -> ApiResult<EmptyResponse> {
        do {
            try send(request, method: method)
            return ApiResult(response: EmptyResponse())
        } catch {
            return ApiResult(failure: error)
        }
    }

    /// The async form of `api(_:method:)`: suspends until the response arrives.
    public func apiAsync<T: IReturn>(_ request: T, method: HTTPMethod? = nil) async -> sending ApiResult<T.Return> {
        do {
            return ApiResult(response: try await sendAsync(request, method: method))
        } catch {
            return ApiResult(failure: error)
        }
    }

    /// Async `api` for a request without a response body.
    public func apiAsync<T: IReturnVoid>(_ request: T, method: HTTPMethod? = nil) async
        -> sending ApiResult<EmptyResponse>
    {
        do {
            try await sendAsync(request, method: method)
            return ApiResult(response: EmptyResponse())
        } catch {
            return ApiResult(failure: error)
        }
    }
}
