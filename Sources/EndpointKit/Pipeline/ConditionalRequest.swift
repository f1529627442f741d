import Foundation

/// The cache step of each attempt (stage 5): one `GET` through a ``ResponseCache`` adds the
/// stored validators to the request, answers a `304` with the stored response, and stores new
/// responses that have validators.
struct ConditionalRequest {
    let cache: any ResponseCache
    let key: CacheKey
    let stored: CachedResponse?

    /// Looks `request` up in `cache` and adds `If-None-Match` / `If-Modified-Since` from the
    /// stored entry (unless the endpoint set them). `nil` without a cache or for other methods.
    init?(cache: (any ResponseCache)?, request: inout URLRequest) async {
        guard let cache, request.httpMethod == HTTPMethod.get.rawValue, let key = CacheKey(request: request) else {
            return nil
        }
        self.cache = cache
        self.key = key
        stored = await cache.cachedResponse(for: key)
        if let entityTag = stored?.entityTag, request.value(forHTTPHeaderField: "If-None-Match") == nil {
            request.setValue(entityTag, forHTTPHeaderField: "If-None-Match")
        }
        if let lastModified = stored?.lastModified, request.value(forHTTPHeaderField: "If-Modified-Since") == nil {
            request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }
    }

    /// For a `304`, the stored response with the `304`'s headers (fresh rate-limit counts, say)
    /// laid over its own; `nil` otherwise.
    func confirmed(by response: HTTPResponse) -> HTTPResponse? {
        guard response.statusCode == 304, var confirmed = stored?.response else { return nil }
        confirmed.headers = confirmed.headers.merging(response.headers)
        return confirmed
    }

    /// Keeps a `200` that has a validator.
    func store(_ response: HTTPResponse) async {
        guard response.statusCode == 200, let entry = CachedResponse(response) else { return }
        await cache.store(entry, for: key)
    }
}
