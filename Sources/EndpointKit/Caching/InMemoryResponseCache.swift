/// A ``ResponseCache`` in memory, bounded by entry count and total body size, evicting the
/// least recently used entries first.
///
/// <!-- snippet needs: url, token -->
/// ```swift
/// let client = Client(baseURL: url, authenticator: .token(token)) { $0.cache = InMemoryResponseCache() }
/// ```
public actor InMemoryResponseCache: ResponseCache {
    /// The most entries kept.
    public let maximumEntries: Int
    /// The most body bytes kept, all entries together.
    public let maximumBytes: Int

    private var entries: [CacheKey: (response: CachedResponse, lastUse: UInt64)] = [:]
    private var totalBytes = 0
    private var clock: UInt64 = 0

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

    /// The number of entries.
    public var count: Int { entries.count }

    /// The stored response for `key`, marked as just used.
    public func cachedResponse(for key: CacheKey) -> CachedResponse? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return entry.response
    }

    /// Stores `response`, then evicts least recently used entries until both limits hold.
    public func store(_ response: CachedResponse, for key: CacheKey) {
        remove(key)
        guard response.cost <= maximumBytes else { return }
        clock += 1
        entries[key] = (response, clock)
        totalBytes += response.cost
        while entries.count > maximumEntries || totalBytes > maximumBytes {
            guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key else { break }
            remove(oldest)
        }
    }

    /// Removes every entry.
    public func removeAll() {
        entries = [:]
        totalBytes = 0
    }

    private func remove(_ key: CacheKey) {
        if let old = entries.removeValue(forKey: key) {
            totalBytes -= old.response.cost
        }
    }
}
