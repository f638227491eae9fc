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
///   A failed answer never removes a kept response (RFC 9111 §4.3.3): only a full successful answer
///   replaces it, and a successful POST, PUT, PATCH or DELETE to its URL (or to the URL its response
///   names in `Location` or `Content-Location`) invalidates it (§4.4).
/// - Requests that miss while the same response is being fetched wait for that fetch and are
///   answered by what it kept (``Statistics/coalesced``): twenty identical misses make one request.
///   Only for a URL whose last response was kept fresh, and for the same variant (its `Vary`
///   headers): an answer the cache will not keep (no `Cache-Control`, as most services send) or that is
///   stale at once is never waited for, and when a fetch's answer turns out not to be kept, the
///   requests waiting for it go at once.
/// - A call's ``/DTOKitClient/CallOptions/cachePolicy`` changes this for that call: `.reload` asks the
///   server whatever is kept (a pull to refresh; the answer is kept), `.onlyIfCached` takes what is
///   kept, fresh or stale, and fails with a 504 (`WebServiceException`, error code `NotCached`) when
///   nothing is.
///
/// Responses are kept per URL and per credentials: the key holds the SHA-256 of the request's
/// `Authorization` and `Cookie` headers (never the values), so one user's response never answers
/// another's request, on disk too; a response's `Vary` headers must match too (`Vary: *` is not
/// kept). Credentials in other headers count only through `Vary`, and only those already on the request when it reaches
/// the cache: put headers of your own in the client's `headers`, or in a middleware before the cache
/// (a `requestFilter` runs after it). Streams (Server Events) pass untouched, as do requests other
/// than GET (but for the invalidation above). A call that times out gets no cached answer.
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
        fetches.forgetAllKept()
    }

    public func intercept(
        _ request: OutgoingRequest, context: MiddlewareContext,
        next: MiddlewareNext
    ) async throws -> ServiceStream {
        guard !context.streamsResponseBody else { return try await next(request) }
        guard context.method == .get else { return try await invalidating(request, next: next) }
        let key = CacheKey.key(for: request)
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

    /// A miss: fetched, unless the same key and variant, one whose last response was kept fresh, is
    /// being fetched already; then what that fetch keeps answers (or, when it keeps nothing, the request goes out at
    /// once).
    private func fetchMissing(_ request: OutgoingRequest, key: String, next: MiddlewareNext) async throws
        -> ServiceStream
    {
        guard let vary = fetches.keptVary(key) else {
            count(\.misses)
            return try await keep(try await next(request), for: request, key: key)
        }
        // The same variant's fetch only: another's would not answer this request.
        let fetch = key + "\n" + CachedResponse.variant(of: request, vary: vary)
        if await fetches.lead(fetch) {
            let finished = Locked(false)
            let finish: @Sendable () -> Void = { [fetches] in
                let first = finished.withLock { finished -> Bool in
                    defer { finished = true }
                    return !finished
                }
                if first { fetches.finish(fetch) }
            }
            defer { finish() }
            count(\.misses)
            return try await keep(try await next(request), for: request, key: key, decided: finish)
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
    /// larger one is handed on whole, as it arrives, and not kept). `decided` is called once it is
    /// known whether it is kept (the requests waiting for it go on then).
    private func keep(
        _ response: ServiceStream, for request: OutgoingRequest, key: String, decided: (@Sendable () -> Void)? = nil
    ) async throws -> ServiceStream {
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
            fetches.forgetKept(key)
            decided?()
            // A full successful answer replaces what was kept — once it arrived whole; a failed one, or
            // one whose body breaks off, leaves it (RFC 9111 §4.3.3).
            guard (200..<300).contains(response.statusCode) else { return response }
            return replacingKept(key, when: response)
        }
        let (body, rest) = try await BodyPrefix.read(response.chunks, upTo: maxEntrySize)
        if let rest {
            fetches.forgetKept(key)
            decided?()
            return ServiceStream(httpResponse: response.httpResponse, chunks: rest)
        }
        let url = response.httpResponse.url?.absoluteString ?? ""
        let kept = CachedResponse(
            url: url, statusCode: 200, headers: headers, body: body, storedAt: now(),
            variant: CachedResponse.variant(of: request, vary: vary))
        store.store(kept, for: key)
        // Requests wait for a fetch of this key only when its answer will answer them (fresh on arrival).
        if kept.isFresh(at: now()) { fetches.rememberKept(key, vary: vary) } else { fetches.forgetKept(key) }
        decided?()
        count(\.stored)
        // The response as it came, its cookies included (they are not kept).
        return ServiceStream(ServiceResponse(data: body, httpResponse: response.httpResponse))
    }

    /// `response` as it arrives; what is kept for `key` is removed once its body has arrived whole.
    private func replacingKept(_ key: String, when response: ServiceStream) -> ServiceStream {
        let reader = BodyPrefix.Reader(response.chunks.makeAsyncIterator())
        let store = self.store
        return ServiceStream(
            httpResponse: response.httpResponse,
            chunks: AsyncThrowingStream {
                guard let chunk = try await reader.next() else {
                    store.removeResponse(for: key)
                    return nil
                }
                return chunk
            })
    }

    /// A request the server did not answer: no connection, or it broke.
    private static func isUnanswered(_ error: ServiceClientError) -> Bool {
        switch error {
        case .connectionRefused, .connectionLost, .networkFailure, .truncatedResponse: return true
        default: return false
        }
    }

    /// A request that is not a GET: sent on; a successful answer to an unsafe method invalidates what
    /// is kept for its URL, and for the URL its `Location` or `Content-Location` names on the same
    /// origin (RFC 9111 §4.4), for the same credentials.
    private func invalidating(_ request: OutgoingRequest, next: MiddlewareNext) async throws -> ServiceStream {
        let response = try await next(request)
        let safe: [HTTPMethod] = [.head, .options, HTTPMethod(rawValue: "TRACE")]
        guard !safe.contains(request.method), response.statusCode < 400 else { return response }
        var invalid = [request.url]
        for name in ["Location", "Content-Location"] {
            guard let value = response.httpResponse.value(forHTTPHeaderField: name),
                let url = URL(string: value, relativeTo: request.url)?.absoluteURL,
                CredentialRules.mayCarry(from: request.url, to: url)
            else { continue }
            invalid.append(url)
        }
        let credentials = CredentialRules.headers.map { request.value(forHTTPHeaderField: $0) }
        for url in invalid {
            let key = CacheKey.key(url: url, credentials: credentials)
            store.removeResponse(for: key)
            fetches.forgetKept(key)
        }
        return response
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
    final class Reader: @unchecked Sendable {
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
