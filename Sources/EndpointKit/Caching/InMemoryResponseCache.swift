/// A ``ResponseCache`` in memory, bounded by entry count and by the bytes of its bodies,
/// evicting the least recently used entries first.
///
/// <!-- snippet needs: url, token -->
/// ```swift
/// let client = Client(baseURL: url, authenticator: .token(token)) { $0.cache = InMemoryResponseCache() }
/// ```
public actor InMemoryResponseCache: ResponseCache {
    /// The most entries kept, every variant counted.
    public let maximumEntries: Int
    /// The most body bytes kept, all entries together.
    public let maximumBytes: Int

    /// The variants of each key, each with when it was last used.
    private var entries: [CacheKey: [(response: CachedResponse, lastUse: UInt64)]] = [:]
    private var entryCount = 0
    private var totalBytes = 0
    private var useCounter: UInt64 = 0

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - maximumEntries: The most entries kept; 500 by default.
    ///   - maximumBytes: The most body bytes kept; 16 MiB by default. A single larger response
    ///     is not stored.
    public init(maximumEntries: Int = 500, maximumBytes: Int = 16 << 20) {
        self.maximumEntries = max(1, maximumEntries)
        self.maximumBytes = max(0, maximumBytes)
    }

    /// The number of entries, every variant counted.
    public var count: Int { entryCount }

    /// The body bytes kept, all entries together.
    public var byteCount: Int { totalBytes }

    /// The most recently stored variant for `key`, marked as just used.
    public func cachedResponse(for key: CacheKey) -> CachedResponse? {
        variants(for: key).max { ($0.responseTime ?? .distantPast) < ($1.responseTime ?? .distantPast) }
    }

    /// Every variant for `key`, marked as just used.
    ///
    /// `async`, as the requirement is: an actor's synchronous method would lose, at a call on
    /// the concrete type, to ``ResponseCache``'s default (which returns one variant).
    public func cachedResponses(for key: CacheKey) async -> [CachedResponse] {
        variants(for: key)
    }

    /// Every variant for `key`, marked as just used.
    private func variants(for key: CacheKey) -> [CachedResponse] {
        guard var variants = entries[key] else { return [] }
        useCounter += 1
        for index in variants.indices { variants[index].lastUse = useCounter }
        entries[key] = variants
        return variants.map(\.response)
    }

    /// Stores `response`, replacing the entry of the same variant, then evicts least recently
    /// used entries until both limits hold.
    public func store(_ response: CachedResponse, for key: CacheKey) {
        let variant = response.variant
        if let index = entries[key]?.firstIndex(where: { $0.response.variant == variant }) {
            remove(key, at: index)
        }
        guard response.cost <= maximumBytes else { return }
        useCounter += 1
        entries[key, default: []].append((response, useCounter))
        entryCount += 1
        totalBytes += response.cost
        while entryCount > maximumEntries || totalBytes > maximumBytes {
            guard let oldest = leastRecentlyUsed() else { break }
            remove(oldest.key, at: oldest.index)
        }
    }

    /// Removes every variant for `key`.
    ///
    /// `async`, as the requirement is: an actor's synchronous method would lose, at a call on
    /// the concrete type, to ``ResponseCache``'s default (which only marks entries invalidated).
    public func removeResponses(for key: CacheKey) async {
        guard let variants = entries.removeValue(forKey: key) else { return }
        entryCount -= variants.count
        totalBytes -= variants.reduce(0) { $0 + $1.response.cost }
    }

    /// Removes every entry.
    public func removeAll() {
        entries = [:]
        entryCount = 0
        totalBytes = 0
    }

    private func leastRecentlyUsed() -> (key: CacheKey, index: Int)? {
        var oldest: (key: CacheKey, index: Int, lastUse: UInt64)?
        for (key, variants) in entries {
            for (index, variant) in variants.enumerated() where variant.lastUse < oldest?.lastUse ?? .max {
                oldest = (key, index, variant.lastUse)
            }
        }
        return oldest.map { ($0.key, $0.index) }
    }

    private func remove(_ key: CacheKey, at index: Int) {
        guard let removed = entries[key]?.remove(at: index) else { return }
        if entries[key]?.isEmpty == true { entries[key] = nil }
        entryCount -= 1
        totalBytes -= removed.response.cost
    }
}
