import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends endpoints to one server and decodes their responses.
///
/// A client holds everything that is the same for every call: the base URL, default headers,
/// encoders, the authenticator, the decoder, the acceptable status codes and the transport.
/// Make one per server and keep it; it is `Sendable` and its calls can run concurrently.
///
/// ```swift
/// let client = Client(baseURL: URL(string: "https://api.github.com")!, authenticator: .token(token))
/// let repos = try await client.get(UserRepositories())
/// ```
///
/// Every call goes through ``send(_:)``: build the request (pure) → [within the deadline, for
/// each attempt: authenticate → transport → validate the status (a `401` may renew the
/// credential once; a retryable failure waits and tries again)] → decode (pure).
public final class Client: Sendable {
    /// The URL that endpoint paths are appended to; its own path is kept.
    public let baseURL: URL
    /// Headers sent with every request; an endpoint's headers override them.
    public let headers: HTTPHeaders
    /// Changes each request just before it is sent.
    public let authenticator: any Authenticator
    /// Encodes endpoints' query parameters.
    public let queryEncoder: any ParameterEncoder
    /// Encodes form bodies.
    public let formEncoder: any ParameterEncoder
    /// Encodes `Encodable` bodies.
    public let bodyEncoder: any BodyEncoder
    /// Decodes `Decodable` response types unless an endpoint has its own decoder.
    public let decoder: any ResponseDecoder
    /// Status codes that count as success unless an endpoint says otherwise.
    public let acceptableStatusCodes: AcceptableStatusCodes
    /// Sends requests.
    public let transport: any Transport
    /// When failed calls are tried again, unless an endpoint says otherwise.
    public let retryPolicy: RetryPolicy
    /// How long calls may take, unless an endpoint says otherwise.
    public let timeouts: Timeouts
    /// The type unacceptable responses' bodies are decoded into, unless an endpoint says
    /// otherwise; `nil` for none.
    public let errorBodyType: (any JSONObject.Type)?
    /// Stores responses for conditional `GET`s; `nil` for none.
    public let cache: (any ResponseCache)?
    /// Interceptors around the transport, the first outermost.
    public let middleware: [any Middleware]

    /// The transport wrapped in the middleware: what each attempt is sent through.
    let pipeline: any Transport
    /// The base URL's origin, computed once: the authenticator runs only for requests to it.
    let baseOrigin: Origin?
    /// Whether there is an authenticator to run: not ``NoAuthenticator``. Checked once, not
    /// with a cast on every request.
    let authenticates: Bool

    private let requestBuilder: RequestBuilder

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: An absolute `http` or `https` URL; a path such as `/api/v3` is kept. An
    ///     invalid base URL is reported by each call as ``InvalidRequest/invalidBaseURL(_:)``.
    ///   - authenticator: Adds credentials to each request; none by default.
    ///   - headers: Headers for every request.
    ///   - queryEncoder: Encodes query parameters; ``URLQueryEncoder`` by default.
    ///   - formEncoder: Encodes form bodies; ``FormBodyEncoder`` by default.
    ///   - bodyEncoder: Encodes `Encodable` bodies; JSON by default.
    ///   - decoder: Decodes `Decodable` responses; JSON with default keys and ISO 8601 dates by
    ///     default.
    ///   - acceptableStatusCodes: Status codes that count as success; `200...299` by default.
    ///   - retryPolicy: When failed calls are tried again; ``RetryPolicy/default`` (idempotent
    ///     methods, up to 3 attempts) by default.
    ///   - timeouts: The idle timeout and total deadline; 60 s idle and no deadline by default.
    ///   - errorBodyType: The type an unacceptable response's body is decoded into, such as
    ///     ``GitHubAPIError``; none by default.
    ///   - cache: Stores responses with an `ETag` or `Last-Modified` and revalidates them; none by
    ///     default. Pass an ``InMemoryResponseCache`` to turn conditional requests on.
    ///   - middleware: Interceptors around the transport, the first outermost; none by default.
    ///   - transport: Sends requests; a new ``URLSessionTransport`` by default.
    public init(
        baseURL: URL,
        authenticator: some Authenticator = NoAuthenticator(),
        headers: HTTPHeaders = [:],
        queryEncoder: some ParameterEncoder = URLQueryEncoder(),
        formEncoder: some ParameterEncoder = FormBodyEncoder(),
        bodyEncoder: some BodyEncoder = JSONBodyEncoder(),
        decoder: some ResponseDecoder = JSONResponseDecoder(),
        acceptableStatusCodes: AcceptableStatusCodes = .successful,
        retryPolicy: RetryPolicy = .default,
        timeouts: Timeouts = .default,
        errorBodyType: (any JSONObject.Type)? = nil,
        cache: (any ResponseCache)? = nil,
        middleware: [any Middleware] = [],
        transport: some Transport = URLSessionTransport()
    ) {
        self.baseURL = baseURL
        self.headers = headers
        self.authenticator = authenticator
        self.queryEncoder = queryEncoder
        self.formEncoder = formEncoder
        self.bodyEncoder = bodyEncoder
        self.decoder = decoder
        self.acceptableStatusCodes = acceptableStatusCodes
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.timeouts = timeouts
        self.errorBodyType = errorBodyType
        self.cache = cache
        self.middleware = middleware
        self.pipeline = transport.wrapped(in: middleware)
        self.baseOrigin = Origin(baseURL)
        self.authenticates = !(authenticator is NoAuthenticator)
        self.requestBuilder = RequestBuilder(
            baseURL: baseURL, headers: headers, queryEncoder: queryEncoder, formEncoder: formEncoder,
            bodyEncoder: bodyEncoder)
    }

