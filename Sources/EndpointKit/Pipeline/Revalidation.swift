import Foundation

/// The cache's stage: a `GET` of a client with a ``ResponseCache`` carries the stored
/// validators (`If-None-Match`, `If-Modified-Since`), a `304` is answered with the stored
/// response, and an accepted `200` with a validator is stored. A download's and a stream's
/// responses are not cached (``Delivery/isCacheable``).
struct Revalidation: AttemptStage {
    let cache: any ResponseCache

    /// What one attempt looked up: the key, and the stored entry if there is one.
    struct Stored: Sendable {
        let key: CacheKey
        let entry: CachedResponse?
    }

    /// Looks `request` up in the cache and adds the stored entry's validators (unless the
    /// endpoint set them).
    func prepare(_ request: inout URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Preparation
    {
        state.revalidation = nil
        guard call.delivery.isCacheable, request.httpMethod == HTTPMethod.get.rawValue,
            let key = CacheKey(request: request)
        else { return .send }
        let entry = await cache.cachedResponse(for: key)
        state.revalidation = Stored(key: key, entry: entry)
        if let entityTag = entry?.entityTag, request.value(forHTTPHeaderField: "If-None-Match") == nil {
            request.setValue(entityTag, forHTTPHeaderField: "If-None-Match")
        }
        if let lastModified = entry?.lastModified, request.value(forHTTPHeaderField: "If-Modified-Since") == nil {
            request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }
        return .send
    }

    /// Answers a `304` with the stored response, the `304`'s headers (fresh rate-limit counts,
    /// say) laid over its own; keeps an accepted `200` that has a validator.
    func judge(_ sent: Sent, to request: URLRequest, for call: Call, state: inout AttemptState)
        async throws(EndpointError) -> Verdict
    {
        guard let stored = state.revalidation else { return .pass }
        let response = sent.response
        if response.statusCode == 304, var confirmed = stored.entry?.response {
            confirmed.headers = confirmed.headers.merging(response.headers)
            state.observation?.didRevalidate(confirmed)
            return .answer(Attempts.Outcome(response: confirmed, isFromCache: true))
        }
        if response.statusCode == 200, call.policy.validation.accepts(response),
            let entry = CachedResponse(response)
        {
            await cache.store(entry, for: stored.key)
        }
        return .pass
    }
}
