import DTOKit
import DTOKitClient
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP caching for a client's GET requests, as ServiceStack's `CachedServiceClient` does it for
/// the .NET clients — a middleware (``/DTOKitClient/JsonServiceClient/middleware``):
///
/// ```swift
/// let cache = HTTPCache()                       // in memory; HTTPCache(store: DiskCacheStore()) keeps it on disk
/// client.middleware = [cache]
/// ```
///
/// - A response with a `Cache-Control` header and an `ETag`, a `Last-Modified` or a `max-age` is
///   kept (not with `no-store`, nor one larger than ``maxEntrySize``).
/// - While it is fresh (younger than its `max-age`, no `no-cache`) it answers the request without
///   the server (``Statistics/hits``).
/// - Once stale, the request goes out with `If-None-Match` / `If-Modified-Since`; a 304 answers
///   with the kept response and renews it (``Statistics/notModifiedHits``).
/// - When the server cannot answer — no connection, or a 5xx — the kept response answers instead,
///   unless it says `no-cache`, or `must-revalidate` and is stale (``Statistics/errorFallbackHits``).
/// - Requests that miss while the same response is being fetched wait for that fetch and are
///   answered by what it kept (``Statistics/coalesced``): twenty identical misses make one request.
/// - A call's ``/DTOKitClient/CallOptions/cachePolicy`` changes this for that call: `.reload` asks the
///   server whatever is kept (a pull to refresh; the answer is kept), `.onlyIfCached` takes what is
///   kept, fresh or stale, and fails with a 504 (`WebServiceException`, error code `NotCached`) when
///   nothing is.
///
/// Responses are kept per URL and per credentials: the key holds a hash of the request's
/// `Authorization` and `Cookie` headers (never the values), so one user's response never answers
/// another's request; a response's `Vary` headers must match too (`Vary: *` is not kept). Credentials
/// in other headers count only through `Vary`, and only those already on the request when it reaches
/// the cache: put headers of your own in the client's `headers`, or in a middleware before the cache
/// (a `requestFilter` runs after it). Streams (Server Events) pass untouched, as do requests other
/// than GET. The client's timeout bounds each exchange as ever: one that times out gets no cached
/// answer.
public final class HTTPCache: ClientMiddleware {
    /// What the cache did, for tests and diagnostics (C#'s `CacheHits`, `NotModifiedHits`,
    /// `ErrorFallbackHits`, `CachesAdded`, plus the misses).
    public struct Statistics: Sendable, Equatable {
        /// Requests answered from the cache without the server.
        public var hits = 0
        /// Requests the server answered with 304: the kept response was used.
        public var notModifiedHits = 0
        /// Requests the server could not answer, answered from the cache.
        public var errorFallbackHits = 0
        /// Requests with nothing kept for them (or, with `cachePolicy: .reload`, sent past it).
        public var misses = 0
        /// Requests that waited for the same request under way, and were answered by what it kept.
        public var coalesced = 0
        /// Responses kept (new or replacing one).
        public var stored = 0

        public init() {}
    }

    /// Where the responses are kept.
    public let store: any HTTPCacheStore
    /// The largest body kept, in bytes (default 4 MiB); larger responses pass through, uncached.
    public let maxEntrySize: Int
    private let now: @Sendable () -> Date
    private let counters = Locked(Statistics())
    private let fetches = FetchesUnderWay()

    public convenience init(store: any HTTPCacheStore = MemoryCacheStore(), maxEntrySize: Int = 4 * 1024 * 1024) {
        self.init(store: store, maxEntrySize: maxEntrySize, now: { Date() })
    }

    init(store: any HTTPCacheStore, maxEntrySize: Int, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.maxEntrySize = maxEntrySize
        self.now = now
    }

    /// What the cache has done so far.
    public var statistics: Statistics { counters.current }

    /// Forgets every kept response.
    public func removeAll() {
        store.removeAll()
    }

    public func intercept(
        _ request: OutgoingRequest, context: MiddlewareContext,
        next: MiddlewareNext
    ) async throws -> ServiceStream {
        guard context.method == .get, !context.streamsResponseBody else { return try await next(request) }
        let key = Self.key(for: request)
        switch context.options.cachePolicy ?? .useCache {
        case .reload:
            count(\.misses)
            return try await keep(try await next(request), for: request, key: key)
        case .onlyIfCached:
            guard let kept = kept(for: key, request) else {
                count(\.misses)
                return try Self.notCached(request.url)
            }
            count(\.hits)
            return try kept.serviceStream()
        case .useCache:
            guard let kept = kept(for: key, request) else {
                return try await fetchMissing(request, key: key, next: next)
            }
            return try await answer(request, with: kept, key: key, next: next)
        }
    }

    /// The response kept for `key` that fits `request`'s `Vary` headers.
    private func kept(for key: String, _ request: OutgoingRequest) -> CachedResponse? {
        guard let kept = store.response(for: key),
            kept.variant == CachedResponse.variant(of: request, vary: kept.header("Vary"))
        else { return nil }
        return kept
    }

    /// A miss: fetched, unless the same key is being fetched already; then what that fetch kept
    /// answers (or, when it kept nothing, the request goes out after all).
    private func fetchMissing(_ request: OutgoingRequest, key: String, next: MiddlewareNext) async throws
        -> ServiceStream
    {
        if await fetches.lead(key) {
            defer { fetches.finish(key) }
            count(\.misses)
            return try await keep(try await next(request), for: request, key: key)
        }
        if let kept = kept(for: key, request), kept.isFresh(at: now()) {
            count(\.coalesced)
            return try kept.serviceStream()
        }
        count(\.misses)
        return try await keep(try await next(request), for: request, key: key)
    }

