import Foundation

/// Where a client's HTTP cache keeps its responses (RFC 9111).
///
/// With a cache, a client answers a `GET` or `HEAD` with a stored response while it is fresh,
/// sending nothing; validates a stale one with the server (`If-None-Match`,
/// `If-Modified-Since`), answering a `304 Not Modified` with it (GitHub does not count 304s
/// against the rate limit); stores what the server allows; and drops what a successful `POST`,
/// `PUT`, `PATCH` or `DELETE` changed. The client makes every decision; a store only keeps
/// entries. Keys include whose credential the request carried, so users never share entries.
/// ``InMemoryResponseCache`` is the built-in store; conform to keep entries elsewhere.
///
/// A store keeps several entries per key, one per variant (``CachedResponse/variant``: the
/// request headers the response's `Vary` names). A store written for 0.3.0, with only
/// ``cachedResponse(for:)`` and ``store(_:for:)``, keeps one, the latest, and still works.
///
/// A store that is an actor declares ``cachedResponses(for:)`` and ``removeResponses(for:)``
/// `async`, as the requirements are: a synchronous actor method would satisfy the requirement,
/// but a caller holding the concrete type (`await store.removeResponses(for: key)`) would get
/// the protocol's default instead.
public protocol ResponseCache: Sendable {
    /// The stored response for `key`, if any: the one a store that keeps one variant per key has.
    ///
    /// - Parameter key: The request's key.
    /// - Returns: The entry, or `nil`.
    func cachedResponse(for key: CacheKey) async -> CachedResponse?

    /// Stores `response` for `key`, replacing the stored entry of the same variant
    /// (``CachedResponse/variant``), or every entry in a store that keeps one per key.
    ///
    /// - Parameters:
    ///   - response: The response to keep.
    ///   - key: The request's key.
    func store(_ response: CachedResponse, for key: CacheKey) async

    /// Every stored variant for `key`. The default returns ``cachedResponse(for:)``'s one.
    ///
    /// - Parameter key: The request's key.
    /// - Returns: The entries, in any order; empty when there are none.
    func cachedResponses(for key: CacheKey) async -> [CachedResponse]

    /// Removes every entry for `key` (RFC 9111 §4.4's invalidation). The default, for a store
    /// that cannot remove, stores each entry again marked ``CachedResponse/isInvalidated``, so
    /// that it is validated before it is used.
    ///
    /// - Parameter key: The key whose entries go.
    func removeResponses(for key: CacheKey) async
}

extension ResponseCache {
    /// The one entry ``cachedResponse(for:)`` returns, if any.
    public func cachedResponses(for key: CacheKey) async -> [CachedResponse] {
        await cachedResponse(for: key).map { [$0] } ?? []
    }

    /// Stores each entry again, marked invalidated.
    public func removeResponses(for key: CacheKey) async {
        for var entry in await cachedResponses(for: key) where !entry.isInvalidated {
            entry.isInvalidated = true
            await store(entry, for: key)
        }
    }
}
