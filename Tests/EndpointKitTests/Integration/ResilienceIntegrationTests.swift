import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

@Suite("Timeouts, retries and redirects against httpbin", .requiresHTTPBin)
struct ResilienceIntegrationTests {
    /// `GET /drip`: httpbin sends `numbytes` bytes spread over `duration` seconds.
    struct Drip: GET {
        typealias ResponseType = Data
        let path = "/drip"
        let duration: Double
        var query: Parameters { ["duration": duration, "numbytes": 5, "delay": 0, "code": 200] }
        var timeouts: Timeouts?
        var options: CallOptions { CallOptions(timeouts: timeouts) }
    }

    struct Status: GET {
        typealias ResponseType = NoContent
        let code: Int
        var path: String { "/status/\(segment: code)" }
    }

    struct Bytes: GET {
        typealias ResponseType = Data
        let count: Int
        var path: String { "/bytes/\(segment: count)" }
    }

    struct Redirect: GET {
        typealias ResponseType = HTTPBin.HeadersEcho
        let path: String
        var query: Parameters = [:]
    }

    @Test("A total deadline stops a slow response from /delay with .timedOut", .timeLimit(.minutes(1)))
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func deadlineStopsDelay() async throws {
        let client = Client(baseURL: HTTPBin.url!) {
            $0.timeouts = Timeouts(idle: 30, total: 0.5)
        }
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.get(HTTPBin.Delay(seconds: 5))
        }
        // `.timedOut` proves the deadline came first: the 5 s answer would have been a success.
        guard case .failure(let error) = result, case .timedOut(after: 0.5, _) = error else {
            throw TestFailure("\(result)")
        }
        let url = HTTPBin.url!.appendingPathComponent("delay/5").absoluteString
        #expect(error.description == "GET \(url) did not finish within its deadline of 0.5 s.")
    }

    @Test("The idle timeout fires when the server says nothing", .timeLimit(.minutes(1)))
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func idleTimeoutFires() async throws {
        let client = Client(baseURL: HTTPBin.url!) {
            $0.retryPolicy = .never
            $0.timeouts = Timeouts(idle: 1)
        }
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.get(HTTPBin.Delay(seconds: 5))
        }
        // A timeout proves the idle timeout came first: the 5 s answer would have been a success.
        guard case .failure(let error) = result, error.isTimeout else { throw TestFailure("\(result)") }
    }

    @Test("A slow drip finishes under an idle timeout but not past a total deadline", .timeLimit(.minutes(1)))
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func dripAgainstBothTimeouts() async throws {
        let client = Client(baseURL: HTTPBin.url!) {
            $0.retryPolicy = .never
        }
        let dripped = try await client.get(Drip(duration: 2, timeouts: Timeouts(idle: 1.5)))
        #expect(dripped.count == 5)
        let result = await HTTPBin.result { () async throws(EndpointError) in
            try await client.get(Drip(duration: 3, timeouts: Timeouts(idle: 1.5, total: 1)))
        }
        guard case .failure(.timedOut) = result else { throw TestFailure("\(result)") }
    }

    @Test("A 503 from /status is retried with backoff and the last status is thrown")
    func retries503() async throws {
        let time = ManualClock()
        let client = Client(baseURL: HTTPBin.url!) {
            $0.retryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: 0.05, jitter: 0)
            $0.clock = time.clock
        }
        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(Status(code: 503)) }
        #expect(HTTPBin.unacceptableStatusCode(of: result) == 503)
        #expect(time.sleeps == [0.05, 0.1])  // the backoff before each retry, on the client's clock
    }

    @Test("A body larger than the transport's maximum is an error, not a memory spike")
    func refusesTooLargeBody() async throws {
        let client = Client(baseURL: HTTPBin.url!) {
            $0.transport = URLSessionTransport(maximumResponseSize: 1_000)
        }
        #expect(try await client.get(Bytes(count: 1_000)).count == 1_000)
        let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(Bytes(count: 50_000))
        }
        guard case .failure(.transportFailed(let failure)) = result else { throw TestFailure("\(result)") }
        #expect(failure.underlying is ResponseTooLargeError)
    }

    @Test("/absolute-redirect and /redirect-to on the same origin keep the bearer token")
    func sameOriginRedirectsKeepToken() async throws {
        let client = Client(baseURL: HTTPBin.url!, authenticator: .bearer("t0ken"))
        let absolute = try await client.get(Redirect(path: "/absolute-redirect/2"))
        #expect(absolute.header("Authorization") == "Bearer t0ken")
        let relative = try await client.get(Redirect(path: "/redirect-to", query: ["url": "/headers"]))
        #expect(relative.header("Authorization") == "Bearer t0ken")
    }

    @Test(
        "A redirect to another port or host carries neither the token nor a custom credential header",
        .enabled(if: HTTPBin.otherOriginURL != nil, "needs httpbin on 127.0.0.1 or localhost"))
    func crossOriginRedirectDropsAllCredentials() async throws {
        let authenticator = ClosureAuthenticator { request in
            request.setValue("Bearer t0ken", forHTTPHeaderField: "Authorization")
            request.setValue("key-123", forHTTPHeaderField: "X-API-Key")
        }
        let client = Client(baseURL: HTTPBin.url!, authenticator: authenticator)
        let target = HTTPBin.otherOriginURL!.absoluteString + "/headers"
        let echo = try await client.get(Redirect(path: "/redirect-to", query: ["url": target]))
        #expect(echo.header("Authorization") == nil)
        #expect(echo.header("X-API-Key") == nil)
        #expect(echo.header("Accept") == "application/json")
    }

    @Test("/bearer accepts the token that a refreshing authenticator fetched")
    func bearerWithRefreshingAuthenticator() async throws {
        struct Bearer: GET {
            typealias ResponseType = JSONValue
            let path = "/bearer"
        }
        let client = Client(baseURL: HTTPBin.url!, authenticator: RefreshingTokenAuthenticator { "fresh-token" })
        #expect(
            try await client.get(Bearer()) == .object(["authenticated": .bool(true), "token": .string("fresh-token")]))
    }
}
