import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// The client's HTTP cache (RFC 9111) against an origin in memory, on a clock the test moves:
/// how long a response stays fresh, and what the request and the call's mode ask. Each test
/// asserts what reached the origin.
@Suite("HTTP cache: freshness, directives and modes")
struct HTTPCacheFreshnessTests: CacheSuite {
    let fixture = CacheFixture()

    // MARK: Freshness

    @Test("A response fresh by max-age is served without a request, with its Age, until it expires")
    func servesFreshByMaxAge() async throws {
        origin.serve("/a", headers: ["Cache-Control": "private, max-age=60", "ETag": "\"1\""], body: "one")
        let client = client()
        let first = try await client.send(Fetch(path: "/a"))
        clock.advance(by: 30)
        let second = try await client.send(Fetch(path: "/a"))
        #expect(first.source == .network)
        #expect(second.source == .fresh)
        #expect(second.isFromCache)
        #expect(second.text == "one")
        #expect(second.age == 30)
        #expect(origin.requests.count == 1)
        clock.advance(by: 31)
        let third = try await client.send(Fetch(path: "/a"))
        #expect(third.source == .revalidated)
        #expect(origin.requests.count == 2)
        #expect(origin.requests.last?.value(forHTTPHeaderField: "If-None-Match") == "\"1\"")
    }

    @Test("Expires counts from the response's Date, not the client's clock; an invalid Expires is already stale")
    func expiresAgainstDate() async throws {
        // The server's clock is 100 s ahead: its Expires is 60 s after its Date, so the response
        // is fresh for 60 s, not for the 160 s the client's clock would make of it.
        origin.serve("/e", headers: ["Date": origin.date(in: 100), "Expires": origin.date(in: 160)], body: "e")
        origin.serve("/bad", headers: ["Expires": "0", "ETag": "\"b\""], body: "b")
        let client = client()
        _ = try await client.send(Fetch(path: "/e"))
        _ = try await client.send(Fetch(path: "/bad"))
        clock.advance(by: 50)
        #expect(try await client.send(Fetch(path: "/e")).source == .fresh)
        #expect(try await client.send(Fetch(path: "/bad")).source == .revalidated)
        clock.advance(by: 20)
        #expect(try await client.send(Fetch(path: "/e")).source == .network)
        #expect(origin.requests(to: "/e").count == 2)
        #expect(origin.requests(to: "/bad").count == 2)
    }

    @Test("The Age a response arrives with counts against its max-age")
    func arrivingAgeCounts() async throws {
        origin.serve("/aged", headers: ["Cache-Control": "max-age=60", "Age": "50"], body: "x")
        let client = client()
        _ = try await client.send(Fetch(path: "/aged"))
        clock.advance(by: 5)
        let fresh = try await client.send(Fetch(path: "/aged"))
        #expect(fresh.source == .fresh)
        #expect(fresh.age == 55)
        clock.advance(by: 6)
        _ = try await client.send(Fetch(path: "/aged"))
        #expect(origin.requests(to: "/aged").count == 2)
    }

    @Test("Heuristic freshness: a tenth of the time since Last-Modified, for a status cacheable by default only")
    func heuristicFreshness() async throws {
        let modified = origin.date(in: -1000)
        origin.serve("/h", headers: ["Last-Modified": modified], body: "h")
        origin.serve("/h302", status: 302, headers: ["Last-Modified": modified, "Location": "/h"], body: "")
        let client = client()
        _ = try await client.send(Fetch(path: "/h"))
        _ = try? await client.send(Fetch(path: "/h302", acceptableStatusCodes: [200...399]))
        clock.advance(by: 99)
        #expect(try await client.send(Fetch(path: "/h")).source == .fresh)
        _ = try? await client.send(Fetch(path: "/h302", acceptableStatusCodes: [200...399]))
        #expect(origin.requests(to: "/h").count == 1)
        #expect(origin.requests(to: "/h302").count == 2)
        clock.advance(by: 2)
        let validated = try await client.send(Fetch(path: "/h"))
        #expect(validated.source == .revalidated)
        #expect(origin.requests(to: "/h").last?.value(forHTTPHeaderField: "If-Modified-Since") == modified)
    }

    // MARK: Response directives

