import EndpointKit
import EndpointKitTesting
import Foundation
import TestGates
import Testing

@Suite("Tokens that know when they expire")
struct ExpiringTokenTests {
    /// Hands out `token-1`, `token-2`, … each valid for `lifetime` seconds of `clock`'s time, and
    /// answers a request 200 only while its token is the newest and unexpired.
    final class ExpiringTokenServer: Sendable {
        private let lock = NSLock()
        private nonisolated(unsafe) var issued: [AccessToken] = []
        private nonisolated(unsafe) var failsNextRenewals = 0
        private nonisolated(unsafe) var renewalsWaitFor: (arrivals: ArrivalCounter, count: Int)?
        let clock: ManualClock
        let lifetime: TimeInterval
        /// The calls that reached the client's authenticator, and those that asked it to renew
        /// after a 401 (``client(of:leadTime:token:burst:)`` counts both).
        let calls = ArrivalCounter()
        let renewalRequests = ArrivalCounter()

        init(clock: ManualClock, lifetime: TimeInterval = 3600) {
            self.clock = clock
            self.lifetime = lifetime
        }

        var renewals: Int { lock.withLock { issued.count } }

        /// Makes the next `count` renewals throw `URLError(.cannotConnectToHost)`.
        func failNextRenewals(_ count: Int) { lock.withLock { failsNextRenewals = count } }

        /// Holds each renewal from now on until `count` arrivals in all have reached `arrivals`
        /// (``calls`` or ``renewalRequests``): the calls of a burst pile up on it.
        func holdRenewals(until arrivals: ArrivalCounter, reach count: Int) {
            lock.withLock { renewalsWaitFor = (arrivals, count) }
        }

        func issue() async throws -> AccessToken {
            if let hold = lock.withLock({ renewalsWaitFor }) {
                await hold.arrivals.waitForArrivals(count: hold.count)
            }
            return try lock.withLock {
                if failsNextRenewals > 0 {
                    failsNextRenewals -= 1
                    throw URLError(.cannotConnectToHost)
                }
                let token = AccessToken(
                    "token-\(issued.count + 1)", expiresIn: lifetime, from: clock.now)
                issued.append(token)
                return token
            }
        }

        func respond(to request: URLRequest) -> HTTPResponse {
            let valid = lock.withLock {
                guard let newest = issued.last, !newest.hasExpired(at: clock.now) else { return false }
                return request.value(forHTTPHeaderField: "Authorization") == "Bearer \(newest.value)"
            }
            return HTTPResponse(statusCode: valid ? 200 : 401, body: Data("[]".utf8), url: request.url)
        }
    }

