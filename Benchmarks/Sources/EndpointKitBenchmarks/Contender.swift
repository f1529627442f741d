import AsyncHTTPClient

/// One way of making the benchmark's call, ready to measure: the call, a call that reads the
/// HTTP version nginx saw, and what to stop afterwards.
struct Contender {
    let name: String
    let fetch: @Sendable () async throws -> Int
    let probe: @Sendable () async throws -> String
    var shutdown: @Sendable () async throws -> Void = {}
    /// Whether every timed call must be answered without a request reaching nginx (a fresh
    /// cache hit): the run fails if nginx counted one.
    var sendsNoRequests = false
}

extension HTTPClient {
    /// Shuts the client down: a contender's `shutdown`.
    var stop: @Sendable () async throws -> Void {
        { try await self.shutdown() }
    }
}

extension Contender {
    /// The same contender under another name.
    func renamed(_ name: String) -> Contender {
        Contender(name: name, fetch: fetch, probe: probe, shutdown: shutdown, sendsNoRequests: sendsNoRequests)
    }
}
