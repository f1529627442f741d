import Foundation
import Testing

@testable import EndpointKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Rate limits and typed error bodies")
struct RateLimitAndErrorBodyTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("X-RateLimit headers parse into a typed rate limit")
    func parsesRateLimit() throws {
        let headers: HTTPHeaders = [
            "x-ratelimit-limit": "5000", "X-RateLimit-Remaining": "4999", "X-RateLimit-Used": "1",
            "X-RateLimit-Reset": "1700003600", "X-RateLimit-Resource": "core",
        ]
        let rateLimit = try #require(RateLimit(headers: headers))
        #expect(
            rateLimit
                == RateLimit(
                    limit: 5000, remaining: 4999, used: 1, resetDate: now.addingTimeInterval(3600), resource: "core"))
        #expect(!rateLimit.isExhausted)
        #expect(RateLimit(headers: ["X-RateLimit-Limit": "5000"]) == nil)
        #expect(
            RateLimit(headers: ["X-RateLimit-Limit": "x", "X-RateLimit-Remaining": "1", "X-RateLimit-Reset": "1"])
                == nil)
    }

    @Test("A 403 with no requests remaining is a rate-limit error that says when to retry")
    func classifiesExhaustedLimit() throws {
        let response = HTTPResponse(
            statusCode: 403,
            headers: ["X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000900"])
        guard case .rateLimited(let failure) = EndpointError.rejected(response) else {
            throw TestFailure("not rate limited")
        }
        #expect(failure.retryDate == now.addingTimeInterval(900))
        #expect(failure.rateLimit?.limit == 60)
        #expect(failure.description.contains("retry after 2023-11-14T22:28:20Z"))
    }

    @Test("A 429 with Retry-After is a rate-limit error; a plain 403 or 429 is not")
    func classifiesRetryAfter() throws {
        let limited = RateLimitFailure(HTTPResponse(statusCode: 429, headers: ["Retry-After": "30"]), now: now)
        #expect(limited?.retryDate == now.addingTimeInterval(30))
        #expect(RateLimitFailure(HTTPResponse(statusCode: 403), now: now) == nil)
        #expect(RateLimitFailure(HTTPResponse(statusCode: 429), now: now) == nil)
        #expect(RateLimitFailure(HTTPResponse(statusCode: 503, headers: ["Retry-After": "3"]), now: now) == nil)
        #expect(
            RateLimitFailure(
                HTTPResponse(
                    statusCode: 403,
                    headers: ["X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "3", "X-RateLimit-Reset": "1"]))
                == nil)
    }

    @Test("A GitHub error body is decoded next to the raw body, whatever the decoder's key strategy")
    func decodesErrorBody() async throws {
        let body = #"""
            {"message": "Validation Failed", "documentation_url": "https://docs.github.com/rest",
             "errors": [{"resource": "Issue", "field": "title", "code": "missing_field"}]}
            """#
        let client = Client(
            baseURL: URL(string: "https://api.github.com")!, decoder: .json(keyDecoding: .convertFromSnakeCase),
            retryPolicy: .never, errorBodyType: GitHubAPIError.self,
            transport: StubTransport(status: 422, body: body))
        do {
            _ = try await client.post(CreateIssue(issue: NewIssue(title: "", body: "")))
            Issue.record("expected an error")
        } catch {
            let response = try #require(error.response)
            let apiError = try #require(response.errorBody(as: GitHubAPIError.self))
            #expect(apiError.message == "Validation Failed")
            #expect(apiError.documentationURL?.absoluteString == "https://docs.github.com/rest")
            #expect(apiError.errors.map(\.field) == ["title"])
            #expect(apiError.errors.map(\.code) == ["missing_field"])
            #expect(apiError.description == "Validation Failed (Issue.title: missing_field)")
            #expect(String(decoding: response.body, as: UTF8.self) == body)
        }
    }

    @Test("An error body that is not the declared shape leaves errorBody nil and the raw body intact")
    func toleratesOtherErrorBodies() async throws {
        let client = Client(
            baseURL: URL(string: "https://api.github.com")!, retryPolicy: .never, errorBodyType: GitHubAPIError.self,
            transport: StubTransport(status: 502, body: "<html>Bad gateway</html>"))
        do {
            _ = try await client.get(UserRepositories())
        } catch {
            #expect(error.response?.errorBody == nil)
            #expect(error.response?.statusCode == 502)
        }
    }

    @Test("An endpoint's error body type overrides the client's")
    func endpointErrorBodyType() async throws {
        struct Problem: Decodable, JSONObject { let title: String }
        struct WithProblem: GET {
            typealias ResponseType = NoContent
            let path = "/x"
            var errorBodyType: (any JSONObject.Type)? { Problem.self }
        }
        let client = Client(
            baseURL: URL(string: "https://api.example.com")!, retryPolicy: .never, errorBodyType: GitHubAPIError.self,
            transport: StubTransport(status: 400, body: #"{"title": "Bad input"}"#))
        do {
            _ = try await client.get(WithProblem())
        } catch {
            #expect(error.response?.errorBody(as: Problem.self)?.title == "Bad input")
        }
    }
}

@Suite("Following Link pagination")
struct PaginationTests {
    struct Numbers: GET {
        typealias ResponseType = [Int]
        let path = "/numbers"
        var query: Parameters { ["per_page": 2] }
        var headers: HTTPHeaders { ["X-Trace": "t"] }
    }

    /// Serves 1...5 two per page with GitHub-style Link headers, or a `next` link to `nextHost`.
    private func transport(nextHost: String = "api.example.com") -> StubTransport {
        StubTransport { request in
            let page =
                URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?
                .queryItems?.first { $0.name == "page" }?.value.flatMap(Int.init) ?? 1
            let numbers = Array(1...5)
            let items = Array(numbers.dropFirst((page - 1) * 2).prefix(2))
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if page < 3 {
                headers["Link"] =
                    #"<https://\#(nextHost)/numbers?per_page=2&page=\#(page + 1)>; rel="next", <https://api.example.com/numbers?per_page=2&page=3>; rel="last""#
            }
            let body = "[" + items.map(String.init).joined(separator: ",") + "]"
            return HTTPResponse(statusCode: 200, headers: headers, body: Data(body.utf8), url: request.url)
        }
    }

    @Test("Pages follow next links in order, each with its own metadata and the endpoint's headers")
    func followsNextLinks() async throws {
        let transport = transport()
        let client = Client.stubbed(transport)
        var values: [[Int]] = []
        var nextURLs: [URL?] = []
        for try await page in client.pages(of: Numbers()) {
            values.append(page.value)
            nextURLs.append(page.nextPageURL)
        }
        #expect(values == [[1, 2], [3, 4], [5]])
        #expect(nextURLs.last == .some(nil))
        let sent = await transport.log.requests
        #expect(
            sent.map { $0.url!.absoluteString } == [
                "https://api.example.com/numbers?per_page=2",
                "https://api.example.com/numbers?per_page=2&page=2",
                "https://api.example.com/numbers?per_page=2&page=3",
            ])
        #expect(sent.allSatisfy { $0.value(forHTTPHeaderField: "X-Trace") == "t" })
    }

    @Test("Elements of all pages arrive in order")
    func flattensElements() async throws {
        var numbers: [Int] = []
        for try await number in Client.stubbed(transport()).pages(of: Numbers()).elements() {
            numbers.append(number)
        }
        #expect(numbers == [1, 2, 3, 4, 5])
    }

    @Test("A page limit stops the iteration early")
    func stopsAtPageLimit() async throws {
        let transport = transport()
        var count = 0
        for try await _ in Client.stubbed(transport).pages(of: Numbers(), maximumPages: 2) { count += 1 }
        #expect(count == 2)
        #expect(await transport.log.requests.count == 2)
    }

    @Test("A next link to another host is refused and no credential is sent there")
    func refusesForeignNextLink() async throws {
        let transport = transport(nextHost: "evil.example.com")
        let client = Client.stubbed(transport, authenticator: .token("secret"))
        var pages = 0
        do {
            for try await _ in client.pages(of: Numbers()) { pages += 1 }
            Issue.record("expected an error")
        } catch {
            guard case .invalidRequest(.invalidPath) = error else { throw TestFailure("\(error)") }
        }
        #expect(pages == 1)
        #expect(await transport.log.requests.allSatisfy { $0.url?.host == "api.example.com" })
    }
}

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
        let client = Client(
            baseURL: URL(string: "https://api.example.com")!, authenticator: .token("a"),
            cache: InMemoryResponseCache(),
            transport: transport)
        let first = try await client.send(UserRepositories())
        let second = try await client.send(UserRepositories())
        #expect(server.statuses == [200, 304])
        #expect(second.value == first.value)
        #expect(!first.isFromCache)
        #expect(second.isFromCache)
        #expect(second.statusCode == 200)
        #expect(second.headers["X-RateLimit-Remaining"] == "41")
        #expect(await transport.log.requests.last?.value(forHTTPHeaderField: "If-None-Match") == "\"v1-7\"")
    }

    @Test("Entries are never shared between credentials")
    func separatesCredentials() async throws {
        let server = Server()
        let cache = InMemoryResponseCache()
        let transport = StubTransport { server.respond($0) }
        let alice = Client(
            baseURL: URL(string: "https://api.example.com")!, authenticator: .token("alice"), cache: cache,
            transport: transport)
        let bob = Client(
            baseURL: URL(string: "https://api.example.com")!, authenticator: .token("bob"), cache: cache,
            transport: transport)
        _ = try await alice.get(UserRepositories())
        let bobs = try await bob.get(UserRepositories())
        #expect(bobs.first?.name == "token bob")
        #expect(server.statuses == [200, 200])
        #expect(await cache.count == 2)
        let sent = await transport.log.requests
        #expect(sent[1].value(forHTTPHeaderField: "If-None-Match") == nil)
    }

    @Test("Without a cache no validators are sent; other methods bypass the cache")
    func bypassesCache() async throws {
        let server = Server()
        let transport = StubTransport { server.respond($0) }
        let plain = Client(baseURL: URL(string: "https://api.example.com")!, transport: transport)
        _ = try await plain.get(UserRepositories())
        _ = try await plain.get(UserRepositories())
        #expect(server.statuses == [200, 200])
        let cached = Client(
            baseURL: URL(string: "https://api.example.com")!, cache: InMemoryResponseCache(),
            transport: StubTransport(body: ""))
        _ = try await cached.delete(DeleteThing())
        #expect(await (cached.cache as? InMemoryResponseCache)?.count == 0)
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
