import EndpointKit
import EndpointKitTesting
import Foundation

/// One scenario of the rate-limit server (TestServers' `RateLimitServer` finds it): limits, a
/// clock, a gate and counters of its own under `/scenarios/{name}/`, so that tests running at
/// once never share a budget. The server's API: Tests/Servers/README.md.
struct RateLimitScenario {
    /// What `PUT /scenarios/{name}/_config` takes; a field left `nil` keeps the server's default.
    struct Config: Encodable, Sendable {
        struct Window: Encodable, Sendable {
            var limit: Int
            var window = 3600
        }

        struct Policy: Encodable, Sendable {
            var name = "default"
            var quota: Int
            var window: Int
        }

        var mode: String?
        var gate: Bool?
        var resources: [String: Window]?
        var primaryStatus: Int?
        var concurrency: Int?
        var pointsPerMinute: Int?
        var contentPerMinute: Int?
        var secondaryStatus: Int?
        var retryAfter: Int?
        var policies: [Policy]?
    }

    /// What the server counted (`GET /scenarios/{name}/_stats?log=0`).
    struct Stats: Decodable, JSONObject {
        let requests: Int
        let answered: Int
        let held: Int
        let maxInFlight: Int
        let statuses: [String: Int]
        let refused: Int
        let refusedBy: [String: Int]
        let afterWait: Int
        let afterWaitBy: [String: Int]
        let now: Double
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
        var query: Parameters { ["log": 0] }
    }

    /// Blocks on the server until each count is reached; a 408 after `timeout` real seconds.
    private struct Await: GET {
        typealias ResponseType = Stats
        let name: String
        var requests: Int?
        var held: Int?
        var path: String { "/scenarios/\(segment: name)/_await" }
        var query: Parameters { ["requests": requests, "held": held, "timeout": 30] }
    }

    private struct Gate: POST {
        struct State: Decodable, JSONObject { let open: Bool }
        typealias ResponseType = State
        let name: String
        var path: String { "/scenarios/\(segment: name)/_gate" }
        var body: RequestBody { .json(["open": true]) }
    }

    private struct Remove: DELETE {
        struct Removed: Decodable, JSONObject { let deleted: Bool }
        typealias ResponseType = Removed
        let name: String
        var path: String { "/scenarios/\(segment: name)" }
    }

    /// The scenario's name, unique to this test.
    let name: String
    /// Where its metered resources are: a base URL for the client under test.
    let url: URL
    /// The client of the control calls, which never retries (a 408 from `_await` is a failure).
    private let control: Client

    /// A new scenario with `config`, under a name no other test uses.
    static func make(_ config: Config) async throws -> RateLimitScenario {
        let server = try RateLimitServer.requiredURL()
        let name = "swift-\(UUID().uuidString.prefix(8))"
        let control = Client(baseURL: server) {
            $0.retryPolicy = .never
            $0.timeouts = Timeouts(idle: 60, total: 60)
        }
        _ = try await control.put(Configure(name: name, config: config))
        return RateLimitScenario(
            name: name, url: server.appendingPathComponent("scenarios").appendingPathComponent(name),
            control: control)
    }

    /// What the server counted so far.
    func stats() async throws -> Stats {
        try await control.get(CurrentStats(name: name))
    }

    /// Waits, on the server, until `requests` have arrived and `held` of them wait at the gate.
    @discardableResult
    func waitUntil(requests: Int? = nil, held: Int? = nil) async throws -> Stats {
        try await control.get(Await(name: name, requests: requests, held: held))
    }

    /// Lets every held request go, and every later one through.
    func openGate() async throws {
        _ = try await control.post(Gate(name: name))
    }

    /// Forgets the scenario on the server.
    func remove() async throws {
        _ = try await control.delete(Remove(name: name))
    }
}

extension RateLimitServer {
    struct NotRunning: Error, CustomStringConvertible {
        var description: String { TestServer.rateLimit.missingNote }
    }

    /// The server's URL, or an error that says what starts it.
    static func requiredURL() throws -> URL {
        guard let url else { throw NotRunning() }
        return url
    }
}

/// Sends the client's manual clock with every attempt (`X-Test-Clock-Now`), so that the
/// scenario's clock follows it: a retry after `Retry-After` on the manual clock reaches the
/// server at the time it was told to wait for.
struct SendsManualClock: Middleware {
    let clock: ManualClock

    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        var request = request
        request.setValue(String(clock.now.timeIntervalSince1970), forHTTPHeaderField: "X-Test-Clock-Now")
        return try await next(request)
    }
}
