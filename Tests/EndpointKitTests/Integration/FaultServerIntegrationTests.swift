import EndpointKit
import Foundation
import Testing

@Suite("Resilience against the fault server", .requiresFaultServer)
struct FaultServerIntegrationTests {
    struct Outcome: Decodable, JSONObject {
        let attempts: Int
        let method: String
        let body: String
    }

    /// `/flaky/{key}`: fails `failures` times with `status`, then answers 200.
    struct Flaky: GET {
        typealias ResponseType = Outcome
        let key: String
        let failures: Int
        var status = 503
        var retryAfter: Int?
        var retryAfterDate: Int?
        var path: String { "/flaky/\(segment: key)" }
        var query: Parameters {
            ["failures": failures, "status": status, "retry_after": retryAfter, "retry_after_date": retryAfterDate]
        }
    }

    struct FlakyPost: POST {
        typealias ResponseType = Outcome
        let key: String
        var path: String { "/flaky/\(segment: key)" }
        var query: Parameters { ["failures": 1] }
        var body: RequestBody { .json(["order": 42]) }
    }

    /// `GET /drop/{key}`: announces 100,000 bytes, sends about half, closes the connection; with
    /// `failures`, only the first that many requests for `key` are cut short.
    struct Dropped: GET {
        typealias ResponseType = [Int]
        let key: String
        var failures: Int?
        var path: String { "/drop/\(segment: key)" }
        var query: Parameters { ["size": 100_000, "failures": failures] }
    }

    struct Huge: GET {
        typealias ResponseType = Data
        let size: Int
        let path = "/huge"
        var query: Parameters { ["size": size] }
    }

    struct Resource: GET {
        struct Body: Decodable, JSONObject { let ok: Bool }
        typealias ResponseType = Body
        let key: String
        var path: String { "/auth/\(segment: key)/resource" }
    }

    struct Refresh: POST {
        struct Token: Decodable, JSONObject { let token: String }
        typealias ResponseType = Token
        let key: String
        var path: String { "/auth/\(segment: key)/refresh" }
        var body: RequestBody { .empty }
    }

    let quick = RetryPolicy(maximumAttempts: 4, initialDelay: 0.02, jitter: 0)

    private func client(retryPolicy: RetryPolicy? = nil) -> Client {
        Client(baseURL: FaultServer.url!) {
            $0.retryPolicy = retryPolicy ?? quick
        }
    }

    private func attempts(_ key: String) async throws -> Int {
        try await client().get(FaultServer.Attempts(key: key)).attempts
    }

    @Test("A GET that fails twice with 503 succeeds on the third attempt")
    func retriesFlakyGET() async throws {
        let key = FaultServer.uniqueKey()
        let outcome = try await client().get(Flaky(key: key, failures: 2))
        #expect(outcome.attempts == 3)
        #expect(try await attempts(key) == 3)
    }

