#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import NIOSSL
    import Testing

    /// Requests with a body in memory, small and large, against the fault server: a body of at most
    /// 64 KiB goes through AsyncHTTPClient's `execute` over HTTP/1.1 (plain HTTP, or HTTPS on an
    /// `HTTPClient` held to `.http1Only`), a larger one, or one over HTTPS that may be HTTP/2,
    /// through its delegate API (`AsyncHTTPClientTransport.sendsWithExecute(_:)`). Each test runs
    /// every way and expects the same: which API sends a request does not show.
    @Suite("A request body, small or large, over either of AsyncHTTPClient's APIs", .requiresFaultServer)
    struct RequestBodyIntegrationTests {
        /// How the client reaches the fault server.
        enum Route: String, CaseIterable, CustomTestStringConvertible {
            /// Plain HTTP: a small body goes through `execute`.
            case http
            /// HTTPS on an `HTTPClient` that may speak HTTP/2: every body goes through the delegate API.
            case https
            /// HTTPS on an `HTTPClient` held to HTTP/1.1: a small body goes through `execute`.
            case httpsHTTP1Only

            var testDescription: String { rawValue }

            /// The routes this run can take: HTTPS only when the fault server's TLS twin runs.
            static var available: [Route] {
                FaultServer.tlsURL == nil ? [.http] : allCases
            }
        }

        /// The size of a request body: one on each side of the 64 KiB that `execute` takes.
        enum BodySize: Int, CaseIterable, CustomTestStringConvertible {
            case small = 1_000
            case large = 100_000

            var testDescription: String { "\(rawValue) bytes" }

            /// ASCII text of this size, different at each position (so that a lost or moved part shows).
            var body: Data {
                Data((0..<rawValue).map { UInt8(ascii: "a") + UInt8($0 % 26) })
            }
        }

        /// `POST /upload`: what the server read of the body.
        struct Upload: POST {
            struct Received: Decodable, JSONObject {
                let bytes: Int
                let content_length: String?
                let chunked: Bool
            }
            typealias ResponseType = Received
            let data: Data
            let path = "/upload"
            var body: RequestBody { .data(data, contentType: "application/octet-stream") }
        }

        /// `POST /flaky/{key}?failures=0`: the body as the server read it, as text.
        struct Echo: POST {
            struct Echoed: Decodable, JSONObject {
                let method: String
                let body: String
            }
            typealias ResponseType = Echoed
            let key: String
            let data: Data
            var path: String { "/flaky/\(segment: key)" }
            var query: Parameters { ["failures": 0] }
            var body: RequestBody { .data(data, contentType: "text/plain") }
        }

        /// `/drop/{key}?before_head=1`: the server reads the request, then closes the connection
        /// without answering; with `failures`, only for the first that many requests for `key`.
        struct DroppedPost: POST {
            typealias ResponseType = [Int]
            let key: String
            let data: Data
            var path: String { "/drop/\(segment: key)" }
            var query: Parameters { ["before_head": 1, "size": 100] }
            var body: RequestBody { .data(data, contentType: "application/octet-stream") }
        }

        /// The same as a `PUT`, whose retry is safe, cut short only the first time.
        struct DroppedPut: PUT {
            typealias ResponseType = [Int]
            let key: String
            let data: Data
            var path: String { "/drop/\(segment: key)" }
            var query: Parameters { ["before_head": 1, "size": 100, "failures": 1] }
            var body: RequestBody { .data(data, contentType: "application/octet-stream") }
        }

        /// `POST /auth/{key}/refresh?delay=20`: the response's head comes 20 s after the request, far
        /// past the idle timeout (1 s): no stall of this process can hide that silence.
        struct SlowHead: POST {
            typealias ResponseType = JSONValue
            let key: String
            let data: Data
            var path: String { "/auth/\(segment: key)/refresh" }
            var query: Parameters { ["delay": 20] }
            var body: RequestBody { .data(data, contentType: "application/octet-stream") }
            var options: CallOptions { CallOptions(timeouts: Timeouts(idle: 1)) }
        }

        /// `POST /slow-body?chunks=2&interval=20`: the head at once, the body's second piece 20 s
        /// after its first: a silence past the idle timeout (1 s) that no stall of this process can
        /// hide. The call ends at the timeout.
        struct SlowBody: POST {
            typealias ResponseType = [Int]
            let data: Data
            let path = "/slow-body"
            var query: Parameters { ["chunks": 2, "interval": 20] }
            var body: RequestBody { .data(data, contentType: "application/octet-stream") }
            var options: CallOptions { CallOptions(timeouts: Timeouts(idle: 1)) }
        }

        /// `POST /huge?size=20000`: 20,000 bytes, announced by `Content-Length`.
        struct Huge: POST {
            typealias ResponseType = Data
            let data: Data
            let path = "/huge"
            var query: Parameters { ["size": 20_000] }
            var body: RequestBody { .data(data, contentType: "application/octet-stream") }
        }

        static func uniqueKey() -> String {
            "body-\(UUID().uuidString.prefix(8).lowercased())"
        }

        /// Runs `body` with a client of the fault server by `route`, and shuts its `HTTPClient` down.
        private func withClient<Value>(
            _ route: Route, retryPolicy: RetryPolicy = .never, maximumResponseSize: Int = 64 << 20,
            _ body: (Client) async throws -> Value
        ) async throws -> Value {
            var configuration = AsyncHTTPClientTransport.makeDefaultConfiguration()
            if route == .httpsHTTP1Only { configuration.httpVersion = .http1Only }
            return try await HTTPBin.withHTTPClient(configuration: configuration) { httpClient in
                guard route != .http else {
                    let client = Client(baseURL: FaultServer.url!) {
                        $0.retryPolicy = retryPolicy
                        $0.transport = AsyncHTTPClientTransport(
                            client: httpClient, maximumResponseSize: maximumResponseSize)
                    }
                    return try await body(client)
                }
                let ca = try TLSServers.ca()
                let client = try Client(baseURL: FaultServer.tlsURL!) {
                    $0.retryPolicy = retryPolicy
                    $0.transport = try AsyncHTTPClientTransport(
                        client: httpClient, tls: TLSPolicy(trust: .only([ca])),
                        maximumResponseSize: maximumResponseSize)
                }
                return try await body(client)
            }
        }

        @Test(
            "The body arrives whole, with its Content-Length and not chunked",
            arguments: Route.available, BodySize.allCases)
        func bodyArrivesWhole(route: Route, size: BodySize) async throws {
            try await withClient(route) { client in
                let received = try await client.post(Upload(data: size.body))
                let echoed = try await client.post(Echo(key: Self.uniqueKey(), data: size.body))

                #expect(received.bytes == size.rawValue)
                #expect(received.content_length == String(size.rawValue))
                #expect(!received.chunked)
                #expect(echoed.method == "POST")
                #expect(echoed.body == String(decoding: size.body, as: UTF8.self))
            }
        }

        @Test(
            "A POST whose connection closed before any response fails as a lost connection, sent once",
            arguments: Route.available, BodySize.allCases)
        func droppedPostIsNotRetried(route: Route, size: BodySize) async throws {
            let key = Self.uniqueKey()
            let (result, attempts) = try await withClient(
                route, retryPolicy: RetryPolicy(maximumAttempts: 3, initialDelay: 0.01)
            ) { client in
                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.post(DroppedPost(key: key, data: size.body))
                }
                return (result, try await client.get(FaultIntegrationTests.Attempts(key: key)).attempts)
            }
            #expect((HTTPBin.transportError(of: result) as? URLError)?.code == .networkConnectionLost, "got \(result)")
            #expect(attempts == 1)
        }

        @Test(
            "A PUT whose connection closed before any response is retried, and the second attempt succeeds",
            arguments: Route.available, BodySize.allCases)
        func droppedPutIsRetried(route: Route, size: BodySize) async throws {
            let key = Self.uniqueKey()
            let (values, attempts) = try await withClient(
                route, retryPolicy: RetryPolicy(maximumAttempts: 3, initialDelay: 0.01)
            ) { client in
                let values = try await client.put(DroppedPut(key: key, data: size.body))
                return (values, try await client.get(FaultIntegrationTests.Attempts(key: key)).attempts)
            }
            #expect(!values.isEmpty)
            #expect(attempts == 2)
        }

        @Test(
            "32 PUTs in flight whose connections close before any response are each retried once, and all succeed",
            arguments: Route.available, BodySize.allCases)
        func droppedPutsInFlightAreRetried(route: Route, size: BodySize) async throws {
            let keys = (0..<32).map { _ in Self.uniqueKey() }
            let data = size.body
            let (succeeded, attempts) = try await withClient(
                route, retryPolicy: RetryPolicy(maximumAttempts: 3, initialDelay: 0.01)
            ) { client in
                let succeeded = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for key in keys {
                        group.addTask { try await !client.put(DroppedPut(key: key, data: data)).isEmpty }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                var attempts: [Int] = []
                for key in keys {
                    attempts.append(try await client.get(FaultIntegrationTests.Attempts(key: key)).attempts)
                }
                return (succeeded, attempts)
            }
            #expect(succeeded == 32)
            #expect(attempts == Array(repeating: 2, count: 32))
        }

        @Test(
            "No response head within the idle timeout fails with a timeout",
            arguments: Route.available, BodySize.allCases)
        func idleBeforeTheHead(route: Route, size: BodySize) async throws {
            let key = Self.uniqueKey()
            let (result, attempts) = try await withClient(route) { client in
                // The server answers once first: the silent call then finds its connection made
                // (over HTTPS, its handshake done), and the transport knows the server completes
                // handshakes, so that only the server's silence can time the call out, however
                // slowly a busy machine lets a handshake complete.
                _ = try await client.get(FaultIntegrationTests.Attempts(key: key))
                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.post(SlowHead(key: key, data: size.body))
                }
                return (result, try await client.get(FaultIntegrationTests.Attempts(key: key)).attempts)
            }
            #expect((HTTPBin.transportError(of: result) as? URLError)?.code == .timedOut, "got \(result)")
            // The server had the request, and was silent: that silence is what timed out.
            #expect(attempts == 1)
        }

        @Test(
            "A response body that stops arriving for longer than the idle timeout fails with a timeout",
            arguments: Route.available, BodySize.allCases)
        func idleInTheBody(route: Route, size: BodySize) async throws {
            let result = try await withClient(route) { client in
                await HTTPBin.result { () async throws(EndpointError) in
                    try await client.post(SlowBody(data: size.body))
                }
            }
            #expect((HTTPBin.transportError(of: result) as? URLError)?.code == .timedOut, "got \(result)")
        }

        @Test(
            "A response over the limit fails with ResponseTooLargeError",
            arguments: Route.available, BodySize.allCases)
        func responseOverTheLimit(route: Route, size: BodySize) async throws {
            let result = try await withClient(route, maximumResponseSize: 10_000) { client in
                await HTTPBin.result { () async throws(EndpointError) in
                    try await client.post(Huge(data: size.body))
                }
            }
            #expect(
                HTTPBin.transportError(of: result) as? ResponseTooLargeError == ResponseTooLargeError(limit: 10_000),
                "got \(result)")
        }
    }
#endif
