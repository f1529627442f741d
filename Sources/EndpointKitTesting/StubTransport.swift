import EndpointKit
import Foundation

/// An in-memory ``/EndpointKit/Transport`` for tests: it answers requests by method and path
/// (and, if given, query) with canned responses, and records every request it sees.
///
/// Stubbed responses go through the whole client pipeline (authenticator, middleware, status
/// validation, retries, decoding), exactly like real ones. Each test makes its own transport:
/// there is no global state, so tests can run in parallel.
///
/// <!-- snippet needs: UserRepositories; resources: repos.json -->
/// ```swift
/// import Testing
///
/// @Test func listsTheRepositories() async throws {
///     let transport = StubTransport()
///     await transport.stub(.get, "/user/repos", with: .fixture("repos.json", in: .module))
///     let client = Client(baseURL: URL(string: "https://api.github.com")!) { $0.transport = transport }
///     let repos = try await client.get(UserRepositories())
///     #expect(await transport.requests.count == 1)
///     #expect(!repos.isEmpty)
/// }
/// ```
///
/// A path matches when the request's path equals it or ends with it after a `/` (so stubs work
/// under a base URL such as `/api/v3`). When several stubs match, the latest wins. A request no
/// stub matches goes to the responder given at creation, or fails with
/// ``StubError/noStub(method:path:)``.
///
/// For an answer that depends on the request, give a responder:
///
/// ```swift
/// let transport = StubTransport { request in
///     let page = request.url?.query == "page=2" ? "[3]" : "[1, 2]"
///     return HTTPResponse(statusCode: 200, body: Data(page.utf8), url: request.url)
/// }
/// ```
public final class StubTransport: Transport {
    private let registry = StubRegistry()
    /// Answers the requests that no stub matches; `nil` to fail them.
    private let responder: (@Sendable (URLRequest) async throws -> HTTPResponse)?
    /// Answers the requests that no stub matches, as a stub (``init(answering:)``), so that a
    /// streaming call gets its parts as they are sent; `nil` to leave them to `responder`.
    private let fallback: Stub?

    /// Creates a transport with no stubs: every request fails until it is stubbed.
    public init() {
        responder = nil
        fallback = nil
    }

    /// Creates a transport that answers every request no stub matches with `responder`.
    ///
    /// - Parameter responder: Answers a request, or throws the transport error to simulate.
    public init(responder: @escaping @Sendable (URLRequest) async throws -> HTTPResponse) {
        self.responder = responder
        fallback = nil
    }

    /// Creates a transport that answers every request no stub matches with `stub`.
    ///
    /// ```swift
    /// let transport = StubTransport(answering: .status(503, headers: ["Retry-After": "1"]))
    /// ```
    ///
    /// - Parameter stub: The answer.
    public init(answering stub: Stub) {
        responder = nil
        fallback = stub
    }

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

    /// Answers requests for `endpoint`'s method and path with `stub`.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint; its path should be relative, as endpoints' paths are.
    ///   - stub: The answer.
    public func stub<E: Endpoint>(_ endpoint: E, with stub: Stub) async {
        await registry.add(Route(method: E.method, path: endpoint.path, query: [:], stub: stub))
    }

    /// Answers requests for `endpoint`'s method and path with its ``SampleDataProviding/sampleData``.
    ///
    /// - Parameter endpoint: The endpoint; its path should be relative, as endpoints' paths are.
    public func stub<E: SampleDataProviding>(_ endpoint: E) async {
        let headers: HTTPHeaders = ["Content-Type": E.ResponseType.acceptedMediaType]
        await stub(endpoint, with: .data(endpoint.sampleData, headers: headers))
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
    /// - Throws: The stubbed error, the responder's error, ``StubError/noStub(method:path:)``,
    ///   or `CancellationError` when cancelled during a delay.
    public func send(_ request: URLRequest) async throws -> HTTPResponse {
        if let stub = await registry.record(request) ?? fallback {
            return try await stub.answer(request)
        }
        if let responder {
            return try await responder(request)
        }
        throw StubError.noStub(method: request.httpMethod ?? "GET", path: request.url?.path ?? "")
    }

    /// Records `request` and answers it for a streaming call: a
    /// ``Stub/stream(_:statusCode:headers:)`` stub's parts arrive as they are sent; any other
    /// answer arrives whole.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - bufferSize: The most bytes held for the reader before the script waits.
    /// - Returns: The stubbed response, its body as it is sent.
    /// - Throws: As ``send(_:)``.
    public func stream(_ request: URLRequest, bufferSize: Int) async throws -> StreamedResponse {
        if let stub = await registry.record(request) ?? fallback {
            return try await stub.answerStreaming(request, bufferSize: bufferSize)
        }
        if let responder {
            return StreamedResponse(whole: try await responder(request))
        }
        throw StubError.noStub(method: request.httpMethod ?? "GET", path: request.url?.path ?? "")
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
