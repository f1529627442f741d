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
/// Every call goes through ``send(_:)``, in stages that live in `Sources/EndpointKit/Pipeline/`:
/// 1. resolve the call's options once: the endpoint's ``CallOptions`` on top of the
///    ``Configuration`` (`CallPolicy`);
/// 2. build the `URLRequest`, a pure function (`RequestBuilder`);
/// 3. within the total deadline (`Deadline`), make attempts (`Attempts`), each of which
/// 4. authenticates the request for the base URL's origin (`RequestAuthentication`),
/// 5. adds the cache's validators (`ConditionalRequest`) and sends it through the middleware and
///    the transport, renewing the credential once after a `401` and retrying as the
///    ``RetryPolicy`` allows,
/// 6. validates the status, turning an unacceptable one into an error with its decoded error
///    body (`StatusValidation`);
/// 7. decode the body, a pure function (`ResponseDecoding`).
public final class Client: Sendable {
    /// The URL that endpoint paths are appended to; its own path is kept.
    public let baseURL: URL
    /// Changes each request to the base URL's origin just before it is sent.
    public let authenticator: any Authenticator
    /// Everything else: encoders, decoder, policies, cache, middleware, transport.
    public let configuration: Configuration
    /// Sends requests: the configuration's, or a ``URLSessionTransport`` of the client's own.
    public let transport: any Transport

    /// The transport wrapped in the middleware: what each attempt is sent through.
    let pipeline: any Transport
    let requestBuilder: RequestBuilder
    let authentication: RequestAuthentication
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
        pipeline = transport.wrapped(in: configuration.middleware)
        authentication = RequestAuthentication(authenticator: authenticator, baseURL: baseURL)
        requestBuilder = RequestBuilder(baseURL: baseURL, configuration: configuration)
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
        var request = try requestBuilder.makeRequest(
            for: endpoint, policy: policy(for: endpoint.options))
        do throws(EndpointError) {
            try await authentication.authenticate(&request)
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
        try await exchange(endpoint, transfer: nil) { (outcome, policy) throws(EndpointError) in
            try ResponseDecoding.decode(outcome, of: E.self, using: policy.decoder)
        }
    }

    /// A whole call: stages 1 to 6, then `finish` (decoding, say) with the accepted response and
    /// the options the call ran with, all inside the observation of the client's observers.
    func exchange<E: Endpoint, Value>(
        _ endpoint: E, transfer: TransferOptions?,
        then finish: (Attempts.Outcome, CallPolicy) throws(EndpointError) -> Value
    ) async throws(EndpointError) -> Value {
        let policy = policy(for: endpoint.options)
        // The request, not a `Result` of it: destroying that generic enum cost about 0.5 µs of
        // CPU per call in a profile of the HTTPS benchmark.
        let request: URLRequest
        do throws(EndpointError) {
            request = try requestBuilder.makeRequest(for: endpoint, policy: policy)
        } catch {
            // Nothing is sent, and the observers see the call fail.
            _ = try await observation(of: E.self, url: nil)?.run { () async throws(EndpointError) -> HTTPResponse in
                throw error
            }
            throw error
        }
        guard let observation = observation(of: E.self, url: request.url) else {
            let outcome = try await exchange(request, of: E.self, policy: policy, transfer: transfer, observation: nil)
            return try finish(outcome, policy)
        }
        var value: Value?
        _ = try await observation.run { () async throws(EndpointError) -> HTTPResponse in
            let outcome = try await exchange(
                request, of: E.self, policy: policy, transfer: transfer, observation: observation)
            value = try finish(outcome, policy)
            return outcome.response
        }
        guard let value else {
            preconditionFailure("a CallObservation's run(_:) returned without running the call")
        }
        return value
    }

    /// The client's observers' observation of a call of `E` to `url`; `nil` when none observes
    /// it (the call is then not even described, nor `url` read).
    private func observation<E: Endpoint>(of endpoint: E.Type, url: @autoclosure () -> URL?) -> (
        any CallObservation
    )? {
        ObservationChain.observe(
            ObservedCall(
                name: E.operationName, call: CallContext(method: E.method, url: url()), pathTemplate: E.pathTemplate),
            by: configuration.observers)
    }

    /// Stages 3 to 6 of a call: the attempts at sending `request`, within the call's deadline.
    private func exchange<E: Endpoint>(
        _ request: URLRequest, of endpoint: E.Type, policy: CallPolicy, transfer: TransferOptions?,
        observation: (any CallObservation)?
    ) async throws(EndpointError) -> Attempts.Outcome {
        let attempts = Attempts(
            method: E.method, authentication: authentication, transport: pipeline,
            // A download is not cached: its body is in a file, not in memory.
            cache: transfer?.responseBodyFile == nil ? configuration.cache : nil,
            validation: policy.validation, retryPolicy: policy.retryPolicy, transfer: transfer,
            observation: observation)
        do throws(EndpointError) {
            guard let total = policy.timeouts.total else {
                return try await attempts.run(request)  // no deadline: no task group, no closure
            }
            return try await Deadline.run(within: total) { () async throws(EndpointError) -> Attempts.Outcome in
                try await attempts.run(request)
            }
        } catch {
            // Where a call's errors leave the client: the call is named in those that do not name it
            // yet (as `request(for:)` and the request builder do for theirs).
            throw error.attributed(to: CallContext(method: E.method, url: request.url))
        }
    }
}
