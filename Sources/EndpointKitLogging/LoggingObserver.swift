#if Logging
    import EndpointKit
    import Foundation
    import Logging

    /// A ``EndpointKit/CallObserver`` that writes each attempt of each call to a swift-log
    /// `Logger`: one line per attempt, with structured metadata, at a level that says what
    /// happened.
    ///
    /// <!-- snippet needs: apiURL -->
    /// ```swift
    /// import Logging
    ///
    /// var logger = Logger(label: "api")
    /// logger.logLevel = .debug
    /// let client = Client(baseURL: apiURL) { $0.observers = [.logging(to: logger)] }
    /// // debug: UserRepositories: GET https://api.github.com/user/repos answered 200
    /// //        [attempt: 1, bytes: 5123, duration: 0.084, endpoint: UserRepositories, method: GET, status: 200, url: …]
    /// ```
    ///
    /// The levels, as a server's operator reads them:
    /// - `debug`: an attempt that was accepted, a call the cache answered without a request
    ///   (`… answered 200; from the cache`), a stream that connected or ended cleanly, a
    ///   cancelled call;
    /// - `info`: a `304` answered from the cache, a `401` after which the credential is renewed;
    /// - `notice`: an attempt that failed and is retried, a stale stored response served because
    ///   the server or the network failed (`stale-if-error`), a stream's connection that is
    ///   reopened;
    /// - `warning`: a call that ends with a `4xx` status or is rate limited;
    /// - `error`: a call that ends with any other failure (a `5xx`, the network, its deadline,
    ///   a response that does not decode).
    ///
    /// The metadata are `endpoint` (``EndpointKit/Endpoint/operationName``), `method`, `url`,
    /// `attempt` (from 1), `status`, `duration` (seconds), `bytes` (the response body's), and
    /// for a failure `error` (its description, without the response's body) and `error.type`
    /// (``EndpointKit/EndpointError/errorType``); a retry adds `retry.delay` (seconds). An attempt
    /// that the client's rate-limit pacer held back before it was sent
    /// (``EndpointKit/CallObservation/didWaitForRateLimit(_:)``) adds `rate_limit.wait` (how long,
    /// in seconds on the client's clock, `0` when a slot freed at once), `rate_limit.reason` (what
    /// held it back, ``EndpointKit/RateLimitWait/Reason``: `paused`, `budget-spent`,
    /// `concurrency-limit`, `mutation-spacing`, `awaiting-answer`, `queued`) and, when an
    /// announced budget did, `rate_limit.limit` (its name, such as GitHub's `core`); its line's
    /// `duration` starts after the wait. When the
    /// client's cache was in the call's path, the call's last line has `cache` (how it served the
    /// call, ``EndpointKit/CacheOutcome``: `miss`, `fresh`, `stale`, `revalidated`, `replaced`)
    /// and, when a stored response answered, `age` (its age in seconds). The background
    /// revalidation of `stale-while-revalidate` is logged as a call of its own, `(background
    /// revalidation)`.
    ///
    /// Secrets never reach the log, as with ``EndpointKit/LoggingMiddleware``: in the URL, the
    /// user-info and the values of ``EndpointKit/CURLCommand/sensitiveQueryItems`` and of the query
    /// parameters you name are `<redacted>`, also where an error's description repeats them. No
    /// header is logged, and no body: where an error's description would show the first 200
    /// characters of the response's body, `error` gives the body's `Content-Type` and size
    /// (`GET https://api.example.com/user/repos answered with unacceptable status 404
    /// (application/json, 55 bytes)`). Bodies can carry personal data, which a log pipeline
    /// keeps; ``includesResponseBodies`` puts them back.
    public struct LoggingObserver: CallObserver {
        /// Where the lines go; its level decides which are written.
        public var logger: Logger

        /// Whether `error` shows the first 200 characters of the response's body, as
        /// ``EndpointKit/EndpointError``'s description does; `false` by default. Turn it on only
        /// where the log may hold what the API answers, personal data included (on a developer's
        /// machine, say).
        public let includesResponseBodies: Bool

        private let redaction: Redaction

        /// Creates an observer that logs to `logger`.
        ///
        /// - Parameters:
        ///   - logger: The logger to write to. Its metadata are kept, and each line adds its own.
        ///   - queryItems: Query parameters to redact besides
        ///     ``EndpointKit/CURLCommand/sensitiveQueryItems``, in any case.
        ///   - includesResponseBodies: Whether an error's `error` metadata shows the first 200
        ///     characters of the response's body (see ``includesResponseBodies``); off by default.
        public init(
            logger: Logger, redactingQueryItems queryItems: Set<String> = [], includesResponseBodies: Bool = false
        ) {
            self.logger = logger
            self.redaction = Redaction(headers: [], queryItems: queryItems)
            self.includesResponseBodies = includesResponseBodies
        }

        /// Whether the logger writes anything: not when its level is above `error`.
        public var isObserving: Bool { logger.logLevel <= .error }

        /// Starts logging `call`.
        public func observe(_ call: ObservedCall) -> any CallObservation {
            LoggedCall(
                call: call, logger: logger, redaction: redaction, includesResponseBodies: includesResponseBodies)
        }
    }

    extension CallObserver where Self == LoggingObserver {
        /// An observer that logs each attempt of each call to `logger` (see ``LoggingObserver``).
        ///
        /// <!-- snippet needs: apiURL -->
        /// ```swift
        /// import Logging
        ///
        /// let client = Client(baseURL: apiURL) { $0.observers = [.logging(to: Logger(label: "api"))] }
        /// ```
        ///
        /// - Parameters:
        ///   - logger: The logger to write to.
        ///   - queryItems: Query parameters to redact besides
        ///     ``EndpointKit/CURLCommand/sensitiveQueryItems``, in any case.
        ///   - includesResponseBodies: Whether an error's `error` metadata shows the first 200
        ///     characters of the response's body; off by default (see
        ///     ``LoggingObserver/includesResponseBodies``).
        public static func logging(
            to logger: Logger, redactingQueryItems queryItems: Set<String> = [], includesResponseBodies: Bool = false
        ) -> Self {
            LoggingObserver(
                logger: logger, redactingQueryItems: queryItems, includesResponseBodies: includesResponseBodies)
        }
    }
#endif
