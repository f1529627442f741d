import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// The pacer in a client's calls: every attempt passes it, a refusal pauses the calls that
/// share its limit, and the refused call is tried again when the limit reopens, on a manual
/// clock and an in-memory server that records when each request reached it.
@Suite("Rate-limit pacing through a client")
struct RateLimitPacingTests {
    struct Item: GET {
        typealias ResponseType = Data
        var path = "/items"
        var user: String?
        var waiting: RateLimitWaiting?
        var headers: HTTPHeaders { user.map { ["Authorization": "Bearer \($0)"] } ?? [:] }
        var options: CallOptions {
            var options = CallOptions()
            options.rateLimitWaiting = waiting
            return options
        }
    }

    struct CreateItem: POST {
        typealias ResponseType = Data
        let path = "/items"
        var body: RequestBody { .json(["name": "x"]) }
    }

    /// An in-memory server: answers by `respond` (given the request's number, from 0) and
    /// records, per request, the time on the test's clock when it arrived.
    final class Server: Sendable {
        let clock: ManualClock
        private let arrivals = Locked([(Date, URLRequest)]())
        private let respond: @Sendable (Int, URLRequest) -> HTTPResponse

        init(clock: ManualClock, respond: @escaping @Sendable (Int, URLRequest) -> HTTPResponse) {
            self.clock = clock
            self.respond = respond
        }

        var transport: StubTransport {
            StubTransport { [self] request in
                let number = arrivals.withLock {
                    $0.append((clock.now, request))
                    return $0.count - 1
                }
                return respond(number, request)
            }
        }

        var count: Int { arrivals.withLock { $0.count } }
        var times: [Date] { arrivals.withLock { $0.map(\.0) } }
    }

    let clock = ManualClock(waitsForAdvance: true)

