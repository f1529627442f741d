import EndpointKit
import EndpointKitTesting
import Foundation

/// A cache's test set-up: a manual clock, an origin on it, a cache in memory, and clients of
/// that origin with that cache.
struct CacheFixture {
    let clock = ManualClock()
    let origin: CachingOrigin
    let cache = InMemoryResponseCache()

    init() {
        origin = CachingOrigin(clock: clock)
    }

    /// A client of the origin at `https://api.example.com` with the fixture's cache (or
    /// `cache`), clock and origin (or `transport`), watched by `observers`.
    func client(
        authenticator: any Authenticator = .none, sharing: CacheSharing = .private,
        cache: (any ResponseCache)? = nil, transport: (any Transport)? = nil, observers: [any CallObserver] = []
    ) -> Client {
        Client(baseURL: URL(string: "https://api.example.com")!, authenticator: authenticator) { [self] in
            $0.cache = cache ?? self.cache
            $0.cacheSharing = sharing
            $0.transport = transport ?? origin.transport
            $0.clock = clock.clock
            $0.observers = observers
        }
    }
}

/// A suite of cache tests around one ``CacheFixture``: its clock, origin and cache by name, and
/// its clients.
protocol CacheSuite {
    var fixture: CacheFixture { get }
}

extension CacheSuite {
    var clock: ManualClock { fixture.clock }
    var origin: CachingOrigin { fixture.origin }
    var cache: InMemoryResponseCache { fixture.cache }

    /// The fixture's client (see ``CacheFixture/client(authenticator:sharing:cache:transport:observers:)``).
    func client(
        authenticator: any Authenticator = .none, sharing: CacheSharing = .private,
        cache: (any ResponseCache)? = nil, transport: (any Transport)? = nil
    ) -> Client {
        fixture.client(authenticator: authenticator, sharing: sharing, cache: cache, transport: transport)
    }
}
