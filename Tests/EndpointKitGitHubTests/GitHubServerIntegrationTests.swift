import EndpointKit
import EndpointKitGitHub
import EndpointKitTesting
import Foundation
import Testing

@Suite("A GitHub client against the GitHub-like server", .requiresGitHubServer)
struct GitHubServerIntegrationTests {
    struct Repository: Decodable, JSONObject {
        let name: String
        let fullName: String
        let stargazersCount: Int
    }

    struct UserRepositories: GET {
        typealias ResponseType = [Repository]
        let path = "/user/repos"
        var query: Parameters { ["per_page": 100] }
    }

    struct GetRepository: GET {
        typealias ResponseType = Repository
        let name: String
        var path: String { "/repos/octocat/\(segment: name)" }
    }

    struct CreateIssue: POST {
        struct Created: Decodable, JSONObject { let number: Int }
        typealias ResponseType = Created
        let title: String
        let path = "/repos/octocat/repo-001/issues"
        var body: RequestBody { .json(["title": title]) }
    }

    struct Stats: GET {
        struct Counts: Decodable, JSONObject {
            let requests: Int
            let notModified: Int
            let byPath: [String: Int]
        }
        typealias ResponseType = Counts
        let path = "/stats"
    }

    private func client(
        over way: GitHubServerTransport, token: String = GitHubServer.token, cache: (any ResponseCache)? = nil,
        clock: ClientClock = .system
    ) throws -> Client {
        let transport = try way.makeTransport()
        return Client(baseURL: way.baseURL, authenticator: .token(token)) {
            $0.api = .gitHub
            $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
            $0.cache = cache
            $0.transport = transport
            $0.clock = clock
        }
    }

    @Test(
        "All 250 repositories arrive in order over three pages of 100, each page with its rate limit",
        arguments: GitHubServerTransport.available)
    func paginatesAllRepositories(over way: GitHubServerTransport) async throws {
        var pages: [Response<[Repository]>] = []
        let client = try client(over: way)
        for try await page in client.pages(of: UserRepositories()) {
            pages.append(page)
        }
        #expect(pages.map(\.value.count) == [100, 100, 50])
        let names = pages.flatMap(\.value).map(\.name)
        #expect(names == (1...250).map { String(format: "repo-%03d", $0) })
        #expect(pages.allSatisfy { $0.rateLimit?.limit == 5000 })
        #expect(pages.last?.nextPageURL == nil)
        #expect(pages.first?.nextPageURL?.scheme == way.baseURL.scheme)  // the Link header names the server as called
        #expect(pages.first?.links.contains { $0.has(relation: "last") } == true)
    }

    @Test("The elements sequence yields every repository once", arguments: GitHubServerTransport.available)
    func iteratesElements(over way: GitHubServerTransport) async throws {
        var count = 0
        let client = try client(over: way)
        for try await _ in client.pages(of: UserRepositories()).elements() { count += 1 }
        #expect(count == 250)
    }

    @Test(
        "GitHub's max-age=60 is served from the cache without a request; after it, a 304 that spares the rate limit",
        arguments: GitHubServerTransport.available)
    func servesFreshThenRevalidates(over way: GitHubServerTransport) async throws {
        let clock = ManualClock()
        let client = try client(over: way, cache: InMemoryResponseCache(), clock: clock.clock)
        let statsTransport = try way.makeTransport()
        let stats = Client(baseURL: way.baseURL) {  // the same server: the TLS twin counts its own
            $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
            $0.transport = statsTransport
        }
        // A repository of its own for each transport: the cases run side by side on one server.
        let name = String(format: "repo-%03d", 40 + GitHubServerTransport.available.firstIndex(of: way)!)
        let path = "/repos/octocat/\(name)"
        let before = try await stats.get(Stats())
        let first = try await client.send(GetRepository(name: name))
        clock.advance(by: 30)
        let fresh = try await client.send(GetRepository(name: name))
        let afterFresh = try await stats.get(Stats())
        clock.advance(by: 31)
        let revalidated = try await client.send(GetRepository(name: name))
        let after = try await stats.get(Stats())
        #expect(first.source == .network)
        #expect(fresh.source == .fresh)
        #expect(fresh.age == 30)
        #expect(fresh.value.fullName == "octocat/\(name)")
        #expect(afterFresh.byPath[path, default: 0] - before.byPath[path, default: 0] == 1)
        #expect(revalidated.source == .revalidated)
        #expect(revalidated.isFromCache)
        #expect(after.byPath[path, default: 0] - before.byPath[path, default: 0] == 2)
        #expect(after.notModified - afterFresh.notModified >= 1)  // which the server does not count
        #expect(revalidated.rateLimit != nil)  // the 304's fresh rate-limit headers, over the stored ones
    }

    @Test("A 422 comes back with GitHub's decoded validation errors", arguments: GitHubServerTransport.available)
    func decodesValidationErrors(over way: GitHubServerTransport) async throws {
        let client = try client(over: way)
        do {
            _ = try await client.post(CreateIssue(title: ""))
            Issue.record("expected a 422")
        } catch {
            #expect(error.response?.statusCode == 422)
            let apiError = try #require(error.errorBody(as: GitHubAPIError.self))
            #expect(apiError.message == "Validation Failed")
            #expect(apiError.errors.map(\.field) == ["title"])
            #expect(apiError.errors.map(\.code) == ["missing_field"])
        }
        #expect(try await client.post(CreateIssue(title: "Works")).number >= 1)
    }

    @Test("A wrong token gives a 401 error with GitHub's message", arguments: GitHubServerTransport.available)
    func rejectsWrongToken(over way: GitHubServerTransport) async throws {
        let client = try client(over: way, token: "ghp_wrong")
        do {
            _ = try await client.get(GetRepository(name: "repo-001"))
            Issue.record("expected a 401")
        } catch {
            guard case .unacceptableStatus(let failure) = error else { throw TestFailure("\(error)") }
            #expect(failure.statusCode == 401)
            #expect(failure.errorBody(as: GitHubAPIError.self)?.message == "Bad credentials")
        }
    }

    @Test("An unknown repository is a 404 with GitHub's Not Found message", arguments: GitHubServerTransport.available)
    func reportsNotFound(over way: GitHubServerTransport) async throws {
        let client = try client(over: way)
        do {
            _ = try await client.get(GetRepository(name: "missing"))
        } catch {
            #expect(error.response?.statusCode == 404)
            #expect(error.errorBody(as: GitHubAPIError.self)?.message == "Not Found")
        }
    }
}
