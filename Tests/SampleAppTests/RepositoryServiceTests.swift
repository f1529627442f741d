import EndpointKit
import EndpointKitTesting
import Foundation
import SampleApp
import Testing

/// The sample app's service, tested the way an app team would: only through EndpointKitTesting.
@Suite("Repository service (through EndpointKitTesting)")
struct RepositoryServiceTests {
    let transport = StubTransport()
    var service: RepositoryService {
        RepositoryService(
            baseURL: URL(string: "https://github.example.com/api/v3")!, token: "t0k", transport: transport)
    }

    @Test("Active repositories come from the fixture, most starred first, archived ones left out")
    func listsActiveRepositories() async throws {
        await transport.stub(.get, "/user/repos", with: .fixture("repos.json", in: .module))
        #expect(try await service.activeRepositoryNames() == ["octocat/popular", "octocat/hello"])
        let sent = try #require(await transport.requests.first)
        #expect(sent.url?.path == "/api/v3/user/repos")
        #expect(sent.queryValue("per_page") == "100")
        #expect(sent.headers["Authorization"] == "token t0k")
    }

    @Test("An endpoint's sample data is served by default")
    func servesSampleData() async throws {
        await transport.stub(MyRepositories())
        #expect(try await service.activeRepositoryNames() == ["octocat/sample"])
    }

    @Test("The issue body the app sends is recorded and can be decoded")
    func recordsBody() async throws {
        await transport.stub(.post, "/repos/octocat/hello/issues", with: .json(["number": 7], statusCode: 201))
        #expect(try await service.reportBug(in: "hello", title: "Crash") == 7)
        let sent = try #require(await transport.requests.last)
        #expect(sent.method == .post)
        #expect(
            try sent.decodedBody(as: OpenIssue.Draft.self)
                == OpenIssue.Draft(title: "Crash", body: "Reported from the app."))
        #expect(sent.headers["Content-Type"] == "application/json")
    }

    @Test("A stubbed 401 goes through validation and becomes the app's signed-out state")
    func validatesStubbedStatus() async throws {
        await transport.stub(.get, "/user/repos", with: .status(401, body: #"{"message": "Bad credentials"}"#))
        await #expect(throws: RepositoryService.Failure.signedOut) { try await service.activeRepositoryNames() }
    }

    @Test("A 422 carries GitHub's message through the decoded error body")
    func decodesStubbedErrorBody() async throws {
        await transport.stub(
            .post, "/repos/octocat/hello/issues",
            with: .status(422, body: #"{"message": "Validation Failed", "errors": []}"#))
        await #expect(throws: RepositoryService.Failure.server("Validation Failed")) {
            try await service.reportBug(in: "hello", title: "")
        }
    }

    @Test("A stubbed 503 is retried by the client's policy, then succeeds")
    func retriesThroughStubs() async throws {
        await transport.stub(.get, "/user/repos", with: .fixture("repos.json", in: .module))
        await transport.stub(.get, "/user/repos", query: ["page": "never"], with: .status(500))
        let flaky = StubTransport()
        await flaky.stub(.get, "/user/repos", with: .status(503))
        let service = RepositoryService(baseURL: URL(string: "https://api.github.com")!, token: "t", transport: flaky)
        await #expect(throws: RepositoryService.Failure.self) { try await service.activeRepositoryNames() }
        #expect(await flaky.requests.count == 2)
        #expect(try await self.service.activeRepositoryNames().count == 2)
    }

    @Test("A transport error becomes the app's offline state; an unstubbed request fails clearly")
    func failsOnDemand() async throws {
        await transport.stub(.get, "/user/repos", with: .error(URLError(.notConnectedToInternet)))
        await #expect(throws: RepositoryService.Failure.offline) { try await service.activeRepositoryNames() }
        let empty = StubTransport()
        let client = Client(baseURL: URL(string: "https://api.example.com")!) {
            $0.retryPolicy = .never
            $0.transport = empty
        }
        do {
            _ = try await client.get(MyRepositories())
            Issue.record("expected an error")
        } catch {
            guard case .transportFailed(let failure) = error else { throw error }
            #expect(failure.underlying as? StubError == .noStub(method: "GET", path: "/user/repos"))
        }
    }

    @Test("A delayed stub can be cancelled like a real request")
    func cancelsDelayedStub() async throws {
        await transport.stub(.get, "/user/repos", with: .fixture("repos.json", in: .module).delayed(by: 30))
        let (events, reporter) = AsyncStream.makeStream(of: ReportingTransport.Event.self)
        let service = RepositoryService(
            baseURL: URL(string: "https://github.example.com/api/v3")!, token: "t0k",
            transport: ReportingTransport(transport, reportingTo: reporter))
        let call = Task { try await service.activeRepositoryNames() }
        var reports = events.makeAsyncIterator()
        let arrival = await reports.next()
        #expect(arrival == .arrived)  // the request has reached the stub, which waits out its delay
        call.cancel()
        // Before the 30 s delay ended: it did not wait for it. Had it waited, the stub would have
        // answered with the fixture's repositories.
        let end = await reports.next()
        #expect(end == .cancelled, "the stub's delay ended with the cancellation")
        await #expect {
            try await call.value
        } throws: { error in
            guard case .server(let message) = error as? RepositoryService.Failure else { return false }
            return message.hasSuffix("was cancelled.")
        }
        #expect(await transport.requests.count == 1, "sent once, not retried after the cancellation")
    }

    @Test("Parallel tests with their own transports never see each other's requests")
    func isolatesTransports() async throws {
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let transport = StubTransport()
                    await transport.stub(.get, "/user/repos", with: .json([[String: String]]()))
                    let client = Client(baseURL: URL(string: "https://host\(index).example")!) {
                        $0.transport = transport
                    }
                    _ = try? await client.get(MyRepositories())
                    let hosts = await transport.requests.map { $0.url?.host }
                    #expect(hosts == ["host\(index).example"])
                }
            }
        }
    }
}

/// A transport that reports each request as it reaches it, then how `base`'s answer to it ended:
/// a test waits for those instead of sleeping until the request is probably there.
private struct ReportingTransport: Transport {
    enum Event: Sendable, Equatable {
        case arrived
        case answered
        /// `base` threw `CancellationError`: the call was cancelled while it waited.
        case cancelled
        case failed
    }

    let base: StubTransport
    let reporter: AsyncStream<Event>.Continuation

    init(_ base: StubTransport, reportingTo reporter: AsyncStream<Event>.Continuation) {
        self.base = base
        self.reporter = reporter
    }

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        reporter.yield(.arrived)
        do {
            let response = try await base.send(request)
            reporter.yield(.answered)
            return response
        } catch {
            reporter.yield(error is CancellationError ? .cancelled : .failed)
            throw error
        }
    }
}

/// The sample data lives with the tests: the app's endpoint carries none.
extension MyRepositories: SampleDataProviding {
    /// One repository, as GitHub lists it.
    public var sampleData: Data {
        Data(#"[{"name": "sample", "full_name": "octocat/sample", "stargazers_count": 3, "archived": false}]"#.utf8)
    }
}
