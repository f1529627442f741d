#if AsyncHTTPClient
    import AsyncHTTPClient
    import EndpointKit
    import EndpointKitAsyncHTTPClient
    import Foundation
    import Testing

    @Suite("AsyncHTTPClientTransport against the fault server", .requiresFaultServer)
    struct FaultIntegrationTests {
        /// `GET /drop/{key}?size=…`: announces `size` bytes, sends about half, closes the connection;
        /// with `failures`, only the first that many requests for `key` are cut short.
        struct Dropped: GET {
            typealias ResponseType = [Int]
            let key: String
            var failures: Int?
            var path: String { "/drop/\(segment: key)" }
            var query: Parameters { ["size": 20_000, "failures": failures] }
        }

        /// `GET /attempts/{key}`: how many requests the fault server saw for `key`.
        struct Attempts: GET {
            struct Count: Decodable, JSONObject { let attempts: Int }
            typealias ResponseType = Count
            let key: String
            var path: String { "/attempts/\(segment: key)" }
        }

        /// `GET /download?size=…`: `size` bytes, announced by `Content-Length` or, with `chunked`,
        /// not announced.
        struct Download: GET {
            typealias ResponseType = Data
            let size: Int
            let chunked: Bool
            let path = "/download"
            var query: Parameters { ["size": size, "chunked": chunked ? 1 : 0] }
        }

        /// `GET /slow-body?chunks=2&interval=…`: the head at once, then a JSON array in two pieces
        /// `interval` seconds apart.
        struct SlowBody: GET {
            typealias ResponseType = [Int]
            let interval: TimeInterval
            var idle: TimeInterval = 60
            let path = "/slow-body"
            var query: Parameters { ["chunks": 2, "interval": interval] }
            var options: CallOptions { CallOptions(timeouts: Timeouts(idle: idle)) }
        }

        static func uniqueKey() -> String {
            "ahc-\(UUID().uuidString.prefix(8).lowercased())"
        }

        /// Over plain HTTP, or over HTTPS to the fault server's TLS twin, trusting the test CA.
        static let schemes = FaultServer.tlsURL == nil ? ["http"] : ["http", "https"]

        /// A client of the fault server, or of its TLS twin for `https`.
        /// Over HTTPS a request without a body goes through AsyncHTTPClient's async `execute`, over
        /// HTTP through its delegate API (`AsyncHTTPClientTransport.sendsWithExecute(_:)`): the
        /// tests with both schemes hold each way to the same limits.
        private func client(
            _ scheme: String, _ httpClient: HTTPClient, retryPolicy: RetryPolicy = .never,
            maximumResponseSize: Int = 64 << 20
        ) throws -> Client {
            guard scheme == "https" else {
                return Client(baseURL: FaultServer.url!) {
                    $0.retryPolicy = retryPolicy
                    $0.transport = AsyncHTTPClientTransport(
                        client: httpClient, maximumResponseSize: maximumResponseSize)
                }
            }
            let ca = try TLSServers.ca()
            return try Client(baseURL: FaultServer.tlsURL!) {
                $0.retryPolicy = retryPolicy
                $0.transport = try AsyncHTTPClientTransport(
                    client: httpClient, tls: TLSPolicy(trust: .only([ca])), maximumResponseSize: maximumResponseSize)
            }
        }

        /// Expects a call to `endpoint` over `scheme` (without retries) to fail with a transport
        /// failure whose `URLError` has `code`.
        private func expectFailure(
            of endpoint: some GET, over scheme: String, withCode code: URLError.Code,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = try client(scheme, httpClient)

                let result = await HTTPBin.result { () async throws(EndpointError) in try await client.get(endpoint) }

                #expect(
                    (HTTPBin.transportError(of: result) as? URLError)?.code == code, "got \(result)",
                    sourceLocation: sourceLocation)
            }
        }

        @Test(
            "A body over the limit fails with ResponseTooLargeError, announced or not, also over TLS",
            arguments: schemes, [false, true])
        func bodyOverTheLimit(scheme: String, chunked: Bool) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = try client(scheme, httpClient, maximumResponseSize: 10_000)

                let fits = try await client.get(Download(size: 10_000, chunked: chunked))
                let result = await HTTPBin.result { () async throws(EndpointError) in
                    try await client.get(Download(size: 20_000, chunked: chunked))
                }

                #expect(fits.count == 10_000)
                #expect(
                    HTTPBin.transportError(of: result) as? ResponseTooLargeError
                        == ResponseTooLargeError(limit: 10_000), "got \(result)")
            }
        }

        @Test(
            "A body that stops arriving for longer than the idle timeout fails with a timeout, also over TLS",
            arguments: schemes)
        func idleBody(scheme: String) async throws {
            // The head at once, the second piece 20 s after the first, an idle timeout of 1 s: a
            // silence no stall of this process can hide (one of 3 s was hidden once, under load:
            // both pieces were there when the process ran again). The call ends at the timeout.
            try await expectFailure(of: SlowBody(interval: 20, idle: 1), over: scheme, withCode: .timedOut)
        }

        @Test(
            "A body that keeps arriving within the idle timeout is received whole, also over TLS",
            arguments: schemes)
        func slowButSteadyBody(scheme: String) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = try client(scheme, httpClient)

                // Pieces 0.5 s apart, an idle timeout of 3 s (a sixth: load cannot make a silence).
                let values = try await client.get(SlowBody(interval: 0.5, idle: 3))

                #expect(values == [0, 1])
            }
        }

        @Test(
            "Cancelling a slow call gives EndpointError.cancelled and leaves the HTTPClient usable, also over TLS",
            .timeLimit(.minutes(1)), arguments: schemes)
        @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
        func cancelledDuringBody(scheme: String) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = try client(scheme, httpClient)

                // The second piece comes 30 s after the first; the test's time limit is a minute.
                let result = try await HTTPBin.resultCancelledSoon { () async throws(EndpointError) in
                    try await client.get(SlowBody(interval: 30))
                }

                guard case .failure(.cancelled) = result else {
                    Issue.record("expected .cancelled, got \(result)")
                    return
                }
                // The HTTPClient is still usable.
                #expect(try await client.get(Download(size: 100, chunked: false)).count == 100)
            }
        }

        @Test(
            "A connection closed mid-body is transportFailed with URLError.networkConnectionLost, also over TLS",
            arguments: schemes)
        func droppedConnection(scheme: String) async throws {
            try await expectFailure(of: Dropped(key: Self.uniqueKey()), over: scheme, withCode: .networkConnectionLost)
        }

        @Test(
            "The retry policy tries a GET cut short again, as it does with URLSession, also over TLS",
            arguments: schemes)
        func droppedConnectionIsRetried(scheme: String) async throws {
            try await HTTPBin.withHTTPClient { httpClient in
                let client = try client(
                    scheme, httpClient, retryPolicy: RetryPolicy(maximumAttempts: 3, initialDelay: 0.01))
                let key = Self.uniqueKey()

                let values = try await client.get(Dropped(key: key, failures: 1))
                let attempts = try await client.get(Attempts(key: key)).attempts

                #expect(!values.isEmpty)
                #expect(attempts == 2)
            }
        }
    }
#endif
