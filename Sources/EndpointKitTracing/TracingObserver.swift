#if Tracing
    import EndpointKit
    import Foundation
    import Tracing

    /// A ``EndpointKit/CallObserver`` that traces each call with swift-distributed-tracing: one
    /// client span per call, named for the endpoint, a child span per attempt, and the current
    /// trace context (W3C `traceparent`, with the OpenTelemetry instrument) in every attempt's
    /// headers.
    ///
    /// <!-- snippet needs: apiURL -->
    /// ```swift
    /// let client = Client(baseURL: apiURL) { $0.observers = [.tracing()] }
    /// ```
    ///
    /// A call's span:
    /// - is named ``EndpointKit/Endpoint/operationName`` (`GET /repos/{owner}/{repo}` for a
    ///   generated endpoint, `UserRepositories` for one without a path template, or the name it
    ///   gives): never a URL with ids in it;
    /// - has OpenTelemetry's HTTP client attributes: `http.request.method`, `server.address`,
    ///   `server.port`, `url.full` (its user-info and secret query values `<redacted>`),
    ///   `http.response.status_code`, `http.request.resend_count` when the request was sent again,
    ///   `url.template` when the endpoint has a ``EndpointKit/Endpoint/pathTemplate``, and
    ///   `error.type` (``EndpointKit/EndpointError/errorType``) with an error status when it fails
    ///   (its message is the error's description, without the response's body, which can carry
    ///   personal data);
    /// - has an event for each retry (`retry`, with the reason and the wait), for a credential
    ///   renewed after a `401` (`credential renewed`), for a `304` answered from the cache
    ///   (`cache revalidated`), for a stream's reconnection (`reconnect`), and for each wait the
    ///   client's rate-limit pacer made an attempt take before it was sent (`rate_limit.wait`,
    ///   before that attempt's span starts, with `endpointkit.rate_limit.duration` in seconds on
    ///   the client's clock, `endpointkit.rate_limit.reason`
    ///   (``EndpointKit/RateLimitWait/Reason``: `paused`, `budget-spent`, …), `server.address`
    ///   (the host whose limits held it back) and, when an announced budget did,
    ///   `endpointkit.rate_limit.limit` (its name));
    /// - when the client's cache was in the call's path, has `endpointkit.cache.status` (how it
    ///   served the call, ``EndpointKit/CacheOutcome``: `miss`, `fresh`, `stale`, `revalidated`,
    ///   `replaced`) and, when a stored response answered, `endpointkit.cache.age` (its age in
    ///   seconds). A fresh hit sends nothing: its span has no attempt span. The background
    ///   revalidation of `stale-while-revalidate` has a span of its own, a child of the call
    ///   that served the stale response, with `endpointkit.cache.background_revalidation` set to
    ///   `true`;
    /// - lasts the whole call: its attempts, the waits between them and the decoding. A stream's
    ///   span lasts until the stream ends, fails or its reader leaves the loop.
    ///
    /// Each attempt is a child span, named for its method and template (`GET`, or
    /// `GET /repos/{owner}/{repo}`), with the same attributes for
    /// that request and `endpointkit.attempt` (from 1). The attempt runs with that span as the
    /// current `ServiceContext`: the middleware and the transport see it.
    ///
    /// With `AsyncHTTPClientTransport`, the attempt span stands for the request:
    /// `AsyncHTTPClientTransport.makeDefaultConfiguration()` turns AsyncHTTPClient's own tracer
    /// off. If you turn it on, AsyncHTTPClient 1.37 starts its span, for the requests it sends
    /// through its delegate API (plain HTTP ones without a body, bodies over 64 KiB or streamed,
    /// bodies over HTTP/2), on its event loop, where this trace is not known: that span is the
    /// root of a trace of its own, not a child of the attempt span.
    ///
    /// - Warning: AsyncHTTPClient's own span records `url.full` and `url.query` as they are, with
    ///   the values of query items such as `access_token` that this observer redacts. Keep its
    ///   tracer off, or keep credentials out of URLs, unless your traces may hold them.
    public struct TracingObserver: CallObserver {
        private let tracer: (any Tracer)?
        private let redaction: Redaction

        /// Creates an observer that traces with `tracer`.
        ///
        /// - Parameters:
        ///   - tracer: The tracer to start spans with and to inject their context with; `nil` (the
        ///     default) for `InstrumentationSystem`'s, looked up as each call starts (its
        ///     instrument injects the context).
        ///   - queryItems: Query parameters whose values `url.full` redacts besides
        ///     ``EndpointKit/CURLCommand/sensitiveQueryItems``, in any case.
        public init(tracer: (any Tracer)? = nil, redactingQueryItems queryItems: Set<String> = []) {
            self.tracer = tracer
            self.redaction = Redaction(headers: [], queryItems: queryItems)
        }

        /// Whether there is a tracer to trace with: not with the no-op one (none bootstrapped), so
        /// that calls then cost what they cost without this observer.
        public var isObserving: Bool {
            !((tracer ?? InstrumentationSystem.tracer) is NoOpTracer)
        }

        /// Starts tracing `call`.
        public func observe(_ call: ObservedCall) -> any CallObservation {
            if let tracer {
                return TracedCall(call: call, tracer: tracer, instrument: tracer, redaction: redaction)
            }
            return TracedCall(
                call: call, tracer: InstrumentationSystem.tracer, instrument: InstrumentationSystem.instrument,
                redaction: redaction)
        }
    }

    extension CallObserver where Self == TracingObserver {
        /// An observer that traces each call (see ``TracingObserver``).
        ///
        /// <!-- snippet needs: apiURL -->
        /// ```swift
        /// let client = Client(baseURL: apiURL) { $0.observers = [.tracing()] }
        /// ```
        ///
        /// - Parameters:
        ///   - tracer: The tracer; `nil` for the bootstrapped one.
        ///   - queryItems: Query parameters whose values `url.full` redacts besides the built-in ones.
        public static func tracing(tracer: (any Tracer)? = nil, redactingQueryItems queryItems: Set<String> = [])
            -> Self
        {
            TracingObserver(tracer: tracer, redactingQueryItems: queryItems)
        }
    }
#endif
