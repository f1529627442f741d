#if Metrics
    import CoreMetrics
    import EndpointKit
    import Foundation

    /// A ``EndpointKit/CallObserver`` that records each call's metrics with swift-metrics, for any
    /// backend (Prometheus, OpenTelemetry through swift-otel, StatsD…).
    ///
    /// <!-- snippet needs: apiURL -->
    /// ```swift
    /// let client = Client(baseURL: apiURL) { $0.observers = [.metrics()] }
    /// ```
    ///
    /// What it records, each with the dimension `endpoint` (``EndpointKit/Endpoint/operationName``):
    /// - `http.client.request.duration`, a timer (seconds): the time of each attempt, from
    ///   sending to the response's head or the error, with OpenTelemetry's attributes for it:
    ///   `http.request.method`, `server.address` (the request URL's host), `server.port` (its
    ///   port, or 80 or 443 by its scheme), `url.scheme`, `http.response.status_code` when there
    ///   is a response, `error.type` (``EndpointKit/EndpointError/errorType``) when it
    ///   failed, and `cache` when the client's cache was in the call's path: how it served the
    ///   call (``EndpointKit/CacheOutcome``: `miss`, `revalidated`, `replaced`, or `stale` when a
    ///   stale response stood in for a failed validation). A retried call records each attempt,
    ///   as OpenTelemetry's HTTP conventions count requests; a call that the cache answered
    ///   without a request records none.
    /// - `http.client.active_requests`, a meter: the calls under way (a stream's until it ends),
    ///   with `http.request.method`, `server.address`, `server.port` and `url.scheme` of the
    ///   call's URL.
    /// - Counters: `endpointkit.client.retries` (with `error.type`, the reason),
    ///   `endpointkit.client.credential_renewals`, `endpointkit.client.stream_events` (events,
    ///   lines or chunks received) and `endpointkit.client.stream_reconnects` (with
    ///   `error.type`).
    /// - The rate-limit pacer's waits (``EndpointKit/CallObservation/didWaitForRateLimit(_:)``),
    ///   each with `http.request.method`, `server.address` (the host whose limits held the attempt
    ///   back) and `reason` (``EndpointKit/RateLimitWait/Reason``: `paused`, `budget-spent`,
    ///   `concurrency-limit`, `mutation-spacing`, `awaiting-answer`, `queued`):
    ///   `endpointkit.client.rate_limit_wait.duration`, a timer (seconds on the client's clock,
    ///   `0` when a slot freed at once), and `endpointkit.client.rate_limit_waits`, a counter of
    ///   the attempts held back. The wait is heard once it is over, so no meter counts the calls
    ///   waiting now; the counter's rate is the same number over time, for a backend that shows
    ///   a timer's count poorly. An attempt's `http.client.request.duration` starts after its
    ///   wait.
    /// - The cache's counters, one per call that had a cache in its path, each with `cache`
    ///   (the ``EndpointKit/CacheOutcome``): `endpointkit.client.cache_hits` (a stored response
    ///   answered without a request: `fresh` or `stale`), `endpointkit.client.cache_misses`
    ///   (`miss`) and `endpointkit.client.cache_revalidations` (the server was asked to confirm a
    ///   stored response: `revalidated` by a `304`, or `replaced` by a new one). The background
    ///   revalidation of `stale-while-revalidate` is a call of its own
    ///   (``EndpointKit/ObservedCall/isBackgroundRevalidation``): it counts one revalidation,
    ///   however many calls were served stale meanwhile.
    ///
    /// No dimension holds a path, a query, an id or a value: each has few possible values (as
    /// many servers as the client calls, for `server.address`). OpenTelemetry's
    /// `network.protocol.version` is not recorded: no transport tells EndpointKit which HTTP
    /// version answered.
    public struct MetricsObserver: CallObserver {
        /// The metric names, for dashboards and tests.
        public enum Label {
            /// The time of each attempt, in seconds.
            public static let requestDuration = "http.client.request.duration"
            /// The calls under way.
            public static let activeRequests = "http.client.active_requests"
            /// Attempts that failed and were sent again.
            public static let retries = "endpointkit.client.retries"
            /// Credentials renewed after a `401`.
            public static let credentialRenewals = "endpointkit.client.credential_renewals"
            /// Calls a stored response answered without a request, fresh or stale (dimension
            /// `cache`: `fresh`, `stale`). In 0.3.0 and before: the `304`s that
            /// ``cacheRevalidations`` now counts with `cache=revalidated`.
            public static let cacheHits = "endpointkit.client.cache_hits"
            /// Calls that went to the server with nothing usable stored (dimension `cache`:
            /// `miss`).
            public static let cacheMisses = "endpointkit.client.cache_misses"
            /// Calls whose stored response the server was asked to confirm (dimension `cache`:
            /// `revalidated` for a `304`, `replaced` for a new response).
            public static let cacheRevalidations = "endpointkit.client.cache_revalidations"
            /// Events, lines or chunks received by streams.
            public static let streamEvents = "endpointkit.client.stream_events"
            /// Stream connections opened again after they ended.
            public static let streamReconnects = "endpointkit.client.stream_reconnects"
            /// The time attempts waited for the client's rate-limit pacer before they were sent, in
            /// seconds (dimensions `http.request.method`, `server.address`, `reason`).
            public static let rateLimitWaitDuration = "endpointkit.client.rate_limit_wait.duration"
            /// Attempts the client's rate-limit pacer held back before they were sent (the same
            /// dimensions as ``rateLimitWaitDuration``).
            public static let rateLimitWaits = "endpointkit.client.rate_limit_waits"
        }

        private let factory: (any MetricsFactory)?

        /// Creates an observer that records to `factory`.
        ///
        /// - Parameter factory: Where the metrics go; `nil` (the default) for the one
        ///   `MetricsSystem.bootstrap(_:)` installed, looked up as each call starts.
        public init(factory: (any MetricsFactory)? = nil) {
            self.factory = factory
        }

        /// Whether the metrics go somewhere: not to the no-op handler (none bootstrapped), so that
        /// calls then cost what they cost without this observer.
        public var isObserving: Bool {
            !((factory ?? MetricsSystem.factory) is NOOPMetricsHandler)
        }

        /// Starts recording `call`.
        public func observe(_ call: ObservedCall) -> any CallObservation {
            MeteredCall(call: call, factory: factory ?? MetricsSystem.factory)
        }
    }

    extension CallObserver where Self == MetricsObserver {
        /// An observer that records each call's metrics (see ``MetricsObserver``).
        ///
        /// <!-- snippet needs: apiURL -->
        /// ```swift
        /// let client = Client(baseURL: apiURL) { $0.observers = [.metrics()] }
        /// ```
        ///
        /// - Parameter factory: Where the metrics go; `nil` for the bootstrapped one.
        public static func metrics(factory: (any MetricsFactory)? = nil) -> Self {
            MetricsObserver(factory: factory)
        }
    }
#endif
