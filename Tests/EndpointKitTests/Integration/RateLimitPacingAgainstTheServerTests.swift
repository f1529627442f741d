import EndpointKit
import EndpointKitTesting
import Foundation
import TestServers
import Testing

/// A default client (the standard pacing, which follows the IETF `RateLimit` and
/// `RateLimit-Policy` fields) against the rate-limit server in its IETF mode, with calls in
/// flight, on both transports: the server refuses nothing and counts no request sent after it
/// said to wait. Unpaced, the same calls meet a refusal at each window's start
/// (RateLimitServerIntegrationTests).
@Suite("The IETF RateLimit fields, paced by a default client, against the rate-limit server", .requiresRateLimitServer)
struct RateLimitPacingAgainstTheServerTests {
    struct Echo: Decodable, JSONObject {
        let method: String
    }

    /// A metered read.
    struct Repository: GET {
        typealias ResponseType = Echo
        let path = "/repos/octo/hello"
    }

    /// 2026-01-01T00:00:00Z: the scenarios' clocks and ManualClock start there.
    static let epoch = 1_767_225_600

    @Test(
        "300 GETs, 32 in flight, against 100 a minute: none refused, none sent after r=0, all succeed, waiting only for resets",
        arguments: TransportUnderTest.allCases)
    func announcedQuotaIsWaitedOutNotRefused(transport: TransportUnderTest) async throws {
        let scenario = try await RateLimitScenario.make(.init(mode: "ietf", policies: [.init(quota: 100, window: 60)]))
        let time = ManualClock()
        let client = Client(baseURL: scenario.url) {
            $0.clock = time.clock
            $0.middleware = [SendsClockTime(clock: time.clock)]
            $0.transport = transport.makeWide()
        }

        // The first 32 go before any answer announced the quota: the pacer counts them as spent
        // when the first answer says what is left.
        let failures = await HTTPBin.results(of: 300, callsFrom: 32) { () async throws(EndpointError) in
            try await client.get(Repository())
        }.compactMap { result in if case .failure(let error) = result { error } else { nil } }

        #expect(failures.isEmpty, "first failure: \(String(describing: failures.first))")
        let stats = try await scenario.stats()
        #expect(stats.requests == 300)
        #expect(stats.refused == 0)
        #expect(stats.afterWait == 0)
        // Each wait was for a window's reset. How close to the two resets the 300 finish is the
        // benchmark's to measure, on the real clock (Benchmarks/README): this clock moves to a
        // reset as soon as the pacer sleeps for it, before the answers still in flight could say
        // that a unit or two is left.
        #expect(time.sleeps.allSatisfy { $0 == 60 })
        try await scenario.remove()
    }
}
