import EndpointKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One scenario of the rate-limit server (Tests/Servers/ratelimit_server.py, its API in
/// Tests/Servers/README.md): limits, a clock and counters of its own under `/scenarios/NAME/`.
struct RateLimitServerScenario {
    /// What `PUT /scenarios/NAME/_config` takes; a field left `nil` keeps the server's default.
    struct Config: Encodable, Sendable {
        struct Window: Encodable, Sendable {
            var limit: Int
            var window: Int
        }

        struct Policy: Encodable, Sendable {
            var name = "default"
            var quota: Int
            var window: Int
        }

        var mode: String?
        var resources: [String: Window]?
        var concurrency: Int?
        var pointsPerMinute: Int?
        var contentPerMinute: Int?
        var policies: [Policy]?
    }

    /// What the server counted (`GET /scenarios/NAME/_stats`), with the first request's arrival.
    struct Stats: Decodable, JSONObject {
        /// One request of the server's log: when it arrived, on the scenario's clock.
        struct Entry: Decodable, Sendable {
            let at: Double
        }

        let requests: Int
        let maxInFlight: Int
        let refused: Int
        let refusedBy: [String: Int]
        let afterWait: Int
        let afterWaitBy: [String: Int]
        let log: [Entry]

        /// The scenario's time when its first metered request arrived, seconds since 1970.
        var firstArrival: Double? { log.first?.at }
    }

    private struct Configured: Decodable, JSONObject { let name: String }

    private struct Configure: PUT {
        typealias ResponseType = Configured
        let name: String
        let config: Config
        var path: String { "/scenarios/\(segment: name)/_config" }
        var body: RequestBody { .json(config) }
    }

    private struct CurrentStats: GET {
        typealias ResponseType = Stats
        let name: String
        var path: String { "/scenarios/\(segment: name)/_stats" }
    }

    /// The same counters and log as the server wrote them.
    private struct RawStats: GET {
        typealias ResponseType = Data
        let name: String
        var path: String { "/scenarios/\(segment: name)/_stats" }
    }

    private struct Remove: DELETE {
        struct Removed: Decodable, JSONObject { let deleted: Bool }
        typealias ResponseType = Removed
        let name: String
        var path: String { "/scenarios/\(segment: name)" }
    }

    /// The scenario's name, unique to this run.
    let name: String
    /// Where its metered resources are: the base URL of the client under test.
    let url: URL
    /// The client of the control calls, which never retries.
    private let control: Client

    /// A new scenario with `config` on the server at `server`.
    static func make(_ config: Config, server: URL) async throws -> RateLimitServerScenario {
        let name = "bench-\(UUID().uuidString.prefix(8))"
        let control = Client(baseURL: server) {
            $0.retryPolicy = .never
            $0.rateLimitPolicy = .unpaced
        }
        _ = try await control.put(Configure(name: name, config: config))
        return RateLimitServerScenario(
            name: name, url: server.appendingPathComponent("scenarios").appendingPathComponent(name),
            control: control)
    }

    /// What the server counted so far.
    func stats() async throws -> Stats {
        try await control.get(CurrentStats(name: name))
    }

    /// What the server counted so far, and its log of every request, as the server wrote them.
    func rawStats() async throws -> Data {
        try await control.get(RawStats(name: name))
    }

    /// Forgets the scenario on the server.
    func remove() async throws {
        _ = try await control.delete(Remove(name: name))
    }
}

/// Sends the real time with every attempt (`X-Test-Clock-Now`, seconds since 1970), so that the
/// scenario's clock, which never moves by itself, follows the wall clock: its windows pass in
/// real time. Middleware runs after the pacer, so each attempt carries the time it was sent.
struct SendsRealClock: Middleware {
    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        var request = request
        request.setValue(String(Date().timeIntervalSince1970), forHTTPHeaderField: "X-Test-Clock-Now")
        return try await next(request)
    }
}
