import Foundation

/// The origin of the HTTP cache tests (Tests/Servers/cache_origin_server.py), at
/// `CACHE_ORIGIN_URL`. A test sets a resource's answer beforehand, every caching header of it
/// (`Cache-Control`, `Expires`, `Date` as an HTTP-date or none, `Age`, `Last-Modified`, `ETag`,
/// `Vary`, …), with `PUT /_resources/{name}`; the cache under test then asks `/cache/{name}`, and
/// `GET /_log` says what reached the origin.
package enum CacheOriginServer {
    /// The server's base URL, or `nil` when `CACHE_ORIGIN_URL` is unset.
    package static let url = TestEnvironment.url("CACHE_ORIGIN_URL")
}

extension TestServer {
    /// The cache origin.
    package static let cacheOrigin = TestServer(
        "the cache origin", script: "cache-origin-server.sh", variables: ["CACHE_ORIGIN_URL"])
}
