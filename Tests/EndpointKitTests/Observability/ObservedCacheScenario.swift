import EndpointKitTesting
import Foundation

@testable import EndpointKit

/// Calls that make each of the cache's outcomes happen, on a manual clock, for the suites of
/// the core and of each observer: what an observer shows of them is what its suite asserts.
///
/// The origin holds every request that revalidates (`If-None-Match`) until ``gate`` opens, so
/// that calls served stale meanwhile all see the entry as it was.
struct ObservedCacheScenario {
    let fixture = CacheFixture()
    let gate = AsyncGate()
    let client: Client
    var origin: CachingOrigin { fixture.origin }
    var clock: ManualClock { fixture.clock }

    init(observers: [any CallObserver]) {
        let upstream = fixture.origin.transport
        let gate = gate
        let transport = StubTransport { request in
            if request.value(forHTTPHeaderField: "If-None-Match") != nil { await gate.arriveAndWait() }
            return try await upstream.send(request)
        }
        client = fixture.client(transport: transport, observers: observers)
    }

    /// The outcomes of ``runEveryOutcome()``'s calls, in order, with their ages.
    static let everyOutcome: [(outcome: CacheOutcome, age: Int?)] = [
        (.miss, nil), (.fresh, 10), (.revalidated, 0), (.replaced, nil), (.miss, nil), (.stale, 50),
    ]

    /// One call of each outcome, as ``everyOutcome`` lists them: `/doc` missed, fresh 10 s
    /// later, confirmed by a `304` once stale, replaced by a new `200` once stale again; then
    /// `/down` missed, and served stale (`stale-if-error`) 50 s later when the origin fails.
    func runEveryOutcome() async throws {
        await gate.open()
        origin.serve("/doc", headers: ["Cache-Control": "max-age=60", "ETag": "\"1\""], body: "one")
        _ = try await client.send(Fetch(path: "/doc"))
        clock.advance(by: 10)
        _ = try await client.send(Fetch(path: "/doc"))
        clock.advance(by: 60)
        _ = try await client.send(Fetch(path: "/doc"))
        origin.serve("/doc", headers: ["Cache-Control": "max-age=60", "ETag": "\"2\""], body: "two")
        clock.advance(by: 61)
        _ = try await client.send(Fetch(path: "/doc"))
        origin.serve("/down", headers: ["Cache-Control": "max-age=10, stale-if-error=100"], body: "kept")
        _ = try await client.send(Fetch(path: "/down"))
        origin.serve("/down", status: 500, headers: [:], body: "down")
        clock.advance(by: 50)
        _ = try await client.send(Fetch(path: "/down"))
    }

    /// A miss of `/swr` (`max-age=10, stale-while-revalidate=60`), then, 20 s later, `calls`
    /// calls at once, each served stale while the one background revalidation waits at the
    /// origin; returns their sources once that revalidation (a `304`) has ended.
    func runStaleWhileRevalidate(calls: Int = 32) async throws -> [ResponseSource] {
        origin.serve(
            "/swr", headers: ["Cache-Control": "max-age=10, stale-while-revalidate=60", "ETag": "\"1\""], body: "one")
        _ = try await client.send(Fetch(path: "/swr"))
        clock.advance(by: 20)
        let client = client
        let sources = try await withThrowingTaskGroup(of: ResponseSource.self) { group in
            for _ in 0..<calls { group.addTask { try await client.send(Fetch(path: "/swr")).source } }
            return try await group.reduce(into: [ResponseSource]()) { $0.append($1) }
        }
        await gate.open()
        for stage in client.pipeline.stages {
            if let caching = stage as? ResponseCaching { await caching.revalidations.waitForAll() }
        }
        return sources
    }
}
