import EndpointKit
import EndpointKitGitHub
import EndpointKitTesting
import Foundation
import TestServers
import Testing

#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKitAsyncHTTPClient
#endif

/// The `.gitHub` profile as the docs give it (its pacing and the default retry policy) against
/// the rate-limit server enforcing GitHub's primary and secondary limits, with calls in flight,
/// on both transports: what the server counted shows that no request exceeded a limit and none
/// was sent after the server said to wait. The same calls through today's unpaced client are
/// refused (RateLimitServerIntegrationTests in EndpointKitTests).
///
/// The client's clock is a manual one that moves by each sleep's length at once, and every
/// request carries it (`X-Test-Clock-Now`), so an hour's window passes without a real wait.
@Suite("GitHub's limits, paced by the .gitHub profile, against the rate-limit server", .requiresRateLimitServer)
struct GitHubPacingAgainstTheRateLimitServerTests {
    /// The transport under test, with room for more connections to one host than the profile's
    /// cap of 10 reads in flight, so that only the pacer limits them.
    enum Way: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case urlSession
        #if AsyncHTTPClient
            case asyncHTTPClient

            /// One `HTTPClient` for the suite, never shut down: the process ends first.
            static let httpClient: HTTPClient = {
                var configuration = AsyncHTTPClientTransport.makeDefaultConfiguration()
                configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
                return HTTPClient(configuration: configuration)
            }()
        #endif

        var testDescription: String { rawValue }

        func makeTransport() -> any Transport {
            switch self {
            case .urlSession:
                let configuration = URLSessionTransport.makeDefaultConfiguration()
                configuration.httpMaximumConnectionsPerHost = 64
                return URLSessionTransport(configuration: configuration)
            #if AsyncHTTPClient
                case .asyncHTTPClient: return AsyncHTTPClientTransport(client: Self.httpClient)
            #endif
            }
        }
    }

    struct Echo: Decodable, JSONObject {
        let method: String
    }

    /// A metered `core` read.
    struct Repository: GET {
        typealias ResponseType = Echo
        let path = "/repos/octo/hello"
    }

    /// A mutation: content creation.
    struct CreateIssue: POST {
        typealias ResponseType = Echo
        let path = "/repos/octo/hello/issues"
        var body: RequestBody { .json(["title": "paced"]) }
    }

    /// 2026-01-01T00:00:00Z: the scenarios' clocks and ManualClock start there.
    static let epoch = 1_767_225_600

    /// A `.gitHub` client of `scenario` over `way`, on `time`.
    func client(of scenario: RateLimitScenario, over way: Way, on time: ManualClock) -> Client {
        Client(baseURL: scenario.url, authenticator: .token("paced-t0k")) {
            $0.api = .gitHub
            $0.clock = time.clock
            $0.middleware = [SendsClockTime(clock: time.clock)]
            $0.transport = way.makeTransport()
        }
    }

    /// `total` calls from `tasks` tasks (``HTTPBin/results(of:callsFrom:_:)``): how many failed,
    /// and the first failure.
    func fanOut(
        _ total: Int, from tasks: Int, _ call: @escaping @Sendable () async throws(EndpointError) -> Echo
    ) async -> (failed: Int, first: EndpointError?) {
        let failures = await HTTPBin.results(of: total, callsFrom: tasks, call).compactMap { result in
            if case .failure(let error) = result { error } else { nil }
        }
        return (failures.count, failures.first)
    }

    @Test(
        "300 GETs, 32 in flight, against a core budget of 100 an hour: none refused, none sent after remaining 0, all succeed",
        arguments: Way.allCases)
    func primaryBudgetIsWaitedOutNotRefused(way: Way) async throws {
        let scenario = try await RateLimitScenario.make(.init(resources: ["core": .init(limit: 100)]))
        let time = ManualClock()
        let client = client(of: scenario, over: way, on: time)

        let outcome = await fanOut(300, from: 32) { () async throws(EndpointError) in try await client.get(Repository())
        }

        #expect(outcome.failed == 0, "first failure: \(String(describing: outcome.first))")
        let stats = try await scenario.stats()
        #expect(stats.requests == 300)
        #expect(stats.refused == 0)
        #expect(stats.afterWait == 0)
        #expect(stats.maxInFlight <= 10)
        // How close to the two resets the 300 finish is the benchmark's to measure, on the real
        // clock (Benchmarks/README): this clock moves to a reset as soon as the pacer sleeps for
        // it, before the answers still in flight could say that a unit or two is left.
        #expect(time.sleeps.allSatisfy { $0 == 3600 })
        try await scenario.remove()
    }

    @Test(
        "200 GETs, 64 in flight, against a secondary limit of 20 in flight, held at the server: 10 at once, none refused",
        arguments: Way.allCases)
    func concurrencyLimitIsNeverReached(way: Way) async throws {
        let scenario = try await RateLimitScenario.make(.init(gate: true, concurrency: 20))
        let time = ManualClock()
        let client = client(of: scenario, over: way, on: time)

        async let outcome = fanOut(200, from: 64) { () async throws(EndpointError) in
            try await client.get(Repository())
        }
        // The profile's cap: 10 held at the gate, and the other 54 callers waiting in the pacer.
        let held = try await scenario.waitUntil(held: 10)
        #expect(held.requests == 10)
        try await scenario.openGate()

        #expect(await outcome.failed == 0)
        let stats = try await scenario.stats()
        #expect(stats.requests == 200)
        #expect(stats.maxInFlight == 10)
        #expect(stats.refused == 0)
        #expect(stats.afterWait == 0)
        try await scenario.remove()
    }

    @Test(
        "30 POSTs at once against GitHub's 80 content creations a minute: one at a time, a second apart, none refused",
        arguments: Way.allCases)
    func mutationsGoOneAtATimeASecondApart(way: Way) async throws {
        let scenario = try await RateLimitScenario.make(.init(contentPerMinute: 80))
        let time = ManualClock()
        let client = client(of: scenario, over: way, on: time)

        let outcome = await fanOut(30, from: 30) { () async throws(EndpointError) in
            try await client.post(CreateIssue())
        }

        #expect(outcome.failed == 0, "first failure: \(String(describing: outcome.first))")
        let stats = try await scenario.stats()
        #expect(stats.requests == 30)
        #expect(stats.maxInFlight == 1)
        #expect(stats.refused == 0)
        #expect(stats.afterWait == 0)
        // The first at once, each of the other 29 a second after the one before.
        #expect(stats.now == Double(Self.epoch + 29))
        try await scenario.remove()
    }
}