    /// Builds the request for `endpoint` without authenticating or sending it: what
    /// ``send(_:)`` sends, before the authenticator runs.
    ///
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The request.
    /// - Throws: ``EndpointError/invalidRequest(_:)`` when the URL, a header or the body is invalid.
    public func makeRequest<E: Endpoint>(for endpoint: E) throws(EndpointError) -> URLRequest {
        try requestBuilder.makeRequest(for: endpoint, idleTimeout: (endpoint.timeouts ?? timeouts).idle)
    }

    /// Sends `endpoint` and returns its decoded response with the status code and headers.
    ///
    /// This is the one path every call takes; ``get(_:)``, ``post(_:)`` and the rest return
    /// its ``Response/value``.
    ///
    /// ```swift
    /// let response = try await client.send(UserRepositories())
    /// print(response.statusCode, response.headers["ETag"] ?? "-", response.value.count)
    /// ```
    ///
    /// - Parameter endpoint: The endpoint to call.
    /// - Returns: The decoded value and the response's metadata.
    /// - Throws: ``EndpointError``.
    public func send<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> Response<E.ResponseType> {
        let response = try await exchange(endpoint, transfer: nil)
        let value = try ResponseDecoding.decode(E.ResponseType.self, from: response, using: endpoint.decoder ?? decoder)
        return Response(
            value: value, statusCode: response.statusCode, headers: response.headers, url: response.url,
            isFromCache: response.isFromCache)
    }

    /// Builds `endpoint`'s request and runs its attempts within its deadline: everything a call
    /// does but decoding.
    func exchange<E: Endpoint>(_ endpoint: E, transfer: TransferOptions?) async throws(EndpointError) -> HTTPResponse {
        let request = try requestBuilder.makeRequest(for: endpoint, idleTimeout: (endpoint.timeouts ?? timeouts).idle)
        let exchange = Exchange(
            client: self, method: E.method,
            acceptableStatusCodes: endpoint.acceptableStatusCodes ?? acceptableStatusCodes,
            retryPolicy: endpoint.retryPolicy ?? retryPolicy,
            errorBodyType: endpoint.errorBodyType ?? errorBodyType, decoder: endpoint.decoder ?? decoder,
            transfer: transfer)
        guard let total = (endpoint.timeouts ?? timeouts).total else {
            return try await exchange.run(request)  // no deadline: no task group, no closure
        }
        return try await Deadline.run(within: total) { () async throws(EndpointError) -> HTTPResponse in
            try await exchange.run(request)
        }
    }
}