    private static func successes(ofConcurrentCalls count: Int, to client: Client) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask { (try? await client.get(UserRepositories())) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    /// A client over `server`'s API whose authenticator renews with `server`, `leadTime` seconds
    /// before expiry, by `server`'s clock, and counts the calls that reach it in `server.calls`
    /// and `server.renewalRequests`. The API answers no request before `burst` have arrived.
    private static func client(
        of server: ExpiringTokenServer, leadTime: TimeInterval = 60, token: AccessToken? = nil, burst: Int = 1
    ) -> (Client, StubTransport) {
        let transport = StubTransport.answering(afterBurstOf: burst) { server.respond(to: $0) }
        let authenticator = RefreshingTokenAuthenticator(
            token: token, renewalLeadTime: leadTime, clock: server.clock.clock
        ) { try await server.issue() }
        let counted = CountingAuthenticator(
            authenticator, authentications: server.calls, renewals: server.renewalRequests)
        return (Client.stubbed(transport, authenticator: counted), transport)
    }

    @Test(
        "A token is renewed once, before it is sent, when it expires within the lead time; 32 calls share the renewal")
    func renewsBeforeExpiry() async throws {
        let clock = ManualClock()
        let server = ExpiringTokenServer(clock: clock)
        let (client, transport) = Self.client(of: server, leadTime: 120)

        server.holdRenewals(until: server.calls, reach: 32)  // the first 32 calls wait for the first token
        #expect(await Self.successes(ofConcurrentCalls: 32, to: client) == 32)
        #expect(server.renewals == 1)

        clock.advance(by: 3600 - 121)  // 121 s left: outside the lead time
        #expect(await Self.successes(ofConcurrentCalls: 32, to: client) == 32)
        #expect(server.renewals == 1)

        clock.advance(by: 2)  // 119 s left: inside it, so renewed before any request goes out
        server.holdRenewals(until: server.calls, reach: 96)  // all 32 of the third burst wait for it
        #expect(await Self.successes(ofConcurrentCalls: 32, to: client) == 32)
        #expect(server.renewals == 2)
        let sent = (await transport.requests).map { $0.headers["Authorization"] }
        #expect(sent.count == 96, "no request was sent twice after a 401")
        #expect(sent.prefix(64).allSatisfy { $0 == "Bearer token-1" })
        #expect(sent.suffix(32).allSatisfy { $0 == "Bearer token-2" }, "none went out with the token about to expire")
    }

    @Test("An expired token is renewed before the request, not after a 401")
    func expiredTokenIsRenewedFirst() async throws {
        let clock = ManualClock()
        let server = ExpiringTokenServer(clock: clock, lifetime: 60)
        let (client, transport) = Self.client(of: server, leadTime: 10)

        _ = try await client.get(UserRepositories())
        clock.advance(by: 61)
        _ = try await client.get(UserRepositories())

        #expect(server.renewals == 2)
        #expect((await transport.requests).count == 2)
        #expect((await transport.requests).map { $0.headers["Authorization"] } == ["Bearer token-1", "Bearer token-2"])
    }

    @Test("If an early renewal fails, the token still goes out until it expires, and the next call renews")
    func failedEarlyRenewalKeepsValidToken() async throws {
        let clock = ManualClock()
        let server = ExpiringTokenServer(clock: clock)
        let (client, transport) = Self.client(of: server, leadTime: 300)
        _ = try await client.get(UserRepositories())

        clock.advance(by: 3600 - 100)
        // The early renewal fails only once all 8 calls wait for it. Every renewal fails until
        // they are done (at most one per call), so that one that starts just as it failed fails too.
        server.holdRenewals(until: server.calls, reach: 9)
        server.failNextRenewals(8)
        #expect(await Self.successes(ofConcurrentCalls: 8, to: client) == 8)
        #expect((await transport.requests).last?.headers["Authorization"] == "Bearer token-1")
        server.failNextRenewals(0)

        _ = try await client.get(UserRepositories())
        #expect(server.renewals == 2)
        #expect((await transport.requests).last?.headers["Authorization"] == "Bearer token-2")
    }

    @Test("If renewing an expired token fails, the call fails with authenticationFailed and sends nothing")
    func failedRenewalOfExpiredTokenFails() async throws {
        let clock = ManualClock()
        let server = ExpiringTokenServer(clock: clock, lifetime: 60)
        let (client, transport) = Self.client(of: server)
        _ = try await client.get(UserRepositories())
        clock.advance(by: 61)
        server.failNextRenewals(1)

        await #expect {
            _ = try await client.get(UserRepositories())
        } throws: { error in
            guard case .authenticationFailed(let underlying, _) = error as? EndpointError else { return false }
            return (underlying as? URLError)?.code == .cannotConnectToHost
        }
        #expect((await transport.requests).count == 1)
    }

    @Test("A token without an expiry is renewed only after a 401, once for 32 calls")
    func tokenWithoutExpiryRenewsOn401() async throws {
        let clock = ManualClock()
        let server = ExpiringTokenServer(clock: clock)
        // All 32 go out with the stale token before the first 401, and the renewal holds until
        // all 32 calls have asked for it.
        let (client, _) = Self.client(of: server, token: AccessToken("stale"), burst: 32)
        server.holdRenewals(until: server.renewalRequests, reach: 32)
        clock.advance(by: 86_400 * 365)
        #expect(await Self.successes(ofConcurrentCalls: 32, to: client) == 32)
        #expect(server.renewals == 1)
        #expect(server.renewalRequests.count == 32, "each call had a 401 and asked for the renewal")
    }

    @Test("A token's description, debug description and dump never show the token")
    func descriptionRedactsToken() {
        let token = AccessToken("secret-value-123", expiresAt: Date(timeIntervalSince1970: 1_767_229_200))
        var dumped = ""
        dump(token, to: &dumped)
        for text in [token.description, token.debugDescription, "\(token)", String(reflecting: token), dumped] {
            #expect(!text.contains("secret-value-123"), "\(text)")
        }
        #expect(token.description == "AccessToken(<redacted>, expires 2026-01-01T01:00:00Z)")
    }

    @Test("expiresIn counts from when the token was received; a token expires within a lead time at its boundary")
    func expiryArithmetic() {
        let received = Date(timeIntervalSince1970: 1_000)
        let token = AccessToken("t", expiresIn: 3600, from: received)
        #expect(token.expiresAt == Date(timeIntervalSince1970: 4_600))
        #expect(!token.expires(within: 60, of: Date(timeIntervalSince1970: 4_539)))
        #expect(token.expires(within: 60, of: Date(timeIntervalSince1970: 4_540)))
        #expect(!token.hasExpired(at: Date(timeIntervalSince1970: 4_599)))
        #expect(token.hasExpired(at: Date(timeIntervalSince1970: 4_600)))
        #expect(!AccessToken("t").expires(within: .infinity, of: .distantFuture))
    }
}
