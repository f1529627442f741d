import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// The default client (the plain HTTP profile, which reads no GitHub header, and the default
/// retry policy) against the rate-limit server, asserting what the server counted: that it enforces GitHub's limits and the IETF
/// fields, counts each refused request and each request sent after it said to wait, and sends
/// its headers on every answer. Its own self-test (Tests/Servers/ratelimit_selftest.py) goes
/// further.
@Suite("The rate-limit server, against today's client", .requiresRateLimitServer)
struct RateLimitServerIntegrationTests {
    struct Echo: Decodable, JSONObject {
        let method: String
        let path: String
    }

    /// A metered `core` read.
    struct Repository: GET {
        typealias ResponseType = Echo
        let path = "/repos/octo/hello"
    }

    /// The same read, conditional: a `304` is a success here.
    struct RepositoryIfChanged: GET {
        typealias ResponseType = Data
        let etag: String
        let path = "/repos/octo/hello"
        var headers: HTTPHeaders { ["If-None-Match": etag] }
        var options: CallOptions { CallOptions(acceptableStatusCodes: [200...299, 304...304]) }
    }

    /// A mutation: content creation, 5 points.
    struct CreateIssue: POST {
        typealias ResponseType = Echo
        let path = "/repos/octo/hello/issues"
        var body: RequestBody { .json(["title": "rate limits"]) }
    }

    /// 2026-01-01T00:00:00Z: the scenarios' clocks and ManualClock start there.
    static let epoch = 1_767_225_600

