import Foundation

/// The rate-limit test server (Tests/Servers/ratelimit_server.py), at `RATELIMIT_SERVER_URL`. It
/// meters requests as GitHub does (primary limits per resource, secondary limits on requests in
/// flight, points and content creation) or with the IETF `RateLimit-Policy` and `RateLimit`
/// fields, each test in a scenario of its own (`PUT /scenarios/{name}/_config`) on a clock the
/// test drives, and counts refused requests and requests sent after it said to wait
/// (`GET /scenarios/{name}/_stats`). Its API: Tests/Servers/README.md.
package enum RateLimitServer {
    /// The server's base URL, or `nil` when `RATELIMIT_SERVER_URL` is unset.
    package static let url = TestEnvironment.url("RATELIMIT_SERVER_URL")
}

extension TestServer {
    /// The rate-limit server.
    package static let rateLimit = TestServer(
        "the rate-limit server", script: "ratelimit-server.sh", variables: ["RATELIMIT_SERVER_URL"])
}
