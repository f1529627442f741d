#if Logging
    import EndpointKit
    import EndpointKitLogging
    import EndpointKitTesting
    import Foundation
    import InMemoryLogging
    import Logging
    import Testing

    @Suite("Logging the cache: each call's line has cache and age")
    struct LoggingCacheTests {
        private func observer(_ handler: InMemoryLogHandler) -> LoggingObserver {
            var logger = Logger(label: "endpointkit.tests") { _ in handler }
            logger.logLevel = .trace
            return .logging(to: logger)
        }

        /// Each line as `level: message [cache=… age=…]`.
        private func lines(_ handler: InMemoryLogHandler) -> [String] {
            handler.entries.map { entry in
                let cache = entry.metadata["cache"].map { " cache=\($0)" } ?? ""
                let age = entry.metadata["age"].map { " age=\($0)" } ?? ""
                return "\(entry.level): \(entry.message)\(cache)\(age)"
            }
        }

        @Test("Each outcome is the call's cache field, with its age when a stored response answered")
        func everyOutcome() async throws {
            let handler = InMemoryLogHandler()
            let scenario = ObservedCacheScenario(observers: [observer(handler)])
            try await scenario.runEveryOutcome()
            let doc = "GET https://api.example.com/doc"
            let down = "GET https://api.example.com/down"
            #expect(
                lines(handler) == [
                    "debug: Fetch: \(doc) answered 200 cache=miss",
                    "debug: Fetch: \(doc) answered 200; from the cache cache=fresh age=10",
                    "info: Fetch: \(doc) answered 304; the cached response is still valid cache=revalidated age=0",
                    "debug: Fetch: \(doc) answered 200 cache=replaced",
                    "debug: Fetch: \(down) answered 200 cache=miss",
                    "notice: Fetch: \(down) answered 500; the stored response is served instead cache=stale age=50",
                ])
            // The fresh hit's line has no attempt: nothing was sent.
            #expect(handler.entries[1].metadata["attempt"] == nil)
            #expect(handler.entries[1].metadata["status"] == "200")
            #expect(handler.entries[1].metadata["bytes"] == "3")
        }

        @Test("32 calls in flight within stale-while-revalidate: 32 stale lines and one background revalidation")
        func staleWhileRevalidate() async throws {
            let handler = InMemoryLogHandler()
            let scenario = ObservedCacheScenario(observers: [observer(handler)])
            _ = try await scenario.runStaleWhileRevalidate(calls: 32)
            let swr = "GET https://api.example.com/swr"
            let lines = lines(handler)
            #expect(lines.first == "debug: Fetch: \(swr) answered 200 cache=miss")
            #expect(
                lines.filter { $0 == "debug: Fetch: \(swr) answered 200; from the cache cache=stale age=20" }.count
                    == 32)
            #expect(
                lines.filter { $0.contains("background") } == [
                    "info: Fetch: \(swr) answered 304 (background revalidation); the cached response is still valid cache=revalidated age=0"
                ])
            #expect(lines.count == 34)
        }

        @Test("A call of a client without a cache has no cache field")
        func noCache() async throws {
            let handler = InMemoryLogHandler()
            let client = ObservedScenario.client(StubTransport(body: "[]"), observers: [observer(handler)])
            _ = try await client.get(UserRepositories())
            #expect(handler.entries.count == 1)
            #expect(handler.entries.first?.metadata["cache"] == nil)
        }
    }
#endif
