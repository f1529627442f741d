import Foundation

extension Client {
    /// Everything about a client but its base URL and authenticator, each with a default: change
    /// only what your API needs.
    ///
    /// <!-- snippet needs: url, token -->
    /// ```swift
    /// let client = Client(baseURL: url, authenticator: .bearer(token)) { configuration in
    ///     configuration.decoder = .json(keyDecoding: .convertFromSnakeCase)
    ///     configuration.timeouts = Timeouts(idle: 10, total: 30)
    ///     configuration.middleware = [LoggingMiddleware()]
    /// }
    /// ```
    ///
    /// An endpoint can change some of these for its own calls with ``Endpoint/options``.
    public struct Configuration: Sendable {
        /// What the client knows about the API behind the base URL: its headers, error body type
        /// and rate-limit signals. ``PlainHTTP`` by default; `EndpointKitGitHub` has `.gitHub`.
        public var api: any APIProfile = PlainHTTP()
        /// Headers sent with every request, on top of the API's; an endpoint's headers override
        /// them. None by default.
        public var headers: HTTPHeaders = [:]
        /// Encodes endpoints' query parameters; ``URLQueryEncoder`` by default.
        public var queryEncoder: any ParameterEncoder = URLQueryEncoder()
        /// Encodes form bodies; ``FormBodyEncoder`` by default.
        public var formEncoder: any ParameterEncoder = FormBodyEncoder()
        /// Encodes `Encodable` bodies; JSON (``JSONBodyEncoder``) by default.
        public var bodyEncoder: any BodyEncoder = JSONBodyEncoder()
        /// Decodes `Decodable` response types; JSON with default keys and ISO 8601 dates by
        /// default. `.json(keyDecoding: .convertFromSnakeCase)` reads `snake_case` APIs.
        public var decoder: any ResponseDecoder = JSONResponseDecoder()
        /// Status codes that count as success; `200...299` by default.
        public var acceptableStatusCodes: AcceptableStatusCodes = .successful
        /// When failed calls are tried again; ``RetryPolicy/default`` (idempotent methods, up to
        /// 3 attempts) by default.
        public var retryPolicy: RetryPolicy = .default
        /// The idle timeout and total deadline; 60 s idle and no deadline by default.
        public var timeouts: Timeouts = .default
        /// The HTTP cache's store (RFC 9111): fresh responses are served from it without a
        /// request, stale ones are validated with the server; none by default. Set an
        /// ``InMemoryResponseCache`` to turn caching on.
        public var cache: (any ResponseCache)?
        /// Whether ``cache`` keeps one user's responses (``CacheSharing/private``, the default) or
        /// many users' (``CacheSharing/shared``), which stores less.
        public var cacheSharing: CacheSharing = .private
        /// How the client paces its calls to the limits the API announces (caps on calls in
        /// flight, a spacing between mutations, pauses after a refusal, announced budgets); `nil`
        /// (the default) for the API profile's (``APIProfile/rateLimitPolicy``), which for plain
        /// HTTP is ``RateLimitPolicy/standard``. ``RateLimitPolicy/unpaced`` turns pacing off.
        public var rateLimitPolicy: RateLimitPolicy?
        /// Interceptors around the transport, the first outermost; none by default.
        public var middleware: [any Middleware] = []
        /// Sends requests; `nil` (the default) for a new ``URLSessionTransport`` of the client's
        /// own.
        public var transport: (any Transport)?
        /// Watch every call, for logs, metrics and traces: each one's observation runs inside the
        /// one before it. None by default; without observers a call skips every observation step.
        public var observers: [any CallObserver] = []
        /// The time every call runs by: its total deadline, the delays between attempts and
        /// `Retry-After` dates, a stream's deadline and reconnection waits. ``ClientClock/system``
        /// by default; tests give EndpointKitTesting's `ManualClock` so that nothing waits for real.
        public var clock: ClientClock = .system

        /// The default configuration.
        public init() {}
    }
}