    @Test("A POST that fails with 503 is not retried by default")
    func doesNotRetryPOST() async throws {
        let key = FaultServer.uniqueKey()
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client().post(FlakyPost(key: key))
        }
        #expect(HTTPBin.unacceptableStatusCode(of: result) == 503)
        #expect(try await attempts(key) == 1)
    }

    @Test("Retry-After in seconds is waited for")
    func honoursRetryAfterSeconds() async throws {
        let key = FaultServer.uniqueKey()
        let start = Date()
        let outcome = try await client().get(Flaky(key: key, failures: 1, status: 429, retryAfter: 1))
        #expect(outcome.attempts == 2)
        #expect(Date().timeIntervalSince(start) >= 0.9)
    }

    @Test("Retry-After as an HTTP date is waited for")
    func honoursRetryAfterDate() async throws {
        let key = FaultServer.uniqueKey()
        let start = Date()
        let outcome = try await client().get(Flaky(key: key, failures: 1, retryAfterDate: 2))
        #expect(outcome.attempts == 2)
        #expect(Date().timeIntervalSince(start) >= 0.9)  // the date has one-second resolution
    }

    @Test("A Retry-After beyond the budget ends the call at once with the status")
    func giveUpWhenRetryAfterExceedsBudget() async throws {
        let key = FaultServer.uniqueKey()
        let start = Date()
        let client = client(retryPolicy: RetryPolicy(maximumAttempts: 3, budget: 5))
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.get(Flaky(key: key, failures: 1, status: 503, retryAfter: 3600))
        }
        #expect(HTTPBin.unacceptableStatusCode(of: result) == 503)
        #expect(Date().timeIntervalSince(start) < 600)  // not the hour Retry-After asks for
        #expect(try await attempts(key) == 1)
    }

    /// URLSession on Linux reports a body cut short as `URLError(-1)` (`.unknown`), which no retry
    /// policy can tell from other failures; the transport reports it as AsyncHTTPClientTransport
    /// does, `.networkConnectionLost`.
    @Test(
        "A connection closed mid-body is transportFailed with URLError.networkConnectionLost, as with AsyncHTTPClient"
    )
    func droppedConnection() async throws {
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client(retryPolicy: .never).get(Dropped(key: FaultServer.uniqueKey()))
        }
        guard case .failure(.transportFailed(let failure)) = result else {
            throw TestFailure("expected a transport failure, got \(result)")
        }
        #expect(failure.urlErrorCode == .networkConnectionLost, "got \(failure)")
    }

    @Test("The retry policy tries a GET cut short again, as it does with AsyncHTTPClient")
    func droppedConnectionIsRetried() async throws {
        let key = FaultServer.uniqueKey()
        let values = try await client().get(Dropped(key: key, failures: 1))
        #expect(!values.isEmpty)
        #expect(try await attempts(key) == 2)
    }

    @Test("A body beyond the transport's limit is refused while it streams in")
    func refusesHugeBody() async throws {
        let client = Client(baseURL: FaultServer.url!) {
            $0.transport = URLSessionTransport(maximumResponseSize: 1 << 20)
        }
        #expect(try await client.get(Huge(size: 1 << 19)).count == 1 << 19)
        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(Huge(size: 50 << 20))
        }
        guard case .failure(.transportFailed(let failure)) = result else { throw TestFailure("\(result)") }
        #expect(failure.underlying is ResponseTooLargeError)
    }

    struct SlowDownload: GET {
        typealias ResponseType = Data
        let size: Int
        let path = "/download"
        /// 64 KiB every 0.1 s: reading the whole body would take `size / 655,360` seconds.
        var query: Parameters { ["size": size, "interval": 0.1] }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(
        "A Content-Length over the limit stops the transfer at once instead of reading the body",
        .timeLimit(.minutes(1)))
    func stopsAnnouncedHugeBodyAtOnce() async throws {
        let client = Client(baseURL: FaultServer.url!) {
            $0.transport = URLSessionTransport(maximumResponseSize: 1 << 20)
        }
        let start = ContinuousClock.now

        // 20 MiB would take 32 s to arrive.
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.get(SlowDownload(size: 20 << 20))
        }

        guard case .failure(.transportFailed(let failure)) = result else { throw TestFailure("\(result)") }
        #expect(failure.underlying is ResponseTooLargeError)
        #expect(ContinuousClock.now - start < .seconds(30))  // before the 32 s the whole body takes
    }

    @Test("100 concurrent requests with an expired token cause one refresh and 100 successes")
    func refreshUnderLoad() async throws {
        let key = FaultServer.uniqueKey("auth")
        let refresher = client()
        let authenticator = RefreshingTokenAuthenticator(token: "expired") {
            try await refresher.post(Refresh(key: key)).token
        }
        let client = Client(baseURL: FaultServer.url!, authenticator: authenticator) {
            $0.retryPolicy = .never
        }
        let successes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<100 {
                group.addTask { (try? await client.get(Resource(key: key)).ok) == true }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(successes == 100)
        let stats = try await refresher.get(FaultServer.AuthStats(key: key))
        #expect(stats.refreshes == 1)
        #expect(stats.unauthorized <= 100)
    }
}
