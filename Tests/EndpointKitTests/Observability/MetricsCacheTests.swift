#if Metrics
    import CoreMetrics
    import EndpointKit
    import EndpointKitMetrics
    import EndpointKitTesting
    import Foundation
    import MetricsTestKit
    import Testing

    @Suite("Metrics of the cache: hits, misses, revalidations and the request duration's cache dimension")
    struct MetricsCacheTests {
        private typealias Label = MetricsObserver.Label
        private let endpoint = ("endpoint", "Fetch")

        /// Each recorded duration's status and `cache` dimension (`-` without one), sorted.
        private func durations(_ metrics: TestMetrics) -> [String] {
            metrics.timers(label: Label.requestDuration).flatMap { timer in
                let status = timer.dimensions.first { $0.0 == "http.response.status_code" }?.1 ?? "-"
                let cache = timer.dimensions.first { $0.0 == "cache" }?.1 ?? "-"
                return Array(repeating: "\(status) \(cache)", count: timer.values.count)
            }.sorted()
        }

        private func count(_ metrics: TestMetrics, _ label: String, _ outcome: String) throws -> Int64 {
            try metrics.expectCounter(label, [endpoint, ("cache", outcome)]).totalValue
        }

        @Test("Each outcome is counted once, as a hit, a miss or a revalidation; each attempt carries its call's")
        func everyOutcome() async throws {
            let metrics = TestMetrics()
            let scenario = ObservedCacheScenario(observers: [.metrics(factory: metrics)])
            try await scenario.runEveryOutcome()
            #expect(try count(metrics, Label.cacheMisses, "miss") == 2)
            #expect(try count(metrics, Label.cacheHits, "fresh") == 1)
            #expect(try count(metrics, Label.cacheHits, "stale") == 1)
            #expect(try count(metrics, Label.cacheRevalidations, "revalidated") == 1)
            #expect(try count(metrics, Label.cacheRevalidations, "replaced") == 1)
            #expect(metrics.counterTotal(label: Label.cacheHits) == 2)
            #expect(metrics.counterTotal(label: Label.cacheMisses) == 2)
            #expect(metrics.counterTotal(label: Label.cacheRevalidations) == 2)
            // The fresh hit sent nothing: five attempts for six calls.
            #expect(durations(metrics) == ["200 miss", "200 miss", "200 replaced", "304 revalidated", "500 stale"])
        }

        @Test("32 calls in flight within stale-while-revalidate count 32 stale hits and one revalidation")
        func staleWhileRevalidate() async throws {
            let metrics = TestMetrics()
            let scenario = ObservedCacheScenario(observers: [.metrics(factory: metrics)])
            _ = try await scenario.runStaleWhileRevalidate(calls: 32)
            #expect(try count(metrics, Label.cacheHits, "stale") == 32)
            #expect(metrics.counterTotal(label: Label.cacheHits) == 32)
            #expect(try count(metrics, Label.cacheRevalidations, "revalidated") == 1)
            #expect(metrics.counterTotal(label: Label.cacheRevalidations) == 1)
            #expect(metrics.counterTotal(label: Label.cacheMisses) == 1)
            #expect(durations(metrics) == ["200 miss", "304 revalidated"])
        }

        @Test("A call of a client without a cache has no cache dimension and counts nothing")
        func noCache() async throws {
            let metrics = TestMetrics()
            let client = ObservedScenario.client(StubTransport(body: "[]"), observers: [.metrics(factory: metrics)])
            _ = try await client.get(UserRepositories())
            #expect(durations(metrics) == ["200 -"])
            #expect(metrics.counterTotal(label: Label.cacheHits) == 0)
            #expect(metrics.counterTotal(label: Label.cacheMisses) == 0)
        }
    }
#endif
