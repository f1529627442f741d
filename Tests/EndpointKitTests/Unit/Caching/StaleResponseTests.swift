import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// RFC 5861's stale responses: `stale-while-revalidate` serves at once and confirms in the
/// background, once per entry; `stale-if-error` serves when the server or the network fails.
@Suite("Stale responses: stale-while-revalidate and stale-if-error")
struct StaleResponseTests: CacheSuite {
    let fixture = CacheFixture()

    func waitForRevalidations(of client: Client) async {
        for stage in client.pipeline.stages {
            if let caching = stage as? ResponseCaching { await caching.revalidations.waitForAll() }
        }
    }

    @Test("32 calls in flight within stale-while-revalidate are all served stale, with one revalidation")
    func staleWhileRevalidateOnce() async throws {
        origin.serve(
            "/swr", headers: ["Cache-Control": "max-age=10, stale-while-revalidate=60", "ETag": "\"1\""], body: "one")
        let client = client()
        _ = try await client.send(Fetch(path: "/swr"))
        clock.advance(by: 20)
        let sources = try await withThrowingTaskGroup(of: ResponseSource.self) { group in
            for _ in 0..<32 { group.addTask { try await client.send(Fetch(path: "/swr")).source } }
            return try await group.reduce(into: [ResponseSource]()) { $0.append($1) }
        }
        #expect(sources.count == 32)
        #expect(sources.allSatisfy { $0 == .stale || $0 == .fresh })
        await waitForRevalidations(of: client)
        let revalidations = origin.requests(to: "/swr").dropFirst()
        #expect(revalidations.count == 1)
        #expect(revalidations.first?.value(forHTTPHeaderField: "If-None-Match") == "\"1\"")
        // The background 304 made the entry fresh again.
        #expect(try await client.send(Fetch(path: "/swr")).source == .fresh)
        #expect(origin.requests(to: "/swr").count == 2)
    }

    @Test("Past the stale-while-revalidate window the call waits for its validation")
    func pastTheWindowValidates() async throws {
        origin.serve(
            "/swr", headers: ["Cache-Control": "max-age=10, stale-while-revalidate=5", "ETag": "\"1\""], body: "one")
        let client = client()
        _ = try await client.send(Fetch(path: "/swr"))
        clock.advance(by: 20)
        #expect(try await client.send(Fetch(path: "/swr")).source == .revalidated)
        #expect(origin.requests(to: "/swr").count == 2)
    }

    @Test("stale-if-error serves the stale entry when the server answers 5xx, within its window only")
    func staleIfErrorOnServerError() async throws {
        origin.serve(
            "/sie", headers: ["Cache-Control": "max-age=10, stale-if-error=100", "ETag": "\"1\""], body: "one")
        let client = client()
        _ = try await client.send(Fetch(path: "/sie"))
        origin.serve("/sie", status: 500, headers: [:], body: "down")
        clock.advance(by: 50)
        let served = try await client.send(Fetch(path: "/sie"))
        #expect(served.source == .stale)
        #expect(served.text == "one")
        clock.advance(by: 100)
        await #expect(throws: EndpointError.self) { try await client.send(Fetch(path: "/sie")) }
        #expect(origin.requests(to: "/sie").count == 3)
    }

    @Test("stale-if-error serves the stale entry when the network fails; must-revalidate never")
    func staleIfErrorOnNetworkFailure() async throws {
        origin.serve("/sie", headers: ["Cache-Control": "max-age=10, stale-if-error=100"], body: "one")
        origin.serve(
            "/strict", headers: ["Cache-Control": "max-age=10, stale-if-error=100, must-revalidate"], body: "two")
        let isDown = Locked(false)
        let upstream = origin.transport
        let flaky = StubTransport { request in
            if isDown.withLock({ $0 }) { throw URLError(.networkConnectionLost) }
            return try await upstream.send(request)
        }
        let client = client(transport: flaky)
        _ = try await client.send(Fetch(path: "/sie"))
        _ = try await client.send(Fetch(path: "/strict"))
        isDown.withLock { $0 = true }
        clock.advance(by: 50)
        #expect(try await client.send(Fetch(path: "/sie")).source == .stale)
        await #expect(throws: EndpointError.self) { try await client.send(Fetch(path: "/strict")) }
    }
}
