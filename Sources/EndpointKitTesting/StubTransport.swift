import EndpointKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An in-memory ``Transport`` for tests: it answers requests by method and path (and, if given,
/// query) with canned responses, and records every request it sees.
///
/// Stubbed responses go through the whole client pipeline (authenticator, middleware, status
/// validation, retries, decoding), exactly like real ones. Each test makes its own transport:
/// there is no global state, so tests can run in parallel.
///
/// ```swift
/// let transport = StubTransport()
/// await transport.stub(.get, "/user/repos", with: .fixture("repos.json", in: .module))
/// let client = Client(baseURL: URL(string: "https://api.github.com")!, transport: transport)
/// let repos = try await client.get(UserRepositories())
/// #expect(await transport.requests.count == 1)
/// ```
///
/// A path matches when the request's path equals it or ends with it after a `/` (so stubs work
/// under a base URL such as `/api/v3`). When several stubs match, the latest wins. A request no
/// stub matches fails with ``StubError/noStub(method:path:)``.
public final class StubTransport: Transport {
    private let registry = StubRegistry()

    /// Creates a transport with no stubs.
    public init() {}

    /// Answers `method` requests for `path` with `stub`.
    ///
    /// - Parameters:
    ///   - method: The method to match.
    ///   - path: The path to match, such as `/user/repos`.
    ///   - query: Query parameters that must be present with these values; any by default.
    ///   - stub: The answer.
    public func stub(_ method: HTTPMethod, _ path: String, query: [String: String] = [:], with stub: Stub) async {
        await registry.add(Route(method: method, path: path, query: query, stub: stub))
    }

    /// Answers requests for `endpoint`'s method and path with `stub`, or by default with the
    /// endpoint's ``Endpoint/sampleData``.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint; its path should be relative, as endpoints' paths are.
    ///   - stub: The answer; `nil` for the endpoint's sample data.
    public func stub<E: Endpoint>(_ endpoint: E, with stub: Stub? = nil) async {
        let answer =
            stub ?? endpoint.sampleData.map { .data($0, headers: ["Content-Type": E.ResponseType.acceptedMediaType]) }
            ?? .error(StubError.noSampleData(path: endpoint.path))
        await registry.add(Route(method: E.method, path: endpoint.path, query: [:], stub: answer))
    }

    /// Every request received, in order.
    public var requests: [RecordedRequest] {
        get async { await registry.requests }
    }

    /// Removes every stub and recorded request.
    public func reset() async {
        await registry.reset()
    }

    /// Records `request` and answers it with the matching stub.
    ///
    /// - Parameter request: The request.
    /// - Returns: The stubbed response.
    /// - Throws: The stubbed error, ``StubError/noStub(method:path:)``, or `CancellationError`
    ///   when cancelled during a delay.
    public func send(_ request: URLRequest) async throws -> HTTPResponse {
        let stub = await registry.record(request)
        guard let stub else {
            throw StubError.noStub(method: request.httpMethod ?? "GET", path: request.url?.path ?? "")
        }
        if stub.delay > 0 {
            try await Task.sleep(nanoseconds: UInt64(stub.delay * 1_000_000_000))
        }
        switch stub.outcome {
        case .failure(let error):
            throw error
        case .response(let statusCode, let headers, let body):
            return HTTPResponse(statusCode: statusCode, headers: headers, body: body, url: request.url)
        }
    }
}

/// One stubbed route.
struct Route: Sendable {
    let method: HTTPMethod
    let path: String
    let query: [String: String]
    let stub: Stub

    func matches(_ request: URLRequest) -> Bool {
        guard request.httpMethod == method.rawValue, let url = request.url else { return false }
        let wanted = path.hasPrefix("/") ? path : "/" + path
        let encodedPath = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
        guard [url.path, encodedPath].contains(where: { $0 == wanted || $0.hasSuffix(wanted) }) else { return false }
        guard !query.isEmpty else { return true }
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return query.allSatisfy { name, value in items.contains { $0.name == name && $0.value == value } }
    }
}

/// The routes and the recorded requests; an actor, so parallel requests are safe.
actor StubRegistry {
    private var routes: [Route] = []
    private(set) var requests: [RecordedRequest] = []

    func add(_ route: Route) {
        routes.append(route)
    }

    func record(_ request: URLRequest) -> Stub? {
        requests.append(RecordedRequest(request: request))
        return routes.last { $0.matches(request) }?.stub
    }

    func reset() {
        routes = []
        requests = []
    }
}
