import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// The client's HTTP cache (RFC 9111) against an origin in memory: which variant serves, what a
/// `304` changes, what an unsafe method invalidates, what is stored. Each test asserts what
/// reached the origin.
@Suite("HTTP cache: variants, validation, invalidation and what is stored")
struct HTTPCacheValidationTests: CacheSuite {
    let fixture = CacheFixture()

    // MARK: Vary

    @Test("Vary keeps a variant per value of the named request headers; Vary: * never matches")
    func varyKeepsVariants() async throws {
        origin.serve("/v", headers: ["Cache-Control": "max-age=60", "Vary": "Accept-Language"], body: "v")
        origin.serve("/star", headers: ["Cache-Control": "max-age=60", "Vary": "*"], body: "star")
        let client = client()
        for language in ["en", "fr", "en", "fr"] {
            _ = try await client.send(Fetch(path: "/v", headers: ["Accept-Language": language]))
        }
        _ = try await client.send(Fetch(path: "/v"))
        _ = try await client.send(Fetch(path: "/v", headers: ["Accept-Language": "en"]))
        #expect(origin.requests(to: "/v").map { $0.value(forHTTPHeaderField: "Accept-Language") } == ["en", "fr", nil])
        _ = try await client.send(Fetch(path: "/star"))
        _ = try await client.send(Fetch(path: "/star"))
        #expect(origin.requests(to: "/star").count == 2)
        #expect(await cache.count == 3)
    }

