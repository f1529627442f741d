import EndpointKit
import EndpointKitGitHub
import EndpointKitTesting
import Foundation
import Testing

/// The `.gitHub` profile's pacing, through a client on a manual clock: GitHub's primary limit
/// per resource, its secondary limit without `Retry-After`, and its rules for mutations.
@Suite("GitHub's rate-limit pacing")
struct GitHubRateLimitPacingTests {
    struct Repository: GET {
        typealias ResponseType = Data
        var path = "/repos/octocat/hello"
    }

    struct SearchIssues: GET {
        typealias ResponseType = Data
        let path = "/search/issues"
    }

    struct CreateIssue: POST {
        typealias ResponseType = Data
        let path = "/repos/octocat/hello/issues"
        var body: RequestBody { .json(["title": "paced"]) }
    }

    let clock = ManualClock(waitsForAdvance: true)
    /// Every request's path and the time on the test's clock when it arrived.
    let arrivals = Locked([(path: String, at: Date)]())

    /// A GitHub client whose requests `respond` answers, given how many came before.
    func client(_ respond: @escaping @Sendable (Int, URLRequest) -> HTTPResponse) -> Client {
        let arrivals = arrivals
        let clock = clock
        return Client(baseURL: URL(string: "https://api.github.com")!, authenticator: .token("t0k")) {
            $0.api = .gitHub
            $0.clock = clock.clock
            $0.transport = StubTransport { request in
                let number = arrivals.withLock {
                    $0.append((request.url?.path ?? "", clock.now))
                    return $0.count - 1
                }
                return respond(number, request)
            }
        }
    }

    var count: Int { arrivals.withLock { $0.count } }

    static func limited(remaining: Int, reset: Date, resource: String = "core", status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            statusCode: status,
            headers: [
                "X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "\(remaining)",
                "X-RateLimit-Reset": "\(Int(reset.timeIntervalSince1970))", "X-RateLimit-Resource": resource,
            ], body: Data("{}".utf8))
    }

    static let secondary = HTTPResponse(
        statusCode: 403,
        body: Data(
            #"{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again."}"#
                .utf8))

    /// Yields until `condition` holds (no sleep, no wall clock); an issue after a million yields.
    func until(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
        for _ in 0..<1_000_000 {
            if condition() { return }
            await Task.yield()
        }
        Issue.record("the condition never held", sourceLocation: sourceLocation)
    }

    @Test("A 200 with X-RateLimit-Remaining 0 holds the next core call until the reset, and not a search")
    func primaryLimitHoldsItsResourceUntilTheReset() async throws {
        let reset = clock.now.addingTimeInterval(600)
        let client = client { number, request in
            number == 0 ? Self.limited(remaining: 0, reset: reset) : Self.limited(remaining: 4999, reset: reset)
        }
        _ = try await client.send(Repository())
        let held = Task { try await client.send(Repository()) }
        _ = try await client.send(SearchIssues())  // another resource: not held
        #expect(count == 2)
        await until { clock.heldSleeps == [600] }  // the pacer's timer, until the reset
        clock.advance(by: 599)
        #expect(clock.heldSleeps == [600])
        #expect(count == 2)
        clock.advance(by: 1)
        _ = try await held.value
        #expect(
            arrivals.withLock { $0.map(\.path) } == ["/repos/octocat/hello", "/search/issues", "/repos/octocat/hello"])
        #expect(arrivals.withLock { $0[2].at } == reset)
    }

    @Test("A secondary-limit 403 without Retry-After pauses a minute, and the refused POST is sent again after it")
    func secondaryLimitPausesAMinuteAndRetriesTheMutation() async throws {
        let client = client { number, _ in number == 0 ? Self.secondary : HTTPResponse(statusCode: 201) }
        let start = clock.now
        let post = Task { try await client.send(CreateIssue()) }
        await until { clock.heldSleeps.contains(60) }
        #expect(count == 1)
        clock.advance(by: 60)
        _ = try await post.value
        #expect(count == 2)
        #expect(arrivals.withLock { $0[1].at } == start.addingTimeInterval(60))
    }

    @Test("Mutations go one at a time, a second apart; 30 at once all succeed in 29 seconds")
    func mutationsAreSpacedASecondApart() async throws {
        let client = client { _, _ in HTTPResponse(statusCode: 201) }
        let start = clock.now
        let posts = (0..<30).map { _ in Task { try await client.send(CreateIssue()) } }
        for second in 1..<30 {
            // The next mutation's wait has begun: the pacer's timer sleeps on the clock.
            await until { count == second && clock.heldSleeps.count == 1 }
            clock.advance(by: 1)
        }
        for post in posts { _ = try await post.value }
        let times = arrivals.withLock { $0.map(\.at) }
        #expect(times == (0..<30).map { start.addingTimeInterval(TimeInterval($0)) })
    }

    @Test("GitHub's resources: search, code search and GraphQL apart from core, under GitHub Enterprise's /api/v3 too")
    func resourcesByPath() {
        func resource(_ url: String) -> String? {
            GitHubAPI().rateLimitResource(for: URLRequest(url: URL(string: url)!))
        }
        #expect(resource("https://api.github.com/repos/o/r") == "core")
        #expect(resource("https://api.github.com/search/issues") == "search")
        #expect(resource("https://api.github.com/search/code") == "code_search")
        #expect(resource("https://api.github.com/graphql") == "graphql")
        #expect(resource("https://ghe.example.com/api/v3/search/repositories") == "search")
        #expect(resource("https://ghe.example.com/api/graphql") == "graphql")
        #expect(resource("https://api.github.com/repos/search/search/issues") == "core")
    }

    @Test("GitHub's X-RateLimit headers are the announced budget of their resource")
    func announcementReadsXRateLimit() {
        let reset = Date(timeIntervalSince1970: 1_767_229_200)
        let announcement = GitHubAPI().rateLimitAnnouncement(
            in: Self.limited(remaining: 12, reset: reset, resource: "search"), now: clock.now)
        #expect(
            announcement.limits == [
                RateLimitAnnouncement.Limit(name: "search", quota: 5000, remaining: 12, resetDate: reset)
            ])
        #expect(announcement.refusal == nil)
    }
}