    @Test("no-cache is stored but validated before each use; no-store is never stored")
    func noCacheAndNoStore() async throws {
        origin.serve("/nc", headers: ["Cache-Control": "no-cache, max-age=600", "ETag": "\"nc\""], body: "nc")
        origin.serve("/ns", headers: ["Cache-Control": "no-store, max-age=600", "ETag": "\"ns\""], body: "ns")
        let client = client()
        for _ in 0..<3 {
            _ = try await client.send(Fetch(path: "/nc"))
            _ = try await client.send(Fetch(path: "/ns"))
        }
        #expect(origin.requests(to: "/nc").count == 3)
        #expect(
            origin.requests(to: "/nc").dropFirst().allSatisfy {
                $0.value(forHTTPHeaderField: "If-None-Match") == "\"nc\""
            })
        #expect(origin.requests(to: "/ns").allSatisfy { $0.value(forHTTPHeaderField: "If-None-Match") == nil })
        #expect(await cache.count == 1)
    }

    @Test("must-revalidate is never served stale, even when the request allows it")
    func mustRevalidate() async throws {
        origin.serve("/m", headers: ["Cache-Control": "max-age=10, must-revalidate", "ETag": "\"m\""], body: "m")
        origin.serve("/s", headers: ["Cache-Control": "max-age=10", "ETag": "\"s\""], body: "s")
        let client = client()
        _ = try await client.send(Fetch(path: "/m"))
        _ = try await client.send(Fetch(path: "/s"))
        clock.advance(by: 20)
        let stale = try await client.send(Fetch(path: "/s", headers: ["Cache-Control": "max-stale=60"]))
        let validated = try await client.send(Fetch(path: "/m", headers: ["Cache-Control": "max-stale=60"]))
        #expect(stale.source == .stale)
        #expect(validated.source == .revalidated)
        #expect(origin.requests(to: "/s").count == 1)
        #expect(origin.requests(to: "/m").count == 2)
    }

    @Test(
        "A shared cache never stores private, honours s-maxage, and stores an authenticated answer only where allowed")
    func sharedCache() async throws {
        origin.serve("/p", headers: ["Cache-Control": "private, max-age=60"], body: "p")
        origin.serve("/sm", headers: ["Cache-Control": "max-age=1, s-maxage=60"], body: "sm")
        origin.serve("/pub", headers: ["Cache-Control": "public, max-age=60"], body: "pub")
        let anonymous = client(sharing: .shared)
        let user = client(authenticator: .bearer("t"), sharing: .shared)
        for _ in 0..<2 {
            _ = try await anonymous.send(Fetch(path: "/p"))
            _ = try await anonymous.send(Fetch(path: "/sm"))
            _ = try await user.send(Fetch(path: "/sm"))
            _ = try await user.send(Fetch(path: "/pub"))
            clock.advance(by: 30)
        }
        #expect(origin.requests(to: "/p").count == 2)
        #expect(origin.requests(to: "/sm").count == 2)  // each user's once; s-maxage allows the authenticated one
        #expect(origin.requests(to: "/pub").count == 1)
        let privateCache = InMemoryResponseCache()
        let app = client(cache: privateCache)
        _ = try await app.send(Fetch(path: "/p"))
        _ = try await app.send(Fetch(path: "/p"))
        #expect(origin.requests(to: "/p").count == 3)
    }

    // MARK: Request directives and modes

    @Test("The request's max-age, min-fresh and no-cache make a fresh response go to the server")
    func requestDirectives() async throws {
        origin.serve("/r", headers: ["Cache-Control": "max-age=100", "ETag": "\"r\""], body: "r")
        let client = client()
        _ = try await client.send(Fetch(path: "/r"))
        clock.advance(by: 50)
        #expect(try await client.send(Fetch(path: "/r", headers: ["Cache-Control": "max-age=60"])).source == .fresh)
        #expect(
            try await client.send(Fetch(path: "/r", headers: ["Cache-Control": "max-age=40"])).source == .revalidated)
        clock.advance(by: 50)  // revalidated 50 s ago: 50 s of freshness left
        #expect(try await client.send(Fetch(path: "/r", headers: ["Cache-Control": "min-fresh=40"])).source == .fresh)
        #expect(
            try await client.send(Fetch(path: "/r", headers: ["Cache-Control": "min-fresh=60"])).source == .revalidated)
        #expect(try await client.send(Fetch(path: "/r", headers: ["Pragma": "no-cache"])).source == .revalidated)
        #expect(origin.requests(to: "/r").count == 4)
    }

    @Test("only-if-cached and storedOnly never reach the server: nothing stored is a 504")
    func onlyIfCached() async throws {
        origin.serve("/o", headers: ["Cache-Control": "max-age=10"], body: "o")
        let client = client()
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Fetch(path: "/o", headers: ["Cache-Control": "only-if-cached"]))
        }
        guard case .unacceptableStatus(let failure) = error else {
            Issue.record("expected a 504, got \(String(describing: error))")
            return
        }
        #expect(failure.statusCode == 504)
        await #expect(throws: EndpointError.self) { try await client.send(Fetch(path: "/o", mode: .storedOnly)) }
        #expect(origin.requests.isEmpty)
        _ = try await client.send(Fetch(path: "/o"))
        clock.advance(by: 3600)
        let offline = try await client.send(Fetch(path: "/o", mode: .storedOnly))
        #expect(offline.source == .stale)
        #expect(offline.text == "o")
        #expect(origin.requests.count == 1)
    }

    @Test("reload always asks the server, without validators, and stores the answer; preferStored never asks")
    func reloadAndPreferStored() async throws {
        origin.serve("/m", headers: ["Cache-Control": "max-age=60", "ETag": "\"1\""], body: "one")
        let client = client()
        _ = try await client.send(Fetch(path: "/m"))
        origin.serve("/m", headers: ["Cache-Control": "max-age=60", "ETag": "\"2\""], body: "two")
        let reloaded = try await client.send(Fetch(path: "/m", mode: .reload))
        #expect(reloaded.text == "two")
        #expect(reloaded.source == .network)
        #expect(origin.requests.last?.value(forHTTPHeaderField: "If-None-Match") == nil)
        clock.advance(by: 1000)
        let stored = try await client.send(Fetch(path: "/m", mode: .preferStored))
        #expect(stored.text == "two")
        #expect(stored.source == .stale)
        #expect(origin.requests.count == 2)
    }

    @Test(
        "preferStored and storedOnly never serve stale what must be revalidated: preferStored asks, storedOnly is a 504"
    )
    func callerPreferenceYieldsToMustRevalidate() async throws {
        origin.serve("/strict", headers: ["Cache-Control": "max-age=10, must-revalidate", "ETag": "\"s\""], body: "s")
        origin.serve("/always", headers: ["Cache-Control": "no-cache", "ETag": "\"n\""], body: "n")
        origin.serve("/loose", headers: ["Cache-Control": "max-age=10", "ETag": "\"l\""], body: "l")
        let client = client()
        for path in ["/strict", "/always", "/loose"] { _ = try await client.send(Fetch(path: path)) }
        clock.advance(by: 60)
        for path in ["/strict", "/always"] {
            let error = await #expect(throws: EndpointError.self) {
                try await client.send(Fetch(path: path, mode: .storedOnly))
            }
            guard case .unacceptableStatus(let failure) = error else {
                Issue.record("\(path): expected a 504, got \(String(describing: error))")
                continue
            }
            #expect(failure.statusCode == 504)
        }
        #expect(try await client.send(Fetch(path: "/loose", mode: .storedOnly)).source == .stale)
        // A request's own no-cache forbids a stale answer too.
        await #expect(throws: EndpointError.self) {
            try await client.send(Fetch(path: "/loose", headers: ["Cache-Control": "no-cache"], mode: .storedOnly))
        }
        #expect(origin.requests.count == 3)
        let strict = try await client.send(Fetch(path: "/strict", mode: .preferStored))
        let always = try await client.send(Fetch(path: "/always", mode: .preferStored))
        #expect(strict.source == .revalidated)
        #expect(always.source == .revalidated)
        #expect(origin.requests(to: "/strict").last?.value(forHTTPHeaderField: "If-None-Match") == "\"s\"")
        #expect(origin.requests(to: "/always").last?.value(forHTTPHeaderField: "If-None-Match") == "\"n\"")
        #expect(try await client.send(Fetch(path: "/loose", mode: .preferStored)).source == .stale)
        #expect(origin.requests.count == 5)
    }

    @Test("A shared cache's preferStored revalidates a stale s-maxage or proxy-revalidate response")
    func sharedPreferStoredHonoursSharedDirectives() async throws {
        origin.serve("/s", headers: ["Cache-Control": "public, s-maxage=10", "ETag": "\"s\""], body: "s")
        origin.serve(
            "/p", headers: ["Cache-Control": "public, max-age=10, proxy-revalidate", "ETag": "\"p\""], body: "p")
        let client = client(sharing: .shared)
        _ = try await client.send(Fetch(path: "/s"))
        _ = try await client.send(Fetch(path: "/p"))
        clock.advance(by: 60)
        #expect(try await client.send(Fetch(path: "/s", mode: .preferStored)).source == .revalidated)
        #expect(try await client.send(Fetch(path: "/p", mode: .preferStored)).source == .revalidated)
        #expect(origin.requests.count == 4)
    }
}