    /// `count` calls at once: their results, in no particular order.
    private func atOnce(
        _ count: Int, _ call: @escaping @Sendable () async throws(EndpointError) -> Echo
    ) async -> [Result<Echo, EndpointError>] {
        await withTaskGroup(of: Result<Echo, EndpointError>.self) { group in
            for _ in 0..<count {
                group.addTask { await HTTPBin.result(of: call) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// One call of ``Repository``: its value or its error.
    private static func repository(from client: Client) async -> Result<Echo, EndpointError> {
        await HTTPBin.result { () async throws(EndpointError) in try await client.get(Repository()) }
    }

    /// The calls that failed as `unacceptableStatus`, by status code.
    private func unacceptableStatuses(_ results: [Result<Echo, EndpointError>]) -> [Int] {
        results.compactMap { HTTPBin.unacceptableStatusCode(of: $0) }
    }

    private func successes(_ results: [Result<Echo, EndpointError>]) -> Int {
        results.filter { if case .success = $0 { true } else { false } }.count
    }

    @Test(
        "GETs at once against a limit in flight, held there: the limit held, the rest refused and counted, failing as 403",
        arguments: [(calls: 32, limit: 10), (calls: 64, limit: 20)])
    func concurrencyLimitRefusesTheRest(calls: Int, limit: Int) async throws {
        let scenario = try await RateLimitScenario.make(.init(gate: true, concurrency: limit))
        let configuration = URLSessionTransport.makeDefaultConfiguration()
        configuration.httpMaximumConnectionsPerHost = calls
        let client = Client(baseURL: scenario.url) { $0.transport = URLSessionTransport(configuration: configuration) }

        async let results = atOnce(calls) { () async throws(EndpointError) in try await client.get(Repository()) }
        let arrived = try await scenario.waitUntil(requests: calls, held: limit)
        #expect(arrived.refusedBy == ["concurrency": calls - limit])
        try await scenario.openGate()

        let outcomes = await results
        #expect(successes(outcomes) == limit)
        #expect(unacceptableStatuses(outcomes) == Array(repeating: 403, count: calls - limit))
        let stats = try await scenario.stats()
        #expect(stats.requests == calls)
        #expect(stats.maxInFlight == limit)
        #expect(stats.statuses == ["200": limit, "403": calls - limit])
        try await scenario.remove()
    }

    @Test("300 GETs, 32 in flight, against a primary budget of 100: 200 refused 403, nearly all after remaining 0")
    func primaryBudgetUnderLoad() async throws {
        let scenario = try await RateLimitScenario.make(.init(resources: ["core": .init(limit: 100)]))
        let configuration = URLSessionTransport.makeDefaultConfiguration()
        configuration.httpMaximumConnectionsPerHost = 32
        let client = Client(baseURL: scenario.url) { $0.transport = URLSessionTransport(configuration: configuration) }

        // 32 callers, each sending its next call as soon as the last one ends, until 300 are sent.
        let results = await HTTPBin.results(of: 300, callsFrom: 32) { () async throws(EndpointError) in
            try await client.get(Repository())
        }

        #expect(successes(results) == 100)
        #expect(unacceptableStatuses(results) == Array(repeating: 403, count: 200))
        let stats = try await scenario.stats()
        #expect(stats.requests == 300)
        #expect(stats.refusedBy == ["primary": 200])
        // Only a request that arrived before an answer with remaining 0 was sent is not "after
        // the wait": at most one on each of the other 31 connections.
        #expect(stats.afterWaitBy["primary", default: 0] >= 200 - 31)
        try await scenario.remove()
    }

    #if canImport(FoundationNetworking)
        @Test("The default URLSession transport on Linux keeps at most 4 of 32 calls in flight")
        func defaultTransportKeepsFourInFlight() async throws {
            let scenario = try await RateLimitScenario.make(.init(gate: true))
            let client = Client(baseURL: scenario.url)

            async let results = atOnce(32) { () async throws(EndpointError) in try await client.get(Repository()) }
            let held = try await scenario.waitUntil(held: 4)
            #expect(held.requests == 4)
            try await scenario.openGate()

            #expect(successes(await results) == 32)
            let stats = try await scenario.stats()
            #expect(stats.requests == 32)
            #expect(stats.maxInFlight == 4)
            try await scenario.remove()
        }
    #endif

    @Test("GitHub's x-ratelimit headers arrive on a 200 and on the 304 that does not count against the limit")
    func rateHeadersOnEveryAnswer() async throws {
        let scenario = try await RateLimitScenario.make(.init(resources: ["core": .init(limit: 60)]))
        let client = Client(baseURL: scenario.url)

        let full = try await client.send(Repository())
        let etag = try #require(full.headers["ETag"])
        let notModified = try await client.send(RepositoryIfChanged(etag: etag))

        #expect(full.statusCode == 200)
        #expect(notModified.statusCode == 304)
        for response in [full.headers, notModified.headers] {
            #expect(response["x-ratelimit-limit"] == "60")
            #expect(response["x-ratelimit-remaining"] == "59")
            #expect(response["x-ratelimit-used"] == "1")
            #expect(response["x-ratelimit-reset"] == String(Self.epoch + 3600))
            #expect(response["x-ratelimit-resource"] == "core")
        }
        let stats = try await scenario.stats()
        #expect(stats.statuses == ["200": 1, "304": 1])
        #expect(stats.refused == 0 && stats.afterWait == 0)
        try await scenario.remove()
    }

    @Test("Past a primary remaining of 0, each GET is refused 403 and counted as sent after the server said to wait")
    func primaryLimitCountsRequestsAfterTheWait() async throws {
        let scenario = try await RateLimitScenario.make(.init(resources: ["core": .init(limit: 3)]))
        let client = Client(baseURL: scenario.url)

        var results: [Result<Echo, EndpointError>] = []
        for _ in 0..<5 {
            results.append(await Self.repository(from: client))
        }

        #expect(successes(results) == 3)
        #expect(unacceptableStatuses(results) == [403, 403])
        let stats = try await scenario.stats()
        #expect(stats.requests == 5)
        #expect(stats.refusedBy == ["primary": 2])
        #expect(stats.afterWaitBy == ["primary": 2])
        try await scenario.remove()
    }

    @Test(
        "GitHub's secondary 403 for content creation, without retry-after, fails each later POST as unacceptableStatus")
    func contentCreationLimitWithoutRetryAfter() async throws {
        let scenario = try await RateLimitScenario.make(.init(contentPerMinute: 2))
        let client = Client(baseURL: scenario.url)

        var results: [Result<Echo, EndpointError>] = []
        for _ in 0..<4 {
            results.append(
                await HTTPBin.result { () async throws(EndpointError) in try await client.post(CreateIssue()) })
        }

        #expect(successes(results) == 2)
        #expect(unacceptableStatuses(results) == [403, 403])
        let stats = try await scenario.stats()
        #expect(stats.refusedBy == ["contentCreation": 2])
        #expect(stats.afterWaitBy == ["secondary": 1])
        try await scenario.remove()
    }

    @Test("A secondary 429 with retry-after is retried after it on the client's clock, which the server follows")
    func secondaryRetryAfterOnTheManualClock() async throws {
        let scenario = try await RateLimitScenario.make(
            .init(pointsPerMinute: 2, secondaryStatus: 429, retryAfter: 60))
        let time = ManualClock()
        let client = Client(baseURL: scenario.url) {
            $0.clock = time.clock
            $0.middleware = [SendsClockTime(clock: time.clock)]
        }

        for _ in 0..<3 { _ = try await client.get(Repository()) }

        #expect(time.sleeps == [60])
        let stats = try await scenario.stats()
        #expect(stats.requests == 4)
        #expect(stats.refusedBy == ["points": 1])
        #expect(stats.afterWait == 0)
        #expect(stats.now == Double(Self.epoch + 60))
        try await scenario.remove()
    }

    @Test(
        "IETF mode: RateLimit-Policy and RateLimit arrive on each answer; past r=0 a 429 is refused, counted, and retried"
    )
    func ietfFieldsAndTheRefusalTheyAnnounce() async throws {
        let scenario = try await RateLimitScenario.make(
            .init(mode: "ietf", policies: [.init(quota: 3, window: 10)]))
        let time = ManualClock()
        let client = Client(baseURL: scenario.url) {
            $0.clock = time.clock
            $0.middleware = [SendsClockTime(clock: time.clock)]
            $0.rateLimitPolicy = .unpaced  // today's client before the pacer: it finds out by a refusal
        }

        var fields: [String?] = []
        for _ in 0..<4 {
            let response = try await client.send(Repository())
            #expect(response.headers["RateLimit-Policy"] == #""default";q=3;w=10"#)
            fields.append(response.headers["RateLimit"])
        }

        #expect(
            fields == [#""default";r=2;t=10"#, #""default";r=1;t=10"#, #""default";r=0;t=10"#, #""default";r=2;t=10"#])
        #expect(time.sleeps == [10])
        let stats = try await scenario.stats()
        #expect(stats.requests == 5)
        #expect(stats.refusedBy == ["policy": 1])
        #expect(stats.afterWaitBy == ["policy": 1])
        try await scenario.remove()
    }

    @Test("IETF mode, paced: past r=0 the next call waits for the announced reset, and nothing is refused")
    func pacedClientWaitsForTheAnnouncedReset() async throws {
        let scenario = try await RateLimitScenario.make(
            .init(mode: "ietf", policies: [.init(quota: 3, window: 10)]))
        let time = ManualClock()
        let client = Client(baseURL: scenario.url) {
            $0.clock = time.clock
            $0.middleware = [SendsClockTime(clock: time.clock)]
        }

        var fields: [String?] = []
        for _ in 0..<4 { fields.append(try await client.send(Repository()).headers["RateLimit"]) }

        #expect(
            fields == [#""default";r=2;t=10"#, #""default";r=1;t=10"#, #""default";r=0;t=10"#, #""default";r=2;t=10"#])
        #expect(time.sleeps == [10])  // the pacer's wait, before the fourth request
        let stats = try await scenario.stats()
        #expect(stats.requests == 4)
        #expect(stats.refusedBy == [:])
        #expect(stats.afterWaitBy == [:])
        try await scenario.remove()
    }
}
