#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    /// `AsyncHTTPClientTransport` against a real HTTP/2 server (hypercorn, over TLS with ALPN
    /// `h2` and `http/1.1`) and a server that sends `GOAWAY` in the middle of a call. Serialized:
    /// several tests read what a server counted.
    @Suite("HTTP/2 against real servers", .requiresHTTP2Servers, .serialized)
    struct HTTP2IntegrationTests {
        typealias Servers = HTTP2Servers

        @Test("100 calls in flight through one transport go over HTTP/2, all at once on one connection")
        func multiplexesOnOneConnection() async throws {
            let key = Servers.key()
            let before = try await Servers.stats()
            let echoes = try await Servers.withClient { client in
                try await withThrowingTaskGroup(of: Servers.Echo.self) { group in
                    for _ in 0..<100 {
                        // Each is held by the server until all 100 are open: they are in flight together.
                        group.addTask { try await client.get(Servers.EchoCall(key: key, gather: 100)) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            let after = try await Servers.stats()
            #expect(echoes.count == 100)
            #expect(echoes.allSatisfy { $0.gathered == true })
            #expect(Set(echoes.map(\.http_version)) == ["2"])
            // The connections of these calls, as the server saw them: no other test can blur it.
            let connections = Set(echoes.map(\.connection))
            #expect(connections.count == 1, "\(connections)")
            #expect(after.keys[key] == 100)
            // The TLS handshakes the server saw meanwhile, but for that of the `stats()` call after:
            // every TCP connection the client opened, whether it carried a request or not. The suite
            // is serialized, and no other suite calls this server.
            #expect(after.handshakes - before.handshakes - 1 == 1)
        }

        @Test("The same transport over HTTP/1.1 only: the server answers with HTTP/1.1")
        func http1OnlyNegotiatesHTTP1() async throws {
            var configuration = AsyncHTTPClientTransport.makeDefaultConfiguration()
            configuration.httpVersion = .http1Only
            let key = Servers.key()
            let echo = try await Servers.withClient(configuration: configuration) {
                try await $0.get(Servers.EchoCall(key: key))
            }
            #expect(echo.http_version == "1.1")
            #expect(echo.key == key)
        }

        @Test("Server-Sent Events stream over HTTP/2: every event, in order")
        func serverSentEvents() async throws {
            let events = try await Servers.withClient { client in
                var events: [ServerSentEvent<H2Event>] = []
                for try await event in client.stream(H2Events(count: 50)) { events.append(event) }
                return events
            }
            #expect(events.map(\.data.index) == Array(1...50))
            #expect(events.map(\.id) == (1...50).map { String($0) })
            #expect(Set(events.map(\.data.http_version)) == ["2"])
        }

        @Test("A redirect is followed over HTTP/2")
        func followsRedirect() async throws {
            let key = Servers.key()
            let echo = try await Servers.withClient { try await $0.get(RedirectToEcho(key: key)) }
            #expect(echo.key == key)
            #expect(echo.http_version == "2")
            #expect(try await Servers.requests(for: key) == 1)
        }

        @Test("A 401 renews the token once, and the call sent again with it succeeds")
        func renewsTheTokenOnce() async throws {
            let key = Servers.key()
            let renewals = Renewals()
            let authenticator = RefreshingTokenAuthenticator(token: "stale-\(key)") {
                await renewals.count()
                return "fresh-\(key)"
            }
            let echo = try await Servers.withClient(authenticator: authenticator) {
                try await $0.get(Protected(key: key))
            }
            #expect(echo.headers["authorization"] == "Bearer fresh-\(key)")
            #expect(echo.http_version == "2")
            #expect(await renewals.value == 1)
            #expect(try await Servers.requests(for: key) == 2)
        }

        @Test("A GET answered 503 twice is retried, and the third attempt succeeds")
        func retries503() async throws {
            let key = Servers.key()
            let echo = try await Servers.withClient(retryPolicy: RetryPolicy(maximumAttempts: 3, initialDelay: 0.01)) {
                try await $0.get(Flaky(key: key, failures: 2))
            }
            #expect(echo.http_version == "2")
            #expect(try await Servers.requests(for: key) == 3)
        }

        @Test("GOAWAY below a GET's stream: the transport sends it again at once, on a new connection, with no retries")
        func goAwayResendsGET() async throws {
            let key = Servers.key()
            let count = try await Servers.withClient(baseURL: Servers.goAwayURL, retryPolicy: .never) {
                try await $0.get(Servers.GoAwayGet(key: key))
            }
            #expect(count.requests == 2)
            #expect(try await Servers.goAwayRequests(for: key) == 2)
        }

        @Test(
            "352 GETs, 32 in flight, against a server that sends GOAWAY after 11 requests a connection: none fails"
        )
        func goAwaysUnderConcurrencyLoseNoCall() async throws {
            let key = Servers.key()
            let results = try await Servers.withClient(
                baseURL: Servers.recyclingURL, retryPolicy: Servers.goAwayRetryPolicy
            ) { client in
                await Servers.getConcurrently(client, key: key)
            }
            Servers.expectNoFailure(results, connections: 32)
        }

        @Test("A POST whose stream the server refused (REFUSED_STREAM) is sent again at once, with no retries")
        func refusedStreamResendsPOST() async throws {
            let key = Servers.key()
            let count = try await Servers.withClient(baseURL: Servers.goAwayURL, retryPolicy: .never) {
                try await $0.post(Servers.RefusedPost(key: key))
            }
            #expect(count.requests == 2)
            #expect(try await Servers.goAwayRequests(for: key) == 2)
        }

        @Test("GOAWAY below a POST's stream: the POST is not retried, and fails as a lost connection")
        func goAwayFailsPOST() async throws {
            let key = Servers.key()
            let result = try await Servers.withClient(
                baseURL: Servers.goAwayURL, retryPolicy: RetryPolicy(maximumAttempts: 3, initialDelay: 0.01)
            ) { client in
                await HTTPBin.result { () async throws(EndpointError) in
                    try await client.post(Servers.GoAwayPost(key: key))
                }
            }
            guard case .failure(.transportFailed(let failure)) = result else {
                Issue.record("expected a transport failure, got \(result)")
                return
            }
            #expect(failure.urlErrorCode == .networkConnectionLost, "\(failure.underlying)")
            #expect(try await Servers.goAwayRequests(for: key) == 1)
        }
    }

    /// An event of hypercorn's `/sse`.
    struct H2Event: Decodable, JSONObject {
        let index: Int
        let http_version: String
    }

    /// `GET /sse?count=N`: N events with ids 1…N, then `[DONE]`.
    struct H2Events: GET, StreamingEndpoint {
        typealias Element = ServerSentEvent<H2Event>
        static var streamFormat: StreamFormat<Element> { .serverSentEvents(terminator: "[DONE]") }
        let count: Int
        let path = "/sse"
        var query: Parameters { ["count": count] }
        var reconnection: ReconnectionPolicy { .never }
    }

    /// `GET /redirect?to=/echo?key=K`: a `302` to the echo.
    struct RedirectToEcho: GET {
        typealias ResponseType = HTTP2Servers.Echo
        let key: String
        let path = "/redirect"
        var query: Parameters { ["to": "/echo?key=\(key)"] }
    }

    /// `GET /auth/{key}`: `401` unless the token is `fresh-{key}`.
    struct Protected: GET {
        typealias ResponseType = HTTP2Servers.Echo
        let key: String
        var path: String { "/auth/\(segment: key)" }
    }

    /// `GET /flaky/{key}?failures=N`: `503` the first N times.
    struct Flaky: GET {
        typealias ResponseType = HTTP2Servers.Echo
        let key: String
        let failures: Int
        var path: String { "/flaky/\(segment: key)" }
        var query: Parameters { ["failures": failures] }
    }

    /// How many times a token was renewed.
    actor Renewals {
        private(set) var value = 0
        func count() { value += 1 }
    }
#endif
