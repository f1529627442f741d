import Foundation

/// The RFC 9111 oracle (Tests/Servers/cache_oracle_server.py, backed by hishel), at
/// `CACHE_ORACLE_URL`. `POST /decide` takes a scenario of requests, each with what the origin
/// holds then and when it happens, and answers what hishel's cache decides at each step (sent to
/// the origin or not, conditional or not, fresh, revalidated, stored…), or which parts of the
/// scenario hishel does not model.
package enum CacheOracle {
    /// The oracle's base URL, or `nil` when `CACHE_ORACLE_URL` is unset.
    package static let url = TestEnvironment.url("CACHE_ORACLE_URL")
}

extension TestServer {
    /// The cache oracle.
    package static let cacheOracle = TestServer(
        "the cache oracle", script: "cache-oracle-server.sh", variables: ["CACHE_ORACLE_URL"])
}
