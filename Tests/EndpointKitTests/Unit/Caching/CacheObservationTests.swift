import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// An observer that writes one line per call: its name, `(background)` for a background
/// revalidation, the cache's outcome and age as it heard them (`-` when it heard none), and
/// how many attempts it sent: `Fetch fresh age=10 attempts=0`.
struct CacheOutcomeRecorder: CallObserver {
    let lines = Locked([String]())

    func observe(_ call: ObservedCall) -> any CallObservation { Observation(call: call, lines: lines) }

    final class Observation: CallObservation, Sendable {
        let call: ObservedCall
        let lines: Locked<[String]>
        private let heard = Locked<(outcome: CacheOutcome, age: Int?)?>(nil)
        private let attempts = Locked(0)

        init(call: ObservedCall, lines: Locked<[String]>) {
            self.call = call
            self.lines = lines
        }

        func run(_ call: () async throws(EndpointError) -> HTTPResponse) async throws(EndpointError) -> HTTPResponse {
            defer { writeLine() }
            return try await call()
        }

        func attempt(
            _ attempt: ObservedAttempt, sending send: (URLRequest) async throws(EndpointError) -> HTTPResponse
        ) async throws(EndpointError) -> HTTPResponse {
            attempts.withLock { $0 += 1 }
            return try await send(attempt.request)
        }

        func didConsultCache(_ outcome: CacheOutcome, age: Int?) {
            heard.withLock { heard in
                precondition(heard == nil, "the cache's outcome is heard once per call")
                heard = (outcome, age)
            }
        }

        private func writeLine() {
            let name = call.name + (call.isBackgroundRevalidation ? " (background)" : "")
            let cache = heard.withLock { $0 }.map { "\($0.outcome) age=\($0.age.map(String.init) ?? "-")" } ?? "-"
            let line = "\(name) \(cache) attempts=\(attempts.withLock { $0 })"
            lines.withLock { $0.append(line) }
        }
    }
}

@Suite("Observers hear how the cache served each call")
struct CacheObservationTests {
    let recorder = CacheOutcomeRecorder()
    var lines: [String] { recorder.lines.withLock { $0 } }

    @Test("Each outcome is heard once per call, with the stored response's age; a fresh hit sends no attempt")
    func everyOutcome() async throws {
        let scenario = ObservedCacheScenario(observers: [recorder])
        try await scenario.runEveryOutcome()
        #expect(
            lines == [
                "Fetch miss age=- attempts=1", "Fetch fresh age=10 attempts=0", "Fetch revalidated age=0 attempts=1",
                "Fetch replaced age=- attempts=1", "Fetch miss age=- attempts=1", "Fetch stale age=50 attempts=1",
            ])
        #expect(scenario.origin.requests(to: "/doc").count == 3)
        #expect(scenario.origin.requests(to: "/down").count == 2)
    }

    @Test("32 calls in flight within stale-while-revalidate: 32 stale hits, one background revalidation")
    func staleWhileRevalidate() async throws {
        let scenario = ObservedCacheScenario(observers: [recorder])
        let sources = try await scenario.runStaleWhileRevalidate(calls: 32)
        #expect(sources == Array(repeating: .stale, count: 32))
        #expect(lines.first == "Fetch miss age=- attempts=1")
        #expect(lines.filter { $0 == "Fetch stale age=20 attempts=0" }.count == 32)
        #expect(lines.filter { $0.contains("(background)") } == ["Fetch (background) revalidated age=0 attempts=1"])
        #expect(lines.count == 34)
        #expect(scenario.origin.requests(to: "/swr").count == 2)
    }

    @Test("A reload, and an offline call with nothing stored, are misses; the offline one sends nothing")
    func reloadAndOffline() async throws {
        let scenario = ObservedCacheScenario(observers: [recorder])
        scenario.origin.serve("/doc", headers: ["Cache-Control": "max-age=60"], body: "one")
        _ = try await scenario.client.send(Fetch(path: "/doc"))
        _ = try await scenario.client.send(Fetch(path: "/doc", mode: .reload))
        await #expect(throws: EndpointError.self) {
            try await scenario.client.send(Fetch(path: "/nothing", mode: .storedOnly))
        }
        #expect(lines == ["Fetch miss age=- attempts=1", "Fetch miss age=- attempts=1", "Fetch miss age=- attempts=0"])
        #expect(scenario.origin.requests.count == 2)
    }

    @Test("A validation the network fails, with nothing stale allowed, is a miss")
    func failedValidation() async throws {
        let fixture = CacheFixture()
        fixture.origin.serve("/doc", headers: ["Cache-Control": "max-age=10", "ETag": "\"1\""], body: "one")
        let isDown = Locked(false)
        let upstream = fixture.origin.transport
        let flaky = StubTransport { request in
            if isDown.withLock({ $0 }) { throw URLError(.networkConnectionLost) }
            return try await upstream.send(request)
        }
        let client = fixture.client(transport: flaky, observers: [recorder])
        _ = try await client.send(Fetch(path: "/doc"))
        isDown.withLock { $0 = true }
        fixture.clock.advance(by: 20)
        await #expect(throws: EndpointError.self) { try await client.send(Fetch(path: "/doc")) }
        #expect(lines == ["Fetch miss age=- attempts=1", "Fetch miss age=- attempts=1"])
    }

    @Test("A POST, and a call of a client without a cache, hear no cache outcome")
    func noCacheInThePath() async throws {
        let scenario = ObservedCacheScenario(observers: [recorder])
        scenario.origin.serve("/doc", headers: ["Cache-Control": "max-age=60"], body: "one")
        _ = try? await scenario.client.send(Change(path: "/doc"))
        let uncached = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.transport = scenario.origin.transport
            $0.observers = [recorder]
        }
        _ = try await uncached.send(Fetch(path: "/doc"))
        #expect(lines == ["Change - attempts=1", "Fetch - attempts=1"])
    }
}
