#if Tracing
    import EndpointKit
    import EndpointKitTesting
    import Foundation
    import InMemoryTracing
    import Testing
    import Tracing

    @Suite("Tracing the cache: the call span's cache status and age")
    struct TracingCacheTests {
        /// The call spans (those without a parent among the spans), in the order they started.
        private func callSpans(_ tracer: InMemoryTracer) -> [FinishedInMemorySpan] {
            let spans = tracer.finishedSpans
            let ids = Set(spans.map(\.spanID))
            let number = { (span: FinishedInMemorySpan) in Int(span.spanID.split(separator: "-").last ?? "") ?? 0 }
            return spans.filter { span in span.parentSpanID.map { !ids.contains($0) } ?? true }
                .sorted { number($0) < number($1) }
        }

        private func age(of span: FinishedInMemorySpan) -> String {
            span.attributes.get("endpointkit.cache.age").map(SpanTree.text) ?? "-"
        }

        @Test("Each outcome is the call span's endpointkit.cache.status, with endpointkit.cache.age when known")
        func everyOutcome() async throws {
            let tracer = InMemoryTracer()
            let scenario = ObservedCacheScenario(observers: [.tracing(tracer: tracer)])
            try await scenario.runEveryOutcome()
            let spans = callSpans(tracer)
            #expect(
                spans.map {
                    "\($0.attributes.get("endpointkit.cache.status").map(SpanTree.text) ?? "-") \(age(of: $0))"
                }
                    == ObservedCacheScenario.everyOutcome.map { "\($0.outcome) \($0.age.map(String.init) ?? "-")" })
            // The fresh hit: a call span without an attempt span.
            #expect(
                SpanTree.lines(tracer.finishedSpans).prefix(3) == [
                    "Fetch client status=200 cache=miss", "  GET client attempt=1 status=200",
                    "Fetch client status=200 cache=fresh",
                ])
        }

        @Test("32 calls in flight within stale-while-revalidate: 32 stale spans, one background revalidation span")
        func staleWhileRevalidate() async throws {
            let tracer = InMemoryTracer()
            let scenario = ObservedCacheScenario(observers: [.tracing(tracer: tracer)])
            _ = try await scenario.runStaleWhileRevalidate(calls: 32)
            let lines = SpanTree.lines(tracer.finishedSpans)
            #expect(lines.filter { $0 == "Fetch client status=200 cache=stale" }.count == 32)
            // A child of the call that served stale first, with the one request the origin saw.
            #expect(
                lines.filter { $0.contains("background=true") || $0.contains("status=304") } == [
                    "  Fetch client status=200 cache=revalidated background=true",
                    "    event cache revalidated status=304", "    GET client attempt=1 status=304",
                ])
            #expect(lines.count == 2 + 32 + 3)
        }
    }
#endif