    func client(_ server: Server, policy: RateLimitPolicy? = nil) -> Client {
        Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.transport = server.transport
            $0.clock = clock.clock
            if let policy { $0.rateLimitPolicy = policy }
        }
    }

    static func ok() -> HTTPResponse { HTTPResponse(statusCode: 200, body: Data("[]".utf8)) }
    static func tooMany(retryAfter: Int? = 30) -> HTTPResponse {
        HTTPResponse(statusCode: 429, headers: retryAfter.map { ["Retry-After": "\($0)"] } ?? [:])
    }

    /// The client's pacer's view of the calls to `api.example.com` (without a credential).
    func status(of client: Client, credential: String? = nil) -> RateLimitStatus {
        let pacing = client.pipeline.stages.compactMap { $0 as? RateLimitPacing }.first
        return pacing?.pacer.status(for: RateLimitPartition(host: "api.example.com", credential: credential))
            ?? RateLimitStatus()
    }

    /// Yields until `condition` holds (no sleep, no wall clock), and records an issue when it
    /// still does not after a million yields, so that a pacer that never holds a call back fails
    /// the test instead of hanging it.
    func until(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
        for _ in 0..<1_000_000 {
            if condition() { return }
            await Task.yield()
        }
        if !condition() { Issue.record("the condition never held", sourceLocation: sourceLocation) }
    }

    @Test("A 429 with Retry-After holds 32 calls in flight until then; none is sent before, all succeed")
    func refusalPausesEveryCallInFlight() async throws {
        let server = Server(clock: clock) { number, _ in number == 0 ? Self.tooMany() : Self.ok() }
        let client = client(server)
        let start = clock.now
        let first = Task { try await client.send(Item()) }
        await until { server.count == 1 && status(of: client).pausedUntil != nil }
        #expect(status(of: client).pausedUntil == start.addingTimeInterval(30))

        let others = (0..<31).map { _ in Task { try await client.send(Item()) } }
        await until { status(of: client).waiting == 32 }
        #expect(server.count == 1)

        clock.advance(by: 30)
        _ = try await first.value
        for call in others { _ = try await call.value }
        #expect(server.count == 33)
        #expect(server.times.dropFirst().allSatisfy { $0 >= start.addingTimeInterval(30) })
    }

    @Test("Until an answer announces a limit, calls go without an admission; the first that does is taken in")
    func quietHostsAreNotTracked() async throws {
        let spent = HTTPResponse(
            statusCode: 200, headers: ["RateLimit-Policy": #""p";q=5;w=10"#, "RateLimit": #""p";r=0;t=10"#],
            body: Data("[]".utf8))
        let server = Server(clock: clock) { number, _ in number == 3 ? spent : Self.ok() }
        let client = client(server)
        for _ in 0..<3 { _ = try await client.send(Item()) }
        #expect(status(of: client) == RateLimitStatus())
        _ = try await client.send(Item())
        #expect(status(of: client).limits.map(\.remaining) == [0])
        let next = Task { try await client.send(Item()) }
        await until { status(of: client).waiting == 1 }
        #expect(server.count == 4)
        clock.advance(by: 10)
        _ = try await next.value
        #expect(server.count == 5)
    }

    @Test("A refused POST is sent again when the pause ends, which the retry policy alone would not do")
    func refusedMutationIsRetriedAfterThePause() async throws {
        let server = Server(clock: clock) { number, _ in number == 0 ? Self.tooMany(retryAfter: 5) : Self.ok() }
        let client = client(server)
        let call = Task { try await client.send(CreateItem()) }
        await until { status(of: client).waiting == 1 }
        #expect(server.count == 1)
        clock.advance(by: 5)
        _ = try await call.value
        #expect(server.count == 2)
    }

    @Test("With failImmediately, a call to a paused limit fails at once as held back, and sends nothing")
    func failImmediatelyDuringAPause() async throws {
        let server = Server(clock: clock) { number, _ in number == 0 ? Self.tooMany() : Self.ok() }
        let client = client(server, policy: RateLimitPolicy())
        let first = Task { try await client.send(Item()) }
        await until { status(of: client).waiting == 1 }

        let result = await Task { try await client.send(Item(waiting: .failImmediately)) }.result
        guard case .failure(EndpointError.rateLimited(let failure)) = result else {
            Issue.record("expected rateLimited, got \(result)")
            return
        }
        #expect(failure.wasHeldBack)
        #expect(failure.retryDate == ManualClock().now.addingTimeInterval(30))
        #expect(server.count == 1)
        first.cancel()
        _ = await first.result
    }

    @Test("One user's refusal does not pause another user's calls")
    func usersHaveTheirOwnLimits() async throws {
        let server = Server(clock: clock) { _, request in
            request.value(forHTTPHeaderField: "Authorization") == "Bearer alice" ? Self.tooMany() : Self.ok()
        }
        let client = client(server)
        var request = URLRequest(url: URL(string: "https://api.example.com/items")!)
        request.setValue("Bearer alice", forHTTPHeaderField: "Authorization")
        let aliceCredential = RateLimitPacing.credential(of: request, builtAs: request)
        let alice = Task { try await client.send(Item(user: "alice")) }
        await until { status(of: client, credential: aliceCredential).waiting == 1 }
        #expect(server.count == 1)
        // Bob's calls would fail at once, held back, if Alice's pause were his too.
        for _ in 0..<8 { _ = try await client.send(Item(user: "bob", waiting: .failImmediately)) }
        #expect(server.count == 9)
        alice.cancel()
        let result = await alice.result
        #expect(throws: EndpointError.self) { try result.get() }
    }

    @Test("Unpaced, the calls during a Retry-After are sent and refused as before")
    func unpacedSendsDuringThePause() async throws {
        let server = Server(clock: clock) { number, _ in number < 4 ? Self.tooMany() : Self.ok() }
        let client = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.transport = server.transport
            $0.clock = ManualClock().clock  // sleeps return at once
            $0.rateLimitPolicy = .unpaced
            $0.retryPolicy = .never
        }
        for _ in 0..<4 {
            await #expect(throws: EndpointError.self) { _ = try await client.send(Item()) }
        }
        #expect(server.count == 4)
    }

    @Test("A cancelled waiting call leaves the queue, and the other waiting calls all get through")
    func cancellingWaitingCallsLeaksNothing() async throws {
        let server = Server(clock: clock) { number, _ in number == 0 ? Self.tooMany(retryAfter: 10) : Self.ok() }
        let client = client(server)
        let first = Task { try await client.send(Item()) }
        await until { status(of: client).waiting == 1 }
        let calls = (0..<32).map { _ in Task { try await client.send(Item()) } }
        await until { status(of: client).waiting == 33 }
        for call in calls[..<16] { call.cancel() }
        await until { status(of: client).waiting == 17 }
        clock.advance(by: 10)
        _ = try await first.value
        for call in calls[16...] { _ = try await call.value }
        for call in calls[..<16] {
            guard case .failure(EndpointError.cancelled) = await call.result else {
                Issue.record("a cancelled call did not fail as cancelled")
                continue
            }
        }
        #expect(server.count == 18)
        #expect(status(of: client).inFlight == 0)
    }
}
