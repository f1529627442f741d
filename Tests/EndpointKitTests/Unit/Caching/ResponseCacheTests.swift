import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

@Suite("Conditional requests through the response cache")
struct ResponseCacheTests {
    /// Answers 200 with an ETag, or 304 when `If-None-Match` matches it.
    final class Server: @unchecked Sendable {
        // `@unchecked`: `served` is only touched while holding `lock`.
        private let lock = NSLock()
        private var served: [Int] = []
        var statuses: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return served
        }

        func respond(_ request: URLRequest) -> HTTPResponse {
            let user = request.value(forHTTPHeaderField: "Authorization") ?? "anonymous"
            let entityTag = "\"v1-\(user.count)\""
            let notModified = request.value(forHTTPHeaderField: "If-None-Match") == entityTag
            lock.lock()
            served.append(notModified ? 304 : 200)
            lock.unlock()
            if notModified {
                return HTTPResponse(
                    statusCode: 304, headers: ["ETag": entityTag, "X-RateLimit-Remaining": "41"], url: request.url)
            }
            let body = #"[{"name": "\#(user)", "fullName": "o/\#(user)"}]"#
            return HTTPResponse(
                statusCode: 200, headers: ["ETag": entityTag, "X-RateLimit-Remaining": "42"], body: Data(body.utf8),
                url: request.url)
        }
    }

    @Test("A second identical GET is revalidated with If-None-Match and answered from the cache on 304")
    func revalidates() async throws {
        let server = Server()
        let transport = StubTransport { server.respond($0) }
        let client = Client(baseURL: URL(string: "https://api.example.com")!, authenticator: .token("a")) {
            $0.cache = InMemoryResponseCache()
            $0.transport = transport
        }
        let first = try await client.send(UserRepositories())
        let second = try await client.send(UserRepositories())
        #expect(server.statuses == [200, 304])
        #expect(second.value == first.value)
        #expect(!first.isFromCache)
        #expect(second.isFromCache)
        #expect(second.statusCode == 200)
        #expect(second.headers["X-RateLimit-Remaining"] == "41")
        #expect(await transport.sentRequests.last?.value(forHTTPHeaderField: "If-None-Match") == "\"v1-7\"")
    }

    @Test("Entries are never shared between credentials")
    func separatesCredentials() async throws {
        let server = Server()
        let cache = InMemoryResponseCache()
        let transport = StubTransport { server.respond($0) }
        let alice = Client(baseURL: URL(string: "https://api.example.com")!, authenticator: .token("alice")) {
            $0.cache = cache
            $0.transport = transport
        }
        let bob = Client(baseURL: URL(string: "https://api.example.com")!, authenticator: .token("bob")) {
            $0.cache = cache
            $0.transport = transport
        }
        _ = try await alice.get(UserRepositories())
        let bobs = try await bob.get(UserRepositories())
        #expect(bobs.first?.name == "token bob")
        #expect(server.statuses == [200, 200])
        #expect(await cache.count == 2)
        let sent = await transport.sentRequests
        #expect(sent[1].value(forHTTPHeaderField: "If-None-Match") == nil)
    }

    @Test("Without a cache no validators are sent; other methods bypass the cache")
    func bypassesCache() async throws {
        let server = Server()
        let transport = StubTransport { server.respond($0) }
        let plain = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.transport = transport
        }
        _ = try await plain.get(UserRepositories())
        _ = try await plain.get(UserRepositories())
        #expect(server.statuses == [200, 200])
        let cache = InMemoryResponseCache()
        let cached = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.cache = cache
            $0.transport = StubTransport(body: "")
        }
        _ = try await cached.delete(DeleteThing())
        #expect(await cache.count == 0)
    }

    @Test("The least recently used entries are evicted by count and by size")
    func evicts() async throws {
        func entry(_ size: Int) -> CachedResponse {
            CachedResponse(HTTPResponse(statusCode: 200, headers: ["ETag": "\"x\""], body: Data(count: size)))!
        }
        func key(_ name: String) -> CacheKey { CacheKey(method: .get, url: name, credentialIdentity: "") }
        let cache = InMemoryResponseCache(maximumEntries: 2, maximumBytes: 100)
        await cache.store(entry(10), for: key("a"))
        await cache.store(entry(10), for: key("b"))
        _ = await cache.cachedResponse(for: key("a"))
        await cache.store(entry(10), for: key("c"))
        #expect(await cache.cachedResponse(for: key("b")) == nil)
        #expect(await cache.cachedResponse(for: key("a")) != nil)
        await cache.store(entry(95), for: key("d"))
        #expect(await cache.count == 1)
        await cache.store(entry(500), for: key("e"))
        #expect(await cache.cachedResponse(for: key("e")) == nil)
    }

    @Test("InMemoryResponseCache's own cachedResponses and removeResponses list and remove every variant")
    func concreteCallsReachTheStore() async {
        // Called on the concrete type, not through `any ResponseCache`: these must be the
        // store's own methods, not the protocol's defaults (one variant; invalidate, not remove).
        func variant(_ accept: String) -> CachedResponse {
            var entry = CachedResponse(HTTPResponse(statusCode: 200, headers: ["ETag": "\"x\"", "Vary": "Accept"]))!
            entry.varyingRequestHeaders = ["Accept": accept]
            return entry
        }
        let key = CacheKey(method: .get, url: "https://example.com/v", credentialIdentity: "")
        let cache = InMemoryResponseCache()
        await cache.store(variant("text/plain"), for: key)
        await cache.store(variant("application/json"), for: key)
        #expect(await cache.cachedResponses(for: key).count == 2)
        await cache.removeResponses(for: key)
        #expect(await cache.count == 0)
        #expect(await cache.cachedResponses(for: key).isEmpty)
    }

    @Test("Responses without validators or with no-store are not kept")
    func keepsOnlyValidatedResponses() {
        #expect(CachedResponse(HTTPResponse(statusCode: 200)) == nil)
        #expect(
            CachedResponse(
                HTTPResponse(statusCode: 200, headers: ["ETag": "\"1\"", "Cache-Control": "private, no-store"])) == nil)
        #expect(
            CachedResponse(HTTPResponse(statusCode: 200, headers: ["Last-Modified": "Tue, 14 Nov 2023 22:13:20 GMT"]))
                != nil)
    }

    @Test("SHA-256 matches the FIPS 180-4 test vectors")
    func hashes() {
        #expect(
            SHA256.hexDigest(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
        #expect(SHA256.hexDigest(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hexDigest(of: Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
