#if Metrics
    import CoreMetrics
    import EndpointKit
    import EndpointKitMetrics
    import EndpointKitTesting
    import Foundation
    import MetricsTestKit
    import Testing

    @Suite("Recording metrics with swift-metrics")
    struct MetricsObserverTests {
        private typealias Label = MetricsObserver.Label

        private func client(
            _ transport: StubTransport, metrics: TestMetrics, authenticator: some Authenticator = NoAuthenticator(),
            cache: (any ResponseCache)? = nil
        ) -> Client {
            ObservedScenario.client(
                transport, observers: [.metrics(factory: metrics)], authenticator: authenticator, cache: cache)
        }

        /// Each recorded duration's dimensions, as `name=value` joined by spaces, sorted.
        private func durations(_ metrics: TestMetrics) -> [String] {
            metrics.timers(label: Label.requestDuration).flatMap { timer in
                Array(
                    repeating: timer.dimensions.map { "\($0)=\($1)" }.joined(separator: " "), count: timer.values.count)
            }.sorted()
        }

        @Test("Each attempt's duration is recorded in seconds with method, status and endpoint; none holds a URL")
        func durationsPerAttempt() async throws {
            let metrics = TestMetrics()
            _ = try await client(.answering([503, 502]), metrics: metrics).get(UserRepositories())
            let server = "server.address=api.example.com server.port=443 url.scheme=https"
            #expect(
                durations(metrics) == [
                    "http.request.method=GET endpoint=UserRepositories \(server) http.response.status_code=200",
                    "http.request.method=GET endpoint=UserRepositories \(server) http.response.status_code=502 error.type=502",
                    "http.request.method=GET endpoint=UserRepositories \(server) http.response.status_code=503 error.type=503",
                ])
            let timer = try metrics.expectTimer(
                Label.requestDuration,
                [
                    ("http.request.method", "GET"), ("endpoint", "UserRepositories"),
                    ("server.address", "api.example.com"), ("server.port", "443"), ("url.scheme", "https"),
                    ("http.response.status_code", "200"),
                ])
            #expect(timer.displayUnit == .seconds)
            #expect(timer.values.count == 1 && timer.values[0] >= 0)
            #expect(metrics.counterTotal(label: Label.retries) == 2)
            #expect(
                try metrics.expectCounter(Label.retries, [("endpoint", "UserRepositories"), ("error.type", "503")])
                    .totalValue == 1)
        }

        @Test("A call is active while it runs, and no longer after it, whether it succeeds or fails")
        func activeRequests() async throws {
            let metrics = TestMetrics()
            let gate = AsyncGate()
            let transport = StubTransport { request in
                await gate.arriveAndWait()
                return HTTPResponse(statusCode: 200, body: Data("[]".utf8), url: request.url)
            }
            let client = client(transport, metrics: metrics)
            let call = Task { try await client.get(UserRepositories()) }
            await gate.waitForArrival()
            let meter = try metrics.expectMeter(
                Label.activeRequests,
                [
                    ("http.request.method", "GET"), ("endpoint", "UserRepositories"),
                    ("server.address", "api.example.com"), ("server.port", "443"), ("url.scheme", "https"),
                ])
            #expect(meter.lastValue == 1)
            await gate.open()
            _ = try await call.value
            #expect(meter.lastValue == 0)
            _ = try? await self.client(StubTransport(status: 404), metrics: metrics).get(UserRepositories())
            #expect(meter.values.suffix(2) == [1, 0])
        }

        @Test("A renewal, a cache revalidation and a stream's events and reconnection are counted")
        func counters() async throws {
            let metrics = TestMetrics()
            let (renewing, authenticator) = ObservedScenario.renewal()
            _ = try await client(renewing, metrics: metrics, authenticator: authenticator).get(UserRepositories())
            #expect(
                try metrics.expectCounter(Label.credentialRenewals, [("endpoint", "UserRepositories")]).totalValue == 1)

            let caching = client(ObservedScenario.revalidation(), metrics: metrics, cache: InMemoryResponseCache())
            _ = try await caching.get(UserRepositories())
            _ = try await caching.get(UserRepositories())
            #expect(
                try metrics.expectCounter(
                    Label.cacheRevalidations, [("endpoint", "UserRepositories"), ("cache", "revalidated")]
                )
                .totalValue == 1)

            let streaming = StubTransport(
                answering: .sequence([
                    .stream([.text("id: 1\ndata: {\"index\": 1}\n\nid: 2\ndata: {\"index\": 2}\n\n")]), .status(204),
                ]))
            _ = try await collect(client(streaming, metrics: metrics).stream(Ticks()))
            #expect(try metrics.expectCounter(Label.streamEvents, [("endpoint", "Ticks")]).totalValue == 2)
            #expect(
                try metrics.expectCounter(
                    Label.streamReconnects, [("endpoint", "Ticks"), ("error.type", "transportFailed")]
                )
                .totalValue == 1)
            let active = try metrics.expectMeter(
                Label.activeRequests,
                [
                    ("http.request.method", "GET"), ("endpoint", "Ticks"), ("server.address", "api.example.com"),
                    ("server.port", "443"), ("url.scheme", "https"),
                ])
            #expect(active.values == [1, 0])
        }

        @Test("A retry that waited out a 429's Retry-After: its 5 s wait timed and counted with host and reason")
        func rateLimitPause() async throws {
            let metrics = TestMetrics()
            _ = try await client(ObservedScenario.rateLimitPause(), metrics: metrics).get(UserRepositories())
            let dimensions = [
                ("http.request.method", "GET"), ("endpoint", "UserRepositories"), ("server.address", "api.example.com"),
                ("reason", "paused"),
            ]
            let timer = try metrics.expectTimer(Label.rateLimitWaitDuration, dimensions)
            #expect(timer.displayUnit == .seconds)
            #expect(timer.values == [5_000_000_000])
            #expect(try metrics.expectCounter(Label.rateLimitWaits, dimensions).totalValue == 1)
            #expect(metrics.counterTotal(label: Label.rateLimitWaits) == 1)
            #expect(metrics.timers(label: Label.rateLimitWaitDuration).count == 1)
        }

        @Test("A call held back by a spent budget: its 10 s wait timed and counted with the reason budget-spent")
        func rateLimitSpentBudget() async throws {
            let metrics = TestMetrics()
            let client = client(ObservedScenario.spentBudget(), metrics: metrics)
            _ = try await client.get(UserRepositories())
            _ = try await client.get(UserRepositories())
            let dimensions = [
                ("http.request.method", "GET"), ("endpoint", "UserRepositories"), ("server.address", "api.example.com"),
                ("reason", "budget-spent"),
            ]
            #expect(try metrics.expectTimer(Label.rateLimitWaitDuration, dimensions).values == [10_000_000_000])
            #expect(try metrics.expectCounter(Label.rateLimitWaits, dimensions).totalValue == 1)
            #expect(metrics.counterTotal(label: Label.rateLimitWaits) == 1)
        }

        @Test("A failure without a response is timed with its error type and no status")
        func transportFailure() async throws {
            let metrics = TestMetrics()
            let failing = StubTransport(answering: .error(URLError(.cannotConnectToHost)))
            let client = Client(baseURL: URL(string: "https://api.example.com")!) {
                $0.transport = failing
                $0.retryPolicy = .never
                $0.observers = [.metrics(factory: metrics)]
            }
            _ = try? await client.get(UserRepositories())
            #expect(
                durations(metrics) == [
                    "http.request.method=GET endpoint=UserRepositories server.address=api.example.com server.port=443 url.scheme=https error.type=transportFailed"
                ])
        }

        @Test(
            "The server's address, port and scheme are dimensions, the port by the scheme when the URL names none; never the path or query",
            arguments: [
                ("http://API.example.com/v1", "server.address=api.example.com server.port=80 url.scheme=http"),
                ("https://api.example.com:8443", "server.address=api.example.com server.port=8443 url.scheme=https"),
                ("http://127.0.0.1:8080", "server.address=127.0.0.1 server.port=8080 url.scheme=http"),
            ])
        func server(baseURL: String, expected: String) async throws {
            let metrics = TestMetrics()
            let client = Client(baseURL: URL(string: baseURL)!) {
                $0.transport = StubTransport(body: "{}")
                $0.observers = [.metrics(factory: metrics)]
            }
            _ = try await client.get(GetValue<JSONValue>(query: ["access_token": "t0ken", "page": 2]))
            let name = "GetValue<JSONValue>"
            #expect(
                durations(metrics) == [
                    "http.request.method=GET endpoint=\(name) \(expected) http.response.status_code=200"
                ])
            let meters = metrics.meters.filter { $0.label == Label.activeRequests }
            #expect(
                meters.map { $0.dimensions.map { "\($0)=\($1)" }.joined(separator: " ") } == [
                    "http.request.method=GET endpoint=\(name) \(expected)"
                ])
            let values = (metrics.timers.flatMap(\.dimensions) + meters.flatMap(\.dimensions)).map(\.1)
            #expect(!values.contains { $0.contains("/value") || $0.contains("t0ken") || $0.contains("page") })
        }
    }
#endif