    /// `kept` answers when fresh; else the request goes out to revalidate it.
    private func answer(
        _ request: OutgoingRequest, with kept: CachedResponse, key: String,
        next: MiddlewareNext
    ) async throws -> ServiceStream {
        if kept.isFresh(at: now()) {
            count(\.hits)
            return try kept.serviceStream()
        }
        var revalidation = request
        if revalidation.value(forHTTPHeaderField: "If-None-Match") == nil, let etag = kept.header("ETag") {
            revalidation.setValue(etag, forHTTPHeaderField: "If-None-Match")
        }
        if revalidation.value(forHTTPHeaderField: "If-Modified-Since") == nil,
            let modified = kept.header("Last-Modified")
        {
            revalidation.setValue(modified, forHTTPHeaderField: "If-Modified-Since")
        }
        let response: ServiceStream
        do {
            response = try await next(revalidation)
        } catch let error as ServiceClientError where Self.isUnanswered(error) && kept.mayAnswerOnError(at: now()) {
            count(\.errorFallbackHits)
            return try kept.serviceStream()
        }
        switch response.statusCode {
        case 304:
            count(\.notModifiedHits)
            let renewed = kept.revalidated(by: response.httpResponse, at: now())
            store.store(renewed, for: key)
            return try renewed.serviceStream()
        case 500...599 where kept.mayAnswerOnError(at: now()):
            count(\.errorFallbackHits)
            return try kept.serviceStream()
        default:
            return try await keep(response, for: request, key: key)
        }
    }

    /// The answer to an `only-if-cached` request with nothing kept: 504, as RFC 9111 has a cache give.
    private static func notCached(_ url: URL) throws -> ServiceStream {
        let status = ResponseStatus()
        status.errorCode = "NotCached"
        status.message = "Nothing is cached for \(ServiceClientError.label(for: url)) (cachePolicy: .onlyIfCached)"
        let body = ErrorResponse()
        body.responseStatus = status
        return try ServiceStream(
            data: body.toJsonData(), statusCode: 504,
            headers: ["Content-Type": "application/json; charset=utf-8"], url: url)
    }

    /// `response`, kept when it may be: its body is read to keep it (up to ``maxEntrySize``; a
    /// larger one is handed on whole, as it arrives, and not kept).
    private func keep(_ response: ServiceStream, for request: OutgoingRequest, key: String) async throws
        -> ServiceStream
    {
        let control = CacheControl(response.httpResponse.value(forHTTPHeaderField: "Cache-Control"))
        let headers = response.httpResponse.allHeaderFields.reduce(into: [String: String]()) { headers, field in
            let name = "\(field.key)"
            if !CachedResponse.unkeptHeaders.contains(name.lowercased()) { headers[name] = "\(field.value)" }
        }
        let validated = headers.keys.contains { ["etag", "last-modified"].contains($0.lowercased()) }
        let vary = response.httpResponse.value(forHTTPHeaderField: "Vary")
        guard response.statusCode == 200, response.httpResponse.value(forHTTPHeaderField: "Cache-Control") != nil,
            !control.noStore, validated || (control.maxAge ?? 0) > 0, vary?.trimmingCharacters(in: .whitespaces) != "*"
        else {
            store.removeResponse(for: key)
            return response
        }
        let (body, rest) = try await BodyPrefix.read(response.chunks, upTo: maxEntrySize)
        if let rest {
            return ServiceStream(httpResponse: response.httpResponse, chunks: rest)
        }
        let url = response.httpResponse.url?.absoluteString ?? ""
        let kept = CachedResponse(
            url: url, statusCode: 200, headers: headers, body: body, storedAt: now(),
            variant: CachedResponse.variant(of: request, vary: vary))
        store.store(kept, for: key)
        count(\.stored)
        // The response as it came, its cookies included (they are not kept).
        return ServiceStream(ServiceResponse(data: body, httpResponse: response.httpResponse))
    }

    /// A request the server did not answer: no connection, or it broke.
    private static func isUnanswered(_ error: ServiceClientError) -> Bool {
        switch error {
        case .connectionRefused, .connectionLost, .networkFailure, .truncatedResponse: return true
        default: return false
        }
    }

    /// The URL, and a hash of the credentials the request carries.
    static func key(for request: OutgoingRequest) -> String {
        let credentials = CredentialRules.headers.map { request.value(forHTTPHeaderField: $0) ?? "" }
        return request.url.absoluteString + " " + KeyHash.hex(credentials.joined(separator: "\n"))
    }

    private func count(_ counter: WritableKeyPath<Statistics, Int>) {
        counters.withLock { $0[keyPath: counter] += 1 }
    }
}

/// The start of a body, read up to a limit, and what is left when it is longer.
enum BodyPrefix {
    /// `chunks` read whole when they hold at most `limit` bytes (`rest` nil); else the bytes read so
    /// far, and `rest`: those bytes followed by the chunks not yet read.
    static func read(_ chunks: AsyncThrowingStream<Data, any Error>, upTo limit: Int) async throws
        -> (body: Data, rest: AsyncThrowingStream<Data, any Error>?)
    {
        let reader = Reader(chunks.makeAsyncIterator())
        var body = Data()
        while let chunk = try await reader.next() {
            body.append(chunk)
            if body.count > limit {
                reader.pending = body
                return (body, AsyncThrowingStream { try await reader.next() })
            }
        }
        return (body, nil)
    }

    /// One reader at a time, one element after the other: the stream that owns it asks in turn
    /// (hence `@unchecked Sendable`).
    private final class Reader: @unchecked Sendable {
        var pending: Data?
        private var iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator

        init(_ iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator) {
            self.iterator = iterator
        }

        func next() async throws -> Data? {
            if let pending = pending.takeOnce() { return pending }
            return try await iterator.next()
        }
    }
}
