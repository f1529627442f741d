import Foundation

/// Sends endpoints to one server and decodes their responses.
///
/// A client holds what is the same for every call: the base URL, the authenticator, and a
/// ``Configuration`` with the encoders, decoder, policies, middleware and transport. Make one per
/// server and keep it; it is `Sendable` and its calls can run concurrently.
///
/// <!-- snippet needs: token, UserRepositories -->
/// ```swift
/// let client = Client(baseURL: URL(string: "https://api.example.com")!, authenticator: .bearer(token))
/// let repos = try await client.get(UserRepositories())
/// ```
///
/// Every call — ``send(_:)`` and the method helpers, completion handlers, pages, downloads,
/// uploads and streams — goes one way, in `Sources/EndpointKit/Pipeline/` (`Pipeline`): its
/// options resolved once (`CallPolicy`), its request built (`RequestBuilder`), one observation,
/// and, within one deadline (`Deadline`), its attempts (`Attempts`). Each attempt passes the
/// client's stages, an ordered list (status validation, the authenticator, the cache), and the
/// middleware and the transport; then the body is decoded (`ResponseDecoding`). The
/// ``Configuration/clock`` times all of it.
public final class Client: Sendable {
    /// The URL that endpoint paths are appended to; its own path is kept.
    public let baseURL: URL
    /// Changes each request to the base URL's origin just before it is sent.
    public let authenticator: any Authenticator
    /// Everything else: encoders, decoder, policies, cache, middleware, transport.
    public let configuration: Configuration
    /// Sends requests: the configuration's, or a ``URLSessionTransport`` of the client's own.
    public let transport: any Transport

    /// The way every call goes.
    let pipeline: Pipeline
    /// The policy of every call whose endpoint's options change nothing, resolved once.
    private let defaultPolicy: CallPolicy

    /// Creates a client.
    ///
    /// <!-- snippet needs: token -->
    /// ```swift
    /// let client = Client(baseURL: URL(string: "https://api.github.com")!, authenticator: .token(token))
    /// ```
    ///
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL; a path such as `/api/v3` is kept. An
    ///     invalid base URL is reported by each call as ``InvalidRequest/invalidBaseURL(_:)``.
    ///   - authenticator: Adds credentials to each request to the base URL's origin; none by
    ///     default.
    ///   - configuration: Everything else; the defaults by default.
    public init(
        baseURL: URL, authenticator: some Authenticator = NoAuthenticator(),
        configuration: Configuration = Configuration()
    ) {
        self.baseURL = baseURL
        self.authenticator = authenticator
        self.configuration = configuration
        let transport = configuration.transport ?? URLSessionTransport()
        self.transport = transport
        pipeline = Pipeline(
            baseURL: baseURL, authenticator: authenticator, configuration: configuration, transport: transport)
        defaultPolicy = CallPolicy(CallOptions(), defaults: configuration)
    }

    /// The policy a call with `options` runs with: the client's own when they change nothing.
    func policy(for options: CallOptions) -> CallPolicy {
        options.changesNothing ? defaultPolicy : CallPolicy(options, defaults: configuration)
    }

    /// Creates a client, changing the default configuration in `configure`.
    ///
    /// <!-- snippet needs: url, token -->
    /// ```swift
    /// let client = Client(baseURL: url, authenticator: .token(token)) {
    ///     $0.decoder = .json(keyDecoding: .convertFromSnakeCase)
    ///     $0.retryPolicy = RetryPolicy(maximumAttempts: 5)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL; a path such as `/api/v3` is kept.
    ///   - authenticator: Adds credentials to each request to the base URL's origin; none by
    ///     default.
    ///   - configure: Changes the default ``Configuration``.
    /// - Throws: What `configure` throws.
    public convenience init(
        baseURL: URL, authenticator: some Authenticator = NoAuthenticator(),
        configure: (inout Configuration) throws -> Void
    ) rethrows {
        var configuration = Configuration()
        try configure(&configuration)
        self.init(baseURL: baseURL, authenticator: authenticator, configuration: configuration)
    }

    /// The request a call of `endpoint` sends, built and authenticated, without sending it: for
    /// a look at it, or its cURL form (``CURLCommand``, credentials redacted).
    ///
    /// <!-- snippet needs: client, CreateIssue, NewIssue -->
    /// ```swift
    /// let issue = CreateIssue(owner: "octocat", repo: "hello", issue: NewIssue(title: "Crash"))
    /// print(try await client.request(for: issue).curlCommand())
    /// ```
    ///
    /// Each attempt of the call then adds what the middleware and the cache add.
    ///
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The request.
    /// - Throws: ``EndpointError/invalidRequest(_:call:)`` when the URL, a header or the body is
    ///   invalid; ``EndpointError/authenticationFailed(underlying:call:)`` when the authenticator
    ///   throws.
    public func request<E: Endpoint>(for endpoint: E) async throws(EndpointError) -> URLRequest {
        var request = try pipeline.requestBuilder.makeRequest(for: endpoint, policy: policy(for: endpoint.options))
        do throws(EndpointError) {
            try await pipeline.authentication.authenticate(&request)
        } catch {
            throw error.attributed(to: CallContext(method: E.method, url: request.url))
        }
        return request
    }

    /// Sends `endpoint` and returns its decoded response with the status code and headers.
    ///
    /// This is the one path every call takes; ``get(_:)``, ``post(_:)`` and the rest return
    /// its ``Response/value``.
    ///
    /// <!-- snippet needs: client, UserRepositories -->
    /// ```swift
    /// let response = try await client.send(UserRepositories())
    /// print(response.statusCode, response.headers["ETag"] ?? "-", response.value.count)
    /// ```
    ///
    /// - Parameter endpoint: The endpoint to call.
    /// - Returns: The decoded value and the response's metadata.
    /// - Throws: ``EndpointError``.
    public func send<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> Response<E.ResponseType> {
        try await pipeline.perform(endpoint, policy: policy(for: endpoint.options), delivery: .whole) {
            (outcome, policy) throws(EndpointError) in
            try ResponseDecoding.decode(outcome, of: E.self, using: policy.decoder)
        }
    }
}