    @Test("Vary: Authorization, as GitHub sends it, is matched by the credential's identity: a hit for the same token")
    func varyOnAuthorization() async throws {
        origin.serve("/repos", headers: ["Cache-Control": "private, max-age=60", "Vary": "Accept, Authorization"])
        let alice = client(authenticator: .token("alice"))
        let bob = client(authenticator: .token("bob"))
        _ = try await alice.send(Fetch(path: "/repos", headers: ["Accept": "application/json"]))
        let again = try await alice.send(Fetch(path: "/repos", headers: ["Accept": "application/json"]))
        let bobs = try await bob.send(Fetch(path: "/repos", headers: ["Accept": "application/json"]))
        #expect(again.source == .fresh)
        #expect(bobs.source == .network)
        #expect(
            origin.requests(to: "/repos").map { $0.value(forHTTPHeaderField: "Authorization") } == [
                "token alice", "token bob",
            ])
    }

    // MARK: Validation

    @Test("A 304 updates the stored headers, but not Content-Length")
    func notModifiedUpdatesEntry() async throws {
        origin.serve(
            "/u",
            CachingOrigin.Representation(
                headers: ["Cache-Control": "max-age=0", "ETag": "\"1\""], body: "body",
                notModifiedHeaders: [
                    "ETag": "\"1\"", "Cache-Control": "max-age=0", "Content-Length": "0", "X-Fresh": "yes",
                ]))
        let client = client()
        _ = try await client.send(Fetch(path: "/u"))
        let confirmed = try await client.send(Fetch(path: "/u"))
        #expect(confirmed.source == .revalidated)
        #expect(confirmed.statusCode == 200)
        #expect(confirmed.text == "body")
        #expect(confirmed.headers["Content-Length"] == "4")
        #expect(confirmed.headers["X-Fresh"] == "yes")
        _ = try await client.send(Fetch(path: "/u"))
        #expect(
            origin.requests(to: "/u").map { $0.value(forHTTPHeaderField: "If-None-Match") } == [nil, "\"1\"", "\"1\""])
    }

    @Test("A 304 whose strong ETag no stored response has updates nothing, and the full response is asked for")
    func notModifiedNamingAnotherEntityIsNotUsed() async throws {
        // The origin answers If-None-Match "1" with a 304 that names "2" (RFC 9111 §4.3.4: it
        // identifies no stored response), and an unconditional request in full.
        origin.serve(
            "/n",
            CachingOrigin.Representation(
                headers: ["Cache-Control": "max-age=0", "ETag": "\"1\""], body: "one",
                notModifiedHeaders: ["ETag": "\"2\"", "Cache-Control": "max-age=0", "X-Fresh": "yes"]))
        let client = client()
        _ = try await client.send(Fetch(path: "/n"))
        let answer = try await client.send(Fetch(path: "/n"))
        #expect(answer.source == .network)
        #expect(answer.text == "one")
        #expect(answer.headers["ETag"] == "\"1\"")
        #expect(answer.headers["X-Fresh"] == nil)
        #expect(
            origin.requests(to: "/n").map { $0.value(forHTTPHeaderField: "If-None-Match") } == [nil, "\"1\"", nil])
    }

    @Test("After a 304 that names another entity, the stored response is gone, even when the new one is no-store")
    func refusedValidationForgetsTheStoredResponse() async throws {
        origin.serve(
            "/g",
            CachingOrigin.Representation(
                headers: ["Cache-Control": "max-age=0", "Last-Modified": origin.date(in: -60)], body: "old"))
        let client = client()
        _ = try await client.send(Fetch(path: "/g"))
        origin.serve(
            "/g",
            CachingOrigin.Representation(
                headers: ["Cache-Control": "no-store", "ETag": "\"new\"", "Last-Modified": origin.date(in: -60)],
                body: "new", notModifiedHeaders: ["ETag": "\"new\""]))
        #expect(try await client.send(Fetch(path: "/g")).text == "new")
        #expect(
            origin.requests(to: "/g").map { $0.value(forHTTPHeaderField: "If-Modified-Since") != nil } == [
                false, true, false,
            ])
        // Nothing stored is left to serve, stale or not.
        #expect(try await client.send(Fetch(path: "/g", mode: .preferStored)).text == "new")
        #expect(origin.requests(to: "/g").count == 4)
    }

    @Test("A 304 renews freshness: the entry is fresh again for its max-age")
    func notModifiedRenewsFreshness() async throws {
        origin.serve("/f", headers: ["Cache-Control": "max-age=10", "ETag": "\"f\""], body: "f")
        let client = client()
        _ = try await client.send(Fetch(path: "/f"))
        clock.advance(by: 11)
        #expect(try await client.send(Fetch(path: "/f")).source == .revalidated)
        clock.advance(by: 5)
        #expect(try await client.send(Fetch(path: "/f")).source == .fresh)
        #expect(origin.requests(to: "/f").count == 2)
    }

    @Test("The caller's own If-None-Match gets the caller's 304, never the stored body under a new ETag")
    func callersConditionalGetsItsNotModified() async throws {
        origin.serve("/c", headers: ["ETag": "\"1\""], body: "one")
        let client = client()
        _ = try await client.send(Fetch(path: "/c"))
        origin.serve("/c", headers: ["ETag": "\"2\""], body: "two")
        let mine = try await client.send(
            Fetch(path: "/c", headers: ["If-None-Match": "\"2\""], acceptableStatusCodes: [200...299, 304...304]))
        #expect(mine.statusCode == 304)
        #expect(mine.value.isEmpty)
        #expect(origin.requests.last?.value(forHTTPHeaderField: "If-None-Match") == "\"2\"")
        // The caller's 304 did not confirm the stored "1": the next call still asks for it.
        let plain = try await client.send(Fetch(path: "/c"))
        #expect(plain.text == "two")
        #expect(origin.requests.last?.value(forHTTPHeaderField: "If-None-Match") == "\"1\"")
    }

    @Test("A fresh entry answers a caller's matching If-None-Match with 304 itself")
    func freshEntryAnswersCallersConditional() async throws {
        origin.serve("/c", headers: ["ETag": "W/\"1\"", "Cache-Control": "max-age=60"], body: "one")
        let client = client()
        _ = try await client.send(Fetch(path: "/c"))
        let mine = try await client.send(
            Fetch(
                path: "/c", headers: ["If-None-Match": "\"0\", \"1\""], acceptableStatusCodes: [200...299, 304...304]))
        #expect(mine.statusCode == 304)
        #expect(mine.source == .fresh)
        #expect(origin.requests.count == 1)
    }

    // MARK: Invalidation

    @Test("A successful POST invalidates its URL and its same-origin Location, not another origin's")
    func unsafeMethodInvalidates() async throws {
        origin.serve("/items", headers: ["Cache-Control": "max-age=600", "ETag": "\"i\""], body: "items")
        origin.serve("/items/1", headers: ["Cache-Control": "max-age=600", "ETag": "\"1\""], body: "one")
        origin.serve("/other", headers: ["Cache-Control": "max-age=600"], body: "other")
        let client = client()
        for path in ["/items", "/items/1", "/other"] { _ = try await client.send(Fetch(path: path)) }
        origin.serve(
            "/items", status: 201,
            headers: ["Location": "/items/1", "Content-Location": "https://elsewhere.example/other"])
        _ = try await client.send(Change(path: "/items"))
        origin.serve("/items", headers: ["Cache-Control": "max-age=600", "ETag": "\"i\""], body: "items")
        for path in ["/items", "/items/1", "/other"] { _ = try await client.send(Fetch(path: path)) }
        #expect(origin.requests(to: "/items").count == 3)
        #expect(origin.requests(to: "/items/1").count == 2)
        #expect(origin.requests(to: "/other").count == 1)
    }

    @Test("A failed POST invalidates nothing")
    func failedUnsafeMethodKeepsEntries() async throws {
        origin.serve("/items", headers: ["Cache-Control": "max-age=600"], body: "items")
        let client = client()
        _ = try await client.send(Fetch(path: "/items"))
        origin.serve("/items", status: 500, headers: [:])
        _ = try? await client.send(Change(path: "/items"))
        origin.serve("/items", headers: ["Cache-Control": "max-age=600"], body: "items")
        #expect(try await client.send(Fetch(path: "/items")).source == .fresh)
    }

    // MARK: Storability and status

    @Test("A stored 404 is still an unacceptable status; a 206 and a 500 without freshness are not stored")
    func storedErrorsStayErrors() async throws {
        origin.serve("/gone", status: 404, headers: ["Cache-Control": "max-age=60"], body: "{}")
        origin.serve("/part", status: 206, headers: ["Cache-Control": "max-age=60"], body: "pa")
        origin.serve("/fail", status: 500, headers: ["Last-Modified": origin.date(in: -1000)], body: "")
        let client = client()
        for _ in 0..<2 {
            await #expect(throws: EndpointError.self) { try await client.send(Fetch(path: "/gone")) }
            _ = try await client.send(Fetch(path: "/part"))
            _ = try? await client.send(Fetch(path: "/fail"))
        }
        #expect(origin.requests(to: "/gone").count == 1)
        #expect(origin.requests(to: "/part").count == 2)
        #expect(origin.requests(to: "/fail").count == 2)
    }

    @Test("A fresh hit sends nothing: no transport, no authenticator, no retry")
    func freshHitSendsNothing() async throws {
        origin.serve("/a", headers: ["Cache-Control": "max-age=60"], body: "a")
        let authentications = Locked(0)
        let authenticator = ClosureAuthenticator { request in
            authentications.withLock { $0 += 1 }
            request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        }
        let client = client(authenticator: authenticator)
        _ = try await client.send(Fetch(path: "/a"))
        let before = authentications.withLock { $0 }
        _ = try await client.send(Fetch(path: "/a"))
        #expect(origin.requests.count == 1)
        // The identity of a custom authenticator is found by authenticating a copy, not a request.
        #expect(authentications.withLock { $0 } == before + 1)
    }
}
