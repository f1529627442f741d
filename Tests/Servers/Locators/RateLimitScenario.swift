import EndpointKit
import Foundation

/// One scenario of the rate-limit server (TestServers' `RateLimitServer` finds it): limits, a
/// clock, a gate and counters of its own under `/scenarios/{name}/`, so that tests running at
/// once never share a budget. The server's API: Tests/Servers/README.md.
package struct RateLimitScenario {
    /// What `PUT /scenarios/{name}/_config` takes; a field left `nil` keeps the server's default.
    package struct Config: Encodable, Sendable {
        package struct Window: Encodable, Sendable {
            package var limit: Int
            package var window = 3600

            package init(limit: Int, window: Int = 3600) {
                self.limit = limit
                self.window = window
            }
        }

        package struct Policy: Encodable, Sendable {
            package var name = "default"
            package var quota: Int
            package var window: Int

            package init(name: String = "default", quota: Int, window: Int) {
                self.name = name
                self.quota = quota
                self.window = window
            }
        }

        package var mode: String?
        package var gate: Bool?
        package var resources: [String: Window]?
        package var primaryStatus: Int?
        package var concurrency: Int?
        package var pointsPerMinute: Int?
        package var contentPerMinute: Int?
        package var secondaryStatus: Int?
        package var retryAfter: Int?
        package var policies: [Policy]?

        package init(
            mode: String? = nil, gate: Bool? = nil, resources: [String: Window]? = nil, primaryStatus: Int? = nil,
            concurrency: Int? = nil, pointsPerMinute: Int? = nil, contentPerMinute: Int? = nil,
            secondaryStatus: Int? = nil, retryAfter: Int? = nil, policies: [Policy]? = nil
        ) {
            self.mode = mode
            self.gate = gate
            self.resources = resources
            self.primaryStatus = primaryStatus
            self.concurrency = concurrency
            self.pointsPerMinute = pointsPerMinute
            self.contentPerMinute = contentPerMinute
            self.secondaryStatus = secondaryStatus
            self.retryAfter = retryAfter
            self.policies = policies
        }
    }

    /// What the server counted (`GET /scenarios/{name}/_stats?log=0`).
    package struct Stats: Decodable, JSONObject {
        package let requests: Int
        package let answered: Int
        package let held: Int
        package let maxInFlight: Int
        package let statuses: [String: Int]
        package let refused: Int
        package let refusedBy: [String: Int]
        package let afterWait: Int
        package let afterWaitBy: [String: Int]
        package let now: Double
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
    package let name: String
    /// Where its metered resources are: a base URL for the client under test.
    package let url: URL
    /// The client of the control calls, which never retries (a 408 from `_await` is a failure).
    private let control: Client

    /// A new scenario with `config`, under a name no other test uses.
    package static func make(_ config: Config) async throws -> RateLimitScenario {
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
    package func stats() async throws -> Stats {
        try await control.get(CurrentStats(name: name))
    }

    /// Waits, on the server, until `requests` have arrived and `held` of them wait at the gate.
    @discardableResult
    package func waitUntil(requests: Int? = nil, held: Int? = nil) async throws -> Stats {
        try await control.get(Await(name: name, requests: requests, held: held))
    }

    /// Lets every held request go, and every later one through.
    package func openGate() async throws {
        _ = try await control.post(Gate(name: name))
    }

    /// Forgets the scenario on the server.
    package func remove() async throws {
        _ = try await control.delete(Remove(name: name))
    }
}

extension RateLimitServer {
    package struct NotRunning: Error, CustomStringConvertible {
        package var description: String { TestServer.rateLimit.missingNote }
    }

    /// The server's URL, or an error that says what starts it.
    package static func requiredURL() throws -> URL {
        guard let url else { throw NotRunning() }
        return url
    }
}

/// Sends the client's clock with every attempt (`X-Test-Clock-Now`, seconds since 1970), so
/// that the scenario's clock follows it: a retry after `Retry-After` on a manual clock reaches
/// the server at the time it was told to wait for, and on the system clock the server's windows
/// pass in real time.
package struct SendsClockTime: Middleware {
    package let clock: ClientClock

    package init(clock: ClientClock) {
        self.clock = clock
    }

    package func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        var request = request
        request.setValue(String(clock.now().timeIntervalSince1970), forHTTPHeaderField: "X-Test-Clock-Now")
        return try await next(request)
    }
}
